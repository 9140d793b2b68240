import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Compares two secrets in time independent of where they differ and of their lengths: both sides are hashed first,
 * so `timingSafeEqual` always sees 32 bytes. Shared by the OAuth server and the pulse webhooks, which both take
 * secrets of any length from the network.
 */
export function constantTimeEqual(a: string, b: string): boolean {
  const left = createHash('sha256').update(a, 'utf8').digest();
  const right = createHash('sha256').update(b, 'utf8').digest();
  return timingSafeEqual(left, right);
}
