/**
 * A worded result in a table's value column with nothing to lead it (`Aspect du sérum              Limpide` above
 * `Cholestérol total            2,35 g/L`). A name and a word are how headings, letterheads and captions are written
 * too, so the reader takes a worded result only after dot leaders (`Aspect du sérum ........  Limpide`), which are
 * printed between a test and its result alone. Here the evidence is the column: the word starts where the value of
 * the row just above or below starts, after a gap as wide as theirs. Such a line is given the leaders the other
 * layout prints, and read as it is.
 */
import type { SourceLine } from './lines';
import { QUALITATIVE_CELL } from './measurement';

/** How many dots the reader takes for a leader (`extract.ts`). */
const LEADER_DOTS = 5;
/** Lines longer than this are prose: never scanned. */
const MAX_LINE_LENGTH = 160;
/**
 * A name (one cell: no column gap inside), a gap of three spaces or more, then one worded result and nothing after
 * it. A name with a second cell (a gloss in another script, a result) makes the word a later column's, a range.
 */
const NAME_GAP_WORD = /^(\s*\p{L}(?:(?!\s{2})[^\d:])*?\S)(\s{3,})(\p{L}[\p{L}-]*)\s*$/u;
/** A row of the table: a name (one cell), a gap of two spaces or more, then a number where its value starts. */
const NAME_GAP_NUMBER = /^(\s*\p{L}(?:(?!\s{2})[^\d])*?\S\s{2,})[<>≤≥]?\d/u;

/** Where the value of a table row starts, or null when the line is no such row. */
function valueColumn(text: string): number | null {
  if (text.length > MAX_LINE_LENGTH) return null;
  const m = NAME_GAP_NUMBER.exec(text);
  return m ? (m[1] as string).length : null;
}

/** The nearest line above or below that is not blank, within one line. */
function neighbours(lines: readonly SourceLine[], k: number): string[] {
  return [lines[k - 1], lines[k + 1]].flatMap((line) => (line && line.text.trim() !== '' ? [line.text] : []));
}

/** The lines with a leader put in the gap of each worded result in a value column (see the module comment). */
export function withWordedValuesLed(lines: readonly SourceLine[]): readonly SourceLine[] {
  let changed = false;
  const out = lines.map((line, k) => {
    const text = line.text;
    const m = text.length <= MAX_LINE_LENGTH ? NAME_GAP_WORD.exec(text) : null;
    if (!m || !QUALITATIVE_CELL.test(m[3] as string)) return line;
    const at = (m[1] as string).length + (m[2] as string).length;
    if (!neighbours(lines, k).some((other) => valueColumn(other) === at)) return line;
    changed = true;
    // The gap's own width where it can hold the five dots a leader is; a narrower gap widens by what is missing.
    const dots = Math.max((m[2] as string).length - 2, LEADER_DOTS);
    return { index: line.index, text: `${m[1]} ${'.'.repeat(dots)} ${m[3]}` };
  });
  return changed ? out : lines;
}
