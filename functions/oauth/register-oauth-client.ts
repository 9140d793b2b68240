import { OAuthError } from '../../shared/domain/oauth/oauth-error';
import { AppError } from '../../shared/errors';
import { publicRoute } from '../../shared/http/handler';
import { verifyUserToken } from '../../shared/http/user-token';
import { registerClient } from '../../shared/services/oauth/register-client';
import { httpRoute } from '../routes';

/**
 * POST /oauth/register: RFC 7591 dynamic registration, open to anyone (5 a minute per address). A console session
 * sent as `Authorization: Bearer` makes its account the client's owner; any other bearer is 401 `invalid_token`.
 */
export const handler = publicRoute(httpRoute('register-oauth-client'), {}, async ({ json, req, services }) => {
  const header = req.headers.authorization;
  let ownerAccountId: string | undefined;
  if (header !== undefined) {
    const bearer = /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1];
    const principal = bearer ? await verifyUserToken(bearer, services, req.sourceIp) : null;
    if (principal?.kind !== 'session') {
      throw new AppError(
        'invalid_token',
        'Authorization must carry a console session from email sign-in, or be left out',
      );
    }
    ownerAccountId = principal.accountId;
  }
  return {
    status: 201,
    headers: { 'cache-control': 'no-store' },
    body: await registerClient(services, metadataOf(json), { sourceIp: req.sourceIp, ownerAccountId }),
  };
});

/** RFC 7591 §3.2.2: a body that is not JSON is invalid client metadata too. */
function metadataOf(json: () => unknown): unknown {
  try {
    return json();
  } catch (err) {
    if (err instanceof AppError && err.kind !== 'internal') {
      throw new OAuthError('invalid_client_metadata', 'the registration request must be a JSON object');
    }
    throw err;
  }
}
