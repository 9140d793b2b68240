import { signer } from '../../shared/composition/signer';
import { documentedForm } from '../../shared/http/documented';
import { publicRoute } from '../../shared/http/handler';
import { exchangeToken } from '../../shared/services/oauth/token-endpoint';
import { httpRoute } from '../routes';
import { TokenRequestSchema } from './create-token.schema';

/** POST /oauth/token: RFC 6749 token endpoint (form-encoded); `{error, error_description}` on failure. */
export const handler = publicRoute(httpRoute('create-token'), { signer }, async ({ form, req, services }) => ({
  headers: { 'cache-control': 'no-store', pragma: 'no-cache' },
  body: await exchangeToken(services, {
    form: documentedForm(TokenRequestSchema, form),
    authorization: req.headers.authorization,
    sourceIp: req.sourceIp,
  }),
}));
