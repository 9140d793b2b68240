import { NotFoundError } from '../../shared/errors';
import { apiKeyRoute } from '../../shared/http/handler';
import { parseWith } from '../../shared/http/validation';
import { httpRoute } from '../routes';
import { EndpointPathSchema } from './webhooks.schema';

/** DELETE /v1/webhook_endpoints/{endpoint_id}: nothing more is sent to it; pending attempts end as `failed`. */
export const handler = apiKeyRoute(httpRoute('delete-webhook-endpoint'), {}, async ({ req, services, caller }) => {
  const { endpoint_id } = parseWith(EndpointPathSchema, req.pathParams);
  if (!(await services.webhooks.deleteEndpoint(caller.accountId, endpoint_id)))
    throw new NotFoundError(`No webhook endpoint '${endpoint_id}'`, 'endpoint_id');
  return { body: { id: endpoint_id, object: 'webhook_endpoint', deleted: true } };
});
