/**
 * Readings inside running text ("Morning glucose was 104 mg/dL, felt fine."): a value counts only when a known
 * health measurement names it within the same clause, separated at most by linking words ("was", "of", "this
 * morning"). Everything else a sentence holds (ages, times, distances, doses, room and phone numbers) is ignored.
 */
import type { SlashOrder } from './dates';
import type { Candidate } from './inline-readings';
import { valueStarts } from './inline-readings';
import { parseMeasurement } from './measurement';
import { DOSING_CONTEXT, isDoseUnit, isKnownMeasurement, LINKING_WORDS } from './vocabulary';

/** Clause boundaries: sentence ends before a capital, commas and semicolons, and/und/y/et between clauses. */
const CLAUSE_BOUNDARY = /[.!?]\s+(?=\p{Lu})|,\s+|;\s*|\s+(?:and|und|y|et|but|then|with)\s+/u;
/** Articles and possessives in front of a name in prose. */
const DETERMINER = /^(?:the|a|an|her|his|their|your|my|our|its|der|die|das|le|la|les|el|los|las|il|lo)\s/i;
/** The longest name tried, in words ("fasting plasma glucose level"). */
const MAX_NAME_WORDS = 4;

function words(text: string): { text: string; start: number; end: number }[] {
  return [...text.matchAll(/\S+/g)].map((m) => ({ text: m[0], start: m.index, end: m.index + m[0].length }));
}

function stripPunctuation(word: string): string {
  return word.replace(/^[("'“‘[]+|[)"'”’\]:,;.!?]+$/g, '');
}

/** The known measurement name ending right before `end` (after linking words), as written, or null. */
function nameBefore(clause: string, end: number, unit: string | null): string | null {
  const before = words(clause.slice(0, end));
  let last = before.length - 1;
  while (last >= 0 && LINKING_WORDS.has(stripPunctuation((before[last] as { text: string }).text).toLowerCase())) {
    last--;
  }
  if (last < 0) return null;
  for (let n = Math.min(MAX_NAME_WORDS, last + 1); n >= 1; n--) {
    const first = before[last - n + 1] as { start: number };
    const lastWord = before[last] as { end: number };
    const name = stripPunctuation(clause.slice(first.start, lastWord.end));
    if (DETERMINER.test(name)) continue; // `the serum potassium`: the name starts after the article
    if (name !== '' && /\p{L}/u.test(name) && isKnownMeasurement(name, unit)) return name;
  }
  return null;
}

/**
 * `TSH (2.1)`: a bare number in brackets right after a word is that word's value. Four-digit years (`(2019)`) and
 * one-digit footnote or list marks (`(1)`) are left alone; the brackets become spaces so positions stay.
 */
const BRACKETED_VALUE = /(?<=\p{L}\s?)\((\d{2,3}(?:[.,]\d+)?|\d[.,]\d+)\)/gu;

/** Readings named by a known measurement inside prose. Doses in a medication context are skipped. */
export function readingsInProse(text: string, order: SlashOrder): Candidate[] {
  const found: Candidate[] = [];
  for (const written of text.split(CLAUSE_BOUNDARY)) {
    const clause = written.replace(BRACKETED_VALUE, ' $1 ');
    if (!/\d/.test(clause)) continue;
    for (const start of valueStarts(clause, order)) {
      const measurement = parseMeasurement(clause, start);
      if (!measurement || measurement.qualitative) continue;
      if (isDoseUnit(measurement.unit) && measurement.unit !== null && DOSING_CONTEXT.test(clause)) continue;
      const name = nameBefore(clause, start, measurement.unit);
      if (name === null) continue;
      found.push({ name, measurement, complete: false });
    }
  }
  return found;
}
