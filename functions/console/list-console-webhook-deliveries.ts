import { userRoute } from '../../shared/http/handler';
import { intParam, parseWith } from '../../shared/http/validation';
import { deliveryWire, endpointOrNotFound } from '../../shared/services/webhooks';
import { httpRoute } from '../routes';
import { DeliveriesQuerySchema, EndpointPathSchema } from '../webhooks/webhooks.schema';

/** GET /api/console/webhook_endpoints/{endpoint_id}/deliveries: the endpoint's delivery log, newest first. */
export const handler = userRoute(
  httpRoute('list-console-webhook-deliveries'),
  {},
  async ({ req, services, tenancy }) => {
    const { endpoint_id } = parseWith(EndpointPathSchema, req.pathParams);
    const limit = intParam(parseWith(DeliveriesQuerySchema, req.query).limit, 'limit', 1, 100, 20);
    await endpointOrNotFound(services, tenancy.accountId, endpoint_id);
    const deliveries = await services.webhooks.listDeliveries(tenancy.accountId, endpoint_id, limit);
    return { body: { object: 'list', data: deliveries.map(deliveryWire) } };
  },
);
