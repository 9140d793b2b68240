import { isCorpusWord } from './respell';

/**
 * A word broken at the end of a printed line keeps its hyphen in OCR'd text and in copied PDF columns: `Creati-nine`,
 * `Hemo-globin`, `Triglyce-rides`. The two pieces are joined when together they are a word the corpus writes and a
 * piece alone is not one, so `Gamma-GT`, `Anti-HCV` or `HDL-C`, whose pieces are words or abbreviations, stay as
 * written.
 */

/**
 * Letters on both sides of one hyphen (ASCII or the soft and true hyphens PDFs carry). The head starts at a word's
 * start: tried from every letter of a long hyphen-less run, `\p{L}+` would rescan the run each time (quadratic).
 */
const BROKEN_WORD = /(?<!\p{L})(\p{L}+)[-\u00AD\u2010](\p{L}+)/gu;

/** The name with its line-broken words joined; the name itself when none is. */
export function joinedLineBreaks(name: string): string {
  return name.replace(BROKEN_WORD, (whole, head: string, tail: string) => {
    const joined = `${head}${tail}`;
    const pieceIsWord = isCorpusWord(head) && isCorpusWord(tail);
    return isCorpusWord(joined) && !pieceIsWord ? joined : whole;
  });
}
