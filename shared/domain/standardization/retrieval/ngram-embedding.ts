/**
 * A deterministic text embedding for indicator names: character n-grams of each word (2 to 4 characters, with
 * word-boundary markers) plus the whole word, counted. Word order does not change it ("glucose fasting" and
 * "fasting glucose" embed alike) and a slip of one letter leaves most of a word's n-grams intact, which is what
 * makes nearest-neighbour search tolerate typos. Weighting and normalisation live with the index (`vector-index.ts`).
 */

const MIN_GRAM = 2;
const MAX_GRAM = 4;
/** A whole word counts as one more feature: an exact word is evidence its fragments alone do not give. */
export const WHOLE_WORD_WEIGHT = 1;
/** Equal weights: measured on the dev split's synthetic typos, lighter bigrams or heavier words only lowered recall. */
const GRAM_WEIGHT: Readonly<Record<number, number>> = { 2: 1, 3: 1, 4: 1 };

/** Feature → raw weight for a normalised name (the output of `normalizeIndicatorText`). */
export function nameFeatures(normalized: string): Map<string, number> {
  const features = new Map<string, number>();
  const add = (feature: string, weight: number) => features.set(feature, (features.get(feature) ?? 0) + weight);
  for (const word of normalized.split(' ')) {
    if (!word) continue;
    add(`w:${word}`, WHOLE_WORD_WEIGHT);
    const padded = `<${word}>`;
    for (let n = MIN_GRAM; n <= MAX_GRAM; n++) {
      const weight = GRAM_WEIGHT[n] as number;
      for (let i = 0; i + n <= padded.length; i++) add(padded.slice(i, i + n), weight);
    }
  }
  return features;
}
