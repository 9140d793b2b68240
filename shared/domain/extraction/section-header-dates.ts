/**
 * A section header that carries its date between dashes or bars, as portals list a visit's or a panel's results:
 *
 *   `Ankara Bilkent Şehir Hastanesi - 14.03.2026 - Biyokimya`   (e-Nabız: hospital, date, department)
 *   `Full blood count - 27 January 2026`                         (NHS App: the panel and its date)
 *   `2026-03-14 | Laboratorio Central | Química`
 *
 * The date dates every reading under it until the next such header. A header of one part of words before its date
 * may name the test itself (`Serum ferritin level - 27 January 2026` over `11 ug/L`): that part is returned as a name
 * the value line under it may take. A part holding a number (an identifier, an address) or an appointment, due or
 * birth word makes the line something else.
 */
import { findDates, type SlashOrder, withTimeAfter } from './dates';

/** The separators of a header's parts: a dash, an en or em dash or a bar, with spaces round it. */
const PART_SEPARATOR = /\s+[-–—|]\s+/;
/** Words that make the date another event's: an appointment, a due date, a birth, a print. */
const OTHER_EVENT =
  /\b(?:next|due|appointment|appt|scheduled|booked|recall|born|dob|birth|printed|print|randevu|doğum|dogum|geboren|nacimiento|naissance|nascita|urodzenia)\b/iu;
/** A word that opens with a letter and may hold digits: `A1c`, `B12`, `T4`. */
const WORD_WITH_DIGITS = /\p{L}[\p{L}\d]*/gu;
/** The most words a header part may have: a hospital's name runs long, a sentence longer. */
const MAX_PART_WORDS = 7;

export interface SectionHeaderDate {
  iso: string;
  /** The words before the date when they are the header's only part: maybe the name of the test under it. */
  name: string | null;
}

/** The date a dashed section header gives the lines under it (see the module comment), or null. */
export function sectionHeaderDate(text: string, order: SlashOrder): SectionHeaderDate | null {
  const trimmed = text.trim();
  if (trimmed.length > 140 || !PART_SEPARATOR.test(trimmed)) return null;
  const parts = trimmed.split(PART_SEPARATOR);
  if (parts.length < 2 || parts.length > 4) return null;
  let dateAt = -1;
  let iso = '';
  for (const [k, part] of parts.entries()) {
    const dates = findDates(part, order);
    if (dates.length === 1) {
      const date = dates[0] as (typeof dates)[number];
      const rest = `${part.slice(0, date.start)} ${part.slice(date.end)}`.replace(
        /\d{1,2}[:.h]\d{2}(?:\s*[AP]M)?/i,
        '',
      );
      if (dateAt !== -1 || /\d/.test(rest) || /\p{L}{2}/u.test(rest)) return null;
      dateAt = k;
      iso = withTimeAfter(date.iso, part.slice(date.end));
      continue;
    }
    // A digit inside a word names a test (`Hemoglobin A1c`, `Vitamin B12`); a number alone is an identifier.
    if (
      dates.length > 0 ||
      /\d/.test(part.replace(WORD_WITH_DIGITS, '')) ||
      !/\p{L}{2}/u.test(part) ||
      OTHER_EVENT.test(part)
    )
      return null;
    if (part.split(/\s+/).length > MAX_PART_WORDS || /[.!?:]$/.test(part)) return null;
  }
  if (dateAt === -1) return null;
  const name = parts.length === 2 && dateAt === 1 ? (parts[0] as string) : null;
  return { iso, name };
}
