/**
 * Who a request acts for, as its route's `auth` established it. `/v1` takes API keys only; the console and account
 * routes take a first-party session token; OAuth tokens carry the scopes a user granted a client. Every principal
 * but the anonymous one is bound to exactly one account, and `Tenancy` is built from that account alone.
 */
export type Principal = AnonymousPrincipal | ApiKeyPrincipal | UserPrincipal;

export interface AnonymousPrincipal {
  kind: 'anonymous';
}

export interface ApiKeyPrincipal {
  kind: 'api-key';
  accountId: string;
  keyId: string;
  /** Evaluation accounts: every write's retention is capped at this many seconds. */
  retentionCapSeconds?: number;
}

/** A person's access token: `session` when the console issued it (scope `console`), `oauth` when a client did. */
export interface UserPrincipal {
  kind: 'session' | 'oauth';
  userId: number;
  accountId: string;
  /** The grant (refresh family) the token belongs to; revoking it refuses the token at once. */
  grantId: string;
  tokenId: string;
  clientId: string;
  scopes: string[];
  retentionCapSeconds?: number;
}

/** The principal's account, for anything keyed by tenant (rate limits, logs). */
export function accountOf(principal: Principal): string | null {
  return principal.kind === 'anonymous' ? null : principal.accountId;
}
