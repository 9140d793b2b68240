import { createHmac } from 'node:crypto';

/** RFC 5321's limit on a forward path; longer is not an address anyone can mail. */
const MAX_EMAIL_CHARS = 254;
/** One `@`, a local part, a domain with a dot; no whitespace or control characters anywhere. */
const EMAIL = /^[^\s@\p{Cc}]+@[^\s@\p{Cc}]+\.[^\s@\p{Cc}]+$/u;

/**
 * An email address as HDS keys it: NFC, trimmed, the whole address lower-cased; no plus or dot folding (those are
 * one provider's rules, not the address's). Null when it is not a plausible address.
 */
export function normalizeEmail(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const email = raw.normalize('NFC').trim().toLowerCase();
  if (email.length === 0 || email.length > MAX_EMAIL_CHARS || !EMAIL.test(email)) return null;
  return email;
}

/**
 * The key an address is stored under: base64url(HMAC-SHA256(pepper, address)). Keys hold no address, and without the
 * pepper (a secret outside the table) a table dump cannot be matched against a list of addresses.
 */
export function emailKeyOf(pepper: Buffer, email: string): string {
  return createHmac('sha256', pepper).update(email).digest('base64url');
}

/**
 * A login code as stored: keyed by the pepper and bound to its address, since a 6-digit code has only 10^6 values
 * and an unkeyed hash of it would be no secret at all.
 */
export function codeMacOf(pepper: Buffer, emailKey: string, code: string): string {
  return createHmac('sha256', pepper).update(`${emailKey}\u0000${code}`).digest('base64url');
}
