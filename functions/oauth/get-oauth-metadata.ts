import { authorizationServerMetadata } from '../../shared/domain/oauth/metadata';
import { publicRoute } from '../../shared/http/handler';
import { httpRoute } from '../routes';

/** GET /.well-known/oauth-authorization-server: RFC 8414 metadata for the configured issuer. */
export const handler = publicRoute(httpRoute('get-oauth-metadata'), {}, async ({ services }) => ({
  headers: { 'cache-control': 'public, max-age=300' },
  body: authorizationServerMetadata(services.config.auth.issuer),
}));
