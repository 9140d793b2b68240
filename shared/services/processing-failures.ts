import { nowMs } from '../clock';
import { STALLED_FILE_REASON } from '../domain/files';
import { UpstreamError } from '../errors';
import { errorFields, log } from '../log';
import type { Services } from './container';

/** Why a file could not be processed, in words fit for its `failure_reason`. */
export class FileProcessingError extends Error {}

/** The reason of a file whose job failed on every delivery. */
export const REPEATED_FAILURE_REASON = 'processing failed repeatedly; upload the file again';

/**
 * What to do after processing a file threw. A `FileProcessingError` marks the file `failed` with its reason at once
 * (the same bytes would fail the same way) and the job is done. Anything else is retried by redelivering the message,
 * except on its last delivery, where the file is marked `failed` and the message still reported as failed, so SQS
 * moves it to the dead-letter queue: the poisoned job is kept there, and no file stays `processing` forever. Either
 * way a failed file keeps none of its rows (`failFile`). Returns whether the message is to be reported as failed.
 */
export async function settleFailedFile(
  services: Services,
  file: { subjectId: string; fileKey: string },
  err: unknown,
  delivery: { messageId: string; last: boolean; attempt?: number; maxAttempts?: number },
): Promise<boolean> {
  if (err instanceof FileProcessingError) {
    await failFile(services, file, err.message);
    return false;
  }
  log('error', 'file processing failed', { messageId: delivery.messageId, ...errorFields(err) });
  if (delivery.last) await failFile(services, file, REPEATED_FAILURE_REASON);
  else await noteRetry(services, file, err, delivery);
  return true;
}

/**
 * Leaves on a file whose job will be retried why it is still `processing` (`processing_note`), so a caller polling
 * it reads a reason instead of waiting blind. Best effort: a failure to note it never changes the job's outcome.
 */
async function noteRetry(
  services: Services,
  file: { subjectId: string; fileKey: string },
  err: unknown,
  delivery: { attempt?: number; maxAttempts?: number },
): Promise<void> {
  const cause = err instanceof UpstreamError ? 'the reading model did not answer' : 'a temporary failure';
  const attempt =
    delivery.attempt && delivery.maxAttempts ? ` (attempt ${delivery.attempt} of ${delivery.maxAttempts})` : '';
  const note = `processing hit ${cause}${attempt}; it is retried automatically`;
  await services.files.noteRetry(file.subjectId, file.fileKey, note).catch((noteErr: unknown) => {
    log('warn', 'retry note not written', errorFields(noteErr));
  });
}

/**
 * Marks a file `failed` (unless it was processed meanwhile) and deletes every row written into its reserved id range,
 * so a large file that failed after some of its slices leaves no readings behind; at most `maxItems` rows go in one
 * call. The file stays watched until its rows are gone and any job still running on it has stopped (see
 * `FileCatalog.fail`): should this be cut short, the sweeper finishes it. Safe to repeat; `settled` says nothing is
 * left to do.
 */
export async function failFile(
  services: Services,
  file: { subjectId: string; fileKey: string },
  reason: string,
  maxItems = Number.POSITIVE_INFINITY,
): Promise<{ deleted: number; settled: boolean }> {
  const failed = await services.files.fail(file.subjectId, file.fileKey, reason, nowMs());
  if (!failed) return { deleted: 0, settled: true };
  // The reason stays on the file for its owner to read; it can name the file, so the log does not carry it.
  if (failed.newlyFailed) log('warn', 'file failed', { subjectId: file.subjectId });
  const range = failed.file.recordIds;
  const { deleted, done } = range
    ? await services.records.deleteIdRange(file.subjectId, range, maxItems)
    : { deleted: 0, done: true };
  if (deleted > 0) log('info', 'rows of a failed file deleted', { subjectId: file.subjectId, deleted });
  return { deleted, settled: done && !failed.newlyFailed };
}

/**
 * The watchdog, called by the retention sweeper for a file whose watch came due: one still `processing` lost its job
 * (or its Textract completion) and is failed, its rows deleted; one already failed has its rows deleted again, for a
 * job that was still running when it failed; one processed or gone needs nothing. An error is logged and the watch
 * kept for the next run, so one file cannot hold up the rest of the sweep.
 */
export async function settleWatchedFile(
  services: Services,
  subjectId: string,
  fileKey: string,
  maxItems: number,
): Promise<{ deleted: number; settled: boolean }> {
  try {
    return await failFile(services, { subjectId, fileKey }, STALLED_FILE_REASON, maxItems);
  } catch (err) {
    log('error', 'watchdog could not settle a file', { subjectId, ...errorFields(err) });
    return { deleted: 0, settled: false };
  }
}

/** Whether this is the last delivery SQS makes of a record before dead-lettering it. */
export function isLastDelivery(record: { attributes?: { ApproximateReceiveCount?: string } }, maxReceives: number) {
  return Number(record.attributes?.ApproximateReceiveCount ?? 1) >= maxReceives;
}
