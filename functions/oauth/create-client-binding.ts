import { userRoute } from '../../shared/http/handler';
import { requireObject } from '../../shared/http/validation';
import { bindClient } from '../../shared/services/oauth/client-bindings';
import { httpRoute } from '../routes';

/** POST /api/console/oauth/bindings: binds a client (proven by its secret) to the signed-in user for `credentials`. */
export const handler = userRoute(httpRoute('create-client-binding'), {}, async ({ json, principal, services }) => {
  const body = requireObject(json());
  return {
    status: 201,
    body: await bindClient(services, principal, { client_id: body.client_id, client_secret: body.client_secret }),
  };
});
