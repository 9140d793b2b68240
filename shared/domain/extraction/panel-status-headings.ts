/**
 * A portal's result heading: the panel's name, when it was collected and the result's status, in cells parted by
 * column gaps, as Oracle Health (Cerner) HealtheLife, Epic MyChart and other portals list results:
 *
 *   `BMP (Basic Metabolic Panel)                 3/28/2026 2:05 PM CDT     Final`
 *   `Hemograma completo      Final      14/03/2026 08:10`
 *
 * The date (with its time; the zone is dropped) dates every reading under the heading until the next one. The status
 * word is what makes the line a heading: a reading's row never ends in `Final`, and a line with a figure outside the
 * date and the name (`Glucose  104  3/28/2026`) is a row, not a heading.
 */
import { dateCaptionKind, findDates, type SlashOrder, withTimeAfter } from './dates';

/** Words making the date an appointment's, a due date or a print. */
const OTHER_EVENT = /\b(?:next|due|appointment|appt|scheduled|booked|recall|printed|print)\b/iu;

/** A result's status as portals print it: English, Spanish, Portuguese, French, German, Italian, Dutch. */
const STATUS =
  /^(?:final(?:\s+result)?|finalized|preliminary|prelim|corrected|amended|completed?|resulted|verified|partial(?:\s+result)?|definitivo|definitiva|final(?:izado|izada)|preliminar|corregido|liberado|d[ée]finitif|valid[ée]|endg[üu]ltig|endbefund|vorl[äa]ufig|provvisorio|definitief|voorlopig)$/iu;
/** A clock time and its half of the day and zone: removed from the date's cell before it is checked for words. */
const CLOCK_AND_ZONE =
  /\d{1,2}[:h]\d{2}(?::\d{2})?(?:\s*[ap]\.?m\.?)?(?:\s+(?:[A-Z]{2,4}|UTC[+-]?\d*|GMT[+-]?\d*))?/giu;
/** The most words a panel's name may have. */
const MAX_NAME_WORDS = 8;

/** The date (with its time) a portal's result heading gives the readings under it, or null. */
export function panelStatusHeadingDate(text: string, order: SlashOrder): string | null {
  if (text.length > 160) return null;
  const cells = text
    .trim()
    .split(/\s{2,}|\t/)
    .filter((c) => c !== '');
  if (cells.length < 3 || cells.length > 4) return null;
  const [name, ...rest] = cells as [string, ...string[]];
  if (!/^\p{L}/u.test(name) || name.split(/\s+/).length > MAX_NAME_WORDS || findDates(name, order).length > 0) {
    return null;
  }
  // `Printed   3/30/2026 10:00 AM   Final`, `Next appointment  …`: the name cell says the date is another event's.
  const kind = dateCaptionKind(name);
  if (kind === 'report' || kind === 'birth' || OTHER_EVENT.test(name)) return null;
  if (!rest.some((cell) => STATUS.test(cell.trim()))) return null;
  let when: string | null = null;
  for (const cell of rest) {
    if (STATUS.test(cell.trim())) continue;
    const dates = findDates(cell, order);
    const date = dates[0];
    if (dates.length !== 1 || !date || when !== null) return null;
    const left = `${cell.slice(0, date.start)} ${cell.slice(date.end)}`.replace(CLOCK_AND_ZONE, ' ');
    if (/[\p{L}\d]/u.test(left)) return null;
    when = withTimeAfter(date.iso, cell.slice(date.end));
  }
  return when;
}
