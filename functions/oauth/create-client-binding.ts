import { parseDocumented } from '../../shared/http/documented';
import { userRoute } from '../../shared/http/handler';
import { requireObject } from '../../shared/http/validation';
import { bindClient, checkBindingRequest } from '../../shared/services/oauth/client-bindings';
import { httpRoute } from '../routes';
import { ClientBindingRequestSchema } from './create-client-binding.schema';

/** POST /api/console/oauth/bindings: binds a client (proven by its secret) to the signed-in user for `credentials`. */
export const handler = userRoute(httpRoute('create-client-binding'), {}, async ({ json, principal, services }) => {
  const body = requireObject(json());
  const credentials = { client_id: body.client_id, client_secret: body.client_secret };
  parseDocumented(ClientBindingRequestSchema, body, () => checkBindingRequest(credentials));
  return { status: 201, body: await bindClient(services, principal, credentials) };
});
