/** Days, months and weekdays as an answer writes them, always in UTC like the stored times. */

const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export const MONTH_LONG = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** `12 Jan 2026` for an ISO date or timestamp (UTC); the text unchanged when it is not a date. */
export function displayDate(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  if (!match) return iso;
  const month = MONTH_NAMES[Number(match[2]) - 1];
  return month ? `${Number(match[3])} ${month} ${match[1]}` : iso;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' });
    formatters.set(key, f);
  }
  return f;
}

/**
 * A day in a language's own words (`12 de enero de 2026`, `12. Januar 2026`, `2026年1月12日`), from an ISO date or
 * timestamp, in UTC; the text unchanged when it is not a date. The month is written out: unambiguous in every
 * language, where `01/02` is not.
 */
export function localDate(iso: string, locale: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  if (!match) return iso;
  const ms = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  if (Number.isNaN(ms)) return iso;
  return formatter(locale, { day: 'numeric', month: 'long', year: 'numeric' }).format(ms);
}

/** `marzo de 2025`, `März 2025`, `2025年3月`. */
export function localMonth(year: number, month: number, locale: string): string {
  return formatter(locale, { month: 'long', year: 'numeric' }).format(Date.UTC(year, month - 1, 1));
}

/** The weekday of an ISO date: `lunes`, `Montag`, `星期一`. */
export function localWeekday(iso: string, locale: string): string {
  return formatter(locale, { weekday: 'long' }).format(Date.parse(`${iso.slice(0, 10)}T00:00:00Z`));
}
