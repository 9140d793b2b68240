import { createHash, randomBytes } from 'node:crypto';

/** Live keys carry the service's prefix (spec, Authentication). */
export const LIVE_KEY_PREFIX = 'hds_live_';
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const SECRET_LENGTH = 40;

/** A new secret: the prefix and 40 base62 characters (about 238 bits of entropy). */
export function generateSecret(): string {
  const bytes = randomBytes(SECRET_LENGTH * 2);
  let out = '';
  for (const b of bytes) {
    // Rejection sampling keeps every character equally likely.
    if (b < 248) out += BASE62[b % 62];
    if (out.length === SECRET_LENGTH) break;
  }
  return out.length === SECRET_LENGTH ? LIVE_KEY_PREFIX + out : generateSecret();
}

/**
 * SHA-256 of the secret. Keys are random and long, so a fast hash is enough: what a stolen table
 * leaks cannot be turned back into a working key.
 */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** What may be shown of a key after creation. */
export function displayPrefix(secret: string): string {
  return secret.slice(0, LIVE_KEY_PREFIX.length + 4);
}

export function looksLikeKey(token: string): boolean {
  return token.startsWith(LIVE_KEY_PREFIX) && /^[A-Za-z0-9]{20,128}$/.test(token.slice(LIVE_KEY_PREFIX.length));
}
