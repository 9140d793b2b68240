/**
 * Strict ISO 8601 timestamps: a date, or a date and time with optional seconds, fraction and offset
 * (no offset means UTC). Impossible dates (`2026-02-30`) are refused rather than rolled over, which
 * `Date.parse` would silently do. Returns the instant in UTC ISO form, or null.
 */
const PATTERN =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;

export const EARLIEST_YEAR = 1900;
export const LATEST_YEAR = 2100;

export function parseTimestamp(text: string): string | null {
  const m = PATTERN.exec(text.trim());
  if (!m) return null;
  const [, y, mo, d, h = '0', mi = '0', s = '0', frac = '', zone = 'Z'] = m;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  const hour = Number(h);
  const minute = Number(mi);
  const second = Number(s);
  if (year < EARLIEST_YEAR || year >= LATEST_YEAR) return null;
  if (month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) return null;
  if (hour > 23 || minute > 59 || second > 59) return null;
  const offsetMinutes = parseOffset(zone);
  if (offsetMinutes === null) return null;
  const ms = Math.round(Number(`0${frac || '.0'}`) * 1000);
  const utc = Date.UTC(year, month - 1, day, hour, minute, second, ms) - offsetMinutes * 60_000;
  return new Date(utc).toISOString();
}

function parseOffset(zone: string): number | null {
  if (zone.toUpperCase() === 'Z') return 0;
  const m = /^([+-])(\d{2}):?(\d{2})?$/.exec(zone);
  if (!m) return null;
  const hours = Number(m[2]);
  const minutes = Number(m[3] ?? '0');
  if (hours > 14 || minutes > 59) return null;
  return (m[1] === '-' ? -1 : 1) * (hours * 60 + minutes);
}

function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}
