/**
 * A browser's authorization in progress (design 3.5): what `GET /oauth2/authorize` asked for, bound to the browser by
 * a cookie secret and to its forms by a CSRF secret (both stored hashed), and the user once signed in. Times are epoch
 * seconds.
 */
export interface AuthorizationRequest {
  /** `areq_` and 22 base62 characters; the cookie's first half. */
  areqId: string;
  clientId: string;
  redirectUri: string;
  /** The client's `state`, echoed on the redirect. */
  state?: string;
  scope: string;
  /** PKCE S256 challenge, when the client sent one. */
  codeChallenge?: string;
  /** The request's `prompt` values, space-separated (`consent` forces the consent page). */
  prompt?: string;
  browserHash: string;
  csrfHash: string;
  /** The address a code was sent to (email step). */
  emailKey?: string;
  /** The user who signed in (code step). */
  userId?: number;
  validUntil: number;
}

/** What the authorize page stores; the rest is filled in as the steps go. */
export type NewAuthorizationRequest = Omit<AuthorizationRequest, 'areqId' | 'emailKey' | 'userId' | 'validUntil'>;

/** Authorizations in progress, each usable for 10 minutes and consumed once. */
export interface AuthorizationRequests {
  create(request: NewAuthorizationRequest, nowMs: number): Promise<AuthorizationRequest>;
  /** Null when unknown, malformed or past `validUntil`. */
  get(areqId: string, nowMs: number): Promise<AuthorizationRequest | null>;
  /** Records the address a code was sent to; false once a user is attached (or when gone or expired). */
  rememberEmail(areqId: string, emailKey: string, nowMs: number): Promise<boolean>;
  /** Attaches the signed-in user, once only; false when one is attached already (or gone or expired). */
  attachUser(areqId: string, userId: number, nowMs: number): Promise<boolean>;
  /**
   * Deletes the request and answers it, for the consent step (Allow or Deny): once only, within its validity, and only
   * with a user attached. Null otherwise, so a concurrent twin or a replayed form gets nothing.
   */
  consume(areqId: string, nowMs: number): Promise<AuthorizationRequest | null>;
}

/** An authorization in progress is usable this long (the cookie's `Max-Age`). */
export const AUTHORIZATION_REQUEST_SECONDS = 10 * 60;
