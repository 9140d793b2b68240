import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import * as z from 'zod/mini';
import { bucket } from '../../shared/composition/bucket';
import { model } from '../../shared/composition/model';
import { queues } from '../../shared/composition/queues';
import { parseJsonOrNull } from '../../shared/json';
import { log } from '../../shared/log';
import { observed } from '../../shared/observability';
import type { ConsolidationCounts } from '../../shared/ports/conversation-store';
import { consolidateResponse } from '../../shared/services/consolidation';
import { type Services, servicesFor } from '../../shared/services/container';
import { isLastDelivery } from '../../shared/services/processing-failures';
import { eachMessage, parsedOrNull } from '../../shared/services/queue-consumer';
import { publishEvent } from '../../shared/services/webhooks';
import { manifestEntry, queueConsumer } from '../routes';

const services = servicesFor(manifestEntry('consolidate-conversation'), { bucket, model, queues });

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
export const handler = observed((event: SQSEvent): Promise<SQSBatchResponse> => {
  const svc = services();
  return eachMessage(
    event,
    'consolidation job',
    (body) => parsedOrNull(JobSchema, parseJsonOrNull(body)),
    async (job, record) => {
      try {
        const outcome = await consolidateResponse(svc, job);
        if (outcome.status === 'skipped') log('info', 'consolidation skipped', { reason: outcome.reason });
        else await publishExtraction(svc, job, outcome);
        return true;
      } catch (err) {
        const last = isLastDelivery(record, MAX_RECEIVES);
        log('error', last ? 'consolidation abandoned' : 'consolidation failed', {
          messageId: record.messageId,
          error: (err as Error)?.message,
        });
        return false;
      }
    },
  );
});

/**
 * `extraction.completed`: counts of what the turn's text gave, sent once the rows are in. A redelivered job finds the
 * turn consolidated and sends the same event again (its id is named by the response, so endpoints that already have
 * it get no second delivery): a delivery that died between marking the turn and sending loses no event.
 */
async function publishExtraction(
  svc: Services,
  job: z.infer<typeof JobSchema>,
  outcome: ConsolidationCounts,
): Promise<void> {
  const owner = await svc.webhooks.ownerOfSubject(job.subjectId);
  if (!owner) return;
  await publishEvent(
    svc,
    owner.accountId,
    'extraction.completed',
    {
      user: owner.subjectKey,
      response_id: job.responseId,
      records: outcome.records,
      memories: outcome.memories,
    },
    { key: job.responseId, atMs: outcome.atMs },
  );
}
