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

/** A unit, then the result restated in another unit in brackets: `mg/dL (125.5 µmol/L)`, `mmol/L (142 mg/dL)`. */
const BRACKETED_SECOND_UNIT =
  /(\s[^\s()]{1,24})(\s?\(\s*[<>≤≥]?\d[\d.,]{0,12}\s?([^\s\d().,;:*][^\s()]{0,20})\s*\))(?=\s|$)/u;

/**
 * The row with a bracketed restatement of its result in a second unit blanked out (`Serum Creatinine  1.42  H
 * mg/dL (125.5 µmol/L)  0.70 - 1.30`, Egyptian, Gulf and Singapore printouts): the range and flag are the first
 * unit's, as with a second-unit cell. Spaces stand where the bracket was, so the columns after it keep their place.
 */
export function withoutBracketedSecondUnit(text: string): string {
  if (text.length > 400) return text;
  const m = BRACKETED_SECOND_UNIT.exec(text);
  if (!m) return text;
  const first = (m[1] as string).trim();
  const second = m[3] as string;
  if (!/[/%]/.test(first) || !/[/%]/.test(second)) return text;
  if (first.toLowerCase() === second.toLowerCase() || !looksLikeUnit(first) || !looksLikeUnit(second)) return text;
  if (!samePer(first, second)) return text;
  // Only after a value: `Glucose (mg/dL) (70-99)` has no result before its brackets.
  if (!/\d\S*\s+(?:\S{1,3}\s+)?$/u.test(text.slice(0, m.index + 1))) return text;
  const at = m.index + (m[1] as string).length;
  return text.slice(0, at) + ' '.repeat((m[2] as string).length) + text.slice(at + (m[2] as string).length);
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
