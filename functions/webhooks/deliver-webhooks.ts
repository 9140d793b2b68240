import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import * as z from 'zod/mini';
import { queues } from '../../shared/composition/queues';
import { vault } from '../../shared/composition/vault';
import { WEBHOOK_EVENT_TYPES } from '../../shared/domain/webhooks/events';
import { parseJsonOrNull } from '../../shared/json';
import { errorFields, log } from '../../shared/log';
import { observed } from '../../shared/observability';
import { servicesFor } from '../../shared/services/container';
import { eachMessage, parsedOrNull } from '../../shared/services/queue-consumer';
import { attemptDelivery, fanOut } from '../../shared/services/webhooks';
import { manifestEntry } from '../routes';

const services = servicesFor(manifestEntry('deliver-webhooks'), { queues, vault });

const JobSchema = z.union([
  z.object({
    type: z.literal('webhook-event'),
    accountId: z.string(),
    event: z.object({
      id: z.string(),
      type: z.enum(WEBHOOK_EVENT_TYPES),
      timestamp: z.string(),
      data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
    }),
  }),
  z.object({
    type: z.literal('webhook-attempt'),
    accountId: z.string(),
    endpointId: z.string(),
    deliveryId: z.string(),
    attempt: z.number(),
    waitSeconds: z.optional(z.number()),
    manual: z.optional(z.boolean()),
  }),
]);

/**
 * The `webhooks` queue: an event fans out into one delivery per subscribed endpoint, and each delivery's attempts
 * (with their retry schedule) are messages of their own. A failed receiver is not an error of this consumer (the
 * retry is a new delayed message); an error here (a table or the vault unreachable) has the message delivered again.
 */
export const handler = observed((event: SQSEvent): Promise<SQSBatchResponse> => {
  const svc = services();
  return eachMessage(
    event,
    'webhook job',
    (body) => parsedOrNull(JobSchema, parseJsonOrNull(body)),
    async (job) => {
      try {
        if (job.type === 'webhook-event') await fanOut(svc, job.accountId, job.event);
        else await attemptDelivery(svc, job);
        return true;
      } catch (err) {
        log('error', 'webhook job failed', { type: job.type, ...errorFields(err) });
        return false;
      }
    },
  );
});
