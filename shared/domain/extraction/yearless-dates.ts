/**
 * Dates a patient writes in a home log without their year (`Mon 3/2`, `Tue 3/3`, `Mar 2`, `2 Mar`, `2.3.`): the
 * year is the document's own (its report or message date), or the year before when the day would fall after that
 * date (a log sent in January covers December). Only a whole cell that is such a date counts; a weekday may lead.
 */
import { iso, MONTH_ALTERNATION, MONTH_BY_NAME, type SlashOrder, WEEKDAY } from './dates';

// A dotted day needs its closing dot (`2.3.`): `2.3` alone is a number.
const NUMERIC_DAY = /^(\d{1,2})(?:\/(\d{1,2})|\.(\d{1,2})\.)$/;
const NAMED_DAY = new RegExp(
  String.raw`^(?:(${MONTH_ALTERNATION})\.?\s+(\d{1,2})(?:st|nd|rd|th)?|(\d{1,2})(?:st|nd|rd|th|\.)?\s+(${MONTH_ALTERNATION})\.?)$`,
  'iu',
);

/** The month and day a yearless cell names, or null. */
function monthAndDay(cell: string, order: SlashOrder): { month: number; day: number } | null {
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

/** The ISO date of a yearless date cell, with the year taken from `anchor` (an ISO date), or null. */
export function yearlessCellDate(cell: string, order: SlashOrder, anchor: string | null): string | null {
  if (anchor === null) return null;
  const found = monthAndDay(cell, order);
  if (!found) return null;
  const year = Number(anchor.slice(0, 4));
  const sameYear = iso(year, found.month, found.day);
  if (sameYear === null) return null;
  return sameYear > anchor.slice(0, 10) ? iso(year - 1, found.month, found.day) : sameYear;
}
