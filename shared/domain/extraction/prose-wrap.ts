/**
 * A letter's sentence wrapped between a test's name and its value (`... and AKI; venous lactate` /
 * `4.1 mmol/L, which cleared with 2 L IV fluid.`). Discharge summaries and clinic letters are typed as running text
 * and wrapped at a fixed width, so the break falls anywhere. The line must open with the value, and the line above
 * must end its last clause in words only (the name); the two halves are read together as one clause of prose
 * (`narrative.ts`), so only a known measurement names the value.
 */
import type { SlashOrder } from './dates';
import type { Candidate } from './inline-readings';
import { looksLikeUnit } from './measurement';
import { readingsInProse } from './narrative';

/** Where a clause ends: a comma, a semicolon, a colon, a sentence end, `and`. */
const CLAUSE_END = /[,;:]\s+|\.\s+|\s+and\s+/giu;
/**
 * The value opening the line, as far as its clause goes; a condition in brackets and a verb may stand before it
 * (`Blood pressure standing` / `(after three minutes) dropped to 118/76 mmHg`). The bracket is left out of the clause.
 */
const OPENING_CLAUSE =
  /^\s*(?:\(\p{L}[^()]{0,39}\)\s*)?((?:(?:was|were|is|dropped|fell|rose|went|came|increased|decreased)\s+(?:down\s+|up\s+)?(?:to\s+|at\s+)?)?[<>≤≥]?\d[^;]{0,40}?)(?:[,;](?:\s+|$)|\.(?:\s+|$)|\s+and\s+|\s*$)/u;

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

/** Units prose spells out, which no unit table lists: `PT 68.4 seconds`. */
const SPELLED_UNIT = /^(?:seconds|secs|minutes|percent)$/i;

/** A unit opening the line as far as its clause goes: `seconds, hemoglobin 7.9 g/dL …`, `mmol/L and …`. */
const OPENING_UNIT = /^\s*([\p{L}µμ%/][\p{L}\dµμ%/.^*]{0,15}?)(?:[,;](?:\s+|$)|\.(?:\s+|$)|\s+and\s+|\s*$)/u;

/**
 * A letter's sentence wrapped between a value and its unit (`… an INR of 6.8, PT 68.4` / `seconds, hemoglobin 7.9
 * g/dL`): the line above ends with a number, and this line opens with a unit alone in its clause. The unit and the
 * rest of the line, or null.
 */
export function unitWrappedFromAbove(above: string, line: string): { unit: string; rest: string } | null {
  if (line.length > 400 || !/\d\s*$/.test(above)) return null;
  const opening = OPENING_UNIT.exec(line);
  const unit = opening?.[1] as string | undefined;
  if (!opening || unit === undefined || !(looksLikeUnit(unit) || SPELLED_UNIT.test(unit))) return null;
  return { unit, rest: line.slice(opening[0].length).trim() };
}
