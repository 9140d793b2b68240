import { LOINC_CORPUS } from './corpus';
import { isCorpusWord } from './respell';

/**
 * OCR and faxed pages put a space inside a word where the print's letter spacing widened (`Potass ium`, `Gl ucose`,
 * `Choleste ro l HDL`, `T S H`, `Vitamin B 12`). Every later stage reads the pieces as words of their own and finds
 * nothing. The pieces are joined when together they are a word the corpus writes and they were not all words already:
 * a piece the corpus does not know (`Potass ium`), a run of single letters (`T S H`), or one letter before its
 * number (`B 12`, `Free T 4`). Pieces that are each words (`Apo B`, `Free T`) stay apart.
 */

const fold = (word: string) =>
  word
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();

let tokens: ReadonlySet<string> | undefined;

/** Every run of letters and digits the corpus writes in a name or display (`b12`, `t4`, `tsh`), folded. */
function corpusTokens(): ReadonlySet<string> {
  if (tokens) return tokens;
  const known = new Set<string>();
  const texts = LOINC_CORPUS.concepts.flatMap((c) => [c.display, c.shortName ?? '', ...c.synonyms]);
  for (const text of texts) for (const token of fold(text).match(/[\p{L}\p{N}]+/gu) ?? []) known.add(token);
  tokens = known;
  return known;
}

/** At most this many pieces are joined into one word (`Choleste ro l`). */
const MAX_PIECES = 3;

/** A number as OCR reads it: digits with `l`, `I` or `O` among them (`l2` for `12`). */
const READ_NUMBER = /^(?=.*\d)[\dlIO]+$/;

/** The word the pieces make, or null when they do not make one the corpus writes. */
function wordOfPieces(pieces: readonly string[]): string | null {
  // Alphabetic scripts only: a Han name before a Latin letter (`维生素 A`) is written apart on purpose.
  if (pieces.some((p) => /[^\p{Script=Latin}\p{Script=Greek}\p{N}]/u.test(p))) return null;
  const [first = '', second = ''] = pieces;
  // One letter and its number (`B 12`, `T 4`, `B l2`): the number's misread letters are digits.
  if (pieces.length === 2 && /^\p{L}$/u.test(first) && READ_NUMBER.test(second)) {
    const word = first + second.replace(/[lI]/g, '1').replace(/O/g, '0');
    return corpusTokens().has(fold(word)) ? word : null;
  }
  const joined = pieces.join('');
  if (joined.length < 3 || !corpusTokens().has(fold(joined))) return null;
  if (pieces.every((p) => /^\p{L}$/u.test(p))) return joined;
  // Letters only: a piece the corpus never writes is what the space broke. Digits may sit in a piece with letters
  // (`HbA 1c`: `1c` is no word), never make the unknown piece alone (`CA 125` is two words).
  // Two lower-case letters standing alone in a row (`Sód i o`) are no two words of a test's name, whatever the first
  // piece is: `Sód` is Polish sodium, yet `i o` is the rest of the Portuguese `Sódio` the space broke.
  if (pieces.every((p) => /^\p{L}+$/u.test(p)))
    return pieces.some((p) => !isCorpusWord(p)) || /\s\p{Ll}\s\p{Ll}(?:\s|$)/u.test(` ${pieces.join(' ')} `)
      ? joined
      : null;
  return pieces.every((p) => /^[\p{L}\p{N}]+$/u.test(p)) &&
    pieces.some((p) => /\p{L}/u.test(p) && /\p{N}/u.test(p) && !isCorpusWord(p))
    ? joined
    : null;
}

/** The name with its spaced-apart words joined; the name itself when none is. */
/** `肌 酐`, `血 红 蛋 白`: Han characters one space apart, each alone, which OCR or a wide font spaced out. */
const SPACED_HAN = /(?<!\p{Script=Han})\p{Script=Han}(?: \p{Script=Han}(?!\p{Script=Han}))+/gu;

export function joinedSpacedWords(name: string): string {
  if (name.length > 200) return name;
  const han = name.replace(SPACED_HAN, (run) => run.replace(/ /g, ''));
  if (han !== name) return han;
  // Odd indexes are runs of letters and digits, even ones what separates them.
  const parts = name.split(/([\p{L}\p{N}]+)/u);
  let out = parts[0] ?? '';
  let i = 1;
  while (i < parts.length) {
    let taken = 1;
    let word = parts[i] as string;
    for (let n = MAX_PIECES; n >= 2; n--) {
      const words: string[] = [];
      let k = 0;
      for (; k < n; k++) {
        const word = parts[i + 2 * k];
        if (word === undefined || word === '') break;
        // Pieces are one space apart: a comma, a slash or a wider gap separates words.
        if (k > 0 && parts[i + 2 * k - 1] !== ' ') break;
        words.push(word);
      }
      const made = k === n ? wordOfPieces(words) : null;
      if (made !== null) {
        taken = n;
        word = made;
        break;
      }
    }
    out += word + (parts[i + 2 * taken - 1] ?? '');
    i += 2 * taken;
  }
  return out;
}
