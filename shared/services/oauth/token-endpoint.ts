import { nowMs } from '../../clock';
import type { GrantType, RegisteredClient } from '../../domain/oauth/client-registration';
import { assertResource } from '../../domain/oauth/metadata';
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

/** Token requests per authenticated client (the console's refresh: per address) and minute (design §6). */
const TOKENS_PER_CLIENT_PER_MINUTE = 60;
/** Failed token requests one address may make per minute before it is answered 429. */
const FAILURES_PER_ADDRESS_PER_MINUTE = 60;
const COUNTED_FAILURES: ReadonlySet<string> = new Set(['invalid_client', 'invalid_grant', 'invalid_request']);

/**
 * `POST /oauth/token` (RFC 6749 §3.2): one form-encoded request, dispatched on `grant_type`. Requests are counted per
 * client once it has authenticated (so a stranger naming a client cannot spend its quota), per address for the
 * console's own refresh; failed requests (a bad client, grant or request) are counted per address, like failed API
 * keys, so guessing costs the guesser's address and not a client's quota.
 */
export async function exchangeToken(svc: Services, request: TokenRequest): Promise<TokenSet> {
  try {
    return await dispatch(svc, request);
  } catch (err) {
    if (err instanceof OAuthError && COUNTED_FAILURES.has(err.error)) {
      await enforceKeyedLimit(
        svc,
        addressKey(request.sourceIp),
        'failed-token-request',
        FAILURES_PER_ADDRESS_PER_MINUTE,
        'failed token requests per minute from this address',
      );
    }
    throw err;
  }
}

async function dispatch(svc: Services, request: TokenRequest): Promise<TokenSet> {
  const grantType = single(request.form, 'grant_type');
  if (!grantType) throw new OAuthError('invalid_request', 'grant_type is required');
  assertResource(single(request.form, 'resource'), svc.config.auth.issuer);
  switch (grantType) {
    case 'authorization_code':
      return authorizationCodeGrant(svc, request);
    case 'credentials':
      return credentialsGrant(svc, request);
    case 'refresh_token':
      return refreshGrant(
        svc,
        request.form,
        async (grantClientId) => {
          const client = await countedClient(svc, request, 'refresh_token');
          if (client.clientId !== grantClientId) {
            throw new OAuthError('invalid_grant', 'The refresh token was issued to another client');
          }
        },
        () => countTokenRequest(svc, addressKey(request.sourceIp)),
      );
    default:
      throw new OAuthError('unsupported_grant_type', `grant_type ${grantType.slice(0, 40)} is not supported`);
  }
}

/** The authenticated client, its request counted against its own per-minute quota. */
async function countedClient(svc: Services, request: TokenRequest, grantType: GrantType): Promise<RegisteredClient> {
  const client = await authenticatedClient(svc, request, grantType);
  await countTokenRequest(svc, `client#${client.clientId}`);
  return client;
}

function countTokenRequest(svc: Services, key: RateKey): Promise<void> {
  return enforceKeyedLimit(
    svc,
    key,
    'create-token',
    TOKENS_PER_CLIENT_PER_MINUTE,
    'token requests per minute for this client',
  );
}

/**
 * `grant_type=authorization_code` (RFC 6749 §4.1.3, RFC 7636 §4.5): the authenticated client redeems its code once,
 * with the redirect URI it was issued for and the PKCE verifier when the code is bound to a challenge. A code presented
 * again revokes the grant its first redemption made (RFC 6749 §4.1.2), so tokens a thief or a replay obtained die.
 */
async function authorizationCodeGrant(svc: Services, request: TokenRequest): Promise<TokenSet> {
  const client = await countedClient(svc, request, 'authorization_code');
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
  const client = await countedClient(svc, request, 'credentials');
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

/** A parameter sent at most once (RFC 6749 §3.2). */
function single(form: URLSearchParams, name: string): string | undefined {
  const values = form.getAll(name);
  if (values.length > 1) throw new OAuthError('invalid_request', `${name} must not be repeated`);
  return values[0];
}
