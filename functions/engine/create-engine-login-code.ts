import { mail } from '../../shared/composition/mail';
import { pepper } from '../../shared/composition/pepper';
import { parseDocumented } from '../../shared/http/documented';
import { publicRoute } from '../../shared/http/handler';
import { requireObject } from '../../shared/http/validation';
import { emailOf, requestLoginCode } from '../../shared/services/sign-in/request-login-code';
import { httpRoute } from '../routes';
import { LoginCodeRequestSchema } from '../sign-in/sign-in.schema';

/** POST /api/v1/user/email/login: mails a 6-digit sign-in code, as `POST /email/login` does; `data: {email}`. */
export const handler = publicRoute(
  httpRoute('create-engine-login-code'),
  { mail, pepper },
  async ({ json, req, services }) => {
    const body = requireObject(json());
    parseDocumented(LoginCodeRequestSchema, body, () => emailOf(body.email));
    return { body: await requestLoginCode(services, body.email, req.sourceIp) };
  },
);
