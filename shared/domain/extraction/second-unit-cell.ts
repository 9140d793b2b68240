/**
 * A result printed in two units side by side on its row: French, Belgian and Swiss labs give the conventional unit
 * and the SI conversion in two columns (`Glycémie à jeun ....  0,97 g/L    5,38 mmol/L     (0,70 - 1,05)`). The
 * second cell restates the first reading; the row's range and flag belong to the first unit, the one it leads with.
 * The second cell is cut off so the row reads as one reading. (The same conversion on its own line under the row is
 * `isSecondUnitLine` in `result-columns.ts`.)
 */
import { looksLikeUnit } from './measurement';

/**
 * A value and its unit, a column gap, another value in another unit, then a gap or the end. Bounded quantifiers and
 * no nested repetition, so a long line costs linear time.
 */
const TWO_UNIT_CELLS =
  /(\s[<>≤≥]?\d[\d.,]{0,12}\s?([^\s\d().,;:*][^\s()]{0,20}))(\s{2,}[<>≤≥]?\d[\d.,]{0,12}\s?([^\s\d().,;:*][^\s()]{0,20}))(?=\s{2,}|\s*$)/u;

/** The row without the second-unit restatement of its result, or the row unchanged. */
export function withoutSecondUnitCell(text: string): string {
  if (text.length > 400) return text;
  const m = TWO_UNIT_CELLS.exec(text);
  if (!m) return text;
  const first = m[2] as string;
  const second = m[4] as string;
  // Two different units of one quantity: both must look like units (a flag word or a comment is no unit).
  if (!/[/%]/.test(first) || !/[/%]/.test(second)) return text;
  if (first.toLowerCase() === second.toLowerCase() || !looksLikeUnit(first) || !looksLikeUnit(second)) return text;
  // A restatement keeps what the quantity is per: `g/L` and `mmol/L`, `g/24 h` and `mmol/24 h`; `25 mg/L` beside
  // `2.5 mg/mmol` is a second quantity, a ratio (review of session 21).
  if (!samePer(first, second)) return text;
  return text.slice(0, m.index + (m[1] as string).length) + text.slice(m.index + m[0].length);
}

/** What a unit is per (`mmol/L` → `l`, `g/24 h` → `24h`), or null without a slash. */
function perOf(unit: string): string | null {
  const at = unit.lastIndexOf('/');
  return at < 0
    ? null
    : unit
        .slice(at + 1)
        .replace(/\s+/g, '')
        .toLowerCase();
}

const PER_VOLUME = /^(?:[dcmµμu]?l|l)$/;

function samePer(first: string, second: string): boolean {
  const a = perOf(first);
  const b = perOf(second);
  if (a === null || b === null) return a === b;
  return a === b || (PER_VOLUME.test(a) && PER_VOLUME.test(b));
}
