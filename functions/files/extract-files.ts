import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import * as z from 'zod/mini';
import { nowMs } from '../../shared/clock';
import { toListItem } from '../../shared/domain/files';
import { log } from '../../shared/log';
import { services } from '../../shared/services/container';
import { FileProcessingError, processFile } from '../../shared/services/file-processing';
import { manifest } from '../routes';

const JobSchema = z.object({
  type: z.literal('extract-files'),
  subjectId: z.string(),
  fileKeys: z.array(z.string()),
  /** A streamed upload waiting for `upload_end_response`. */
  notify: z.optional(z.object({ connectionId: z.string(), messageId: z.string() })),
});

const MAX_RECEIVES = (() => {
  const entry = manifest.find((e) => e.id === 'extract-files');
  return entry?.kind === 'queue' ? entry.maxReceiveCount : 3;
})();

/**
 * Extraction jobs. An unreadable file is marked `failed` with its reason and not retried; any other
 * error is retried, and on the last delivery the file is marked `failed` before the job goes to the
 * dead-letter queue, so no file stays `processing` forever.
 */
export async function handler(event: SQSEvent): Promise<SQSBatchResponse> {
  const svc = services();
  const failures: SQSBatchResponse['batchItemFailures'] = [];
  for (const record of event.Records) {
    const job = z.safeParse(JobSchema, safeJson(record.body));
    if (!job.success) {
      log('error', 'malformed file job', { messageId: record.messageId });
      failures.push({ itemIdentifier: record.messageId });
      continue;
    }
    const { subjectId, fileKeys, notify } = job.data;
    const lastDelivery = Number(record.attributes?.ApproximateReceiveCount ?? 1) >= MAX_RECEIVES;
    let retry = false;
    for (const fileKey of fileKeys) {
      try {
        await processFile(svc, subjectId, fileKey);
      } catch (err) {
        if (err instanceof FileProcessingError) {
          await svc.files.finish(subjectId, fileKey, { status: 'failed', failureReason: err.message });
        } else {
          log('error', 'file processing failed', { messageId: record.messageId, error: (err as Error)?.message });
          if (lastDelivery) {
            await svc.files.finish(subjectId, fileKey, {
              status: 'failed',
              failureReason: 'processing failed repeatedly; upload the file again',
            });
          } else retry = true;
        }
      }
    }
    if (retry) {
      failures.push({ itemIdentifier: record.messageId });
      continue;
    }
    if (notify) {
      const files = await Promise.all(fileKeys.map((k) => svc.files.get(subjectId, k, nowMs())));
      await svc
        .sockets()
        .send(notify.connectionId, {
          type: 'upload_end_response',
          messageId: notify.messageId,
          files: files.filter((f) => f !== null).map(toListItem),
        })
        .catch((err) => log('warn', 'could not answer upload_end', { error: (err as Error)?.name }));
    }
  }
  return { batchItemFailures: failures };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
