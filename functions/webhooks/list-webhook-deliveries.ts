import { apiKeyRoute } from '../../shared/http/handler';
import { intParam, parseWith } from '../../shared/http/validation';
import { deliveryWire, endpointOrNotFound } from '../../shared/services/webhooks';
import { httpRoute } from '../routes';
import { DeliveriesQuerySchema, EndpointPathSchema } from './webhooks.schema';

/** GET /v1/webhook_endpoints/{endpoint_id}/deliveries: the endpoint's delivery log, newest first. */
export const handler = apiKeyRoute(httpRoute('list-webhook-deliveries'), {}, async ({ req, services, caller }) => {
  const { endpoint_id } = parseWith(EndpointPathSchema, req.pathParams);
  const { limit: rawLimit } = parseWith(DeliveriesQuerySchema, req.query);
  const limit = intParam(rawLimit, 'limit', 1, 100, 20);
  await endpointOrNotFound(services, caller.accountId, endpoint_id);
  const deliveries = await services.webhooks.listDeliveries(caller.accountId, endpoint_id, limit);
  return { body: { object: 'list', data: deliveries.map(deliveryWire) } };
});
