/**
 * Year reckonings other than the Gregorian one that laboratory reports in Asia print as a matter of course.
 *
 *  - Thai Buddhist era (พ.ศ.): Thai hospitals date everything `12/03/2569`; BE 2569 is 2026 (BE = CE + 543). A
 *    four-digit year from 2443 to 2742 can only be one (no report is dated in the 26th century), so it is converted
 *    wherever a date pattern finds it.
 *  - Republic of China (民國) era: Taiwanese hospital systems print `115/06/03` (ROC 115 = 2026, year 1 = 1912) and
 *    `民國115年6月3日`. A three-digit year first is read so only on a line that also carries Han characters, so that a
 *    sample number or a ratio such as `115/06/03` in a Western report is never a date.
 */

/** BE years that map onto the Gregorian years the date reader accepts (1900–2199). */
const BUDDHIST_ERA = { first: 2443, last: 2742, offset: 543 } as const;

/** A Thai Buddhist-era year as its Gregorian year; any other year unchanged. */
export function gregorianYear(year: number): number {
  return year >= BUDDHIST_ERA.first && year <= BUDDHIST_ERA.last ? year - BUDDHIST_ERA.offset : year;
}

/** The Gregorian year before ROC year 1 (民國元年 = 1912). */
const ROC_OFFSET = 1911;

/** `115/06/03`, `054/08/17`, `115.06.03`, `115-06-03`: a zero-padded three-digit ROC year first. */
const ROC_NUMERIC = /(?<![\d./-])(\d{3})([-/.])(\d{1,2})\2(\d{1,2})(?![\d]|[-/.:]\d)/g;
/** `民國115年6月3日`, `115年6月3日` (three digits, or any with the 民國 prefix). */
const ROC_HAN = /(?:(?:民國|民国)\s*(\d{1,3})|(?<![\d])(\d{3}))\s*年\s*(\d{1,2})\s*月\s*(\d{1,2})\s*日?(?!\d)/gu;
const HAN = /\p{Script=Han}/u;
const ROC_SHAPE = /\d{3}[-/.]\d|年/;

export interface EraDate {
  start: number;
  end: number;
  year: number;
  month: number;
  day: number;
}

/** ROC-era dates in a line (Gregorian year, month, day; the caller validates the day), only on a Han-script line. */
export function rocDates(line: string): EraDate[] {
  // Most lines hold neither shape: one cheap scan spares the two patterns (findDates runs on every line, often).
  if (!ROC_SHAPE.test(line) || !HAN.test(line)) return [];
  const found: EraDate[] = [];
  const add = (m: RegExpMatchArray, year: number) => {
    if (year < 1) return;
    const start = m.index ?? 0;
    found.push({ start, end: start + m[0].length, year: year + ROC_OFFSET, month: Number(m[3]), day: Number(m[4]) });
  };
  for (const m of line.matchAll(ROC_NUMERIC)) add(m, Number(m[1]));
  for (const m of line.matchAll(ROC_HAN)) add(m, Number(m[1] ?? m[2]));
  return found;
}
