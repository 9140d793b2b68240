import { createHash } from 'node:crypto';
import { nowMs } from '../clock';
import { RateLimitError } from '../errors';
import type { Services } from '../services/container';

/**
 * What a rate limit counts by: an account (keyed and token principals), a signed-in user (per-user counters), a client address (anonymous routes, failed
 * credentials), an email address (sign-in), or an OAuth client. Addresses and emails are counted by a digest, never
 * stored as they are.
 */
export type RateKey = `acct#${string}` | `ip#${string}` | `email#${string}` | `client#${string}` | `user#${number}`;

/**
 * A client address as a rate key. An IPv6 address counts by its /64, since one host usually holds a whole /64 and
 * would otherwise get a fresh counter per address.
 */
export function addressKey(sourceIp: string | undefined): RateKey {
  const address = sourceIp ?? 'unknown';
  const counted = address.includes(':') ? ipv6Prefix64(address) : address;
  return `ip#${createHash('sha256').update(counted).digest('base64url').slice(0, 22)}`;
}

function ipv6Prefix64(address: string): string {
  const [head = '', tail = ''] = address.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = address.includes('::')
    ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups.slice(0, 4).join(':')}::/64`;
}

/**
 * Counts one request of `key` on `counter` (limit from `HDS_RATE_LIMITS`, else `fallback`); past the limit → the
 * rate-limited error saying `what` is limited and when to retry.
 */
export async function enforceKeyedLimit(
  svc: Services,
  key: RateKey,
  counter: string,
  fallback: number,
  what: string,
): Promise<void> {
  const limit = svc.config.rateLimits[counter] ?? fallback;
  const now = nowMs();
  const decision = await svc.rateLimiter.hit(key, counter, limit, now);
  if (!decision.allowed) {
    const retryAfter = Math.max(1, Math.ceil(decision.resetAt - now / 1000));
    throw new RateLimitError(decision.limit, retryAfter, decision.resetAt, what);
  }
}
