import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import * as z from 'zod/mini';
import { bucket } from '../../shared/composition/bucket';
import { queues } from '../../shared/composition/queues';
import { subjectPrefix } from '../../shared/domain/files';
import { log } from '../../shared/log';
import { observed } from '../../shared/observability';
import { servicesFor } from '../../shared/services/container';
import { purgeFile } from '../../shared/services/file-service';
import { publishErasure } from '../../shared/services/webhooks';
import { manifestEntry } from '../routes';

const services = servicesFor(manifestEntry('purge-subject'), { bucket, queues });

const PurgeJobSchema = z.union([
  z.object({
    type: z.literal('purge-subject'),
    subjectId: z.string().check(z.minLength(1)),
    // The erase routes' notice for `subject.erased`; the sweeper's purges and account deletion carry none.
    erasure: z.optional(
      z.object({
        accountId: z.string(),
        subjectKey: z.string(),
        records: z.number(),
        files: z.number(),
        conversations: z.number(),
        countsExact: z.boolean(),
        atMs: z.number(),
      }),
    ),
  }),
  z.object({ type: z.literal('purge-file'), subjectId: z.string().check(z.minLength(1)), fileKey: z.string() }),
]);

/**
 * Purges erased Subjects (entries, then every object under the Subject's prefix: file bytes and texts, large
 * stored responses, bulk export files) and deleted files. Export jobs are entries of the partition, so they go too. Each message is retried on its own (partial batch response); a message
 * that keeps failing reaches the dead-letter queue, and the tombstone's sweep still purges it.
 */
export const handler = observed(async (event: SQSEvent): Promise<SQSBatchResponse> => {
  const failures: SQSBatchResponse['batchItemFailures'] = [];
  for (const record of event.Records) {
    try {
      const job = PurgeJobSchema.parse(JSON.parse(record.body));
      const svc = services();
      if (job.type === 'purge-file') {
        await purgeFile(svc, job.subjectId, job.fileKey);
        continue;
      }
      // Announced first: a send that fails fails the message, and its retry purges what is left and sends it then.
      if (job.erasure) await publishErasure(svc, job.subjectId, job.erasure);
      const deleted = await svc.records.purgeSubject(job.subjectId);
      // Bytes go after the entries: an erased Subject's objects are unreachable already, and a retry finds them.
      const objects = await svc.blobs.deletePrefix(subjectPrefix(job.subjectId));
      log('info', 'subject purged', { subjectId: job.subjectId, deleted, objects });
    } catch (err) {
      log('error', 'purge failed', { messageId: record.messageId, error: (err as Error).name });
      failures.push({ itemIdentifier: record.messageId });
    }
  }
  return { batchItemFailures: failures };
});
