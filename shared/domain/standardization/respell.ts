import { LOINC_CORPUS } from './corpus';
import { editDistance } from './retrieval/word-alignment';
import { droppedLetterWord, swappedShortWord } from './short-word-slips';

/**
 * A name with one slipped word (`Adenossine Deaminase Pl Fld Qn`, `Calcim 24H Ur Qn`, `BP Dias Stting`) finds
 * nothing in the exact stages, and retrieval alone cannot read the system or method the rest of the name writes.
 * Respelling the slipped words as the corpus spells them lets every stage read the name again. A word is respelled
 * only when the corpus does not know it and exactly one corpus word is nearest to it: a word as near to two corpus
 * words is left as written, and the name then goes on to retrieval, which weighs meanings.
 */

/** Shortest word respelled: shorter words are other words or abbreviations a slip away from many. */
const RESPELL_MIN_LENGTH = 5;
/** From this length a word may hold two slips (`Heemoglobn`), as retrieval's word alignment allows. */
const TWO_SLIPS_MIN_LENGTH = 10;

const fold = (word: string) =>
  word
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();

interface Spellings {
  known: ReadonlySet<string>;
  /** Known words by length, so a word is compared only with words a slip can reach. */
  byLength: ReadonlyMap<number, readonly string[]>;
}

let spellings: Spellings | undefined;

/**
 * Every letter-only word of every name and display the corpus holds, and of the names it keeps null, as written
 * (accents folded): the specimen and framing words the lookup key drops (`serum`, `level`) count, so a slip in one is
 * never read as a test word.
 */
function corpusSpellings(): Spellings {
  if (spellings) return spellings;
  const known = new Set<string>();
  const texts = LOINC_CORPUS.concepts.flatMap((c) => [c.display, c.shortName ?? '', ...c.synonyms]);
  // Names kept null count too: `Stess` is a slip of `Stress` as much as of `Steps`, so it must not read as steps.
  for (const text of [...texts, ...LOINC_CORPUS.ambiguousTerms]) {
    for (const word of fold(text).match(/\p{L}+/gu) ?? []) known.add(word);
  }
  const byLength = new Map<number, string[]>();
  for (const word of known) {
    const list = byLength.get(word.length) ?? [];
    list.push(word);
    byLength.set(word.length, list);
  }
  spellings = { known, byLength };
  return spellings;
}

/** Whether the corpus writes this word (accents and case folded) in a name, a display or a name kept null. */
export function isCorpusWord(word: string): boolean {
  return corpusSpellings().known.has(fold(word));
}

/**
 * The corpus words nearest to an unknown word (fewest edits, at most one, two in a long word), or none when the
 * word is known, too short, or no corpus word is a slip away. Several when several are as near (`Stting`: sitting,
 * setting); the caller decides whether the name they make tells them apart.
 */
export function respellingsOf(word: string): readonly string[] {
  const folded = fold(word);
  if (folded.length < RESPELL_MIN_LENGTH || !/^\p{L}+$/u.test(folded)) return [];
  const { known, byLength } = corpusSpellings();
  if (known.has(folded)) return [];
  const limit = folded.length >= TWO_SLIPS_MIN_LENGTH ? 2 : 1;
  let nearest: string[] = [];
  let nearestDistance = limit;
  for (let length = folded.length - limit; length <= folded.length + limit; length++) {
    for (const candidate of byLength.get(length) ?? []) {
      // The first letter is kept: slips inside a word are what typing and OCR bring; a new initial is a new word.
      if (candidate[0] !== folded[0]) continue;
      const distance = editDistance(folded, candidate, nearestDistance);
      if (distance < nearestDistance) {
        nearest = [candidate];
        nearestDistance = distance;
      } else if (distance === nearestDistance) {
        nearest.push(candidate);
      }
    }
  }
  return nearest.length > 0 ? nearest : movedDoubling(folded, byLength.get(folded.length) ?? []);
}

/** `ferittin` → `feritin`: a word with each run of one letter written once. */
const undoubled = (word: string) => word.replace(/(\p{L})\1+/gu, '$1');

/**
 * `Ferittin` for `Ferritin`, `Coleterrol`-like slips: the doubling typed on a neighbouring letter, two edits apart
 * but one slip of the hand. The one corpus word of the same length and first letter that reads the same once its
 * doubled letters are written once, or none (several stay unread, as any tie does).
 */
function movedDoubling(folded: string, sameLength: readonly string[]): readonly string[] {
  const skeleton = undoubled(folded);
  if (skeleton === folded) return [];
  const found = sameLength.filter((c) => c[0] === folded[0] && c !== folded && undoubled(c) === skeleton);
  return found.length === 1 ? found : [];
}

/** `ALBUMN` → `ALBUMIN`, `Albumn` → `Albumin`: the case of the written word, which later stages read. */
function inCaseOf(word: string, spelled: string): string {
  if (word.length > 1 && word === word.toUpperCase()) return spelled.toUpperCase();
  if (word[0] === word[0]?.toUpperCase()) return `${spelled[0]?.toUpperCase() ?? ''}${spelled.slice(1)}`;
  return spelled;
}

/** At most this many readings of one name: a name with more slipped words than that is not read by respelling. */
const MAX_READINGS = 8;

/**
 * The readings of a name with every slipped word respelled, one per combination of nearest corpus words; empty when
 * no word changed or the combinations are too many to be a reading at all.
 */
export function respelledNames(name: string): readonly string[] {
  // Words are letters and digits together: `pneumI4` is an OCR reading of `pneum14`, never a slip of `pneum`.
  const parts = name.split(/([\p{L}\p{N}]+)/u);
  // `Heart Rtae`, `Uric Acd`: a short word's swapped or dropped letter, only beside other words that anchor the name
  // (short-word-slips.ts); two words split into at least text, word, separator, word, text.
  const manyWords = parts.length > 3;
  let readings = [''];
  let changed = false;
  const { known } = corpusSpellings();
  for (const [i, part] of parts.entries()) {
    const swapped =
      i % 2 === 1 && manyWords ? (swappedShortWord(fold(part), known) ?? droppedLetterWord(fold(part), known)) : null;
    const respelled = swapped ? [swapped] : i % 2 === 1 ? respellingsOf(part) : [];
    const options = respelled.map((spelled) => inCaseOf(part, spelled));
    if (options.length > 0) changed = true;
    const next = options.length > 0 ? options : [part];
    readings = readings.flatMap((reading) => next.map((option) => reading + option));
    if (readings.length > MAX_READINGS) return [];
  }
  return changed ? readings : [];
}
