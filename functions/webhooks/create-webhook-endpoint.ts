import { vault } from '../../shared/composition/vault';
import { apiKeyRoute } from '../../shared/http/handler';
import { parseWith, requireObject } from '../../shared/http/validation';
import { createEndpoint, endpointWire } from '../../shared/services/webhooks';
import { httpRoute } from '../routes';
import { CreateWebhookEndpointSchema } from './webhooks.schema';

/** POST /v1/webhook_endpoints: registers an endpoint of the account; its secret is in this answer only. */
export const handler = apiKeyRoute(
  httpRoute('create-webhook-endpoint'),
  { vault },
  async ({ json, services, caller }) => {
    const input = parseWith(CreateWebhookEndpointSchema, requireObject(json()));
    const { endpoint, secret } = await createEndpoint(services, caller.accountId, {
      url: input.url,
      events: input.events ?? null,
      description: input.description ?? null,
    });
    return { status: 201, body: endpointWire(endpoint, secret) };
  },
);
