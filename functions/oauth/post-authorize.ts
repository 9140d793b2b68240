import { mail } from '../../shared/composition/mail';
import { pepper } from '../../shared/composition/pepper';
import { documentedForm } from '../../shared/http/documented';
import { publicRoute } from '../../shared/http/handler';
import { continueAuthorization } from '../../shared/services/oauth/authorize';
import { httpRoute } from '../routes';
import { authorizeResponse } from './authorize-response';
import { AuthorizeFormSchema } from './post-authorize.schema';

/** POST /oauth2/authorize: the email, code and consent steps of the authorize pages (cookie + csrf + Origin checked). */
export const handler = publicRoute(httpRoute('post-authorize'), { mail, pepper }, async ({ form, req, services }) =>
  authorizeResponse(
    await continueAuthorization(services, {
      form: documentedForm(AuthorizeFormSchema, form),
      headers: req.headers,
      sourceIp: req.sourceIp,
    }),
  ),
);
