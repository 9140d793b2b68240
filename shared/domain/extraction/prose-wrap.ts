/**
 * A letter's sentence wrapped between a test's name and its value (`... and AKI; venous lactate` /
 * `4.1 mmol/L, which cleared with 2 L IV fluid.`). Discharge summaries and clinic letters are typed as running text
 * and wrapped at a fixed width, so the break falls anywhere. The line must open with the value, and the line above
 * must end its last clause in words only (the name); the two halves are read together as one clause of prose
 * (`narrative.ts`), so only a known measurement names the value.
 */
import type { SlashOrder } from './dates';
import type { Candidate } from './inline-readings';
import { readingsInProse } from './narrative';

/** Where a clause ends: a comma, a semicolon, a colon, a sentence end, `and`. */
const CLAUSE_END = /[,;:]\s+|\.\s+|\s+and\s+/giu;
/** The value opening the line, as far as its clause goes. */
const OPENING_CLAUSE = /^\s*([<>≤≥]?\d[^;]{0,40}?)(?:[,;](?:\s+|$)|\.(?:\s+|$)|\s+and\s+|\s*$)/u;

/** A clause's words before its value: a name of up to four words and the linking words around it. */
const MAX_TAIL_WORDS = 8;

export interface WrappedReading {
  readings: Candidate[];
  /** The line after the clause that finished the sentence above. */
  rest: string;
}

export function valueWrappedFromAbove(above: string, line: string, order: SlashOrder): WrappedReading | null {
  if (above.length > 400 || line.length > 400) return null;
  const opening = OPENING_CLAUSE.exec(line);
  if (!opening) return null;
  const ends = [...above.matchAll(CLAUSE_END)];
  const last = ends.at(-1);
  const tail = (last ? above.slice((last.index ?? 0) + last[0].length) : above).trim();
  // The whole line above a name alone is a stacked name (read elsewhere); here it must end a sentence's clause.
  if (!last || !/\p{L}$/u.test(tail) || /\d/.test(tail) || tail.split(/\s+/).length > MAX_TAIL_WORDS) return null;
  const readings = readingsInProse(`${tail} ${(opening[1] as string).trim()}`, order, null);
  return { readings, rest: line.slice(opening[0].length).trim() };
}
