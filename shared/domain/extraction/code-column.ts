/**
 * A numbered row whose analyte code stands before the name (`01 HGB Hemoglobina 13,8 g/dL`, `06 FER Ferritina 35
 * ng/mL`), as a hospital analytic copied without its tabs prints them: the number and the code are columns of their
 * own, not part of the name.
 *
 * Only in a document with {@link MIN_ROWS} such rows or more, and only when the name without the code resolves more
 * surely than with it: `HDL Cholesterol` keeps its first word (both resolve alike), `HGB Hemoglobina` (found by
 * retrieval) gives way to `Hemoglobina` (exact).
 */

import { resolveReadingIndicator } from '#standardization';
import type { SourceLine } from './lines';

/** How many numbered code rows make a code column. */
export const MIN_ROWS = 3;
/** A row number, a code of two to five capitals or digits, then a capitalised word. */
const NUMBERED_CODE_ROW = /^\s*\d{1,3}[.)]?\s+[\p{Lu}\d]{2,5}\s+\p{Lu}\p{Ll}/u;
/** The number (optional: a reader may have dropped it) and the code in front of a name. */
const LEADING_CODE = /^\s*(?:\d{1,3}[.)]?\s+)?([\p{Lu}\d]{2,5})\s+(?=\p{Lu}\p{Ll})/u;

/** Whether the document prints a numbered code column before its names. */
export function hasNumberedCodeColumn(lines: readonly SourceLine[]): boolean {
  let rows = 0;
  for (const line of lines) {
    if (line.text.length < 300 && NUMBERED_CODE_ROW.test(line.text)) rows++;
    if (rows >= MIN_ROWS) return true;
  }
  return false;
}

/** The name without the row number and code in front of it, when that resolves more surely (see above). */
export function withoutLeadingCode(name: string, unit: string | null): string {
  const m = LEADING_CODE.exec(name);
  if (!m || !/[\p{Lu}]/u.test(m[1] as string)) return name;
  const rest = name.slice(m[0].length);
  const whole = resolveReadingIndicator(name, unit);
  const bare = resolveReadingIndicator(rest, unit);
  if (bare.loincCode === null) return name;
  return whole.loincCode === null || bare.confidence > whole.confidence ? rest : name;
}
