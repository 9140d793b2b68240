import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { nowMs } from '../../shared/clock';
import { bucket } from '../../shared/composition/bucket';
import { queues } from '../../shared/composition/queues';
import { MAX_FILE_BYTES } from '../../shared/domain/files';
import { errorFields, log } from '../../shared/log';
import { observed } from '../../shared/observability';
import { servicesFor } from '../../shared/services/container';
import { adoptStagedObject } from '../../shared/services/file-service';
import { manifestEntry } from '../routes';

const services = servicesFor(manifestEntry('finalize-upload'), { bucket, queues });

interface S3EventRecord {
  eventName?: string;
  s3?: { object?: { key?: string; size?: number } };
}

/**
 * S3 announced objects under `incoming/`: each one with a valid ticket becomes the Subject's file (under
 * the id given when the upload was started) and is queued for extraction. An object without a valid
 * ticket, or larger than announced, is deleted. Repeated notifications change nothing.
 */
export const handler = observed(async (event: SQSEvent): Promise<SQSBatchResponse> => {
  const svc = services();
  const failures: SQSBatchResponse['batchItemFailures'] = [];
  for (const message of event.Records) {
    try {
      const notification = JSON.parse(message.body) as { Records?: S3EventRecord[] };
      for (const record of notification.Records ?? []) {
        if (!record.eventName?.startsWith('ObjectCreated')) continue;
        const key = decodeURIComponent((record.s3?.object?.key ?? '').replace(/\+/g, ' '));
        const uploadId = key.split('/').pop() ?? '';
        const size = (await svc.blobs.size(key)) ?? record.s3?.object?.size ?? 0;
        const ticket = await svc.tickets.get(uploadId);
        if (!ticket || ticket.expiresAt * 1000 < nowMs() - 3_600_000 || size > ticket.bytes || size > MAX_FILE_BYTES) {
          log('warn', 'presigned upload refused', { uploadId, reason: ticket ? 'size' : 'no ticket' });
          await svc.blobs.delete([key]);
          continue;
        }
        const subject = await svc.subjects.findOrCreate(ticket.accountId, ticket.subjectKey);
        await adoptStagedObject(
          svc,
          subject,
          {
            filename: ticket.filename,
            contentType: ticket.contentType,
            retention: ticket.retention,
            sessionId: ticket.sessionId,
          },
          ticket.fileKey,
          key,
          size,
        );
        await svc.blobs.delete([key]);
        await svc.tickets.delete(uploadId);
      }
    } catch (err) {
      log('error', 'finalizing an upload failed', { messageId: message.messageId, ...errorFields(err) });
      failures.push({ itemIdentifier: message.messageId });
    }
  }
  return { batchItemFailures: failures };
});
