import { vault } from '../../shared/composition/vault';
import { userRoute } from '../../shared/http/handler';
import { parseWith } from '../../shared/http/validation';
import { endpointWire, rotateSecret } from '../../shared/services/webhooks';
import { httpRoute } from '../routes';
import { EndpointPathSchema } from '../webhooks/webhooks.schema';

/** POST /api/console/webhook_endpoints/{endpoint_id}/rotate_secret: a new secret, shown once; the old signs 24 h more. */
export const handler = userRoute(
  httpRoute('rotate-console-webhook-secret'),
  { vault },
  async ({ req, services, tenancy }) => {
    const { endpoint_id } = parseWith(EndpointPathSchema, req.pathParams);
    const { endpoint, secret } = await rotateSecret(services, tenancy.accountId, endpoint_id);
    return { body: endpointWire(endpoint, secret) };
  },
);
