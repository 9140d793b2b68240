import { type CorpusConcept, corpusIndex } from './corpus';
import { axesOfConcept } from './loinc-axes';
import { analyseIndicatorText, sortedTokenKey } from './normalize-text';
import { partComponent, ratioParts } from './ratio-direction';

/**
 * `CHOL/HDLC RATIO`, `LDL / HDL RATIO`, `BUN / SR.CREATININE RATIO`, `Apo A1/Apo B`: a ratio written as its two tests
 * around a slash, each side in whatever spelling the lab uses for the test alone. The words of the whole name are
 * rarely a corpus synonym (every lab abbreviates each side its own way), but each side read alone is: the ratio is the
 * corpus concept whose LOINC component is that numerator over that denominator, in the written order (the reverse
 * order is another concept or none: `ratio-direction.ts`).
 * @see https://loinc.org/kb/users-guide/major-parts-of-a-loinc-term/ — a ratio component is `numerator/denominator`
 */

/** Longer text is a sentence or a pasted block, not a ratio's name. */
const MAX_NAME_LENGTH = 120;

/** Words that only say the slash is a quotient, dropped before the sides are read. */
const RATIO_WORDS =
  /\b(?:ratio|quotient|index|rapport|rapporto|cociente|relaci[oó]n|raz[aã]o|rela[cç][aã]o|indice|índice|rto)\b/giu;

/** A specimen written after the ratio (`Kappa/Lambda Ratio, Urine`): it chooses among ratios of the same parts. */
const URINE_WORDS = /\b(?:urine|urinary|urin|ur|orina|urina)\b/i;

/** Words naming a body fluid other than blood and urine, which LOINC codes as its own system. */
const FLUID_WORDS =
  /\b(?:csf|cerebrospinal|cerebral spinal|liquor|lcr|lcs|cefalorraqu[ií]deo|pleural|pleura|peritoneal|ascit\p{L}*|synovial|fluid|fld)\b/iu;

/** Whether a concept's system is a body fluid other than blood, serum, plasma and urine. */
function inBodyFluid(concept: CorpusConcept): boolean {
  const system = axesOfConcept(concept)?.system ?? '';
  return /fluid|cerebral spinal/.test(system);
}

/** A ratio concept's two parts as `ratio-direction.ts` compares components, computed once for the corpus. */
let ratioConcepts: readonly { concept: CorpusConcept; numerator: string; denominator: string }[] | undefined;

function corpusRatios(): NonNullable<typeof ratioConcepts> {
  ratioConcepts ??= corpusIndex.concepts.flatMap((concept) => {
    const axes = axesOfConcept(concept);
    const parts = axes ? ratioParts(axes.component) : null;
    return parts ? [{ concept, numerator: parts[0], denominator: parts[1] }] : [];
  });
  return ratioConcepts;
}

/** The two sides of a name that writes one slash between letters, without ratio words and a bracketed alias. */
function writtenSides(name: string): { left: string; right: string; urine: boolean; ratioWord: boolean } | null {
  if (name.length > MAX_NAME_LENGTH) return null;
  // `APO B / APO A1 RATIO (APO B/A1)`: the bracket repeats the ratio in short; the name before it is read.
  const text = name.replace(/\([^()]*\)\s*$/, ' ').trim();
  const match = /^([^/:]*\p{L}[^/:]*?)\s*[/:]\s*([^/:]*\p{L}[^/:]*)$/u.exec(text);
  if (!match) return null;
  const urine = URINE_WORDS.test(match[2] as string) || URINE_WORDS.test(match[1] as string);
  const side = (part: string) =>
    part
      .replace(RATIO_WORDS, ' ')
      .replace(/,\s*\p{L}+\s*$/u, ' ')
      .replace(/[\s,]+/g, ' ')
      .trim();
  const left = side(match[1] as string);
  const right = side(match[2] as string);
  const ratioWord = new RegExp(RATIO_WORDS.source, 'iu').test(text);
  return left && right ? { left, right, urine, ratioWord } : null;
}

/** Every component key a side's concepts name (`TC`: total cholesterol and whatever else the letters stand for). */
function componentKeys(concepts: readonly CorpusConcept[]): ReadonlySet<string> {
  const keys = new Set<string>();
  for (const concept of concepts) {
    const key = partComponent([concept]);
    if (key) keys.add(key);
  }
  return keys;
}

/**
 * The corpus ratio a name writes as numerator/denominator, each side read alone by `readPart` (the resolver's exact
 * stages), or null: a side no stage reads, no ratio of those parts in that order, or more than one (serum and urine
 * kappa/lambda) that the written specimen does not choose between. The unit must fit the ratio when one is given.
 */
export function ratioOfParts(
  name: string,
  unit: string | null,
  readPart: (part: string) => readonly CorpusConcept[],
): CorpusConcept | null {
  const sides = writtenSides(name);
  if (!sides) return null;
  // `CK/CK-MB`, `PT/INR`: two tests around a slash are a caption of both as often as their quotient; a written ratio
  // word, a reading's unit or the corpus's own ratio name in these words (in either order: `Apo A1/Apo B`) says a
  // single value is the quotient.
  if (
    !sides.ratioWord &&
    unit === null &&
    !corpusIndex.sortedTokens.has(sortedTokenKey(analyseIndicatorText(name).key))
  )
    return null;
  const leftKeys = componentKeys(readPart(sides.left));
  if (leftKeys.size === 0) return null;
  const rightKeys = componentKeys(readPart(sides.right));
  if (rightKeys.size === 0) return null;
  let found = corpusRatios().filter(
    (ratio) =>
      leftKeys.has(ratio.numerator) && rightKeys.has(ratio.denominator) && ratio.numerator !== ratio.denominator,
  );
  // `Alfa 1 globulina/Proteína.total` (LOINC's Portuguese component, no specimen): a ratio the corpus carries only in
  // cerebrospinal or another body fluid is not the serum fraction the name means; the fluid must be written.
  if (!FLUID_WORDS.test(name)) found = found.filter((ratio) => !inBodyFluid(ratio.concept));
  // A fraction of total protein is a protein electrophoresis's; unwritten, the specimen is serum's (SPEP), never the
  // urine one (UPEP), which reports print with their specimen.
  if (!sides.urine) found = found.filter((ratio) => !/\/protein\.total in urine\b/i.test(ratio.concept.display));
  if (found.length > 1) found = found.filter((ratio) => /\burine\b/i.test(ratio.concept.display) === sides.urine);
  if (found.length !== 1) return null;
  const concept = (found[0] as (typeof found)[number]).concept;
  if (unit !== null && !concept.units.includes(unit)) return null;
  return concept;
}
