/**
 * A home blood-pressure log written row by row with its times of day inline and no title naming the test:
 *
 *   `Mon 12/10  AM 132/84 72  PM 128/80 70`, `14/10/2026  morning 129/83 p70  evening 127/79`
 *
 * Nothing names the test, but the shape does: a date opens the line, and every other part of it is a time of day
 * followed by a pressure pair (systolic above diastolic, both in a human range) and, optionally, a pulse. A line with
 * anything else on it is not such a row. The pair is read as `BP` and the number after it as `pulse`, the names home
 * logs write most, without a unit (none is written); both are dated by the row's date (a time of day is no clock).
 */
import { findDates, type SlashOrder } from './dates';
import type { Measurement } from './measurement';
import { yearlessCellDate } from './yearless-dates';

/** Times of day as home logs write them inline. */
const TIME_OF_DAY = String.raw`(?:a\.?m\.?|p\.?m\.?|morning|evening|night|ma[ñn]ana|noche|tarde|morgens|abends|matin|soir|mattina|sera)`;

/** One time of day's cell: `AM 132/84 72`, `PM: 128/80 (70)`, `morning 129/83 p70`. */
const CELL = new RegExp(
  String.raw`^\s*${TIME_OF_DAY}\s*[:\-–]?\s*(\d{2,3})\s?\/\s?(\d{2,3})(?:\s+(?:\(\s*)?(?:p\.?\s?|pulse\s?|hr\s?)?(\d{2,3})\)?)?(?=\s|$)`,
  'iu',
);

/** A weekday before a yearless day (`Mon 12/10`, `Tue. 13/10`). */
const LEADING_DAY = /^\s*((?:[A-Za-zÀ-ÿ]{2,9}\.?,?\s+)?\d{1,2}[/.]\d{1,2}\.?)(?=\s)/u;

export interface MorningEveningRow {
  date: string;
  readings: { name: string; measurement: Measurement }[];
}

function measurement(value: string): Measurement {
  return { value, unit: null, referenceRange: null, flag: null, qualitative: false, rest: '' };
}

function plausiblePressure(systolic: number, diastolic: number): boolean {
  return systolic >= 70 && systolic <= 260 && diastolic >= 30 && diastolic <= 160 && systolic > diastolic;
}

/** The row's date and the text after it: a full date, or a yearless day taking the anchor's year. */
function leadingRowDate(text: string, order: SlashOrder, anchor: string | null): { date: string; rest: string } | null {
  const full = findDates(text, order)[0];
  if (full && /^[\p{L}\s.,]{0,12}$/u.test(text.slice(0, full.start))) {
    return { date: full.iso.slice(0, 10), rest: text.slice(full.end) };
  }
  const day = LEADING_DAY.exec(text);
  const date = day?.[1] ? yearlessCellDate(day[1], order, anchor) : null;
  return date && day ? { date, rest: text.slice(day[0].length) } : null;
}

/** A morning/evening row's readings, or null when the line is anything else. */
export function readMorningEveningRow(
  text: string,
  order: SlashOrder,
  anchor: string | null,
): MorningEveningRow | null {
  if (text.length > 160 || !/\d\s?\/\s?\d/.test(text)) return null;
  const dated = leadingRowDate(text, order, anchor);
  if (!dated) return null;
  let rest = dated.rest;
  const readings: MorningEveningRow['readings'] = [];
  while (rest.trim() !== '') {
    const cell = CELL.exec(rest);
    if (!cell?.[1] || !cell[2]) return null;
    if (!plausiblePressure(Number(cell[1]), Number(cell[2]))) return null;
    readings.push({ name: 'BP', measurement: measurement(`${cell[1]}/${cell[2]}`) });
    const pulse = cell[3] === undefined ? null : Number(cell[3]);
    if (pulse !== null) {
      if (pulse < 30 || pulse > 220) return null;
      readings.push({ name: 'pulse', measurement: measurement(cell[3] as string) });
    }
    rest = rest.slice(cell[0].length);
  }
  return readings.length > 0 ? { date: dated.date, readings } : null;
}
