import { nowMs } from '../../clock';
import { OAuthError } from '../../domain/oauth/oauth-error';
import { CONSOLE_CLIENT_ID } from '../../domain/oauth/scopes';
import { parseRefreshToken } from '../../ports/grant-store';
import type { Services } from '../container';
import { type TokenSet, tokenSetFor } from '../sign-in/token-set';

/**
 * `grant_type=refresh_token` (RFC 6749 §6): the refresh token is single use and rotated, both tokens new. A spent one
 * presented again revokes its whole family (RFC 9700 §4.14.2). A login session's token is refreshed with any
 * non-empty `client_id` and no secret (gaps item 13); any other grant's only by its own authenticated client, checked
 * before the token is spent.
 */
export async function refreshGrant(
  svc: Services,
  form: URLSearchParams,
  authenticatedClientId: (grantClientId: string) => Promise<void>,
  countConsoleRefresh: () => Promise<void> = async () => {},
): Promise<TokenSet> {
  const token = form.get('refresh_token');
  if (!token) throw new OAuthError('invalid_request', 'refresh_token is required');
  const parsed = parseRefreshToken(token);
  const current = parsed ? await svc.grants.get(parsed.grantId, nowMs()) : null;
  if (!parsed || !current) throw new OAuthError('invalid_grant', 'The refresh token is invalid, expired or revoked');
  if (current.clientId === CONSOLE_CLIENT_ID) {
    if (!form.get('client_id')) throw new OAuthError('invalid_request', 'client_id is required');
    await countConsoleRefresh();
  } else {
    await authenticatedClientId(current.clientId);
  }
  const rotation = await svc.grants.rotate(token, nowMs());
  if (!rotation.ok) {
    if (rotation.reason === 'expired')
      throw new OAuthError('expired_token', 'The refresh token has expired; sign in again');
    throw new OAuthError(
      'invalid_grant',
      rotation.reason === 'reuse'
        ? 'The refresh token was already used; every token of this sign-in is revoked'
        : 'The refresh token is invalid, expired or revoked',
    );
  }
  return tokenSetFor(svc, rotation.grant, rotation.refreshToken);
}
