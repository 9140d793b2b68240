import { hashSecret } from '../domain/api-keys';
import { randomBase62 } from '../domain/oauth/secrets';

export { randomBase62 };

/** How a grant began: an email sign-in, an authorization code, or a console binding (design §1). */
export type GrantKind = 'login' | 'code' | 'credentials';

/**
 * A grant, which is also a refresh-token family (design 3.7): every access token names it (`fid`), so revoking it
 * kills the access token and the refresh token at once. Times are epoch seconds.
 */
export interface Grant {
  grantId: string;
  userId: number;
  accountId: string;
  clientId: string;
  /** Space-separated scopes. */
  scope: string;
  kind: GrantKind;
  /** Rotations so far. */
  generation: number;
  createdAt: number;
  /** No access token of this grant is valid after this. */
  accessUntil: number;
  /** The refresh token is refused after this; absent when the grant has no refresh token (credentials). */
  refreshUntil?: number;
  /** Evaluation accounts' cap on stored data, copied so no extra read is needed per request (design §3). */
  retentionCapSeconds?: number;
  revokedAt?: number;
  revokedWhy?: string;
}

/** What `create` needs; `grantId` is given when it was allocated earlier (by an authorization code or a binding). */
export interface NewGrant {
  userId: number;
  accountId: string;
  clientId: string;
  scope: string;
  kind: GrantKind;
  grantId?: string;
  /** Whether to issue a refresh token (not for the credentials grant, RFC 6749 §4.4.3). */
  withRefresh: boolean;
  retentionCapSeconds?: number;
}

/** A rotation's outcome: the new refresh token, or why none (`expired` maps to `expired_token`, the rest to `invalid_grant`). */
export type Rotation =
  | { ok: true; grant: Grant; refreshToken: string }
  | { ok: false; reason: 'reuse' | 'expired' | 'invalid' };

/** Grants with their refresh tokens, and the pointers (user → grants, client → grants) that revoke them in bulk. */
export interface GrantStore {
  /**
   * Stores a grant (and its first refresh token when `withRefresh`). Null when the id is taken, which means it was
   * revoked before it was created: an authorization code replayed between its redemption and this call, or a
   * revoke-all that met this grant's pointer. The caller then issues nothing.
   */
  create(grant: NewGrant, nowMs: number): Promise<{ grantId: string; refreshToken?: string } | null>;
  /**
   * Swaps a refresh token for a new one (single use). A token that was already swapped is reuse: the whole family is
   * revoked, so the thief's and the victim's tokens both die (RFC 9700 §4.14.2). A token never issued, even for a
   * real grant id, revokes nothing.
   */
  rotate(refreshToken: string, nowMs: number): Promise<Rotation>;
  /** The grant while its tokens may be honoured: null when missing, revoked or past `accessUntil`. */
  get(grantId: string, nowMs: number): Promise<Grant | null>;
  /**
   * Extends `accessUntil` by an access token's life, for grants without a refresh token whose client asks for a new
   * access token each time (credentials). False when the grant is missing or revoked.
   */
  renewAccess(grantId: string, nowMs: number): Promise<boolean>;
  /**
   * Revokes a grant. When it does not exist yet, a revoked placeholder is left so that a later `create` with that id
   * fails (see `create`); the placeholder expires after a day.
   */
  revoke(grantId: string, why: string, nowMs: number): Promise<void>;
  /** The user's grants that are still live. */
  listForUser(userId: number, nowMs: number): Promise<Grant[]>;
  /** Revokes every grant of the user; returns how many were live. */
  revokeAllForUser(userId: number, why: string, nowMs: number): Promise<number>;
  /** Revokes every grant issued to the client; returns how many were live. */
  revokeAllForClient(clientId: string, why: string, nowMs: number): Promise<number>;
}

/** Access tokens live 30 days (design §4). */
export const ACCESS_SECONDS = 30 * 24 * 3600;
/** A refresh token lives 60 days from its issue, renewed by each rotation (design §4). */
export const REFRESH_SECONDS = 60 * 24 * 3600;
/** Spent refresh-token hashes kept per family to recognise reuse. */
export const SPENT_HASHES_KEPT = 10;

const REFRESH_TOKEN = /^hdsr_(fam_[0-9A-Za-z]{22})\.[0-9A-Za-z]{43}$/;

/** A new grant id, `fam_` and 22 base62 characters (about 131 bits). */
export function newGrantId(): string {
  return `fam_${randomBase62(22)}`;
}

/** A new refresh token of the grant: `hdsr_<grant_id>.<43 base62>` (design §4). */
export function newRefreshToken(grantId: string): string {
  return `hdsr_${grantId}.${randomBase62(43)}`;
}

/**
 * The grant a refresh token names, or null when the value does not have the exact form: anything else is refused
 * before it reaches a table key.
 */
export function parseRefreshToken(token: unknown): { grantId: string } | null {
  if (typeof token !== 'string') return null;
  const match = REFRESH_TOKEN.exec(token);
  return match ? { grantId: match[1]! } : null;
}

/**
 * SHA-256 (hex) of an opaque random token, as stored: the API keys' hash, for the same reason (long random secrets,
 * so a fast hash is enough).
 */
export const hashToken = hashSecret;
