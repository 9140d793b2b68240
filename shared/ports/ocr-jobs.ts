import type { DocumentText } from '../domain/documents/types';

/** Starting an analysis of a stored document: where it is, where to announce the end, and its idempotency token. */
export interface OcrJobStart {
  bucket: string;
  key: string;
  version?: string;
  /** SNS topic the completion is announced on, and the role allowing the OCR service to publish there. */
  snsTopicArn: string;
  roleArn: string;
  /** Returned in the completion message. */
  jobTag?: string;
  /** The same token within the service's window returns the same job (a redelivered start). */
  clientRequestToken?: string;
}

/** Asynchronous OCR of stored multi-page scans: Textract's document analysis in the cloud. */
export interface OcrJobs {
  /** Starts an analysis (text and tables); returns its job id. */
  start(input: OcrJobStart): Promise<string>;
  /** A finished job's text and tables, its pages up to `maxPages`, with what it could not read as warnings. */
  collect(jobId: string, options?: { maxPages?: number }): Promise<DocumentText & { warnings: string[] }>;
}
