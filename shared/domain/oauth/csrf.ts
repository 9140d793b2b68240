import { matchesHash, randomBase62, sha256Base64url } from './secrets';

/** `__Host-`: only this host, `Secure`, `Path=/`, no `Domain` (RFC 6265bis §4.1.3.2), so no sibling can plant it. */
export const AUTHZ_COOKIE_NAME = '__Host-hds_authz';
/** The pending authorization lives 10 minutes (design 3.5); its cookie no longer. */
export const AUTHZ_COOKIE_MAX_AGE_SECONDS = 600;

const AREQ_ID = /^areq_[0-9A-Za-z]{22}$/;
const SECRET = /^[0-9A-Za-z]{43}$/;

/** What the browser holds (cookie secret, csrf token) and what the pending authorization stores (their hashes). */
export interface BrowserBinding {
  /** Goes into the cookie after the areq id; never stored. */
  secret: string;
  /** SHA-256 of `secret`, base64url: design 3.5 `browserHash`. */
  secretHash: string;
  /** Goes into every form's hidden `csrf` field; never stored. */
  csrf: string;
  /** SHA-256 of `csrf`, base64url: design 3.5 `csrfHash`. */
  csrfHash: string;
}

/** A new pending-authorization id (design 3.5 `AREQ#<areq_id>`): `areq_` and 22 base62 characters. */
export function generateAreqId(): string {
  return `areq_${randomBase62(22)}`;
}

/** Fresh browser secret and csrf token (43 base62 each, ≈ 256 bits) with the hashes to store. */
export function issueBrowserBinding(): BrowserBinding {
  const secret = randomBase62(43);
  const csrf = randomBase62(43);
  return { secret, secretHash: sha256Base64url(secret), csrf, csrfHash: sha256Base64url(csrf) };
}

/**
 * Whether a presented value (cookie secret or csrf field) hashes to the stored hash, compared with `timingSafeEqual`
 * (design §7.3 step 3). Absent, repeated (an array) or non-string values fail.
 */
export function verifyBrowserValue(presented: unknown, storedHash: string): boolean {
  return typeof presented === 'string' && presented.length <= 256 && matchesHash(presented, storedHash);
}

/** The `Set-Cookie` value binding this browser to the pending authorization (design §7.3 step 1). */
export function authzCookie(areqId: string, secret: string): string {
  return `${AUTHZ_COOKIE_NAME}=${areqId}.${secret}; HttpOnly; Secure; SameSite=Lax; Path=/; Max-Age=${AUTHZ_COOKIE_MAX_AGE_SECONDS}`;
}

/** The `Set-Cookie` value that removes it once the authorization is answered. */
export function clearAuthzCookie(): string {
  return `${AUTHZ_COOKIE_NAME}=; HttpOnly; Secure; SameSite=Lax; Path=/; Max-Age=0`;
}

/**
 * The pending authorization the `Cookie` header names, or null when it is absent, malformed, or present more than once
 * (ambiguous, so refused rather than guessed).
 */
export function parseAuthzCookie(cookieHeader: string | undefined): { areqId: string; secret: string } | null {
  if (!cookieHeader || cookieHeader.length > 8192) return null;
  const values: string[] = [];
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === AUTHZ_COOKIE_NAME) values.push(part.slice(eq + 1).trim());
  }
  if (values.length !== 1) return null;
  const [areqId, secret, ...rest] = (values[0] ?? '').split('.');
  if (rest.length > 0 || !areqId || !secret || !AREQ_ID.test(areqId) || !SECRET.test(secret)) return null;
  return { areqId, secret };
}

/**
 * The `Origin` check of design §7.3 step 3: absent is accepted (older browsers), otherwise it must be the issuer's
 * origin exactly. `Origin: null` is what a browser sends for a form post from a page under `Referrer-Policy:
 * no-referrer` (Fetch, "append a request Origin header"; rails/rails#30658), and also from sandboxed frames, so it
 * passes only when `Sec-Fetch-Site` (a header pages cannot forge) says `same-origin`. The pages are served with
 * `Referrer-Policy: same-origin` (see `authorizePageHeaders`), under which the browser sends the real origin anyway.
 */
export function originAllowed(origin: string | undefined, issuer: string, secFetchSite?: string): boolean {
  if (origin === undefined) return true;
  if (origin === 'null') return secFetchSite === 'same-origin';
  return URL.canParse(issuer) && origin === new URL(issuer).origin;
}
