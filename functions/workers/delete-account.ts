import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import * as z from 'zod/mini';
import { bucket } from '../../shared/composition/bucket';
import { queues } from '../../shared/composition/queues';
import { parseJsonOrNull } from '../../shared/json';
import { log } from '../../shared/log';
import { observed } from '../../shared/observability';
import { finishAccountDeletion } from '../../shared/services/account-deletion';
import { servicesFor } from '../../shared/services/container';
import { isLastDelivery } from '../../shared/services/processing-failures';
import { eachMessage, parsedOrNull } from '../../shared/services/queue-consumer';
import { manifestEntry, queueConsumer } from '../routes';

const services = servicesFor(manifestEntry('delete-account'), { bucket, queues });

const JobSchema = z.object({
  type: z.literal('delete-account'),
  accountId: z.string().check(z.regex(/^acct_[0-9a-f]{32}$/)),
  userId: z.number().check(z.refine(Number.isSafeInteger, 'must be an integer')),
});

const MAX_RECEIVES = queueConsumer('delete-account').maxReceiveCount;

/**
 * Finishes `POST /user/del` (design §7.4): the account's Subjects erased, its clients revoked, the user's bindings
 * removed, then the account and the user. Idempotent, so a redelivery re-runs it from the start; a message failing on
 * its last delivery goes to the dead-letter queue (nothing of the account works meanwhile: keys and tokens were
 * refused by the request already).
 */
export const handler = observed((event: SQSEvent): Promise<SQSBatchResponse> => {
  const svc = services();
  return eachMessage(
    event,
    'account deletion job',
    (body) => parsedOrNull(JobSchema, parseJsonOrNull(body)),
    async (job, record) => {
      try {
        await finishAccountDeletion(svc, job);
        log('info', 'account deleted', { accountId: job.accountId });
        return true;
      } catch (err) {
        const last = isLastDelivery(record, MAX_RECEIVES);
        log('error', last ? 'account deletion abandoned' : 'account deletion failed', {
          messageId: record.messageId,
          error: (err as Error)?.name,
        });
        return false;
      }
    },
  );
});
