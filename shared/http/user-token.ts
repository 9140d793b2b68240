import { nowMs } from '../clock';
import type { Config } from '../config/config';
import { CONSOLE_CLIENT_ID } from '../domain/oauth/scopes';
import { AppError } from '../errors';
import type { PublicJwk } from '../ports/token-signer';
import type { Services } from '../services/container';
import type { UserPrincipal } from './principal';
import { addressKey, enforceKeyedLimit } from './rate-keys';
import { accessTokenVerifier, type VerifiedAccessToken } from './token-verifier';

/** How soon a token signed by a key the process has not seen may make it re-read the published keys. */
const JWKS_RELOAD_MS = 10_000;

interface KeyCache {
  verify: (token: string) => VerifiedAccessToken | null;
  kids: Set<string>;
  loadedAt: number;
}

const caches = new WeakMap<Config, Promise<KeyCache>>();

async function loadKeys(svc: Services): Promise<KeyCache> {
  const { keys } = await svc.jwks.read(nowMs());
  return {
    verify: accessTokenVerifier(svc.config.auth.issuer, keys as PublicJwk[]),
    kids: new Set(keys.map((k) => k.kid)),
    loadedAt: nowMs(),
  };
}

/**
 * The verifier, built once per process from the published keys (read from HDS's own table, never fetched over the
 * network per request); a token naming a key it has not seen re-reads them, at most once per 10 s.
 */
async function keysFor(svc: Services, token: string): Promise<KeyCache> {
  let cache = caches.get(svc.config);
  if (!cache) {
    cache = loadKeys(svc);
    caches.set(svc.config, cache);
    cache.catch(() => caches.delete(svc.config));
  }
  const current = await cache;
  const kid = headerKid(token);
  if (kid && !current.kids.has(kid) && nowMs() - current.loadedAt > JWKS_RELOAD_MS) {
    const reloaded = loadKeys(svc);
    caches.set(svc.config, reloaded);
    reloaded.catch(() => caches.delete(svc.config));
    return reloaded;
  }
  return current;
}

function headerKid(token: string): string | null {
  try {
    const header = JSON.parse(Buffer.from(token.split('.')[0] ?? '', 'base64url').toString('utf8'));
    return typeof header?.kid === 'string' ? header.kid : null;
  } catch {
    return null;
  }
}

/**
 * The one check of a user's access token, for HTTP and WebSocket alike: signature, issuer, audience, expiry and type
 * (`aws-jwt-verify`), then its grant looked up so a revocation (sign-out, refresh-token reuse, account deletion) holds
 * on the very next request. Any failure is one 401 `invalid_token`; failures are counted per client address like
 * failed API keys.
 */
export async function verifyUserToken(token: string, svc: Services, sourceIp?: string): Promise<UserPrincipal> {
  try {
    const verified = (await keysFor(svc, token)).verify(token);
    const grant = verified ? await svc.grants.get(verified.grantId, nowMs()) : null;
    if (!verified || !grant || grant.userId !== verified.userId) throw invalidToken();
    return {
      kind: verified.clientId === CONSOLE_CLIENT_ID && verified.scopes.includes('console') ? 'session' : 'oauth',
      userId: verified.userId,
      accountId: grant.accountId,
      grantId: grant.grantId,
      tokenId: verified.tokenId,
      clientId: verified.clientId,
      scopes: verified.scopes,
      ...(grant.retentionCapSeconds ? { retentionCapSeconds: grant.retentionCapSeconds } : {}),
    };
  } catch (err) {
    if (err instanceof AppError && err.kind === 'invalid_token' && sourceIp) {
      await enforceKeyedLimit(
        svc,
        addressKey(sourceIp),
        'invalid-token',
        svc.config.invalidKeyLimit,
        'invalid access tokens per minute from this address',
      );
    }
    throw err;
  }
}

function invalidToken(): AppError {
  return new AppError('invalid_token', 'The access token is invalid, expired or revoked; sign in again', {
    code: 'invalid_token',
  });
}

/** Refuses a principal that lacks a scope the route needs. */
export function requireScopes(principal: UserPrincipal, scopes: readonly string[]): void {
  const missing = scopes.filter((s) => !principal.scopes.includes(s));
  if (missing.length > 0) {
    throw new AppError('insufficient_scope', `This token lacks the scope ${missing.join(' ')}`, {
      code: 'insufficient_scope',
    });
  }
}
