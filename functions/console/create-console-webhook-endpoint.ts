import { vault } from '../../shared/composition/vault';
import { userRoute } from '../../shared/http/handler';
import { parseWith, requireObject } from '../../shared/http/validation';
import { createEndpoint, endpointWire } from '../../shared/services/webhooks';
import { httpRoute } from '../routes';
import { CreateWebhookEndpointSchema } from '../webhooks/webhooks.schema';

/** POST /api/console/webhook_endpoints: as `POST /v1/webhook_endpoints`; the secret is in this answer only. */
export const handler = userRoute(
  httpRoute('create-console-webhook-endpoint'),
  { vault },
  async ({ json, services, tenancy }) => {
    const input = parseWith(CreateWebhookEndpointSchema, requireObject(json()));
    const { endpoint, secret } = await createEndpoint(services, tenancy.accountId, {
      url: input.url,
      events: input.events ?? null,
      description: input.description ?? null,
    });
    return { status: 201, body: endpointWire(endpoint, secret) };
  },
);
