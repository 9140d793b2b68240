import { type CorpusConcept, corpusIndex, type SynonymGroup } from './corpus';
import { axesOfConcept } from './loinc-axes';
import { normalizeIndicatorText, sortedTokenKey } from './normalize-text';

/**
 * `PT/INR`, `Hgb/Hct`, `BUN/Creat`: an order or panel caption that names two tests. The lookup key drops the slash,
 * so `PT/INR` meets the synonym `PT INR` (the INR) and one of the two values would be filed under the other's code.
 * A slash between two test names is read as a ratio only when the concept found is one: its LOINC component is a
 * quotient (`Albumin/Globulin`, `Cholesterol.total/Cholesterol in HDL`), which is how the corpus says it has that
 * ratio whether or not the name writes `ratio`. Two names for one test (`AST/SGOT`) are an alias, not two tests.
 * @see https://loinc.org/kb/users-guide/major-parts-of-a-loinc-term/ — a ratio component is `numerator/denominator`
 */

/** Longer text is a sentence or a pasted block, not a caption: not split, so the check stays cheap. */
const MAX_NAME_LENGTH = 120;

function groupOf(part: string): SynonymGroup | undefined {
  const key = normalizeIndicatorText(part);
  if (!key) return undefined;
  return corpusIndex.exact.get(key) ?? corpusIndex.sortedTokens.get(sortedTokenKey(key));
}

/** Two groups name different tests: no concept in common. */
function differentTests(a: SynonymGroup, b: SynonymGroup): boolean {
  return !a.concepts.some((concept) => b.concepts.includes(concept));
}

/** Whether the name writes, around a slash, at least two test names the corpus knows as different tests. */
export function writesTwoTests(name: string): boolean {
  if (name.length > MAX_NAME_LENGTH || !name.includes('/')) return false;
  // A written property (`[Mass/volume]`) or short-name scale (`Mass/Vol`) is no caption of two tests.
  const groups = name
    .replace(/\[[^\]]*\]/g, ' ')
    .split('/')
    .filter((part) => /\p{L}/u.test(part))
    .map(groupOf)
    // A known-ambiguous name is often a specimen or a heading (`Glucose/Urine`), not a second test.
    .filter((group): group is SynonymGroup => group !== undefined && !group.ambiguous);
  return groups.some((a, i) => groups.slice(i + 1).some((b) => differentTests(a, b)));
}

/** Words that say a slash is a quotient: `ratio`, `Quotient`, `rapport`, `cociente`, `比值`. */
const RATIO_WORD =
  /\b(?:ratio|quotient|index|rapport|rapporto|cociente|relaci[oó]n|raz[aã]o|rela[cç][aã]o|indice|índice)\b|比值/i;

/**
 * `Urine albumin/creatinine`: two test names around a slash, without the word that the corpus's ratio synonym
 * writes (`urine albumin/creatinine ratio`). The same name with `ratio` added, to be read again; none when the name
 * already says ratio or names no two tests.
 */
export function withRatioWord(name: string): string | null {
  return RATIO_WORD.test(name) || !writesTwoTests(name) ? null : `${name.trim()} ratio`;
}

/** A concept a two-test name may stand for: a quotient of two components, never one of the two tests. */
export function isQuotient(concept: CorpusConcept): boolean {
  return axesOfConcept(concept)?.component.includes('/') ?? false;
}

/** The name writes two tests and the concept found is not their ratio: no code. */
export function twoTestsReadAsOne(name: string, concept: CorpusConcept): boolean {
  return writesTwoTests(name) && !isQuotient(concept);
}
