/**
 * `Heart Rtae`, `Prothrombin Tiem`, `Uric Aicd`: a four-letter word of a longer name typed with two neighbouring
 * letters swapped. Respelling (`respell.ts`) leaves words under five letters alone, because one substituted letter
 * turns a short word into many others (`rate`, `late`, `date`); a swap of two neighbours is the commonest typing slip
 * and reaches far fewer words, and the rest of the name still has to be read by every stage with the word respelled.
 * Only when exactly one corpus word of the same letters is one swap away, and never the first letter (a new initial
 * is a new word).
 */

const SHORT_WORD_LENGTH = 4;

/** The words `word` becomes with two neighbouring letters after the first swapped back. */
function swapsOf(word: string): string[] {
  const swaps: string[] = [];
  for (let i = 1; i + 1 < word.length; i++) {
    if (word[i] === word[i + 1]) continue;
    swaps.push(word.slice(0, i) + (word[i + 1] ?? '') + (word[i] ?? '') + word.slice(i + 2));
  }
  return swaps;
}

/**
 * The one corpus word a four-letter unknown word is a neighbour swap of, or null (known, another length, several
 * words, or none). `known` is the corpus's folded words.
 */
export function swappedShortWord(folded: string, known: ReadonlySet<string>): string | null {
  if (folded.length !== SHORT_WORD_LENGTH || !/^\p{L}+$/u.test(folded) || known.has(folded)) return null;
  const found = swapsOf(folded).filter((swap) => known.has(swap));
  return found.length === 1 ? (found[0] ?? null) : null;
}
