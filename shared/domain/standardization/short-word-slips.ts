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

/** Letters a dropped one may have been: the corpus's words are folded to these. */
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/**
 * `Uric Acd`, `Iron Bindng`-like slips on a short word: a three- or four-letter unknown word typed with one letter
 * left out (never the first). Only when exactly one corpus word is that word with one letter put back; as for swaps,
 * the rest of the name must still be read by every stage with it.
 */
export function droppedLetterWord(folded: string, known: ReadonlySet<string>): string | null {
  if (folded.length < SHORT_WORD_LENGTH - 1 || folded.length > SHORT_WORD_LENGTH) return null;
  if (!/^[a-z]+$/.test(folded) || known.has(folded)) return null;
  const found = new Set<string>();
  for (let i = 1; i <= folded.length; i++) {
    for (const letter of LETTERS) {
      const word = folded.slice(0, i) + letter + folded.slice(i);
      if (known.has(word)) found.add(word);
    }
  }
  return found.size === 1 ? ([...found][0] ?? null) : null;
}
