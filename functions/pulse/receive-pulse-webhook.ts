import { queues } from '../../shared/composition/queues';
import { publicRoute } from '../../shared/http/handler';
import { receiveWebhook } from '../../shared/services/pulse/webhooks';
import { httpRoute } from '../routes';

/**
 * POST /api/v1/pulse/{platform}/webhook?provider=<slug>: a provider's signed delivery, verified on its raw bytes before
 * anything else, its events queued for `sync-pulse`; answered 200 (204 where the provider asks for it: Fitbit) with no body at once (no fetching happens here).
 */
export const handler = publicRoute(httpRoute('receive-pulse-webhook'), { queues }, async ({ req, services }) => {
  const { status } = await receiveWebhook(services, req);
  return { status, bytes: Buffer.alloc(0), contentType: 'text/plain' };
});
