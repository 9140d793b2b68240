import { corpusIndex } from './corpus';
import { normalizeIndicatorText } from './normalize-text';
import { isCorpusWord } from './respell';

/**
 * Words a report cuts short with a dot (`Ac. Úrico`, `Col. HDL`, `Fosfatasa alc.`, `Prot. C reactiva`, `Alk. Phos.`)
 * or a letter after a hyphen (`Urea-N`), in any of the corpus's languages: the dot says the word is a prefix of the
 * one meant. Spelled out from the corpus's own names, word by word: a name of the same length whose every word equals
 * the written one, or begins with it where the written one is cut short. The caller resolves every such name and
 * keeps the code only when all that resolve agree (`agreedResolution`), so `Col.` reads as `colesterol` only where no
 * other name of the same shape (`colina`) finds another test. A short word with no dot may be cut short too
 * (`Adj Calcium`, UK reports' adjusted calcium) when the name's other words are whole corpus words: they anchor the
 * name as the dot would, and only one such word is read so.
 */

/** Corpus keys of one name that share the written one's shape are few; more says the abbreviation chooses nothing. */
const MAX_KEYS = 12;
/** A dotted word of one letter (`C.`) says too little; two (`Ac.`) is the usual Spanish and Portuguese cut. */
const MIN_CUT = 2;
/** A name of only cut words needs one this long to stand alone (`Creat.`, not `Ac. Col.`). */
const STANDALONE_CUT = 4;
/** Names longer than this are not report headers: not spelled out. */
const MAX_NAME = 80;

interface WrittenWord {
  token: string;
  cut: boolean;
}

let keysByLength: ReadonlyMap<number, readonly (readonly string[])[]> | undefined;

/** The corpus's names as word lists, by their number of words: built on first use. */
function corpusKeysByLength(): ReadonlyMap<number, readonly (readonly string[])[]> {
  if (keysByLength) return keysByLength;
  const index = new Map<number, string[][]>();
  for (const key of corpusIndex.exact.keys()) {
    const words = key.split(' ');
    const list = index.get(words.length) ?? [];
    list.push(words);
    index.set(words.length, list);
  }
  keysByLength = index;
  return index;
}

/**
 * An undotted word of three or four letters, not in capitals (`Adj`, `Tot`, `Corr`): the length of the cuts LOINC's
 * short names write (`Ca adj`, `Prot Tot`). Two letters are symbols and units (`Ca`, `mg`), capitals an acronym
 * (`ALT`); such a word is read as a cut only where it begins a longer word of a corpus name, never as itself.
 */
const UNDOTTED_CUT = /^(?!\p{Lu}+$)\p{L}{3,4}$/u;

function undottedCut(raw: string, tokens: readonly string[]): boolean {
  return tokens.length === 1 && UNDOTTED_CUT.test(raw);
}

/** The name's words, each marked when written cut short (`Ac.`, the `N` of `Urea-N`); null when none is. */
function writtenWords(name: string): WrittenWord[] | null {
  const words: WrittenWord[] = [];
  let anyCut = false;
  let undotted = false;
  // `Ac.Urico`, `Prot.Tot`: a cut word's dot with no space after it, before a word of its own (not `A.P.T.T.`).
  const spaced = name.normalize('NFKC').replace(/(?<=(?<!\p{L})\p{L}{2,5})\.(?=\p{L}{2})/gu, '. ');
  for (const raw of spaced.split(/\s+/).filter(Boolean)) {
    // `Urea-N`: a hyphen before a lone capital letter at the end cuts the second word to its initial.
    const hyphenInitial = /^(\p{L}{3,})-(\p{Lu})$/u.exec(raw);
    if (hyphenInitial) {
      words.push({ token: normalizeIndicatorText(hyphenInitial[1] as string), cut: false });
      words.push({ token: (hyphenInitial[2] as string).toLowerCase(), cut: true });
      anyCut = true;
      continue;
    }
    const dotted = /^(\p{L}+)\.$/u.exec(raw);
    const tokens = normalizeIndicatorText(raw).split(' ').filter(Boolean);
    if (dotted && tokens.length === 1 && (dotted[1] as string).length >= MIN_CUT) {
      words.push({ token: tokens[0] as string, cut: true });
      anyCut = true;
      continue;
    }
    if (undottedCut(raw, tokens)) {
      words.push({ token: tokens[0] as string, cut: true });
      anyCut = true;
      undotted = true;
      continue;
    }
    for (const token of tokens) words.push({ token, cut: false });
  }
  if (!anyCut) return null;
  const whole = words.filter((w) => !w.cut);
  if (undotted)
    return words.length - whole.length === 1 && whole.length > 0 && whole.every((w) => isCorpusWord(w.token))
      ? words
      : null;
  const standsAlone = words.some((w) => !w.cut || w.token.length >= STANDALONE_CUT);
  return standsAlone ? words : null;
}

/** The corpus names a name with words cut short may stand for, or none when it cuts no word or matches too many. */
export function spelledOutCutWords(name: string): string[] {
  if (name.length > MAX_NAME) return [];
  const words = writtenWords(name);
  if (!words) return [];
  const candidates = corpusKeysByLength().get(words.length) ?? [];
  const found: string[] = [];
  for (const key of candidates) {
    const fits = words.every((word, i) => {
      const corpusWord = key[i] as string;
      return word.cut
        ? corpusWord.length > word.token.length && corpusWord.startsWith(word.token)
        : corpusWord === word.token;
    });
    if (!fits) continue;
    found.push(key.join(' '));
    if (found.length > MAX_KEYS) return [];
  }
  return found;
}
