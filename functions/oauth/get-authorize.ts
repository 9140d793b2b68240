import { parseDocumented } from '../../shared/http/documented';
import { publicRoute } from '../../shared/http/handler';
import { startAuthorization } from '../../shared/services/oauth/authorize';
import { httpRoute } from '../routes';
import { authorizeParams, authorizeResponse } from './authorize-response';
import { AuthorizeQuerySchema } from './get-authorize.schema';

/** GET /oauth2/authorize: validates the request, then the sign-in page; a bad client or redirect URI is a 400 page. */
export const handler = publicRoute(httpRoute('get-authorize'), {}, async ({ req, services }) =>
  authorizeResponse(
    await startAuthorization(
      services,
      parseDocumented(AuthorizeQuerySchema, req.query, () => authorizeParams(req)),
      req.sourceIp,
    ),
  ),
);
