import { userRoute } from '../../shared/http/handler';
import { parseWith } from '../../shared/http/validation';
import { unbindClient } from '../../shared/services/oauth/client-bindings';
import { httpRoute } from '../routes';
import { BindingPathSchema } from './delete-client-binding.schema';

/** DELETE /api/console/oauth/bindings/{client_id}: unbinds the client and revokes its credentials grant at once. */
export const handler = userRoute(httpRoute('delete-client-binding'), {}, async ({ req, principal, services }) => ({
  body: await unbindClient(services, principal, parseWith(BindingPathSchema, req.pathParams).client_id),
}));
