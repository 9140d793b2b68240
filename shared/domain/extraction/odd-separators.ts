/**
 * Arrows and tildes printed between a name and its value (`Sodium => 139 mmol/L`, `Urea -> 6.2 mmol/L`, `Glucose ~
 * 5.4 mmol/L`), as notes typed in a chat, a form or a spreadsheet cell write them. The readers would take `=>` for a
 * comparator (`≥ 139`) and keep `~` in the name; read as a column gap, each line is a plain name-value row.
 *
 * Only when the document does it on {@link MIN_LINES} lines or more, and only for the first mark after a name with no
 * number of its own: a lone `Vitamin D => 30` may be a bound, and a tilde after a value is a range (`1.005 ~ 1.030`,
 * `H   ~ 84.9` in a Korean check-up). Linear in the text.
 */

import type { SourceLine } from './lines';

/** How many lines must use the marks before they are read as the document's separator. */
export const MIN_LINES = 3;
/** Lines longer than this are prose: never scanned. */
const MAX_LINE_LENGTH = 300;

/** A name (ending in a word of two letters or a bracket), then the mark, then a value. */
const NAME_MARK_VALUE = /^(\s*[^~=>|→⇒]*?(?:\p{L}{2}|[)\]%]))\s{0,3}(?:=+>|-+>|→|⇒|~)\s{0,3}(?=(?:[<>≤≥]\s?)?\d)/u;
/** A number standing alone in the name part: then the mark follows a value column, not a name. */
const LOOSE_NUMBER = /(?:^|\s)[<>]?\d+(?:[.,]\d+)?(?=\s|$)/;

function markAfterName(text: string): RegExpExecArray | null {
  if (text.length > MAX_LINE_LENGTH) return null;
  const m = NAME_MARK_VALUE.exec(text);
  return m && !LOOSE_NUMBER.test(m[1] as string) ? m : null;
}

/** The lines with the mark after each name replaced by a column gap, when the document uses such marks. */
export function withOddSeparatorsAsGaps(lines: readonly SourceLine[]): readonly SourceLine[] {
  let count = 0;
  for (const line of lines) if (markAfterName(line.text)) count++;
  if (count < MIN_LINES) return lines;
  return lines.map((line) => {
    const m = markAfterName(line.text);
    return m ? { ...line, text: `${m[1]}   ${line.text.slice(m[0].length)}` } : line;
  });
}
