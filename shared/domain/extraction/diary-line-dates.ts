/**
 * A home diary typed in a phone's notes app opens each line with its day, written however the thumb went: `Mon 2 Feb`,
 * `3/2  7:15am`, `4th feb - after walk -`, `05.02 evening`, `Feb 10`, `12/02 08:05`, `17/2 am`, and `Friday 13th`
 * (the month the lines above were in). The day dates the line's readings, a clock time right after it times them,
 * and an indented line opening with a time (`         10:30pm B/P 131/84`) is another reading of the day above.
 * The year is the one nearest the document's anchor (its first full date), since a diary runs on from it.
 */
import { iso, MONTH_ALTERNATION, MONTH_BY_NAME, type SlashOrder, withTimeAfter } from './dates';
import { leadingWeekday } from './weekdays';

const WEEKDAY_WORD = String.raw`(?:sun|mon|tue|tues|wed|thu|thur|thurs|fri|sat)(?:day)?\.?,?`;
const ORDINAL = '(?:st|nd|rd|th)';

/**
 * The line's opening day. A dotted pair needs two digits each (`05.02`), as `2.5 mg` is a number; a slash pair must
 * not run on into a year or a third part (`1/2/26` is a full date, read elsewhere).
 */
const OPENING_DAY = new RegExp(
  String.raw`^\s*(?:(${WEEKDAY_WORD})\s+)?(?:` +
    String.raw`(\d{1,2})\/(\d{1,2})(?![/\d.])` +
    String.raw`|(\d{2})\.(\d{2})(?=\s+\p{L})` +
    String.raw`|(\d{1,2})${ORDINAL}?\s+(${MONTH_ALTERNATION})\.?(?![\p{L}])` +
    String.raw`|(${MONTH_ALTERNATION})\.?\s+(\d{1,2})${ORDINAL}?(?![\d\p{L}])` +
    String.raw`|(?<=${WEEKDAY_WORD}\s+)(\d{1,2})${ORDINAL}(?![\p{L}])` +
    String.raw`)(?:\s*\((?:${WEEKDAY_WORD})\))?`,
  'iu',
);

/** A clock time right after the day (`7:15am`, `08:05`, `10:30pm`), before the readings. */
const OPENING_TIME = /^\s*[-–—:,]?\s*(\d{1,2}[:.]\d{2}\s*(?:[ap]\.?m\.?|[ap](?![\p{L}]))?)(?![\d\p{L}])/iu;

/** What separates the day (and time) from the line's words: spaces, a dash, a colon, a comma. */
const SEPARATOR = /^\s*[-–—:,]?\s*/u;
/**
 * The part of the day written after it (`morning`, `evening`, `am`): no part of the first reading's name (`morning
 * B/P 140/90` is a B/P), and no clock time either, so the day stays undated by it.
 */
const PART_OF_DAY = /^(?:morning|evening|afternoon|night|a\.?m\.?|p\.?m\.?)(?![\p{L}])[\s,:-]*/iu;

/** A reading's name (up to three words, `B/P` and the like) and its value opening the line's rest. */
const READING_FIRST = /^(?:[\p{L} ]{1,24}\s[-–—]\s+)?\p{L}[\p{L}/.]*(?:\s\p{L}[\p{L}/.]*){0,2}\s*[:=]?\s*\d/u;

export interface DiaryDay {
  iso: string;
  rest: string;
}

/** The year of `month`/`day` nearest the ISO `anchor`, or null when no such day exists. */
function nearestYear(month: number, day: number, anchor: string): string | null {
  const year = Number(anchor.slice(0, 4));
  const from = Date.parse(`${anchor.slice(0, 10)}T00:00:00Z`);
  let best: string | null = null;
  for (const candidate of [year - 1, year, year + 1]) {
    const date = iso(candidate, month, day);
    if (date === null) continue;
    if (
      best === null ||
      Math.abs(Date.parse(`${date}T00:00:00Z`) - from) < Math.abs(Date.parse(`${best}T00:00:00Z`) - from)
    )
      best = date;
  }
  return best;
}

/** `Friday 13th` in a diary whose last line was in February: the 13th of that month, or the next, on that weekday. */
function dayOfMonthAfter(day: number, weekday: number | null, lastDay: string | null): string | null {
  if (lastDay === null) return null;
  const year = Number(lastDay.slice(0, 4));
  const month = Number(lastDay.slice(5, 7));
  for (const [y, m] of [
    [year, month],
    [month === 12 ? year + 1 : year, month === 12 ? 1 : month + 1],
  ] as const) {
    const date = iso(y, m, day);
    if (date === null || date < lastDay.slice(0, 10)) continue;
    if (weekday === null || new Date(`${date}T00:00:00Z`).getUTCDay() === weekday) return date;
  }
  return null;
}

/**
 * The day (and time) a diary line opens with and the line after them, or null. `order` reads a slash pair; a
 * weekday written before it settles the order when only one reading falls on it.
 */
export function diaryLineDay(
  text: string,
  order: SlashOrder,
  anchor: string | null,
  lastDay: string | null,
): DiaryDay | null {
  if (anchor === null || text.length > 300) return null;
  const m = OPENING_DAY.exec(text);
  if (!m) return null;
  const weekday = m[1] === undefined ? null : leadingWeekday(m[1]);
  let date: string | null = null;
  if (m[2] !== undefined || m[4] !== undefined) {
    const a = Number(m[2] ?? m[4]);
    const b = Number(m[3] ?? m[5]);
    // A dotted pair is always day first; a slash pair as the document writes, unless the weekday says otherwise.
    const dayFirst = nearestYear(b, a, anchor);
    const monthFirst = m[4] !== undefined ? null : nearestYear(a, b, anchor);
    const fits = (d: string | null) =>
      d !== null && weekday !== null && new Date(`${d}T00:00:00Z`).getUTCDay() === weekday;
    if (fits(dayFirst) !== fits(monthFirst)) date = fits(dayFirst) ? dayFirst : monthFirst;
    else date = order === 'day-first' || m[4] !== undefined ? dayFirst : monthFirst;
  } else if (m[6] !== undefined || m[9] !== undefined) {
    const month = MONTH_BY_NAME.get(((m[7] ?? m[8]) as string).toLowerCase().replace(/\.$/, ''));
    date = month === undefined ? null : nearestYear(month, Number(m[6] ?? m[9]), anchor);
  } else if (m[10] !== undefined) {
    date = dayOfMonthAfter(Number(m[10]), weekday, lastDay);
  }
  if (date === null) return null;
  let rest = text.slice(m[0].length);
  const time = OPENING_TIME.exec(rest);
  if (time) {
    rest = rest.slice(time[0].length);
    date = withTimeAfter(date, ` ${time[1] as string}`);
  }
  rest = rest.replace(SEPARATOR, '').replace(PART_OF_DAY, '');
  // The line's first reading follows (an aside between dashes may come first: `- after walk - bp 129/82`); a
  // sentence running on from the line above (`labs from` / `October 29 look much better. LDL 71`) is no diary line,
  // and a line that is only its day is a heading, read elsewhere.
  return READING_FIRST.test(rest) ? { iso: date, rest } : null;
}

/** An indented line opening with a clock time under a dated diary line: `         10:30pm B/P 131/84`. */
const INDENTED_TIME = /^\s{2,}(\d{1,2}[:.]\d{2}\s*(?:[ap]\.?m\.?|[ap](?![\p{L}]))?)(?![\d\p{L}])\s*/iu;

/** The day above timed by the line's opening time, and the line after it, or null. */
export function diaryTimeUnder(text: string, day: string): DiaryDay | null {
  const m = INDENTED_TIME.exec(text);
  if (!m) return null;
  const timed = withTimeAfter(day.slice(0, 10), ` ${m[1] as string}`);
  return timed === day.slice(0, 10) ? null : { iso: timed, rest: text.slice(m[0].length) };
}
