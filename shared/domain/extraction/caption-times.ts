/**
 * `Triage vitals (21:55): T 38.9 °C, HR 114, BP 96/58`: a caption in words with a time of day in brackets (or after
 * `at`/`@`), a colon, then the readings on the same line. The readings were taken at that time on the day the note is
 * dated, not at the time of another block's collection. Lines under a caption alone are `flowsheet-cells.ts`'s.
 */
import { withTimeAfter } from './dates';

const TIMED_CAPTION =
  /^\s*\p{L}[\p{L}\s\-/&.']{1,40}?\s*(?:[([]\s*(?:at\s+|@\s*)?(\d{1,2}[:h]\d{2})\s*(?:h|hrs)?\s*[)\]]|(?:at|@)\s*(\d{1,2}[:h]\d{2})\s*(?:h|hrs)?)\s*:\s+(?=\S)/iu;

/** The line's readings dated at its caption's time on `day` (a date, perhaps timed), with the text after the colon. */
export function timedCaption(text: string, day: string | null): { iso: string; rest: string } | null {
  if (day === null || text.length > 1000) return null;
  const m = TIMED_CAPTION.exec(text);
  const time = m ? (m[1] ?? m[2]) : undefined;
  if (!m || time === undefined || !/\d/.test(text.slice(m[0].length))) return null;
  const timed = withTimeAfter(day.slice(0, 10), ` ${time.replace('h', ':')}`);
  return timed.length > 10 ? { iso: timed, rest: text.slice(m[0].length) } : null;
}
