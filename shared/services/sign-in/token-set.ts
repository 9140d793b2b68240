import { nowMs } from '../../clock';
import type { Config } from '../../config/config';
import { CONSOLE_SESSION_SCOPE as CONSOLE_SCOPES, formatScope } from '../../domain/oauth/scopes';
import { ACCESS_TOKEN_SECONDS, issueAccessToken } from '../../domain/tokens/jwt';
import type { Grant } from '../../ports/grant-store';
import type { Services } from '../container';

export { CONSOLE_CLIENT_ID } from '../../domain/oauth/scopes';

/** What an email sign-in grants: the console, and the user's own data. */
export const CONSOLE_SESSION_SCOPE = formatScope(CONSOLE_SCOPES);

/** The OAuth token response (RFC 6749 §5.1); the email verify answer carries the same fields in its envelope. */
export interface TokenSet {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  refresh_token?: string;
  scope: string;
}

const published = new WeakMap<Config, Promise<void>>();

/**
 * Makes sure the signing key is in the published JWKS before the first token it signs goes out, once per process: a
 * verifier that fetches the JWKS right after sign-in must find the key.
 */
function publishSigningKey(svc: Services): Promise<void> {
  let done = published.get(svc.config);
  if (!done) {
    done = svc.signer.publicJwk().then((jwk) => svc.jwks.ensurePublished(jwk, nowMs()));
    published.set(svc.config, done);
    done.catch(() => published.delete(svc.config));
  }
  return done;
}

/** A fresh access token for the grant, with the refresh token the grant store just issued (if any). */
export async function tokenSetFor(
  svc: Services,
  grant: Pick<Grant, 'grantId' | 'userId' | 'clientId' | 'scope'>,
  refreshToken?: string,
): Promise<TokenSet> {
  await publishSigningKey(svc);
  const access = await issueAccessToken(svc.signer, {
    issuer: svc.config.auth.issuer,
    userId: grant.userId,
    clientId: grant.clientId,
    scopes: grant.scope.split(' ').filter(Boolean),
    grantId: grant.grantId,
    nowSeconds: Math.floor(nowMs() / 1000),
  });
  return {
    access_token: access,
    token_type: 'Bearer',
    expires_in: ACCESS_TOKEN_SECONDS,
    ...(refreshToken ? { refresh_token: refreshToken } : {}),
    scope: grant.scope,
  };
}
