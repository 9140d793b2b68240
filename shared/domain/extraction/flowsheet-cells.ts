/**
 * Cells of EHR flowsheet and results-review pastes (Epic, Cerner): dates written with a four-digit military time
 * (`11/22/26 0512`), and a `Collected` date that a single space joins to the range cell before it when the range
 * runs long (`0.5 - 2.0 mmol/L 11/22/26 0512`).
 */
import { findDates, type SlashOrder } from './dates';

/** `0512`, `0000 Local`: a four-digit military time at the start, as the clock time it is (` 05:12`). */
export function militaryAsClock(time: string): string {
  return ` ${time.trim().replace(/^([0-2]\d)([0-5]\d)(?!\d)/, '$1:$2')}`;
}

/** What may follow a spilled date in its cell: nothing, or a clock or military time. */
const TIME_ONLY = /^\s*(?:\d{1,2}[:h]\d{2}(?::\d{2})?\s*(?:[ap]\.?m\.?)?|[0-2]\d[0-5]\d)?\s*$/i;

/**
 * A range cell that ends in a date (and its time) when the row's date column is empty: the date belongs to that
 * column. The range, and the date text split off it (null when the cell holds no such date).
 */
export function splitSpilledDate(rangeCell: string, order: SlashOrder): { range: string; date: string | null } {
  if (rangeCell.length > 120) return { range: rangeCell, date: null };
  const dates = findDates(rangeCell, order);
  const last = dates[dates.length - 1];
  if (!last || last.start === 0 || !/\s/.test(rangeCell.charAt(last.start - 1)))
    return { range: rangeCell, date: null };
  if (!TIME_ONLY.test(rangeCell.slice(last.end))) return { range: rangeCell, date: null };
  const range = rangeCell.slice(0, last.start).trim();
  if (!/\d/.test(range)) return { range: rangeCell, date: null };
  return { range, date: rangeCell.slice(last.start).trim() };
}

/**
 * An upper-case heading that times its block on the document's day: a dialysis run sheet's `PRE-DIALYSIS OBS (07:05)`,
 * a ward chart's `OBSERVATIONS [14:30]`. The time as written, or null.
 */
const TIMED_HEADING = /^\s*(\p{Lu}[\p{Lu}\s\-/&.']{2,60}?)\s*[([]\s*(\d{1,2}[:h]\d{2})\s*[)\]]\s*:?\s*$/u;

/** A nursing note's caption timing its observations in any case: `Obs at 02:00`, `Vital signs @ 14:30:`, `Vitals 06:00`. */
const TIMED_OBS_CAPTION =
  /^\s*(?:obs|observations|vitals|vital\s+signs|nursing\s+obs)\s*(?:at|@|-|:)?\s*(\d{1,2}[:h]\d{2})\s*(?:h|hrs)?\s*:?\s*$/i;

export function headingTime(text: string): string | null {
  if (text.length > 100) return null;
  const caption = TIMED_OBS_CAPTION.exec(text);
  if (caption) return caption[1] as string;
  const m = TIMED_HEADING.exec(text);
  return m && /\p{Lu}{3}/u.test(m[1] as string) ? (m[2] as string) : null;
}

/** An upper-case heading with no number in it (`INTRADIALYTIC OBS`, `MONTHLY BLOODS (taken pre/post)`): a new block. */
const PLAIN_HEADING = /^\s*\p{Lu}[\p{Lu}\s\-/&.']{2,60}(?:\s*\([^()\d]*\))?\s*:?\s*$/u;

/** A caption in words alone on its line, ending in a colon (`Morning bloods:`): the next block of a note. */
const WORDS_CAPTION = /^\s*\p{L}[\p{L}\s\-/&.']{2,40}:\s*$/u;

export function isPlainHeading(text: string): boolean {
  if (text.length > 100) return false;
  return (PLAIN_HEADING.test(text) && /\p{Lu}{3}/u.test(text)) || WORDS_CAPTION.test(text);
}
