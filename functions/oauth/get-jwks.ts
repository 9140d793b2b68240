import { nowMs } from '../../shared/clock';
import { publicRoute } from '../../shared/http/handler';
import { httpRoute } from '../routes';

/** GET /.well-known/jwks.json: the public keys access tokens verify with (RFC 7517), cached briefly by clients. */
export const handler = publicRoute(httpRoute('get-jwks'), {}, async ({ services }) => ({
  headers: { 'cache-control': 'public, max-age=300' },
  body: await services.jwks.read(nowMs()),
}));
