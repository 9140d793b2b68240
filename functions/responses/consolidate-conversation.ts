import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import * as z from 'zod/mini';
import { parseJsonOrNull } from '../../shared/json';
import { log } from '../../shared/log';
import { consolidateResponse } from '../../shared/services/consolidation';
import { services } from '../../shared/services/container';
import { isLastDelivery } from '../../shared/services/processing-failures';
import { queueConsumer } from '../routes';

const JobSchema = z.object({
  type: z.literal('consolidate'),
  subjectId: z.string().check(z.minLength(1)),
  responseId: z.string().check(z.minLength(1)),
});

const MAX_RECEIVES = queueConsumer('consolidate-conversation').maxReceiveCount;

/**
 * The journal recipe's second half: readings and durable memories out of a stored agent turn (`consolidateResponse`).
 * Each message is retried on its own (partial batch response); the work is idempotent per response, so a
 * redelivery rewrites rather than adds. A message failing on its last delivery goes to the dead-letter queue.
 */
export async function handler(event: SQSEvent): Promise<SQSBatchResponse> {
  const svc = services();
  const failures: SQSBatchResponse['batchItemFailures'] = [];
  for (const record of event.Records) {
    const job = z.safeParse(JobSchema, parseJsonOrNull(record.body));
    if (!job.success) {
      log('error', 'malformed consolidation job', { messageId: record.messageId });
      failures.push({ itemIdentifier: record.messageId });
      continue;
    }
    try {
      const outcome = await consolidateResponse(svc, job.data);
      if (outcome.status === 'skipped') log('info', 'consolidation skipped', { reason: outcome.reason });
    } catch (err) {
      const last = isLastDelivery(record, MAX_RECEIVES);
      log('error', last ? 'consolidation abandoned' : 'consolidation failed', {
        messageId: record.messageId,
        error: (err as Error)?.message,
      });
      failures.push({ itemIdentifier: record.messageId });
    }
  }
  return { batchItemFailures: failures };
}
