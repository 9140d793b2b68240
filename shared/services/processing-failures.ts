import { log } from '../log';
import type { Services } from './container';

/** Why a file could not be processed, in words fit for its `failure_reason`. */
export class FileProcessingError extends Error {}

/**
 * What to do after processing a file threw. A `FileProcessingError` marks the file `failed` with its reason at once
 * (the same bytes would fail the same way). Anything else is retried by redelivering the message, except on its last
 * delivery, where the file is marked `failed` before the message goes to the dead-letter queue, so no file stays
 * `processing` forever. Returns whether the message should be redelivered.
 */
export async function settleFailedFile(
  services: Services,
  file: { subjectId: string; fileKey: string },
  err: unknown,
  delivery: { messageId: string; last: boolean },
): Promise<boolean> {
  if (err instanceof FileProcessingError) {
    await services.files.finish(file.subjectId, file.fileKey, { status: 'failed', failureReason: err.message });
    return false;
  }
  log('error', 'file processing failed', { messageId: delivery.messageId, error: (err as Error)?.message });
  if (!delivery.last) return true;
  await services.files.finish(file.subjectId, file.fileKey, {
    status: 'failed',
    failureReason: 'processing failed repeatedly; upload the file again',
  });
  return false;
}

/** Whether this is the last delivery SQS makes of a record before dead-lettering it. */
export function isLastDelivery(record: { attributes?: { ApproximateReceiveCount?: string } }, maxReceives: number) {
  return Number(record.attributes?.ApproximateReceiveCount ?? 1) >= maxReceives;
}
