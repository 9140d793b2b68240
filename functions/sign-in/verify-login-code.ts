import { pepper } from '../../shared/composition/pepper';
import { signer } from '../../shared/composition/signer';
import { parseDocumented } from '../../shared/http/documented';
import { publicRoute } from '../../shared/http/handler';
import { requireObject } from '../../shared/http/validation';
import { credentialsOf, verifyLoginCode } from '../../shared/services/sign-in/verify-login-code';
import { httpRoute } from '../routes';
import { VerifyLoginCodeSchema } from './sign-in.schema';

/** POST /email/verify: the emailed code → `data: {access_token, token_type, expires_in, refresh_token, webauthn_registered}`. */
export const handler = publicRoute(
  httpRoute('verify-login-code'),
  { signer, pepper },
  async ({ json, req, services }) => {
    const body = requireObject(json());
    parseDocumented(VerifyLoginCodeSchema, body, () => credentialsOf({ email: body.email, code: body.code }));
    return {
      headers: { 'cache-control': 'no-store' },
      body: await verifyLoginCode(services, { email: body.email, code: body.code }, req.sourceIp),
    };
  },
);
