import { apiKeyRoute } from '../../shared/http/handler';
import { endpointWire } from '../../shared/services/webhooks';
import { httpRoute } from '../routes';

/** GET /v1/webhook_endpoints: the account's endpoints, oldest first, never a secret. */
export const handler = apiKeyRoute(httpRoute('list-webhook-endpoints'), {}, async ({ services, caller }) => {
  const endpoints = await services.webhooks.listEndpoints(caller.accountId);
  endpoints.sort((a, b) => a.createdAt - b.createdAt);
  return { body: { object: 'list', data: endpoints.map((e) => endpointWire(e)) } };
});
