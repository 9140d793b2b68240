/**
 * Header captions printed abbreviated: `VALORI DI RIF.` (valori di riferimento), `Valeurs de réf.`, `Ref. Interv.`,
 * `Bio. Ref. Interval`. Laboratories shorten a long caption to fit its column and mark each cut word with a dot, so
 * a caption matches a vocabulary caption of as many words when every word is the same, or — where the caption ends
 * the word with a dot — the start of it (three letters at least, so `Dr.` or `N.` match nothing). Linking words
 * (`de`, `di`, `of`) are dropped on both sides first: `VALORES REF.` is `valores de referencia`. A caption that
 * could be two roles is none.
 */

/** A word of a caption as written, folded, and whether a dot marks it as cut short. */
interface CaptionWord {
  folded: string;
  cut: boolean;
}

/** An abbreviated word needs this many letters to stand for a caption word. */
const MIN_ABBREVIATION = 3;

/** A word of three letters or more cut with a dot: without one, a cell is no abbreviated caption. */
const CUT_WORD = /\p{L}{3}\./u;

/** How many cells' answers are kept before they are forgotten (memory stays bounded over any input). */
const MAX_REMEMBERED = 2000;

/** The longest caption considered (a header cell, not a sentence). */
const MAX_CAPTION_LENGTH = 60;

/** Words a shortened caption drops (`Valores ref.` for `valores de referencia`, `Val. rif.`). */
const LINKING = new Set(['de', 'di', 'del', 'della', 'des', 'du', 'of', 'the', 'der', 'des', 'da', 'do']);

function captionWords(cell: string, fold: (text: string) => string): CaptionWord[] {
  const words: CaptionWord[] = [];
  for (const m of cell.matchAll(/([\p{L}\p{N}%#]+)(\.)?/gu)) {
    const folded = fold(m[1] as string);
    if (!LINKING.has(folded)) words.push({ folded, cut: m[2] !== undefined });
  }
  return words;
}

function stands(word: CaptionWord, full: string): boolean {
  if (word.folded === full) return true;
  return word.cut && word.folded.length >= MIN_ABBREVIATION && full.startsWith(word.folded);
}

/** The bucket of a caption of `count` words whose first word is `first`: the count and the word's first letter. */
function shapeOf(count: number, first: string): string {
  return `${count} ${first.charAt(0)}`;
}

/**
 * A matcher for abbreviated captions over the vocabulary's captions (folded, with their roles). The role the cell
 * stands for, or null.
 */
export function abbreviatedCaptionMatcher<Role>(
  vocabulary: ReadonlyMap<string, Role>,
  fold: (text: string) => string,
): (cell: string) => Role | null {
  // Captions by their word count and first letter, split once: a word stands for a caption word only when the
  // caption word starts with it, so a cell is compared with the captions sharing its first letter alone.
  const byShape = new Map<string, { words: string[]; role: Role }[]>();
  for (const [caption, role] of vocabulary) {
    const words = caption.split(' ').filter((word) => !LINKING.has(word));
    const shape = shapeOf(words.length, words[0] ?? '');
    const list = byShape.get(shape) ?? [];
    list.push({ words, role });
    byShape.set(shape, list);
  }
  // Header detection asks about the same cells again and again (every line's every phrase): answers are kept.
  const known = new Map<string, Role | null>();
  const match = (cell: string): Role | null => {
    const written = captionWords(cell, fold);
    let found: Role | null = null;
    for (const entry of byShape.get(shapeOf(written.length, written[0]?.folded ?? '')) ?? []) {
      if (!written.every((word, k) => stands(word, entry.words[k] as string))) continue;
      if (found !== null && found !== entry.role) return null;
      found = entry.role;
    }
    return found;
  };
  return (cell: string): Role | null => {
    if (cell.length > MAX_CAPTION_LENGTH || !CUT_WORD.test(cell)) return null;
    let role = known.get(cell);
    if (role === undefined) {
      if (known.size >= MAX_REMEMBERED) known.clear();
      role = match(cell);
      known.set(cell, role);
    }
    return role;
  };
}
