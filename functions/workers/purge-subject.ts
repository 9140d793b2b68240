import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import * as z from 'zod/mini';
import { log } from '../../shared/log';
import { services } from '../../shared/services/container';

const PurgeJobSchema = z.object({ type: z.literal('purge-subject'), subjectId: z.string().check(z.minLength(1)) });

/**
 * Purges erased Subjects. Each message is retried on its own (partial batch response); a message
 * that keeps failing reaches the dead-letter queue, and the tombstone's sweep still purges it.
 */
export async function handler(event: SQSEvent): Promise<SQSBatchResponse> {
  const failures: SQSBatchResponse['batchItemFailures'] = [];
  for (const record of event.Records) {
    try {
      const job = PurgeJobSchema.parse(JSON.parse(record.body));
      const deleted = await services().records.purgeSubject(job.subjectId);
      log('info', 'subject purged', { subjectId: job.subjectId, deleted });
    } catch (err) {
      log('error', 'purge failed', { messageId: record.messageId, error: (err as Error).name });
      failures.push({ itemIdentifier: record.messageId });
    }
  }
  return { batchItemFailures: failures };
}
