/**
 * A prose reading dated by a date its own sentence writes, as letters and lab notes mention an earlier result:
 *
 *   `Previous lithium 0.86 mmol/L on 12-Aug-2026.`, `Vorige uitslag kreatinine 128 µmol/L (12-08-2026).`,
 *   `Kontrolle in 4 Wochen. Vorbefund vom 14.10.2026: Kreatinin 1,21 mg/dl.`, `前回値（2026年8月20日）：LDL 171 mg/dL`,
 *   `TSH 5,94 µUI/mL em 12/05/2026`.
 *
 * The date counts when the sentence calls the reading an earlier one (`previous`, `Vorbefund`, `前回`), or when the
 * date is joined right after the reading by a word or a bracket (`on`, `em`, `vom`, `(…)`). A date after a word that
 * looks ahead (`repeat on`, `next`, `due`) is an appointment, never the reading's; neither is one before the reading
 * that no earlier word introduces (`Seen 12/03/2026, glucose 6.1` is the letter's account, dated elsewhere).
 */
import { findDates, iso, MONTH_ALTERNATION, type SlashOrder } from './dates';
import { monthAndDayOfCell, yearlessCellDate } from './yearless-dates';

/** Words calling a result an earlier one, in the languages partners write. */
const EARLIER_WORD =
  /(?:\b(?:previous|prior|earlier|last\s+(?:result|value|reading|level)s?|vorige|vorbefund\w*|vorwert\w*|vorherige\w*|letzte[rn]?\s+(?:wert|befund)\w*|anteriore?s?|ant[ée]rieure?s?|ant[ée]riorit[ée]s?|pr[ée]c[ée]dente?s?|precedent[ei]|vorig\w*)\b|前回|上次|前次|이전|직전)/iu;

/** What joins a date to the reading before it: `on`, `em`, `vom`, `le`, `from`, a bracket. */
const JOINER = /(?:\b(?:on|em|am|vom|von|le|du|del|de|do|da|from|dated|drawn|taken|collected|op|van)|[([（【])\s*$/iu;

/** What joins a yearless day to the reading: a word only (`on 21/09`, `from Oct 20`), no bracket. */
const YEARLESS_JOINER = /\b(?:on|from|dated|drawn|taken|collected|am|vom|le|du|del|em|op)\s+$/iu;

/** Words that put the date after them ahead of the reading: an appointment or a recall. */
const AHEAD =
  /\b(?:next|repeat|recheck|re-?test|follow[-\s]?up|due|until|till|before|booked|scheduled|appointment|appt|kontrolle|wiederholung|n[äa]chste[rn]?|herhal\w*|volgende|pr[óo]xim[oa]|prochain\w*|prossim[oa]|controle|contr[ôo]le|再検査|次回)\b/iu;

/** A clause break between a reading and a date: the date belongs to what the next clause tells (`, started ramipril on`). */
const CLAUSE_BREAK = /[,;]\s|\b(?:and|but|then|after|when|while|und|et|y|e)\s/iu;

/**
 * Words standing between the reading's value and a date after it, besides a unit and the joiner: `dose increased` in
 * `9.6 mg/L, dose increased on 21/09` tells another event, which the date dates.
 */
function otherEventBetween(sentence: string, nameAt: number, dateAt: number, value: string): boolean {
  const between = sentence.slice(nameAt, dateAt);
  const valueAt = between.indexOf(value);
  const afterValue = valueAt < 0 ? '' : between.slice(valueAt + value.length);
  if (CLAUSE_BREAK.test(afterValue)) return true;
  const rest = afterValue
    .replace(/^\s*[^\s\p{L}]*\p{L}*[^\s]*/u, '')
    .replace(JOINER, '')
    .replace(/\b(?:was|is|were|level|result|value)\b/giu, '')
    .trim();
  return /\p{L}{2,}/u.test(rest);
}

/** Where a sentence ends: a full stop, question or exclamation mark or semicolon before a space or the end, or a CJK stop. */
function sentenceAround(line: string, at: number, end: number): { start: number; text: string } {
  let start = 0;
  for (const m of line.slice(0, at).matchAll(/[.!?;](?=\s)|[。！？；]/gu)) start = (m.index as number) + 1;
  const tail = /[.!?;](?=\s|$)|[。！？；]/u.exec(line.slice(end));
  const stop = tail ? end + tail.index : line.length;
  return { start, text: line.slice(start, stop) };
}

/** A value right after a name, maybe after a colon or a verb (`lithium 0.86`, `INR was 1.4`). */
const VALUE_NEXT = /^\s*(?:[:：=]\s*|(?:was|is|of|level|value)\s+){0,2}[<>≤≥]?\d/iu;

/** Where the name stands before its value: the sentence before may name the test too (`Repeat lithium in 1 week.`). */
function readingPlace(line: string, name: string, value: string): number {
  let at = line.indexOf(name);
  const first = at;
  let valueNext = -1;
  while (at >= 0) {
    const after = line.slice(at + name.length, at + name.length + 40);
    // The same test twice on a line (`trough was 9.6 … a repeat trough on 23/09 was 15.2`): the value tells which.
    if (after.includes(value) && !after.slice(0, after.indexOf(value)).includes(name)) return at;
    if (valueNext < 0 && VALUE_NEXT.test(after)) valueNext = at;
    at = line.indexOf(name, at + 1);
  }
  return valueNext >= 0 ? valueNext : first;
}

/**
 * The date (ISO) that the sentence holding `name` on `line` gives its reading, or null when the sentence writes none
 * or its date is not the reading's.
 */
export function sentenceDate(
  line: string,
  name: string,
  value: string,
  order: SlashOrder,
  anchor: string | null = null,
): string | null {
  if (line.length > 400) return null;
  const at = readingPlace(line, name, value);
  if (at < 0) return null;
  const sentence = sentenceAround(line, at, at + name.length);
  const nameAt = at - sentence.start;
  const dates = findDates(sentence.text, order);
  const joined = dateJoinedToValue(sentence.text, nameAt, value, dates, order, anchor);
  if (joined !== undefined) return joined;
  if (dates.length === 0) return yearlessJoinedDate(sentence.text, nameAt, order, anchor, value);
  if (dates.length !== 1) return null;
  const date = dates[0] as (typeof dates)[number];
  // `from 62 mmol/mol on 3 July 2025 to 55 mmol/mol`: the date is the course's first value's, not the later one's.
  const valueAt = sentence.text.indexOf(value, nameAt);
  if (date.start > nameAt && valueAt > date.start && /\bto\s/i.test(sentence.text.slice(date.start, valueAt))) {
    return null;
  }
  const before = sentence.text.slice(0, date.start);
  // A word looking ahead counts between the reading and its date (`… 5.1, repeat on 12/12`), not before the name
  // (`a repeat trough on 23/09 was 15.2`).
  if (AHEAD.test(date.start > nameAt ? before.slice(nameAt) : before)) return null;
  if (date.start > nameAt && otherEventBetween(sentence.text, nameAt, date.start, value)) return null;
  if (EARLIER_WORD.test(sentence.text)) return date.iso;
  return date.start > nameAt && JOINER.test(before) ? date.iso : null;
}

/** A value, its unit, then `on`/`from`/`dated` and the date: `62 mmol/mol on 3 July 2025`. */
const VALUE_UNIT_JOINER = /^\s*(?:[^\s\d]\S{0,15}\s+)?(?:on|from|dated|drawn\s+on|taken\s+on)\s+/iu;

/**
 * `her HbA1c has improved from 62 mmol/mol on 3 July 2025 to 55 mmol/mol on 12 January`: a course gives each value
 * its own date, joined right after the value and its unit. That date (a yearless day takes `anchor`'s nearest year),
 * null when the date right after the value looks ahead, or undefined when no date is joined to the value.
 */
function dateJoinedToValue(
  sentence: string,
  nameAt: number,
  value: string,
  dates: readonly { start: number; iso: string }[],
  order: SlashOrder,
  anchor: string | null,
): string | null | undefined {
  if (dates.length + [...sentence.matchAll(YEARLESS)].length < 2) return undefined;
  const valueAt = sentence.indexOf(value, nameAt);
  if (valueAt < 0 || /[\d.,]/.test(sentence.charAt(valueAt + value.length))) return undefined;
  const after = sentence.slice(valueAt + value.length);
  const join = VALUE_UNIT_JOINER.exec(after);
  if (!join) return undefined;
  const dateAt = valueAt + value.length + join[0].length;
  const full = dates.find((d) => d.start === dateAt);
  if (full) return full.iso;
  const yearless = new RegExp(YEARLESS.source, 'iu').exec(sentence.slice(dateAt));
  if (yearless?.index !== 0 || anchor === null) return undefined;
  return nearestYearDate(yearless[0], order, anchor);
}

/** A day and month without a year: `21/09`, `Oct 20`, `3 March`, never inside a longer number run (`2/2/2026`). */
const YEARLESS = new RegExp(
  String.raw`(?<![\d/.])(?:\d{1,2}\/\d{1,2}|(?:${MONTH_ALTERNATION})\.?\s+\d{1,2}(?:st|nd|rd|th)?|\d{1,2}(?:st|nd|rd|th)?\s+(?:${MONTH_ALTERNATION})\.?)(?![\d/]|\.\d|,?\s*\d{4})`,
  'giu',
);

/**
 * `Vancomycin trough was 9.6 mg/L on 21/09`, `a repeat trough on 23/09 was 15.2 mg/L`: a letter's day and month
 * joined after the reading's name by `on`/`from`, the year the document's (`anchor`). Only one such day in the
 * sentence, and only after a joiner: `cultures 2/2 grew` is a count.
 */
/** A sentence's own opening before its day: `On 08/01`, `on 3 March`, `Am 08.01`, `Le 08/01`. */
const SENTENCE_OPENING_DAY = /^\s*(?:on|am|le|el|em|op)\s+$/iu;

function yearlessJoinedDate(
  sentence: string,
  nameAt: number,
  order: SlashOrder,
  anchor: string | null,
  value: string,
): string | null {
  if (anchor === null || sentence.length > 300) return null;
  const found = [...sentence.matchAll(YEARLESS)];
  if (found.length !== 1) return null;
  const m = found[0] as RegExpMatchArray;
  const start = m.index as number;
  const before = sentence.slice(0, start);
  // `On 08/01 CRP 96 mg/L and creatinine 121 umol/L.`: a sentence opening with its day dates the readings it lists.
  if (start < nameAt && SENTENCE_OPENING_DAY.test(before) && !AHEAD.test(sentence))
    return nearestYearDate(m[0], order, anchor);
  if (start < nameAt || AHEAD.test(before.slice(nameAt)) || !YEARLESS_JOINER.test(before)) return null;
  if (otherEventBetween(sentence, nameAt, start, value)) return null;
  return nearestYearDate(m[0], order, anchor);
}

/**
 * A letter's yearless day in the year that puts it nearest its anchor: a summary dated at admission reports days
 * after it (`on 23/09` under `Admitted 19/09/2026`), a January letter days of December.
 */
function nearestYearDate(written: string, order: SlashOrder, anchor: string): string | null {
  const found = monthAndDayOfCell(written, order);
  if (!found) return null;
  const year = Number(anchor.slice(0, 4));
  const from = Date.parse(`${anchor.slice(0, 10)}T00:00:00Z`);
  let best: string | null = null;
  for (const candidate of [year - 1, year, year + 1]) {
    const date = iso(candidate, found.month, found.day);
    if (date === null) continue;
    const distance = Math.abs(Date.parse(`${date}T00:00:00Z`) - from);
    if (best === null || distance < Math.abs(Date.parse(`${best}T00:00:00Z`) - from)) best = date;
  }
  return best;
}

/** A line opening with when the results above were drawn: `drawn on Oct 2 (cycle day 3).`, `All taken 03/10/2026.` */
const DRAWN_LINE =
  /^\s*(?:(?:all|these|bloods?|labs?|results?)\s+(?:were\s+)?)?(?:drawn|taken|collected|done)\s+(?:on\s+)?/i;

/**
 * The date a line gives the results listed right above it (`drawn on Oct 2 (cycle day 3). the AMH one is flagged`
 * under a pasted table): the line opens with a drawing word and its date; a yearless day takes `anchor`'s year.
 */
export function drawnDateOfBlockAbove(line: string, order: SlashOrder, anchor: string | null): string | null {
  if (line.length > 400) return null;
  const lead = DRAWN_LINE.exec(line);
  if (!lead) return null;
  const after = line.slice(lead[0].length);
  const full = findDates(after, order)[0];
  if (full) return full.start === 0 ? full.iso : null;
  const yearless = new RegExp(YEARLESS.source, 'iu').exec(after);
  return yearless && yearless.index === 0 && anchor !== null ? yearlessCellDate(yearless[0], order, anchor) : null;
}

/** A name, a day (with or without its year), a colon, a value: `weight 4/9: 212.4 lb`, `HbA1c 03/2026: 7.1 %`. */
const NAME_DATE_VALUE = /^(\s*\p{L}[\p{L}\s-]{0,30}?)\s+(\S[^:]{2,20}?)\s*:\s*(?=[<>]?\d)/u;

/**
 * `weight 4/9: 212.4 lb` in a patient's log: the day written between the name and its value's colon dates the reading
 * (a yearless day in the year that puts it nearest `anchor`). The date, and the line as `name: value`, or null.
 */
export function dateAfterName(
  text: string,
  order: SlashOrder,
  anchor: string | null,
): { iso: string; rest: string } | null {
  if (text.length > 200) return null;
  const m = NAME_DATE_VALUE.exec(text);
  if (!m) return null;
  const written = (m[2] as string).trim();
  const full = findDates(written, order)[0];
  const iso =
    full && full.start === 0 && full.end === written.length
      ? full.iso
      : anchor !== null && new RegExp(`^(?:${YEARLESS.source})$`, 'iu').test(written)
        ? nearestYearDate(written, order, anchor)
        : null;
  return iso === null ? null : { iso, rest: `${(m[1] as string).trim()}: ${text.slice(m[0].length)}` };
}

/**
 * A when-phrase opening a letter's line, up to its clause's end: `at 6 hours (15/04).`, `on 15/04/2026, then …`,
 * `(day 3, 16/04);`. A when-word or a bracket opens it (a date alone on a line is a heading), up to three words
 * (`at 6 hours`) before the date; a day before its month (`on 12 January,`) is one date.
 */
const WRAPPED_WHEN =
  /^\s*(?:(?:at|on|after|by)\s+(?:[\p{L}\d-]+\s+){0,3}?[([]?|[([])\s*(?:day\s+\d{1,2},?\s*)?(\d{1,2}\s+\p{L}{3,9}\.?(?:\s\d{4})?|[^\s()[\],;]{3,20}(?:\s\d{4})?)\s*[)\]]?\s*(?:[.,;](?:\s+|$)|$)/iu;

/**
 * `… rose from 48 ng/L on admission (14/04) to 2,140 ng/L` / `at 6 hours (15/04). Coronary …`: the sentence's last
 * reading ended the line above and its when-phrase with a date opens this one. The date (a yearless day takes
 * `anchor`'s nearest year) and the rest of the line, or null.
 */
export function wrappedWhenDate(
  line: string,
  order: SlashOrder,
  anchor: string | null,
): { iso: string; rest: string } | null {
  if (line.length > 400) return null;
  const m = WRAPPED_WHEN.exec(line);
  const written = m?.[1];
  if (!m || written === undefined) return null;
  const full = findDates(written, order)[0];
  const date = full
    ? full.start === 0 && full.end === written.length
      ? full.iso
      : null
    : anchor !== null && new RegExp(`^${YEARLESS.source}$`, 'iu').test(written)
      ? nearestYearDate(written, order, anchor)
      : null;
  return date === null ? null : { iso: date, rest: line.slice(m[0].length).trim() };
}
