/**
 * The month a patient's log covers, written without a day (`Mes: marzo 2026`, `Log for March 2026`, `mars 2026`):
 * when no full date is written anywhere, it still gives the log's yearless days (`lun 02/03`) their year. The anchor is
 * the month's last day, so every day of that month falls in the year written.
 */
import { iso, MONTH_ALTERNATION, MONTH_BY_NAME } from './dates';

const MONTH_YEAR = new RegExp(
  String.raw`(?<![\p{L}\d])(${MONTH_ALTERNATION})\.?,?\s+(?:de\s+|del\s+)?((?:19|20)\d{2})(?!\d)`,
  'iu',
);

/** The last day (ISO) of the first month-and-year written on the lines, or null. */
export function monthYearAnchor(lines: readonly { text: string }[]): string | null {
  for (const line of lines) {
    if (line.text.length > 2000) continue;
    const m = MONTH_YEAR.exec(line.text);
    if (!m) continue;
    const month = MONTH_BY_NAME.get((m[1] as string).toLowerCase());
    if (month === undefined) continue;
    const year = Number(m[2]);
    for (const day of [31, 30, 29, 28]) {
      const last = iso(year, month, day);
      if (last !== null) return last;
    }
  }
  return null;
}
