import { timingSafeEqual } from 'node:crypto';

/**
 * Stand-ins for `shared/domain/pulse/signatures.ts` (design §7.1) until the pure pulse domain lands.
 *
 * `presented` decoded strictly (bad hex → no match) and compared in constant time; when the lengths differ the
 * expected value is still compared with itself, so length is the only thing the timing tells.
 */
export function hmacEquals(expected: Buffer, presented: Buffer | null): boolean {
  if (!presented || presented.length !== expected.length) {
    timingSafeEqual(expected, expected);
    return false;
  }
  return timingSafeEqual(expected, presented);
}

/** Hex of either case, even length, nothing else; null otherwise. */
export function strictHex(text: string): Buffer | null {
  return /^(?:[0-9a-fA-F]{2})+$/.test(text) ? Buffer.from(text, 'hex') : null;
}

/** Whether a timestamp in epoch seconds is within `toleranceSeconds` of now, either way. */
export function fresh(timestampSeconds: number, nowMs: number, toleranceSeconds: number): boolean {
  return Math.abs(nowMs - timestampSeconds * 1000) <= toleranceSeconds * 1000;
}
