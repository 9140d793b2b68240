/**
 * Record prints listing entries one under another, each with a `Date:` line of its own (the NHS App's GP record,
 * patient portals' result lists): `Full blood count` / `Date: 3 September 2026` / results..., then `HbA1c` /
 * `Date: 18 June 2026` / results. Each such line dates the results under it, until the next.
 *
 * A single `Date:` line is a report's date, which `reportDate` weighs against a collection date; only a caption
 * repeated with different dates is an entry's. Captions naming a report, a birth or a deadline never are.
 */
import { dateCaptionKind, findDates, type SlashOrder, withTimeAfter } from './dates';

/** `Date: 18 June 2026`, `Date taken : 02/10/2025 09:40`, `Datum: 14.01.2026`: a short caption, a date, a time. */
const CAPTIONED = /^\s*([^\d:：]{2,30}?)\s*[:：]\s*(\S.*)$/u;

export interface EntryDateLine {
  /** The caption, folded, so that lines repeating it are recognised. */
  caption: string;
  iso: string;
}

/** The line's caption and date (with its time) when the line is nothing but a date caption and its date. */
/** Cells after an entry's date: its title and who filed it, after a column gap, with no digit. */
const ENTRY_TITLE_CELLS = /^\s{2,}\p{L}[^\d]{0,100}$/u;

export function entryDateLine(text: string, order: SlashOrder): EntryDateLine | null {
  if (text.length > 140) return null;
  const m = CAPTIONED.exec(text);
  if (!m) return null;
  const caption = (m[1] as string).trim();
  if (caption.split(/\s+/).length > 3) return null;
  const kind = dateCaptionKind(caption);
  if (kind !== 'generic' && kind !== 'collection') return null;
  const field = m[2] as string;
  const dates = findDates(field, order);
  const date = dates[0];
  if (dates.length !== 1 || date === undefined || field.slice(0, date.start).trim() !== '') return null;
  const after = field.slice(date.end);
  const iso = withTimeAfter(date.iso, after);
  const rest = iso === date.iso ? after : after.replace(/^\s*\S*\d[:h.]\d{2}\S*(?:\s*[ap]\.?m\.?)?/i, '');
  // The GP record may print the entry's title and who filed it beside the date, a column gap apart (`Date:
  // 04/03/2026     Urea and electrolytes     Filed by: Dr A Khan`): words only, never a value.
  if (rest.trim() !== '' && !ENTRY_TITLE_CELLS.test(rest)) return null;
  return { caption: caption.toLowerCase(), iso };
}

/**
 * A title naming an event still to come (`Next appointment`, `Recall`, `Review due`, `Nächster Termin`, `Prochain
 * rendez-vous`): the `Date:` line under it is that event's, not an entry's, and dates no result.
 */
const SCHEDULED_EVENT =
  /\b(?:next|appointments?|recall|due|follow[-\s]?up|booked|scheduled|planned|review\s+date|termin|wiedervorstellung|rendez[-\s]?vous|prochaine?|cita|pr[oó]xim[ao]|prossim[ao]|controllo|afspraak|volgende)\b/i;

export function isScheduledEventTitle(text: string): boolean {
  return text.length <= 80 && SCHEDULED_EVENT.test(text);
}

/** Whether the document dates its entries by `Date:` lines: one caption written with two different dates or more. */
export function datesEntriesByLines(lines: readonly string[], order: SlashOrder): boolean {
  const datesByCaption = new Map<string, Set<string>>();
  for (const line of lines) {
    const entry = entryDateLine(line, order);
    if (!entry) continue;
    const dates = datesByCaption.get(entry.caption) ?? new Set<string>();
    dates.add(entry.iso.slice(0, 10));
    if (dates.size > 1) return true;
    datesByCaption.set(entry.caption, dates);
  }
  return false;
}
