import { apiKeyRoute } from '../../shared/http/handler';
import { parseWith } from '../../shared/http/validation';
import { endpointOrNotFound, endpointWire } from '../../shared/services/webhooks';
import { httpRoute } from '../routes';
import { EndpointPathSchema } from './webhooks.schema';

/** GET /v1/webhook_endpoints/{endpoint_id}: one endpoint of the account (another account's is a 404). */
export const handler = apiKeyRoute(httpRoute('get-webhook-endpoint'), {}, async ({ req, services, caller }) => {
  const { endpoint_id } = parseWith(EndpointPathSchema, req.pathParams);
  return { body: endpointWire(await endpointOrNotFound(services, caller.accountId, endpoint_id)) };
});
