import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import * as z from 'zod/mini';
import { bucket } from '../../shared/composition/bucket';
import { model } from '../../shared/composition/model';
import { parseJsonOrNull } from '../../shared/json';
import { log } from '../../shared/log';
import { observed } from '../../shared/observability';
import { consolidateResponse } from '../../shared/services/consolidation';
import { servicesFor } from '../../shared/services/container';
import { isLastDelivery } from '../../shared/services/processing-failures';
import { eachMessage, parsedOrNull } from '../../shared/services/queue-consumer';
import { manifestEntry, queueConsumer } from '../routes';

const services = servicesFor(manifestEntry('consolidate-conversation'), { bucket, model });

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
