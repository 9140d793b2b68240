/**
 * Dates a patient writes in a home log without their year (`Mon 3/2`, `Tue 3/3`, `Mar 2`, `2 Mar`, `2.3.`): the
 * year is the document's own (its report or message date), or the year before when the day would fall after that
 * date (a log sent in January covers December), unless a leading weekday names the year. Only a whole cell that is
 * such a date counts; a weekday may lead.
 */
import { iso, MONTH_ALTERNATION, MONTH_BY_NAME, type SlashOrder, WEEKDAY } from './dates';
import { fullWeekdayAlternation, leadingWeekday } from './weekdays';

// A dotted day needs its closing dot (`2.3.`): `2.3` alone is a number.
const NUMERIC_DAY = /^(\d{1,2})(?:\/(\d{1,2})|\.(\d{1,2})\.)$/;
const NAMED_DAY = new RegExp(
  String.raw`^(?:(${MONTH_ALTERNATION})\.?\s+(\d{1,2})(?:st|nd|rd|th)?|(\d{1,2})(?:st|nd|rd|th|\.)?\s+(${MONTH_ALTERNATION})\.?)$`,
  'iu',
);

/**
 * A weekday a patient's log writes short or in full before the day, in Spanish, Portuguese, French, German and Italian
 * (`lun 02/03`, `sáb 7/3`, `Mo 2.3.`, `ter., 3/3`, `giovedì 5/3`, `jeudi 5/3`). Only ever stripped from the start of a
 * whole date cell, so `mar`, `Do`, `So` meet no other reading. These languages write the day first, so the day after
 * such a weekday is read day-first whatever the rest of the document leaves the slash order at.
 */
const LOG_WEEKDAY = new RegExp(
  String.raw`^\s*(?:lun|mar|mi[ée]|jue|vie|s[áa]b|dom|seg|ter|qua|qui|sex|mer|jeu|ven|sam|dim|gio|sab|mo|di|mi|do|fr|sa|so|${fullWeekdayAlternation(['pt', 'it', 'es', 'fr', 'de'])})(?![\p{L}])\.?,?\s+`,
  'iu',
);

/** The month and day a yearless cell names, or null (`Mar 2`, an English month, is tried as written too). */
function monthAndDay(cell: string, order: SlashOrder): { month: number; day: number } | null {
  const dayFirst = LOG_WEEKDAY.test(cell) ? monthAndDayOf(cell.replace(LOG_WEEKDAY, ''), 'day-first') : null;
  return dayFirst ?? monthAndDayOf(cell, order);
}

function monthAndDayOf(cell: string, order: SlashOrder): { month: number; day: number } | null {
  const text = cell
    .replace(WEEKDAY, ' ')
    .replace(/^[\s,.]+|[\s,]+$/g, '')
    .trim();
  if (text.length > 20) return null;
  const numeric = NUMERIC_DAY.exec(text);
  if (numeric) {
    const a = Number(numeric[1]);
    const b = Number(numeric[2] ?? numeric[3]);
    const dayFirst = numeric[3] !== undefined || order === 'day-first';
    return dayFirst ? { month: b, day: a } : { month: a, day: b };
  }
  const named = NAMED_DAY.exec(text);
  if (!named) return null;
  const month = MONTH_BY_NAME.get(((named[1] ?? named[4]) as string).toLowerCase());
  return month ? { month, day: Number(named[2] ?? named[3]) } : null;
}

/** The month and day of a whole yearless date cell (a weekday may lead), or null. */
export const monthAndDayOfCell = monthAndDay;

/** The ISO date of a yearless date cell, with the year taken from `anchor` (an ISO date), or null. */
export function yearlessCellDate(cell: string, order: SlashOrder, anchor: string | null): string | null {
  if (anchor === null) return null;
  const found = monthAndDay(cell, order);
  if (!found) return null;
  const year = Number(anchor.slice(0, 4));
  // `Sat 3/7` in a log whose first entry anchors the year: the weekday names the year (of the anchor's, the one
  // before or the one after, one only can fall on it), whether the day falls before or after the anchor.
  const weekday = leadingWeekday(cell);
  if (weekday !== null) {
    const fitting = [year, year - 1, year + 1]
      .map((y) => iso(y, found.month, found.day))
      .find((day) => day !== null && new Date(`${day}T00:00:00Z`).getUTCDay() === weekday);
    if (fitting) return fitting;
  }
  const sameYear = iso(year, found.month, found.day);
  if (sameYear === null) return null;
  return sameYear > anchor.slice(0, 10) ? iso(year - 1, found.month, found.day) : sameYear;
}
