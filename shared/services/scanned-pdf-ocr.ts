import { createHash } from 'node:crypto';
import { DEFAULT_MAX_PDF_PAGES } from '../adapters/documents/pdf-reader';
import { TextractJobError } from '../adapters/documents/textract-ocr';
import { nowMs } from '../clock';
import type { DocumentText } from '../domain/documents/types';
import { fileOfObjectKey, objectKey, type StoredFile } from '../domain/files';
import { log } from '../log';
import type { Services } from './container';
import { storeDocumentResults } from './file-results';
import { FileProcessingError } from './processing-failures';

/** Textract's refusals of the document itself: starting again on the same bytes cannot succeed. */
const REFUSED_DOCUMENT = new Set(['BadDocumentException', 'UnsupportedDocumentException', 'DocumentTooLargeException']);

/**
 * The idempotency token of a file's analysis (`ClientRequestToken`: at most 64 of `[a-zA-Z0-9-_]`): the same file
 * always gets the same token, so a redelivered extraction job is answered with the job already started.
 */
export function ocrRequestToken(subjectId: string, fileKey: string): string {
  return createHash('sha256').update(`${subjectId}\n${fileKey}`).digest('base64url');
}

/**
 * Hands a stored scanned PDF to Textract's asynchronous analysis (text and tables) and records the job on the file,
 * which stays `processing`: the completion, announced on the OCR topic, is finished by `completeScannedPdfOcr`, and
 * should none come within `OCR_DEADLINE_SECONDS` the watchdog fails the file. Without the topic and role configured
 * the file fails at once, rather than waiting for a completion that will never come.
 */
export async function startScannedPdfOcr(services: Services, file: StoredFile): Promise<StoredFile> {
  const channel = services.config.textractNotifications;
  if (!channel) {
    log('error', 'scanned PDF left unread: HDS_TEXTRACT_TOPIC_ARN and HDS_TEXTRACT_ROLE_ARN are not set', {
      subjectId: file.subjectId,
    });
    throw new FileProcessingError('Scanned PDFs cannot be read on this deployment: document OCR is not configured');
  }
  let jobId: string;
  try {
    jobId = await services.ocrJobs.start({
      bucket: services.config.bucket,
      key: objectKey(file.subjectId, file.fileKey),
      snsTopicArn: channel.topicArn,
      roleArn: channel.roleArn,
      // Subject ids fit JobTag's pattern and let an operator find a job's Subject; they carry nothing personal.
      jobTag: file.subjectId,
      clientRequestToken: ocrRequestToken(file.subjectId, file.fileKey),
    });
  } catch (err) {
    if (REFUSED_DOCUMENT.has((err as Error)?.name)) {
      throw new FileProcessingError(`The scanned PDF could not be read by OCR: ${(err as Error).name}`);
    }
    throw err;
  }
  await services.files.recordOcrJob(file.subjectId, file.fileKey, jobId, nowMs());
  log('info', 'document OCR started', { subjectId: file.subjectId });
  return { ...file, ocrJobId: jobId };
}

/** What Textract announces when an asynchronous job ends (the SNS message), as far as HDS reads it. */
export interface TextractCompletion {
  JobId: string;
  Status: string;
  DocumentLocation: { S3ObjectName: string; S3Bucket: string };
}

/**
 * Finishes a scanned PDF once Textract announces its analysis ended: finds the file from the analysed object's key,
 * checks the job is the one recorded on it, collects the text and tables, and stores them as the extraction job
 * would (`storeDocumentResults`). Returns the file, or null when there is nothing to do: an object of another bucket
 * or outside the files, a file deleted or expired meanwhile or no longer `processing` (a redelivered completion, or
 * one arriving after the watchdog gave up), a job the file no longer waits for. A failed job throws
 * `FileProcessingError`; one still running throws, to be retried.
 */
export async function completeScannedPdfOcr(
  services: Services,
  completion: TextractCompletion,
): Promise<StoredFile | null> {
  const { S3Bucket, S3ObjectName } = completion.DocumentLocation;
  const target = S3Bucket === services.config.bucket ? fileOfObjectKey(S3ObjectName) : null;
  if (!target) {
    log('warn', 'OCR completion for an object that is no file ignored', { status: completion.Status });
    return null;
  }
  const file = await services.files.get(target.subjectId, target.fileKey, nowMs());
  if (file?.status !== 'processing') return null;
  if (file.ocrJobId !== completion.JobId) {
    log('warn', 'OCR completion of a job the file does not wait for ignored', { subjectId: file.subjectId });
    return null;
  }
  const document = await collectScan(services, completion.JobId);
  return storeDocumentResults(services, file, document);
}

async function collectScan(services: Services, jobId: string): Promise<DocumentText> {
  try {
    const document = await services.ocrJobs.collect(jobId, {
      maxPages: DEFAULT_MAX_PDF_PAGES,
    });
    if (document.warnings.length > 0)
      log('warn', 'OCR read part of the document', { warnings: document.warnings.length });
    return document;
  } catch (err) {
    if (err instanceof TextractJobError && !err.retryable) {
      throw new FileProcessingError(`The scanned PDF could not be read by OCR: ${err.statusMessage ?? 'it failed'}`);
    }
    throw err;
  }
}
