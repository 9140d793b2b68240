import { queues } from '../../shared/composition/queues';
import { userRoute } from '../../shared/http/handler';
import { parseWith } from '../../shared/http/validation';
import { deliveryWire, redeliver } from '../../shared/services/webhooks';
import { httpRoute } from '../routes';
import { DeliveryPathSchema } from '../webhooks/webhooks.schema';

/** POST /api/console/webhook_endpoints/{endpoint_id}/deliveries/{delivery_id}/redeliver: one more attempt, same id. */
export const handler = userRoute(
  httpRoute('redeliver-console-webhook'),
  { queues },
  async ({ req, services, tenancy }) => {
    const { endpoint_id, delivery_id } = parseWith(DeliveryPathSchema, req.pathParams);
    return { status: 202, body: deliveryWire(await redeliver(services, tenancy.accountId, endpoint_id, delivery_id)) };
  },
);
