/** Dates and numbers as the console shows them: UTC, as the service stores and reports them. */

const dateTime = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'UTC',
});

/** An ISO string, epoch seconds or epoch milliseconds, as a UTC date and time; `—` when absent. */
export function formatTime(value: string | number | null | undefined): string {
  const ms = toEpochMs(value);
  return ms === null ? '—' : `${dateTime.format(ms)} UTC`;
}

/** Seconds and milliseconds since the epoch are told apart by size: 10^11 s is the year 5138. */
export function toEpochMs(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number') return value < 1e11 ? value * 1000 : value;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : ms;
}

export function formatNumber(value: number | null | undefined, digits = 2): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '—';
  return value.toLocaleString('en-US', { maximumFractionDigits: digits });
}

export function formatMoney(value: number, currency: string): string {
  return value.toLocaleString('en-US', { style: 'currency', currency, maximumFractionDigits: 6 });
}

/** `YYYY-MM-DD` of a UTC day, `offsetDays` from today. */
export function utcDay(offsetDays = 0, now = Date.now()): string {
  return new Date(now + offsetDays * 86_400_000).toISOString().slice(0, 10);
}
