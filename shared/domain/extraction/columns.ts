/**
 * Pages printed in two columns: two reports (or two halves of one) side by side, separated by a gutter of spaces at
 * the same position on every line. Read line by line they are two tests per line, which no reader parses; read as
 * the left column followed by the right column they are ordinary reports.
 *
 * A gutter is a position where, on at least three lines, text starts after three or more spaces, and that no line of
 * the block around it crosses. A block is split only when reading it as two columns yields more readings than
 * reading it whole, with at least two from the right column — a fixed-width table split at one of its own columns
 * loses readings, so tables are left alone. When both readings find the same rows, the one giving more of them their
 * reference range wins: a page of two tables under one doubled header line (`Test Result Unit Range   Test Result
 * Unit Range`) is read row by row as gap-separated parts, which find each result but leave its range behind.
 *
 * Positions are printed columns (`lines.ts`, `displayColumns`): a CJK character is two columns wide, so a page laid
 * out in Chinese or Japanese keeps its gutter at one position although its lines hold different numbers of characters.
 */
import { displayColumns, displayWidth, indexAtColumn, type SourceLine } from './lines';

/** Text starting at a gutter must be preceded by at least this many spaces on the lines that suggest it. */
const GUTTER_SPACES = 3;
/** The left column is at least this wide (a gutter right after a short name is a table column). */
const MIN_LEFT_WIDTH = 16;
/** Lines on which text must start at the gutter before it is tried. */
const MIN_GUTTER_LINES = 3;
/** Gutter positions tried, most frequent first. */
const MAX_CANDIDATES = 6;

/** What a run of lines yields read on its own: its readings, and how many of them have a reference range. */
export interface RunYield {
  readings: number;
  ranged: number;
}

/** Reads a run of lines on its own (the extractor's reader, passed in). */
export type ReadingCounter = (lines: readonly SourceLine[]) => RunYield;

/** Whether the two halves read apart yield more than the block read whole (see the module comment). */
function splitYieldsMore(whole: RunYield, left: RunYield, right: RunYield): boolean {
  if (right.readings < 2) return false;
  const readings = left.readings + right.readings;
  if (readings !== whole.readings) return readings > whole.readings;
  return left.ranged + right.ranged > whole.ranged;
}

function isDelimited(text: string): boolean {
  return text.includes('\t') || (text.match(/[;|]/g)?.length ?? 0) >= 2;
}

/** Positions where text starts after a run of spaces, with the number of lines they occur on. */
function gutterCandidates(lines: readonly SourceLine[]): number[] {
  const counts = new Map<number, number>();
  const pattern = new RegExp(`\\s{${GUTTER_SPACES},}(?=\\S)`, 'g');
  for (const line of lines) {
    if (isDelimited(line.text)) continue;
    const columns = displayColumns(line.text);
    for (const m of line.text.matchAll(pattern)) {
      const index = m.index + m[0].length;
      const at = columns?.[index] ?? index;
      if (at >= MIN_LEFT_WIDTH) counts.set(at, (counts.get(at) ?? 0) + 1);
    }
  }
  return [...counts.entries()]
    .filter(([, n]) => n >= MIN_GUTTER_LINES)
    .sort((a, b) => b[1] - a[1] || a[0] - b[0])
    .slice(0, MAX_CANDIDATES)
    .map(([at]) => at);
}

/**
 * Where a line that leaves the gutter at `at` free is cut (an index into it), or null when it crosses the gutter. It
 * leaves it free when it ends before it or has two spaces right before it. A left cell that ran long may also push
 * the right column's first word one space off (`(4,00-10,00) Glucosio`, `(12,0-16,0) L Colesterolo HDL`): a word
 * after one space at the gutter or a column or two right of it, or one column left of it, is where the line is cut.
 */
function cutOf(text: string, at: number): number | null {
  if (isDelimited(text)) return null;
  if (displayWidth(text) <= at - 2) return text.length;
  const index = indexAtColumn(text, at);
  if (text[index - 1] === ' ' && text[index - 2] === ' ') return index;
  for (const shift of PUSHED_SHIFTS) {
    const k = indexAtColumn(text, at + shift);
    if (text[k - 1] === ' ' && /\p{L}/u.test(text[k] ?? '')) return k;
  }
  return null;
}

/** Columns off the gutter where a pushed right column may start, nearest first and rightwards before leftwards. */
const PUSHED_SHIFTS = [0, 1, 2, -1];

function fits(text: string, at: number): boolean {
  return cutOf(text, at) !== null;
}

function hasRight(text: string, at: number): boolean {
  const index = cutOf(text, at) ?? indexAtColumn(text, at);
  return text.length > index && text.slice(index).trim() !== '';
}

/** Runs of consecutive lines that all leave the gutter free and hold right-column text on at least three lines. */
function blocks(lines: readonly SourceLine[], at: number): { from: number; to: number }[] {
  const found: { from: number; to: number }[] = [];
  let from = -1;
  const close = (to: number): void => {
    if (from < 0) return;
    const run = lines.slice(from, to);
    if (run.filter((l) => hasRight(l.text, at)).length >= MIN_GUTTER_LINES) found.push({ from, to });
    from = -1;
  };
  lines.forEach((line, k) => {
    if (fits(line.text, at)) {
      if (from < 0) from = k;
    } else {
      close(k);
    }
  });
  close(lines.length);
  return found;
}

/**
 * Most lines of a column open with a word (a test name or a heading), not a value or unit. A row number in front of
 * the name (`1   白细胞计数`, Chinese LIS printouts number their rows) does not count.
 */
function opensWithWords(lines: readonly SourceLine[]): boolean {
  const filled = lines.map((l) => l.text.trim().replace(/^\d{1,3}\s+(?=\p{L})/u, '')).filter((t) => t !== '');
  const worded = filled.filter((t) => /^\p{L}/u.test(t) && !/[/^%]/.test(t.split(/\s/)[0] as string));
  return filled.length > 0 && worded.length * 4 >= filled.length * 3;
}

function halves(run: readonly SourceLine[], at: number): { left: SourceLine[]; right: SourceLine[] } {
  const cut = (text: string): number => cutOf(text, at) ?? indexAtColumn(text, at);
  const left = run.map((l) => ({ index: l.index, text: l.text.slice(0, cut(l.text)).replace(/\s+$/, '') }));
  const right = run.map((l) => ({ index: l.index, text: l.text.slice(cut(l.text)).replace(/\s+$/, '') }));
  return { left, right };
}

function renumber(lines: readonly SourceLine[]): SourceLine[] {
  return lines.map((line, index) => ({ index, text: line.text }));
}

/**
 * The document's lines with every two-column block rewritten as its left column followed by its right column (and
 * renumbered in that reading order). Lines outside such blocks are unchanged.
 */
export function unfoldColumns(lines: readonly SourceLine[], count: ReadingCounter): SourceLine[] {
  let current: SourceLine[] = [...lines];
  const tried = new Set<number>();
  for (const at of gutterCandidates(lines)) {
    if (tried.has(at)) continue;
    tried.add(at);
    const runs = blocks(current, at);
    if (runs.length === 0) continue;
    const next: SourceLine[] = [];
    let cursor = 0;
    let changed = false;
    for (const { from, to } of runs) {
      next.push(...current.slice(cursor, from));
      const run = current.slice(from, to);
      const { left, right } = halves(run, at);
      if (!opensWithWords(left) || !opensWithWords(right)) {
        next.push(...run);
        cursor = to;
        continue;
      }
      // The right column is read first: a split needs two readings from it, and a table cut at one of its own
      // columns (the usual block) gives none there, so the block is then never read whole or by its left half.
      const rightYield = count(right);
      if (rightYield.readings >= 2 && splitYieldsMore(count(run), count(left), rightYield)) {
        next.push(...left, { index: -1, text: '' }, ...right);
        changed = true;
      } else {
        next.push(...run);
      }
      cursor = to;
    }
    next.push(...current.slice(cursor));
    if (changed) current = renumber(next);
  }
  return current === lines ? [...lines] : current;
}
