import { WEBHOOK_EVENT_TYPES } from '../../shared/domain/webhooks/events';
import { userRoute } from '../../shared/http/handler';
import { endpointWire } from '../../shared/services/webhooks';
import { httpRoute } from '../routes';

/**
 * GET /api/console/webhook_endpoints: the account's endpoints, oldest first, each with its newest delivery's status
 * (at most 16 endpoints, so one small read each), and the event types the create form offers. Never a secret.
 */
export const handler = userRoute(httpRoute('list-console-webhook-endpoints'), {}, async ({ services, tenancy }) => {
  const endpoints = await services.webhooks.listEndpoints(tenancy.accountId);
  endpoints.sort((a, b) => a.createdAt - b.createdAt);
  const data = await Promise.all(
    endpoints.map(async (endpoint) => {
      const [newest] = await services.webhooks.listDeliveries(tenancy.accountId, endpoint.endpointId, 1);
      return { ...endpointWire(endpoint), last_delivery_status: newest?.status ?? null };
    }),
  );
  return { body: { object: 'list', data, event_types: WEBHOOK_EVENT_TYPES } };
});
