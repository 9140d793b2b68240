import { mail } from '../../shared/composition/mail';
import { pepper } from '../../shared/composition/pepper';
import { signer } from '../../shared/composition/signer';
import { parseDocumented } from '../../shared/http/documented';
import { publicRoute } from '../../shared/http/handler';
import { requireObject } from '../../shared/http/validation';
import { emailOf, requestLoginCode } from '../../shared/services/sign-in/request-login-code';
import { credentialsOf, verifyLoginCode } from '../../shared/services/sign-in/verify-login-code';
import { httpRoute } from '../routes';
import { LoginCodeRequestSchema, VerifyLoginCodeSchema } from './sign-in.schema';

/**
 * The email sign-in pair is served at two paths (`/email/*` and the engine's `/api/v1/user/email/*`); one handler
 * body per step keeps their validation, limits and answers identical.
 */
export function loginCodeRequestHandler(routeId: string) {
  return publicRoute(httpRoute(routeId), { mail, pepper }, async ({ json, req, services }) => {
    const body = requireObject(json());
    parseDocumented(LoginCodeRequestSchema, body, () => emailOf(body.email));
    return { body: await requestLoginCode(services, body.email, req.sourceIp) };
  });
}

export function loginCodeVerifyHandler(routeId: string) {
  return publicRoute(httpRoute(routeId), { signer, pepper }, async ({ json, req, services }) => {
    const body = requireObject(json());
    parseDocumented(VerifyLoginCodeSchema, body, () => credentialsOf({ email: body.email, code: body.code }));
    return {
      headers: { 'cache-control': 'no-store' },
      body: await verifyLoginCode(services, { email: body.email, code: body.code }, req.sourceIp),
    };
  });
}
