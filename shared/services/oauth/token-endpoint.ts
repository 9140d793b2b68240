import { nowMs } from '../../clock';
import { parseClientCredentials } from '../../domain/oauth/client-authentication';
import { isRegisteredClientId } from '../../domain/oauth/client-registration';
import { OAuthError } from '../../domain/oauth/oauth-error';
import { isCodeVerifier } from '../../domain/oauth/pkce';
import { formatScope, isSubset, parseScope, type Scope } from '../../domain/oauth/scopes';
import { addressKey, enforceKeyedLimit, type RateKey } from '../../http/rate-keys';
import type { Services } from '../container';
import { type TokenSet, tokenSetFor } from '../sign-in/token-set';
import { authenticatedClient } from './clients';
import { refreshGrant } from './refresh-grant';

export interface TokenRequest {
  form: URLSearchParams;
  /** The `Authorization` header, for `client_secret_basic`. */
  authorization?: string | undefined;
  sourceIp?: string | undefined;
}

/** Token requests per client (or, for requests naming no registered client, per address) and minute (design §6). */
const TOKENS_PER_CLIENT_PER_MINUTE = 60;

/** `POST /oauth/token` (RFC 6749 §3.2): one form-encoded request, dispatched on `grant_type`. */
export async function exchangeToken(svc: Services, request: TokenRequest): Promise<TokenSet> {
  await enforceKeyedLimit(
    svc,
    rateKeyOf(request),
    'create-token',
    TOKENS_PER_CLIENT_PER_MINUTE,
    'token requests per minute for this client',
  );
  const grantType = single(request.form, 'grant_type');
  if (!grantType) throw new OAuthError('invalid_request', 'grant_type is required');
  switch (grantType) {
    case 'authorization_code':
      return authorizationCodeGrant(svc, request);
    case 'credentials':
      return credentialsGrant(svc, request);
    case 'refresh_token':
      return refreshGrant(svc, request.form, async (grantClientId) => {
        const client = await authenticatedClient(svc, request, 'refresh_token');
        if (client.clientId !== grantClientId) {
          throw new OAuthError('invalid_grant', 'The refresh token was issued to another client');
        }
      });
    default:
      throw new OAuthError('unsupported_grant_type', `grant_type ${grantType.slice(0, 40)} is not supported`);
  }
}

/**
 * `grant_type=authorization_code` (RFC 6749 §4.1.3, RFC 7636 §4.5): the authenticated client redeems its code once,
 * with the redirect URI it was issued for and the PKCE verifier when the code is bound to a challenge. A code presented
 * again revokes the grant its first redemption made (RFC 6749 §4.1.2), so tokens a thief or a replay obtained die.
 */
async function authorizationCodeGrant(svc: Services, request: TokenRequest): Promise<TokenSet> {
  const client = await authenticatedClient(svc, request, 'authorization_code');
  const code = single(request.form, 'code');
  const redirectUri = single(request.form, 'redirect_uri');
  const verifier = single(request.form, 'code_verifier');
  if (!code) throw new OAuthError('invalid_request', 'code is required');
  if (!redirectUri) throw new OAuthError('invalid_request', 'redirect_uri is required');
  if (verifier !== undefined && !isCodeVerifier(verifier)) {
    throw new OAuthError('invalid_request', 'code_verifier must be 43 to 128 unreserved characters');
  }
  if (code.length > 256) throw new OAuthError('invalid_grant', 'The authorization code is invalid');
  const redeemed = await svc.authorizationCodes.redeem(
    { code, clientId: client.clientId, redirectUri, ...(verifier !== undefined ? { codeVerifier: verifier } : {}) },
    nowMs(),
  );
  if (!redeemed.ok) {
    if (redeemed.replayedGrantId) {
      await svc.grants.revoke(redeemed.replayedGrantId, 'code-replay', nowMs());
      throw new OAuthError('invalid_grant', 'The authorization code was already used; its tokens are revoked');
    }
    throw new OAuthError(
      'invalid_grant',
      'The authorization code is invalid, expired, or was issued for another client, redirect_uri or code_verifier',
    );
  }
  const item = redeemed.item;
  const grant = await svc.grants.create(
    {
      grantId: item.grantId,
      userId: item.userId,
      accountId: item.accountId,
      clientId: client.clientId,
      scope: item.scope,
      kind: 'code',
      withRefresh: client.grantTypes.includes('refresh_token'),
    },
    nowMs(),
  );
  // Null: the grant was revoked before it existed, by a replay racing this redemption.
  if (!grant) throw new OAuthError('invalid_grant', 'The authorization code was already used; its tokens are revoked');
  return tokenSetFor(
    svc,
    { grantId: grant.grantId, userId: item.userId, clientId: client.clientId, scope: item.scope },
    grant.refreshToken,
  );
}

/**
 * `grant_type=credentials` (spec, "OAuth 2.0 for partners" step 3): a confidential client with the `credentials` grant
 * type, bound in the console to one user, gets an access token whose `sub` is that user; no refresh token (RFC 6749
 * §4.4.3), the client asks again. `scope`, when sent, narrows the token within the binding's scope.
 */
async function credentialsGrant(svc: Services, request: TokenRequest): Promise<TokenSet> {
  const client = await authenticatedClient(svc, request, 'credentials');
  const binding = await svc.clientBindings.get(client.clientId);
  if (!binding) throw new OAuthError('invalid_grant', 'This client is not bound to a user; bind it in the console');
  const granted = parseScope(binding.scope);
  const scope = narrowedScope(request.form, granted);
  const renewed = await svc.grants.renewAccess(binding.grantId, nowMs());
  const grant = renewed ? await svc.grants.get(binding.grantId, nowMs()) : null;
  if (!grant) throw new OAuthError('invalid_grant', 'The binding of this client was revoked');
  return tokenSetFor(svc, { grantId: grant.grantId, userId: grant.userId, clientId: client.clientId, scope });
}

/** RFC 6749 §3.3: a requested scope must lie within what was granted; absent means all of it. */
function narrowedScope(form: URLSearchParams, granted: readonly Scope[]): string {
  const raw = single(form, 'scope');
  if (raw === undefined || raw === '') return formatScope(granted);
  const requested = parseScope(raw);
  if (!isSubset(requested, granted)) throw new OAuthError('invalid_scope', 'scope exceeds what was granted');
  return formatScope(requested);
}

/**
 * Counted per registered client it names (Basic or body `client_id`), so one busy partner does not slow another; a
 * request naming none (console refresh, anything not shaped like a registered id) is counted per address.
 */
function rateKeyOf(request: TokenRequest): RateKey {
  let clientId: string | undefined;
  try {
    clientId = parseClientCredentials({ form: request.form, authorization: request.authorization }).clientId;
  } catch {
    clientId = undefined;
  }
  return isRegisteredClientId(clientId) ? `client#${clientId}` : addressKey(request.sourceIp);
}

/** A parameter sent at most once (RFC 6749 §3.2). */
function single(form: URLSearchParams, name: string): string | undefined {
  const values = form.getAll(name);
  if (values.length > 1) throw new OAuthError('invalid_request', `${name} must not be repeated`);
  return values[0];
}
