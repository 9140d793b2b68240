import { vault } from '../../shared/composition/vault';
import { apiKeyRoute } from '../../shared/http/handler';
import { parseWith } from '../../shared/http/validation';
import { endpointWire, rotateSecret } from '../../shared/services/webhooks';
import { httpRoute } from '../routes';
import { EndpointPathSchema } from './webhooks.schema';

/** POST /v1/webhook_endpoints/{endpoint_id}/rotate_secret: a new secret, shown once; the old one signs 24 h more. */
export const handler = apiKeyRoute(httpRoute('rotate-webhook-secret'), { vault }, async ({ req, services, caller }) => {
  const { endpoint_id } = parseWith(EndpointPathSchema, req.pathParams);
  const { endpoint, secret } = await rotateSecret(services, caller.accountId, endpoint_id);
  return { body: endpointWire(endpoint, secret) };
});
