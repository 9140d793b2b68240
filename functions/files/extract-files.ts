import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import * as z from 'zod/mini';
import { bucket } from '../../shared/composition/bucket';
import { documents } from '../../shared/composition/documents';
import { model } from '../../shared/composition/model';
import { queues } from '../../shared/composition/queues';
import { sockets } from '../../shared/composition/sockets';
import { uploadOwner } from '../../shared/domain/upload-owner';
import { parseJsonOrNull } from '../../shared/json';
import { errorFields, log } from '../../shared/log';
import { observed } from '../../shared/observability';
import type { HeldReply } from '../../shared/ports/upload-staging';
import { servicesFor } from '../../shared/services/container';
import { processFile } from '../../shared/services/file-processing';
import { isLastDelivery, settleFailedFile } from '../../shared/services/processing-failures';
import { eachMessage, parsedOrNull } from '../../shared/services/queue-consumer';
import { assembleBatch } from '../../shared/services/stream-upload';
import { answerUploadEnd } from '../../shared/services/upload-replies';
import { publishFileOutcome } from '../../shared/services/webhooks';
import { manifestEntry, queueConsumer } from '../routes';

const services = servicesFor(manifestEntry('extract-files'), { bucket, sockets, documents, model, queues });

const JobSchema = z.union([
  z.object({ type: z.literal('extract-files'), subjectId: z.string(), fileKeys: z.array(z.string()) }),
  /** A streamed upload's `upload_end`: assemble, extract, then answer `upload_end_response`. */
  z.object({ type: z.literal('assemble-upload'), connectionId: z.string(), messageId: z.string() }),
]);

const MAX_RECEIVES = queueConsumer('extract-files').maxReceiveCount;

/**
 * Extraction jobs, and the assembly of streamed uploads before theirs. An unreadable file is marked `failed` with its
 * reason and not retried; any other error is retried, and on the last delivery the file is marked `failed` (its rows
 * deleted) and the job reported failed once more, so it goes to the dead-letter queue and no file stays `processing`.
 */
export const handler = observed((event: SQSEvent): Promise<SQSBatchResponse> => {
  const svc = services();
  return eachMessage(
    event,
    'file job',
    (body) => parsedOrNull(JobSchema, parseJsonOrNull(body)),
    async (job, record) => {
      let subjectId: string;
      let fileKeys: string[];
      let processed = new Set<string>();
      let notify: { owner: string; connectionId: string; messageId: string; failed: HeldReply['failed'] } | undefined;
      if (job.type === 'assemble-upload') {
        const connection = await svc.connections.get(job.connectionId);
        if (!connection) return true;
        try {
          const assembled = await assembleBatch(svc, connection, job.messageId);
          subjectId = assembled.subjectId ?? '';
          fileKeys = assembled.stored.map((f) => f.fileKey);
          // A file the Subject already had (same bytes) is answered with, not read again.
          processed = new Set(assembled.stored.filter((f) => f.duplicateOf).map((f) => f.fileKey));
          notify = {
            owner: uploadOwner(connection.accountId, connection.subjectKey),
            connectionId: connection.connectionId,
            messageId: job.messageId,
            failed: assembled.failed,
          };
        } catch (err) {
          log('error', 'upload assembly failed', { messageId: record.messageId, ...errorFields(err) });
          return false;
        }
      } else {
        ({ subjectId, fileKeys } = job);
      }
      const delivery = {
        messageId: record.messageId,
        last: isLastDelivery(record, MAX_RECEIVES),
        attempt: Number(record.attributes?.ApproximateReceiveCount ?? 1),
        maxAttempts: MAX_RECEIVES,
      };
      let failed = false;
      for (const fileKey of fileKeys) {
        if (processed.has(fileKey)) continue;
        try {
          await processFile(svc, subjectId, fileKey);
        } catch (err) {
          if (await settleFailedFile(svc, { subjectId, fileKey }, err, delivery)) failed = true;
        }
        // Inside the job, so a crash past the file's commit redelivers it and the (file-named) event is sent then.
        try {
          await publishFileOutcome(svc, subjectId, fileKey);
        } catch (err) {
          log('error', 'file event not published', { messageId: record.messageId, ...errorFields(err) });
          failed = true;
        }
      }
      // A job coming back answers the client then; on its last delivery its files are settled, so answer now (or,
      // for a file Textract still reads, once its completion settles it).
      if (notify && (!failed || delivery.last)) {
        const { owner, ...reply } = notify;
        await answerUploadEnd(svc, owner, { ...reply, subjectId, fileKeys });
      }
      return !failed;
    },
  );
});
