/**
 * Retention grains of the spec: how long a written item lives. Time-bounded grains are hard-capped
 * at 24 hours; `session` lives until its session is deleted; `none` is request-only (inline chat
 * context) and is never a valid grain for stored writes.
 */
export const RETENTIONS = ['permanent', 'persistent', '1d', '6h', '2h', '1h', 'session', 'none'] as const;
export type Retention = (typeof RETENTIONS)[number];
export type StoredRetention = Exclude<Retention, 'none' | 'persistent'>;

const HOUR_MS = 3_600_000;
const GRAIN_MS: Record<'1d' | '6h' | '2h' | '1h', number> = {
  '1d': 24 * HOUR_MS,
  '6h': 6 * HOUR_MS,
  '2h': 2 * HOUR_MS,
  '1h': HOUR_MS,
};
/** No time-bounded grain may outlive this, whatever is added later. */
export const MAX_BOUNDED_RETENTION_MS = 24 * HOUR_MS;

export function isRetention(value: unknown): value is Retention {
  return typeof value === 'string' && (RETENTIONS as readonly string[]).includes(value);
}

/** `persistent` is an alias of `permanent`. */
export function canonicalRetention(value: Exclude<Retention, 'none'>): StoredRetention {
  return value === 'persistent' ? 'permanent' : value;
}

/** Epoch seconds after which an item written at `writtenAtMs` is gone; null when it never expires by time. */
export function expiryFor(retention: StoredRetention, writtenAtMs: number): number | null {
  if (retention === 'permanent' || retention === 'session') return null;
  const ttl = Math.min(GRAIN_MS[retention], MAX_BOUNDED_RETENTION_MS);
  return Math.ceil((writtenAtMs + ttl) / 1000);
}

/** True while an item with this expiry is still readable at `nowMs`. */
export function isLive(expiresAt: number | null | undefined, nowMs: number): boolean {
  return expiresAt == null || expiresAt * 1000 > nowMs;
}
