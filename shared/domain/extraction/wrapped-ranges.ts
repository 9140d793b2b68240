/**
 * A reference range too long for its column wraps onto the lines below, alone under the range column:
 *
 *   `C-Reactive Protein,`
 *   `  High Sensitivity        3.8        mg/L         <1.0 low risk;`
 *   `                                                  1.0-3.0 avg risk;`
 *   `                                                  >3.0 high risk`
 *
 * The band is the whole list, joined with one space. A range cell is unfinished when it ends with a list separator
 * (`;`, `,`) or a joining word; only then does the next line continue it (a flag alone there, `Low`, is the flag).
 */
import type { TableLayout } from './table-layout';

/** How far left of its column a wrapped range line may start (ragged printing). */
const RANGE_SLACK = 2;

/** The text ends where its list goes on: a separator or a word that joins two bands. */
const UNFINISHED = /(?:[;,]|\b(?:and|or|to|und|oder|et|ou|y|o|e))\s*$/iu;

/** The continuation a line gives the range above it, or null when it is no such line. */
export function rangeContinuation(line: string, layout: TableLayout, range: string | null): string | null {
  if (range === null || line.length > 200 || !UNFINISHED.test(range)) return null;
  const column = layout.columns.find((c) => c.role === 'range');
  if (!column || layout.delimiter !== 'spaces') return null;
  const indent = line.length - line.trimStart().length;
  if (indent < column.start - RANGE_SLACK) return null;
  const text = line.trim();
  return text === '' ? null : text;
}
