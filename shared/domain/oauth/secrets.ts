import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** `length` characters drawn uniformly from [0-9A-Za-z] with a cryptographic random source (≈ 5.95 bits each). */
export function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const b of randomBytes(length * 2)) {
      // Rejection sampling: 248 = 4 × 62, so every character stays equally likely.
      if (b < 248) out += BASE62[b % 62];
      if (out.length === length) break;
    }
  }
  return out;
}

/** SHA-256 of a UTF-8 string, base64url without padding (43 characters). */
export function sha256Base64url(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('base64url');
}

export { constantTimeEqual } from '../constant-time';

/**
 * Whether `value` hashes (SHA-256, base64url) to `storedHash`, compared with `timingSafeEqual`. A missing value or a
 * stored hash that is not 32 bytes of base64url is simply no match.
 */
export function matchesHash(value: string | null | undefined, storedHash: string): boolean {
  if (typeof value !== 'string' || typeof storedHash !== 'string' || !/^[A-Za-z0-9_-]{43}$/.test(storedHash)) {
    return false;
  }
  const expected = Buffer.from(storedHash, 'base64url');
  const actual = createHash('sha256').update(value, 'utf8').digest();
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
