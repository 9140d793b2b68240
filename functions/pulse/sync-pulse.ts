import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { queues } from '../../shared/composition/queues';
import { vault } from '../../shared/composition/vault';
import { parseJsonOrNull } from '../../shared/json';
import { errorFields, log } from '../../shared/log';
import { observed } from '../../shared/observability';
import { servicesFor } from '../../shared/services/container';
import { isLastDelivery } from '../../shared/services/processing-failures';
import { PulseJobSchema } from '../../shared/services/pulse/pulse-jobs';
import { runPulseJob } from '../../shared/services/pulse/sync';
import { eachMessage, parsedOrNull } from '../../shared/services/queue-consumer';
import { manifestEntry, queueConsumer } from '../routes';

const services = servicesFor(manifestEntry('sync-pulse'), { vault, queues });
const MAX_RECEIVES = queueConsumer('sync-pulse').maxReceiveCount;

/**
 * `pulse-jobs` (design §7.4): one provider step per message (backfill, webhook event, revoke, deauthorization). A
 * transient failure is delivered again; after the last delivery the message stays in the DLQ, its tokens still sealed.
 */
export const handler = observed((event: SQSEvent): Promise<SQSBatchResponse> => {
  const svc = services();
  return eachMessage(
    event,
    'pulse job',
    (body) => parsedOrNull(PulseJobSchema, parseJsonOrNull(body)),
    async (job, record) => {
      try {
        return (await runPulseJob(svc, job)) === 'done';
      } catch (err) {
        const last = isLastDelivery(record, MAX_RECEIVES);
        log('error', last ? 'pulse job abandoned' : 'pulse job failed', {
          messageId: record.messageId,
          provider: job.provider,
          type: job.type,
          ...errorFields(err),
        });
        return false;
      }
    },
  );
});
