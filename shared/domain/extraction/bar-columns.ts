/**
 * Two tables printed side by side with a drawn bar between them (`… ×10^9/L │ 9 丙氨酸氨基转移酶（ALT） 52 ↑ …`), as
 * Chinese LIS printouts and some hospital portals lay out a long panel. Read line by line each line holds two rows,
 * which no reader parses; read as the left table followed by the right table both are ordinary rows.
 *
 * Unlike a gutter of spaces (`columns.ts`) the bar marks the cut itself, so its printed position may drift by a
 * character or two between lines (full-width brackets are aligned by eye). A run of three or more consecutive lines
 * that each hold exactly one bar with text on both sides is unfolded, when reading it as two tables yields more
 * readings than reading it whole: a key–value list written `Hemoglobin | 13.2 g/dL` yields nothing once cut, and
 * stays as it is. Box-drawing bars arrive here as `|` (`lines.ts`, `normalizeText`).
 */
import type { ReadingCounter, RunYield } from './columns';
import type { SourceLine } from './lines';

/** Consecutive lines with one inner bar before the run is taken for two tables. */
const MIN_RUN = 3;

/** The text left and right of the line's only bar, or null when it has none, several, or an empty side. */
function sidesOfBar(text: string): { left: string; right: string } | null {
  const at = text.indexOf('|');
  if (at < 0 || text.indexOf('|', at + 1) >= 0) return null;
  const left = text.slice(0, at).trimEnd();
  const right = text.slice(at + 1).trimEnd();
  if (left.trim() === '' || right.trim() === '') return null;
  return { left, right };
}

function yieldsMore(whole: RunYield, left: RunYield, right: RunYield): boolean {
  return right.readings >= 2 && left.readings + right.readings > whole.readings;
}

/** The lines with every barred two-table run read as its left table, then its right table (renumbered). */
export function unfoldBarColumns(lines: readonly SourceLine[], count: ReadingCounter): readonly SourceLine[] {
  const out: SourceLine[] = [];
  let changed = false;
  let k = 0;
  while (k < lines.length) {
    let end = k;
    while (end < lines.length && sidesOfBar((lines[end] as SourceLine).text) !== null) end++;
    if (end - k < MIN_RUN) {
      out.push(...lines.slice(k, Math.max(end, k + 1)));
      k = Math.max(end, k + 1);
      continue;
    }
    const run = lines.slice(k, end);
    const sides = run.map((line) => sidesOfBar(line.text) as { left: string; right: string });
    const left = run.map((line, i) => ({ index: line.index, text: (sides[i] as { left: string }).left }));
    const right = run.map((line, i) => ({ index: line.index, text: (sides[i] as { right: string }).right }));
    // The right table first: without two readings there the run is never read whole or by its left table.
    const rightYield = count(right);
    if (rightYield.readings >= 2 && yieldsMore(count(run), count(left), rightYield)) {
      out.push(...left, { index: -1, text: '' }, ...right);
      changed = true;
    } else {
      out.push(...run);
    }
    k = end;
  }
  return changed ? out.map((line, index) => ({ index, text: line.text })) : lines;
}
