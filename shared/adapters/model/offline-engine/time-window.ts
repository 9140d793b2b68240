/**
 * Time windows named in a question ("this year", "last 3 months", "since March", "between 1 Jan and 31 Mar 2025"),
 * as the inclusive ISO dates the data tools take. Calendar arithmetic is in UTC, like the stored times.
 */

import { displayDate, MONTH_LONG } from './dates';
import { englishWindowPhrases } from './window-phrases';

export { displayDate } from './dates';

/** A period a date expression names: one day, a calendar month, a year, or a named window ("since last year"). */
export type Period =
  | { kind: 'day'; day: string }
  | { kind: 'month'; year: number; month: number }
  | { kind: 'year'; year: number }
  | { kind: 'window'; name: WindowName };

/**
 * What a window is, apart from the words for it, so that each language names it its own way. Days are ISO dates;
 * `since` is the first day a window covers.
 */
export type WindowName =
  | { kind: 'between'; from: string; to: string }
  | { kind: 'years'; from: number; to: number }
  | { kind: 'bounds'; since: string | null; until: string | null }
  /** `in the last 3 months`, `in the past year`: `written` is the unit as the question wrote it (`hrs`). */
  | { kind: 'rolling'; lead: 'last' | 'past'; n: number; unit: Unit | 'hour'; written: string; since: string }
  /** 0 is Sunday. */
  | { kind: 'weekday'; weekday: number; day: string }
  | { kind: 'today' | 'yesterday'; day: string }
  | { kind: 'thisWeek' | 'thisMonth' | 'thisYear'; since: string }
  | { kind: 'lastMonth'; year: number; month: number }
  | { kind: 'lastYear'; year: number }
  | { kind: 'in' | 'on'; period: Period };

export interface TimeWindow {
  /** Inclusive ISO date (`YYYY-MM-DD`), or null for "from the first reading". */
  from: string | null;
  /** Inclusive ISO date, or null for "up to now". */
  to: string | null;
  /** How an English answer names the window: `this year (since 1 Jan 2026)`, `in March 2025`. */
  label: string;
  /** The window itself, for answers in other languages. */
  name: WindowName;
}

const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

function englishPeriod(period: Period): string {
  switch (period.kind) {
    case 'day':
      return displayDate(period.day);
    case 'month':
      return `${MONTH_LONG[period.month - 1]} ${period.year}`;
    case 'year':
      return String(period.year);
    case 'window':
      return englishWindow(period.name);
  }
}

/** How an English answer names a window. */
export function englishWindow(name: WindowName): string {
  switch (name.kind) {
    case 'between':
      return `between ${displayDate(name.from)} and ${displayDate(name.to)}`;
    case 'years':
      return `in ${name.from}–${name.to}`;
    case 'bounds':
      return [
        name.since ? `since ${displayDate(name.since)}` : '',
        name.until ? `up to ${displayDate(name.until)}` : '',
      ]
        .filter(Boolean)
        .join(' and ');
    case 'rolling':
      return `in the ${name.lead} ${name.n === 1 ? '' : `${name.n} `}${name.written} (since ${displayDate(name.since)})`;
    case 'weekday':
      return `on ${WEEKDAY_NAMES[name.weekday]} (${displayDate(name.day)})`;
    case 'today':
      return `today (${displayDate(name.day)})`;
    case 'yesterday':
      return `yesterday (${displayDate(name.day)})`;
    case 'thisWeek':
      return `this week (since ${displayDate(name.since)})`;
    case 'thisMonth':
      return `this month (since ${displayDate(name.since)})`;
    case 'thisYear':
      return `this year (since ${displayDate(name.since)})`;
    case 'lastMonth':
      return `last month (${MONTH_LONG[name.month - 1]} ${name.year})`;
    case 'lastYear':
      return `last year (${name.year})`;
    case 'in':
      return `in ${englishPeriod(name.period)}`;
    case 'on':
      return `on ${englishPeriod(name.period)}`;
  }
}

function windowNamed(from: string | null, to: string | null, name: WindowName): TimeWindow {
  return { from, to, label: englishWindow(name), name };
}

const MONTHS: Record<string, number> = {
  january: 1,
  jan: 1,
  february: 2,
  feb: 2,
  march: 3,
  mar: 3,
  april: 4,
  apr: 4,
  may: 5,
  june: 6,
  jun: 6,
  july: 7,
  jul: 7,
  august: 8,
  aug: 8,
  september: 9,
  sept: 9,
  sep: 9,
  october: 10,
  oct: 10,
  november: 11,
  nov: 11,
  december: 12,
  dec: 12,
};
/** English number words, for periods (`last two weeks`) and counts of readings (`last three results`). */
export const NUMBER_WORDS: Readonly<Record<string, number>> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  eighteen: 18,
  twenty: 20,
  thirty: 30,
  'a couple of': 2,
  'couple of': 2,
  'a couple': 2,
  'a few': 3,
  few: 3,
};

interface Day {
  y: number;
  m: number;
  d: number;
}

function dayOf(ms: number): Day {
  const date = new Date(ms);
  return { y: date.getUTCFullYear(), m: date.getUTCMonth() + 1, d: date.getUTCDate() };
}

/** The day `n` days/months/years from `day`, normalised (31 Mar − 1 month = 3 Mar → clamped to 28/29 Feb). */
function shift(day: Day, unit: 'day' | 'month' | 'year', n: number): Day {
  if (unit === 'day') return dayOf(Date.UTC(day.y, day.m - 1, day.d + n));
  const months = unit === 'month' ? n : 12 * n;
  const first = dayOf(Date.UTC(day.y, day.m - 1 + months, 1));
  return { ...first, d: Math.min(day.d, daysInMonth(first.y, first.m)) };
}

function daysInMonth(y: number, m: number): number {
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

export function isoDay(day: Day): string {
  return `${String(day.y).padStart(4, '0')}-${String(day.m).padStart(2, '0')}-${String(day.d).padStart(2, '0')}`;
}

function validDay(y: number, m: number, d: number): Day | null {
  if (m < 1 || m > 12 || d < 1 || d > daysInMonth(y, m)) return null;
  return { y, m, d };
}

/** A date expression: the first and last day it covers. */
interface Span {
  start: Day;
  end: Day;
  period: Period;
}

const MONTH_RE =
  '(january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)\\b\\.?';
const ORD = '(?:st|nd|rd|th)?';
/** Every date form understood, most specific first; each alternative is tried anchored at the start. */
const DATE_FORMS: { re: RegExp; read: (m: RegExpExecArray, today: Day) => Span | null }[] = [
  {
    // 2025-03-01, 2025/03/01
    re: /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})\b/,
    read: (m) => single(validDay(Number(m[1]), Number(m[2]), Number(m[3]))),
  },
  {
    // 3 march 2025, 3rd of march, 3 mar
    re: new RegExp(`^(\\d{1,2})${ORD}(?: of)? ${MONTH_RE}(?:,? (\\d{4}))?`),
    read: (m, today) => {
      const month = MONTHS[m[2] as string] as number;
      const year = m[3] ? Number(m[3]) : yearOfMonth(month, today);
      return single(validDay(year, month, Number(m[1])));
    },
  },
  {
    // march 3 2025, march 3rd, 2025, march 3
    re: new RegExp(`^${MONTH_RE} (\\d{1,2})${ORD}(?!\\d)(?:,? (\\d{4}))?`),
    read: (m, today) => {
      const month = MONTHS[m[1] as string] as number;
      const year = m[3] ? Number(m[3]) : yearOfMonth(month, today);
      return single(validDay(year, month, Number(m[2])));
    },
  },
  {
    // march 2025, march of 2025
    re: new RegExp(`^${MONTH_RE},?(?: of)? ((?:19|20)\\d{2})\\b`),
    read: (m) => monthSpan(Number(m[2]), MONTHS[m[1] as string] as number),
  },
  {
    // march (the latest March that has begun)
    re: new RegExp(`^${MONTH_RE}`),
    read: (m, today) => {
      const month = MONTHS[m[1] as string] as number;
      return monthSpan(yearOfMonth(month, today), month);
    },
  },
  {
    // 2025
    re: /^((?:19|20)\d{2})\b/,
    read: (m) => yearSpan(Number(m[1])),
  },
];

function single(day: Day | null): Span | null {
  return day ? { start: day, end: day, period: { kind: 'day', day: isoDay(day) } } : null;
}

function monthSpan(y: number, m: number): Span {
  return {
    start: { y, m, d: 1 },
    end: { y, m, d: daysInMonth(y, m) },
    period: { kind: 'month', year: y, month: m },
  };
}

function yearSpan(y: number): Span {
  return { start: { y, m: 1, d: 1 }, end: { y, m: 12, d: 31 }, period: { kind: 'year', year: y } };
}

/** A month named without a year is the latest such month that has begun: in November, "March" is this March. */
function yearOfMonth(month: number, today: Day): number {
  return month <= today.m ? today.y : today.y - 1;
}

/** The date expression at the very start of `text`, if any. */
function dateAt(text: string, today: Day): Span | null {
  const trimmed = text.replace(/^(?:the )/, '');
  for (const form of DATE_FORMS) {
    const m = form.re.exec(trimmed);
    if (m) return form.read(m, today);
  }
  return null;
}

function numberOf(word: string): number | null {
  if (/^\d+$/.test(word)) return Number(word);
  return NUMBER_WORDS[word] ?? null;
}

export type Unit = 'day' | 'week' | 'month' | 'year';

function unitOf(word: string): Unit | 'hour' | null {
  const stem = word.replace(/s$/, '');
  if (stem === 'hour' || stem === 'hr') return 'hour';
  if (stem === 'day' || stem === 'week' || stem === 'month' || stem === 'year') return stem;
  return null;
}

function rolling(today: Day, n: number, unit: Unit | 'hour', lead: 'last' | 'past', written: string): TimeWindow {
  const from =
    unit === 'hour'
      ? shift(today, 'day', -Math.max(1, Math.ceil(n / 24)))
      : unit === 'week'
        ? shift(today, 'day', -7 * n)
        : shift(today, unit, -n);
  return windowNamed(isoDay(from), null, { kind: 'rolling', lead, n, unit, written, since: isoDay(from) });
}

const RELATIVE = new RegExp(
  `\\b(?:last|past|previous|recent|prior|over|within|in)(?: the)? (\\d+|a couple of|couple of|a couple|a few|few|${Object.keys(
    NUMBER_WORDS,
  )
    .filter((w) => /^[a-z]+$/.test(w) && w !== 'a' && w !== 'an')
    .join('|')}) (hours?|hrs?|days?|weeks?|months?|years?)\\b`,
);

/**
 * The window a question names, or null when it names none (all time). Understands: today, yesterday, this
 * week/month/year, last week/month/year, past week/month/year, last/past N days|weeks|months|years, in/during
 * <year>, in <month> [year], on <date>, since/after/from <date|month|year>, before/until <…>, between <…> and <…>.
 */
export function parseTimeWindow(normalized: string, nowMs: number): TimeWindow | null {
  const today = dayOf(nowMs);
  const text = ` ${englishWindowPhrases(normalized)
    .replace(/[?!;¿¡？！；]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()} `;

  // between X and Y, from X to Y
  const range = rangeIn(text, today);
  if (range) return range;

  // 2025 vs 2026: both years, so that the answer can set one against the other.
  const years = /\b((?:19|20)\d{2}) (?:vs|versus|and|or|compared (?:to|with)|to) ((?:19|20)\d{2})\b/.exec(text);
  if (years) {
    const [a, b] = [Number(years[1]), Number(years[2])].sort((x, y) => x - y) as [number, number];
    return windowNamed(`${a}-01-01`, `${b}-12-31`, { kind: 'years', from: a, to: b });
  }

  const since = dateAfter(text, /\b(since|after|starting|from)(?: the)? /g, today);
  const until = dateAfter(text, /\b(before|until|till|up to|through)(?: the)? /g, today);
  if (since || until) {
    const from = since ? (since.keyword === 'after' ? shift(since.span.end, 'day', 1) : since.span.start) : null;
    const to = until ? (until.keyword === 'before' ? shift(until.span.start, 'day', -1) : until.span.end) : null;
    const [first, last] = [from ? isoDay(from) : null, to ? isoDay(to) : null];
    return windowNamed(first, last, { kind: 'bounds', since: first, until: last });
  }

  const relative = RELATIVE.exec(text);
  if (relative) {
    const n = numberOf(relative[1] as string);
    const unit = unitOf(relative[2] as string);
    if (n !== null && n > 0 && unit) {
      const plural = n === 1 ? (relative[2] as string).replace(/s$/, '') : (relative[2] as string);
      return rolling(today, n, unit, 'last', plural);
    }
  }

  // "better than last year", "compared to last month": from the start of that period up to now.
  const against =
    /\b(?:compared (?:to|with)|vs|versus|than|relative to) (?:the )?(?:last|previous|prior) (year|month)\b/.exec(text);
  if (against) {
    const start = against[1] === 'year' ? { y: today.y - 1, m: 1, d: 1 } : shift({ ...today, d: 1 }, 'month', -1);
    return windowNamed(isoDay(start), null, { kind: 'bounds', since: isoDay(start), until: null });
  }

  const named = namedWindow(text, today);
  if (named) return named;

  // in/during/for March 2025, in March, in 2025
  const inSpan = dateAfter(text, /\b(in|during|for|of|throughout|over) (?:the (?:month|year) of )?/g, today, true);
  if (inSpan) return windowOf(inSpan.span, 'in');

  // on 12 Jan 2026, on 2026-01-12
  const on = dateAfter(text, /\b(on) (?:the )?/g, today);
  if (on) return windowOf(on.span, 'on');

  // A full date or a year anywhere: "my 2025 results", "glucose 2026-01-12".
  const iso = /\b(\d{4}-\d{1,2}-\d{1,2})\b/.exec(text);
  const isoSpan = iso ? dateAt(iso[1] as string, today) : null;
  if (isoSpan) return windowOf(isoSpan, 'on');
  const year = /(?:^|\s)((?:19|20)\d{2})(?=[\s,.]|$)/.exec(text);
  if (year) return windowOf(yearSpan(Number(year[1])), 'in');
  return null;
}

/** `between X and Y`, `from X to Y`: every `between`/`from` is tried, with every connector after it. */
function rangeIn(text: string, today: Day): TimeWindow | null {
  for (const opener of text.matchAll(/\b(?:between|from) (?:the )?/g)) {
    const rest = text.slice((opener.index ?? 0) + opener[0].length);
    for (const joint of rest.matchAll(/ (?:and|to|until|till|through|thru|-) (?:the )?/g)) {
      const a = dateAt(rest.slice(0, joint.index), today);
      const b = dateAt(rest.slice((joint.index ?? 0) + joint[0].length), today);
      if (!a || !b) continue;
      const [first, second] = isoDay(a.start) <= isoDay(b.end) ? [a, b] : [b, a];
      return windowNamed(isoDay(first.start), isoDay(second.end), {
        kind: 'between',
        from: isoDay(first.start),
        to: isoDay(second.end),
      });
    }
  }
  return null;
}

/**
 * The first date expression right after one of the keywords (every occurrence is tried: in "results from my
 * doctor since March" the `from` leads nowhere, the `since` does). A named window ("since last year") counts,
 * by its first day. `periodOnly` skips single days (`in 3 March` is not how a period is named).
 */
function dateAfter(
  text: string,
  keywords: RegExp,
  today: Day,
  periodOnly = false,
): { keyword: string; span: Span } | null {
  for (const match of text.matchAll(keywords)) {
    const rest = text.slice((match.index ?? 0) + match[0].length);
    const span = dateAt(rest, today);
    if (span && !(periodOnly && isoDay(span.start) === isoDay(span.end))) {
      return { keyword: match[1] as string, span };
    }
    if (!span && !periodOnly) {
      const window = namedWindow(` ${rest.split(/\b(?:and|to|until|but)\b/)[0]} `, today);
      if (window?.from) {
        const start = dayFromIso(window.from);
        const end = window.to ? dayFromIso(window.to) : today;
        return { keyword: match[1] as string, span: { start, end, period: { kind: 'window', name: window.name } } };
      }
    }
  }
  return null;
}

function dayFromIso(iso: string): Day {
  const [y, m, d] = iso.split('-').map(Number);
  return { y: y as number, m: m as number, d: d as number };
}

function windowOf(span: Span, kind: 'in' | 'on'): TimeWindow {
  return windowNamed(isoDay(span.start), isoDay(span.end), { kind, period: span.period });
}

const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

function namedWindow(text: string, today: Day): TimeWindow | null {
  const has = (re: RegExp) => re.test(text);
  // on monday, last friday: the latest such day, today included.
  const weekday = /\b(?:on|last|this|past) (sunday|monday|tuesday|wednesday|thursday|friday|saturday)\b/.exec(text);
  if (weekday) {
    const todayIndex = new Date(Date.UTC(today.y, today.m - 1, today.d)).getUTCDay();
    const back = (todayIndex - WEEKDAYS.indexOf(weekday[1] as string) + 7) % 7;
    const day = isoDay(shift(today, 'day', -back));
    return windowNamed(day, day, { kind: 'weekday', weekday: WEEKDAYS.indexOf(weekday[1] as string), day });
  }
  if (has(/\btoday\b|\bthis (?:morning|afternoon|evening)\b|\btonight\b/)) {
    return windowNamed(isoDay(today), isoDay(today), { kind: 'today', day: isoDay(today) });
  }
  if (has(/\byesterday\b|\blast night\b/)) {
    const y = isoDay(shift(today, 'day', -1));
    return windowNamed(y, y, { kind: 'yesterday', day: y });
  }
  if (has(/\bthis week\b/)) {
    const monday = shift(today, 'day', -((new Date(Date.UTC(today.y, today.m - 1, today.d)).getUTCDay() + 6) % 7));
    return windowNamed(isoDay(monday), null, { kind: 'thisWeek', since: isoDay(monday) });
  }
  if (has(/\b(?:last|past|previous) (?:7 days|week)\b/)) return rolling(today, 1, 'week', 'last', 'week');
  if (has(/\bthis month\b|\bmonth to date\b/)) {
    const first = { ...today, d: 1 };
    return windowNamed(isoDay(first), null, { kind: 'thisMonth', since: isoDay(first) });
  }
  if (has(/\bpast month\b|\blast 30 days\b|\bthe last month\b/)) return rolling(today, 1, 'month', 'past', 'month');
  if (has(/\b(?:last|previous|prior) month\b/)) {
    const previous = shift({ ...today, d: 1 }, 'month', -1);
    const span = monthSpan(previous.y, previous.m);
    return windowNamed(isoDay(span.start), isoDay(span.end), {
      kind: 'lastMonth',
      year: previous.y,
      month: previous.m,
    });
  }
  if (has(/\bthis year\b|\byear to date\b|\bytd\b|\bso far this year\b/)) {
    const first = { y: today.y, m: 1, d: 1 };
    return windowNamed(isoDay(first), null, { kind: 'thisYear', since: isoDay(first) });
  }
  if (has(/\b(?:past|last) (?:12 months|twelve months)\b|\bpast year\b|\bthe last year\b/)) {
    return rolling(today, 1, 'year', 'past', 'year');
  }
  if (has(/\b(?:last|previous|prior) year\b/)) {
    return windowNamed(`${today.y - 1}-01-01`, `${today.y - 1}-12-31`, { kind: 'lastYear', year: today.y - 1 });
  }
  return null;
}
