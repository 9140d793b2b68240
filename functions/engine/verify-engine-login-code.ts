import { pepper } from '../../shared/composition/pepper';
import { signer } from '../../shared/composition/signer';
import { parseDocumented } from '../../shared/http/documented';
import { publicRoute } from '../../shared/http/handler';
import { requireObject } from '../../shared/http/validation';
import { credentialsOf, verifyLoginCode } from '../../shared/services/sign-in/verify-login-code';
import { httpRoute } from '../routes';
import { VerifyLoginCodeSchema } from '../sign-in/sign-in.schema';

/** POST /api/v1/user/email/verify: the emailed code → the session `POST /email/verify` issues, in `data`. */
export const handler = publicRoute(
  httpRoute('verify-engine-login-code'),
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
