import { NotFoundError } from '../../shared/errors';
import { userRoute } from '../../shared/http/handler';
import { parseWith } from '../../shared/http/validation';
import { httpRoute } from '../routes';
import { EndpointPathSchema } from '../webhooks/webhooks.schema';

/** DELETE /api/console/webhook_endpoints/{endpoint_id}: nothing more is sent to it; another account's is 404. */
export const handler = userRoute(
  httpRoute('delete-console-webhook-endpoint'),
  {},
  async ({ req, services, tenancy }) => {
    const { endpoint_id } = parseWith(EndpointPathSchema, req.pathParams);
    if (!(await services.webhooks.deleteEndpoint(tenancy.accountId, endpoint_id)))
      throw new NotFoundError(`No webhook endpoint '${endpoint_id}'`, 'endpoint_id');
    return { body: { id: endpoint_id, object: 'webhook_endpoint', deleted: true } };
  },
);
