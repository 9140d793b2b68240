/**
 * IANA zones → UTC offsets, for providers that name zones rather than offsets: Withings' per-day `timezone`, Fitbit's
 * profile `timezone` (whose local times carry no offset). One fixed offset for a whole fetch is an hour off on one
 * side of a DST change; the zone's own offset at each local time is not. Intl's zone data only: no I/O, no dependency.
 */
import { dayEpisode, type UtcOffset } from './readings';

/** Seconds east of UTC of an IANA zone at an instant (Intl's zone data; no I/O), or null for an unknown zone. */
export function zoneOffsetAt(timeZone: string, utcMs: number): number | null {
  let name: string | undefined;
  try {
    name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
      .formatToParts(new Date(utcMs))
      .find((part) => part.type === 'timeZoneName')?.value;
  } catch {
    return null;
  }
  if (name === 'GMT') return 0;
  const m = /^GMT([+-])(\d{2}):(\d{2})$/.exec(name ?? '');
  if (!m) return null;
  return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 3600 + Number(m[3]) * 60);
}

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3})\d*)?)?)?/;
const HOUR_MS = 3_600_000;

/**
 * The user's clock: their IANA zone when one is known, and the fixed offset to fall back on when it is not (or Intl
 * does not know it). A bare `UtcOffset` is a clock without a zone; none at all reads as UTC (design §4.1).
 */
export type LocalClock = UtcOffset | { timeZone: string | null | undefined; offset: UtcOffset };

/**
 * Seconds east of UTC in force at a local date-time (`yyyy-MM-dd[THH:mm[:ss[.SSS]]]`, any trailing offset ignored)
 * in `timeZone`, or null for an unknown zone or a text that is not a date. In the hour a spring-forward skips, the
 * offset before the change (02:30 on a skipped hour reads as 03:30 after it); in the hour a fall-back repeats, the
 * earlier of the two instants (the offset before the change) — both as RFC 5545 and Temporal's `compatible` do.
 */
export function zoneOffsetAtLocal(timeZone: string, local: string): number | null {
  const m = LOCAL.exec(local.trim());
  if (!m) return null;
  const [, y, mo, d, h = '0', mi = '0', s = '0', ms = '0'] = m;
  const wall = Date.UTC(
    Number(y),
    Number(mo) - 1,
    Number(d),
    Number(h),
    Number(mi),
    Number(s),
    Number(ms.padEnd(3, '0')),
  );
  if (Number.isNaN(wall)) return null;
  // A zone changes offset at most once within a day either side: the offsets before and after are the candidates.
  const before = zoneOffsetAt(timeZone, wall - 24 * HOUR_MS);
  const after = zoneOffsetAt(timeZone, wall + 24 * HOUR_MS);
  if (before === null || after === null) return null;
  const holds = (offset: number) => zoneOffsetAt(timeZone, wall - offset * 1000) === offset;
  if (holds(before)) return before;
  if (holds(after)) return after;
  return before;
}

/** The offset `clock` gives a local date-time: its zone's there, else its fixed offset (else none: UTC). */
export function clockOffsetAt(clock: LocalClock, local: string): UtcOffset {
  if (typeof clock !== 'object' || clock === null) return clock;
  const zoned = clock.timeZone ? zoneOffsetAtLocal(clock.timeZone, local) : null;
  return zoned ?? clock.offset;
}

/**
 * A day total's episode on the user's clock: local midnight to the next local midnight, each at its own offset, so
 * a DST day is 23 or 25 hours long (with a fixed offset, `dayEpisode`'s 24). Throws as `dayEpisode` for a bad date.
 */
export function localDay(day: string, clock: LocalClock): { time: string; endTime: string } {
  const { time } = dayEpisode(day, clockOffsetAt(clock, day));
  const next = new Date(Date.parse(`${day}T00:00:00Z`) + 24 * HOUR_MS).toISOString().slice(0, 10);
  return { time, endTime: dayEpisode(next, clockOffsetAt(clock, next)).time };
}
