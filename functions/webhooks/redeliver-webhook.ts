import { queues } from '../../shared/composition/queues';
import { apiKeyRoute } from '../../shared/http/handler';
import { parseWith } from '../../shared/http/validation';
import { deliveryWire, redeliver } from '../../shared/services/webhooks';
import { httpRoute } from '../routes';
import { DeliveryPathSchema } from './webhooks.schema';

/** POST /v1/webhook_endpoints/{endpoint_id}/deliveries/{delivery_id}/redeliver: one more attempt, same webhook-id. */
export const handler = apiKeyRoute(httpRoute('redeliver-webhook'), { queues }, async ({ req, services, caller }) => {
  const { endpoint_id, delivery_id } = parseWith(DeliveryPathSchema, req.pathParams);
  const delivery = await redeliver(services, caller.accountId, endpoint_id, delivery_id);
  return { status: 202, body: deliveryWire(delivery) };
});
