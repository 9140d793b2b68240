/**
 * A small results table in a letter or discharge summary whose date columns are written without their year
 * (`Test   12/11   16/11` under `Admitted: 12/11/2026`): the clinician copied the day and month of each set of bloods.
 * Each column takes the year that puts it nearest the document's own date (an admission's bloods sit days from the
 * discharge date, a December column of a January letter falls in the year before). Only a header with two or more
 * such cells counts, and only whole cells that are a day and month (`12/11`, `12.11.`, `12 Nov`), so a lone `1/2` in a
 * header is never a date. The columns must also read as one run of recent blood tests: in one order of time, none
 * long after the document's date and none long before it, so that fractions or dilutions (`Test  1/2  3/4`,
 * `Titre  1/2  1/4  1/8`) are never dates.
 */
import { iso, type SlashOrder } from './dates';
import { monthAndDayOfCell } from './yearless-dates';

const DAY_MS = 86_400_000;

/** The ISO date a yearless header cell names, in the year nearest `anchor`, or null. */
export function yearlessColumnDate(cell: string, order: SlashOrder, anchor: string | null): string | null {
  if (anchor === null || cell.length > 20 || !/\d/.test(cell)) return null;
  const found = monthAndDayOfCell(cell, order);
  if (!found) return null;
  const anchorYear = Number(anchor.slice(0, 4));
  const anchorTime = Date.parse(anchor.slice(0, 10));
  let best: string | null = null;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const year of [anchorYear - 1, anchorYear, anchorYear + 1]) {
    const date = iso(year, found.month, found.day);
    if (date === null) continue;
    const distance = Math.abs(Date.parse(date) - anchorTime) / DAY_MS;
    if (distance < bestDistance) {
      best = date;
      bestDistance = distance;
    }
  }
  return best;
}

/** How far the bloods a letter copies may lie before its date, and after it (an admission date anchors the letter). */
const MAX_DAYS_BEFORE = 120;
const MAX_DAYS_AFTER = 31;

/** Whether the dates of a header's yearless columns, left to right, are one run of recent tests. */
export function plausibleYearlessColumns(dates: readonly string[], anchor: string | null): boolean {
  if (dates.length < 2 || anchor === null) return false;
  const anchorTime = Date.parse(anchor.slice(0, 10));
  const times = dates.map((d) => Date.parse(d.slice(0, 10)));
  const near = times.every(
    (t) => t >= anchorTime - MAX_DAYS_BEFORE * DAY_MS && t <= anchorTime + MAX_DAYS_AFTER * DAY_MS,
  );
  const rising = times.every((t, k) => k === 0 || t >= (times[k - 1] as number));
  const falling = times.every((t, k) => k === 0 || t <= (times[k - 1] as number));
  return near && (rising || falling);
}
