/** What an authorization code stands for (design 3.6). Times are epoch seconds. */
export interface AuthorizationCode {
  clientId: string;
  redirectUri: string;
  /** PKCE S256 challenge the code is bound to, when the client sent one. */
  codeChallenge?: string;
  userId: number;
  accountId: string;
  scope: string;
  /**
   * The grant the redemption will create, allocated now so that a replay can revoke it whether or not it exists yet.
   */
  grantId: string;
  validUntil: number;
  usedAt?: number;
}

/** What the consent step issues a code for; the store adds the grant id and the validity. */
export type NewAuthorizationCode = Omit<AuthorizationCode, 'grantId' | 'validUntil' | 'usedAt'>;

/** What the token endpoint presents, the client already authenticated. */
export interface CodeRedemption {
  code: string;
  clientId: string;
  redirectUri: string;
  codeVerifier?: string;
}

/**
 * A redemption's outcome. On a replay (the code was redeemed before) `replayedGrantId` names the grant the first
 * redemption made, which the caller revokes (RFC 6749 §4.1.2); every refusal is `invalid_grant`.
 */
export type Redeemed = { ok: true; item: AuthorizationCode } | { ok: false; replayedGrantId?: string };

/** Authorization codes: single use, 10 minutes, bound to client, redirect URI and PKCE challenge. */
export interface AuthorizationCodes {
  /** Stores a new code (only its hash); the code itself is returned once, with the grant id it pre-allocates. */
  issue(code: NewAuthorizationCode, nowMs: number): Promise<{ code: string; grantId: string }>;
  /**
   * Marks the code used if everything matches: unused, valid, same client and redirect URI, and the verifier's S256
   * equal to the challenge when there is one. A mismatch leaves the code unused.
   */
  redeem(redemption: CodeRedemption, nowMs: number): Promise<Redeemed>;
}

/** A code is redeemable this long (design §4). */
export const AUTHORIZATION_CODE_SECONDS = 10 * 60;
/** A redeemed code is kept this long, to recognise replays. */
export const AUTHORIZATION_CODE_KEPT_SECONDS = 24 * 3600;

export { s256Challenge } from '../domain/oauth/pkce';
