import { ocrSkeleton, plausibleMisreading } from '../ocr-confusions';

/**
 * Whether a retrieved corpus key and a query name say the same words. The n-gram score finds neighbours; this is
 * the guard that keeps a neighbour that differs in meaning (`ldl`/`hdl`, `t3`/`t4`, `bilirubin`/`bilirubin direct`)
 * from being accepted however close its letters are.
 */

/** Shortest word in which one letter may be wrong, and in which two may. */
const SLIP_MIN_LENGTH = 7;
const TWO_SLIPS_MIN_LENGTH = 10;
/**
 * Shortest word in which a slip is tolerated at all. From here to `SLIP_MIN_LENGTH` a swapped or doubled letter is
 * always a slip; a dropped, added or changed letter (`ammona`, `folae`, `protin`) only after the first letter, when
 * the misspelling is no corpus word of another meaning itself and none is as near (`slipIsUnique`).
 */
const KEYBOARD_SLIP_MIN_LENGTH = 5;
/** Shortest word that may be another missing one letter (`cels` for `cells`), when unique. */
const DROPPED_LETTER_MIN_LENGTH = 4;
/** Shortest abbreviation accepted as the start of a word (`chol`, `trig`, `vit`). */
const ABBREVIATION_MIN_LENGTH = 3;
/** At most this many method qualifiers after a name: beyond that the name is a different, longer test. */
const MAX_QUALIFIERS = 2;

/**
 * Words of LOINC's method axis that a lab writes after a test name and that the method-less code covers: LOINC codes
 * most chemistry and immunoassay results without a method, so `Creatinine enzymatic` is the method-less creatinine.
 * Methods and scales that LOINC does code apart (calculated LDL, direct bilirubin, the eGFR equations, automated vs
 * manual counts, quantitative vs qualitative) are deliberately absent,
 * and an unknown extra word is never dropped: `VLDL cholesterol`, `salivary cortisol`, `iron studies` are other tests.
 * @see https://loinc.org/kb/users-guide/major-parts-of-a-loinc-term/#type-of-method-6th-part
 */
const METHOD_QUALIFIERS: ReadonlySet<string> = new Set([
  'enzymatic',
  'enzymatisch',
  'enzimatico',
  'enzymatique',
  'jaffe',
  'kinetic',
  'colorimetric',
  'photometric',
  'spectrophotometric',
  'immunoassay',
  'immunoturbidimetric',
  'turbidimetric',
  'nephelometric',
  'nephelometry',
  'chemiluminescent',
  'chemiluminescence',
  'electrochemiluminescence',
  'cmia',
  'clia',
  'ecl',
  'ecli',
  'eclia',
]);

/**
 * Framing words the normaliser drops (`Lithium level`, `Red blood cells`): a misspelling of one (`levl`, `levle`,
 * `blod`, OCR's `piasma`) frames the name as the word would, rather than being an unknown word that refuses it.
 */
const FRAMING_WORDS: readonly string[] = [
  'level',
  'levels',
  'blood',
  'serum',
  'plasma',
  'whole',
  'value',
  'values',
  'result',
  'results',
  'measurement',
  'concentration',
];
/**
 * Framing words as flowsheets shorten them (`Vancomycin Lvl`, `Lactic Acid Lvl`): consonant skeletons no slip rule
 * reaches, read as the word they shorten.
 */
const FRAMING_ABBREVIATIONS: ReadonlySet<string> = new Set(['lvl', 'lvls']);
/** Shortest misspelt framing word (`levl`, `blod`): shorter ones are other words. */
const FRAMING_SLIP_MIN_LENGTH = 4;

/** A query word no corpus key uses that is one letter, or an OCR misreading, from a framing word. */
function isFramingSlip(word: string, vocabulary: Vocabulary): boolean {
  if (word.length < FRAMING_SLIP_MIN_LENGTH || !/^\p{L}+$/u.test(word) || vocabulary.groupsOfWord.has(word))
    return false;
  const skeleton = ocrSkeleton(word);
  return FRAMING_WORDS.some(
    (framing) =>
      word[0] === framing[0] &&
      (editDistance(word, framing, 1) <= 1 ||
        (skeleton === ocrSkeleton(framing) && plausibleMisreading(word, framing))),
  );
}

function digitsOf(word: string): string {
  return word.replace(/\D+/g, '');
}

const MAX_WORD = 64;
const rowsA = new Int32Array(MAX_WORD + 1);
const rowsB = new Int32Array(MAX_WORD + 1);
const rowsC = new Int32Array(MAX_WORD + 1);

/** Optimal-string-alignment distance, stopping early: only 0, 1, 2 or "more" matter here. Reuses three rows. */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  if (a.length > MAX_WORD || b.length > MAX_WORD) return a === b ? 0 : limit + 1;
  let prevPrev = rowsA;
  let prev = rowsB;
  let row = rowsC;
  for (let j = 0; j <= b.length; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    row[0] = i;
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min((prev[j] as number) + 1, (row[j - 1] as number) + 1, (prev[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, (prevPrev[j - 2] as number) + 1);
      }
      row[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > limit) return limit + 1;
    const spare = prevPrev;
    prevPrev = prev;
    prev = row;
    row = spare;
  }
  return prev[b.length] as number;
}

/** `ferirtin`/`ferritin`, `sodiumm`/`sodium`: two adjacent letters swapped, or one letter doubled or undoubled. */
function isKeyboardSlip(a: string, b: string): boolean {
  if (a.length === b.length) {
    let i = 0;
    while (i < a.length && a[i] === b[i]) i++;
    return i + 1 < a.length && a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  const [long, short] = a.length > b.length ? [a, b] : [b, a];
  if (long.length !== short.length + 1) return false;
  let i = 0;
  while (i < short.length && long[i] === short[i]) i++;
  // The extra letter repeats its neighbour: a doubled key, not a different word.
  return long.slice(i + 1) === short.slice(i) && (long[i] === long[i - 1] || long[i] === long[i + 1]);
}

/** What alignment knows of the corpus vocabulary. */
export interface Vocabulary {
  /** Word → meanings (group signatures, see `VectorIndex.meanings`) of the keys that use it. */
  groupsOfWord: ReadonlyMap<string, ReadonlySet<string>>;
  /** OCR skeleton (`ocrSkeleton`) → the corpus words that have it, to tell a misread word from a word of its own. */
  wordsBySkeleton: ReadonlyMap<string, readonly string[]>;
  /** Whole corpus key → its meaning, to recognise a name restated in brackets (`Alanine aminotransferase (ALT)`). */
  meaningOfKey: ReadonlyMap<string, string>;
  /**
   * The same words bucketed by length and first letter (`"8:c"`), to find a slip's other near words without scanning
   * them all.
   */
  wordsByLengthAndInitial: ReadonlyMap<string, readonly string[]>;
}

/** A query word misspells a corpus word: never across different digits (`b6`/`b12`), never in short words. */
export function isSlip(queryWord: string, corpusWord: string): boolean {
  return slipDistance(queryWord, corpusWord) !== null;
}

/** The number of letters a slip changed (1 or 2), or null when the two words are not a slip apart. */
function slipDistance(queryWord: string, corpusWord: string): number | null {
  if (digitsOf(queryWord) !== digitsOf(corpusWord)) return null;
  const shortest = Math.min(queryWord.length, corpusWord.length);
  if (shortest < KEYBOARD_SLIP_MIN_LENGTH) {
    // `cels`, `clls` for `cells`: a four-letter word missing one letter of a five-letter one, after the first.
    return queryWord.length === DROPPED_LETTER_MIN_LENGTH &&
      corpusWord.length === queryWord.length + 1 &&
      /^\p{L}+$/u.test(queryWord) &&
      queryWord[0] === corpusWord[0] &&
      editDistance(queryWord, corpusWord, 1) === 1
      ? 1
      : null;
  }
  if (shortest < SLIP_MIN_LENGTH) {
    if (isKeyboardSlip(queryWord, corpusWord)) return 1;
    // Letters only, and the first one kept: `NearWords` looks for rivals by initial, so a slip there goes unchecked.
    return /^\p{L}+$/u.test(queryWord) && queryWord[0] === corpusWord[0] && editDistance(queryWord, corpusWord, 1) === 1
      ? 1
      : null;
  }
  // Two slips only between long words: `creatine` vs `creatinine` are two letters and two analytes apart.
  const limit = shortest >= TWO_SLIPS_MIN_LENGTH ? 2 : 1;
  const distance = editDistance(queryWord, corpusWord, limit);
  return distance <= limit ? distance : null;
}

/** Largest edit distance any slip may have, and so the reach of `nearWords`. */
const MAX_SLIP = 2;

/**
 * The corpus words within `MAX_SLIP` edits of a query word, with their distance. Computed once per query word and
 * per retrieval (`NearWords` is created by the caller for one name), since every neighbour asks about the same words.
 */
export class NearWords {
  private readonly memo = new Map<string, ReadonlyMap<string, number>>();
  constructor(private readonly vocabulary: Vocabulary) {}

  of(queryWord: string): ReadonlyMap<string, number> {
    let near = this.memo.get(queryWord);
    if (near) return near;
    const found = new Map<string, number>();
    // Words starting with the query's first or second letter: a slip that also changes the first letter into a third
    // one is rare enough not to scan the whole vocabulary for it.
    const initials = new Set([queryWord[0], queryWord[1]]);
    if (queryWord.length >= DROPPED_LETTER_MIN_LENGTH) {
      for (let length = queryWord.length - MAX_SLIP; length <= queryWord.length + MAX_SLIP; length++) {
        for (const initial of initials) {
          for (const word of this.vocabulary.wordsByLengthAndInitial.get(`${length}:${initial}`) ?? []) {
            const distance = editDistance(queryWord, word, MAX_SLIP);
            if (distance <= MAX_SLIP && word !== queryWord) found.set(word, distance);
          }
        }
      }
    }
    near = found;
    this.memo.set(queryWord, near);
    return near;
  }
}

/**
 * A slip is read as one word only when no corpus word of another meaning is as near: `creatnine` is one letter from
 * both `creatine` and `creatinine`, and choosing either would be a guess.
 */
function slipIsUnique(
  queryWord: string,
  corpusWord: string,
  distance: number,
  near: ReadonlyMap<string, number>,
  vocabulary: Vocabulary,
) {
  const meanings = vocabulary.groupsOfWord.get(corpusWord);
  for (const [other, otherDistance] of near) {
    // A rival counts when the rules would read the word as a slip of it too (`take` is no rival of `utake`).
    if (other === corpusWord || otherDistance > distance || slipDistance(queryWord, other) === null) continue;
    const shared = [...(vocabulary.groupsOfWord.get(other) ?? [])].some((g) => meanings?.has(g));
    if (!shared) return false;
  }
  return true;
}

/** `chol` for `cholesterol`, `vit` for `vitamin`: the start of a longer word, letters only. */
function isAbbreviation(queryWord: string, corpusWord: string): boolean {
  return (
    queryWord.length >= ABBREVIATION_MIN_LENGTH &&
    corpusWord.length > queryWord.length + 1 &&
    /^\p{L}+$/u.test(queryWord) &&
    corpusWord.startsWith(queryWord)
  );
}

/** Whether two corpus words share a meaning (a key of one group uses both). */
function shareMeaning(a: string, b: string, vocabulary: Vocabulary): boolean {
  const meanings = vocabulary.groupsOfWord.get(a);
  return [...(vocabulary.groupsOfWord.get(b) ?? [])].some((g) => meanings?.has(g));
}

/**
 * A query word OCR misread from a corpus word: the same OCR skeleton (`tacroiimus`, `dehydr0genase`, `sedirnentation`)
 * with a change short words can carry (`plausibleMisreading`: never a word of digits, `11`/`ii`, never `ldl`/`idl`),
 * and no corpus word of another meaning with that skeleton. A digit that is a digit (`t3`/`t4`, `b6`/`b12`) has no
 * look-alike letter here.
 */
function isOcrMisreading(queryWord: string, corpusWord: string, vocabulary: Vocabulary): boolean {
  const skeleton = ocrSkeleton(queryWord);
  return (
    skeleton === ocrSkeleton(corpusWord) &&
    plausibleMisreading(queryWord, corpusWord) &&
    (vocabulary.wordsBySkeleton.get(skeleton) ?? []).every(
      (other) => other === corpusWord || shareMeaning(other, corpusWord, vocabulary),
    )
  );
}

/**
 * A query word stands for a corpus word of the candidate key (meaning `signature`): the same word, its
 * abbreviation or a slip of it. A query word that is itself a corpus word is taken for another only when the corpus
 * uses both for that same group (`cholesterin`/`cholesterol`); otherwise it names something else (`inulin` is not a
 * slip of `insulin`, `fer` not an abbreviation of `ferritin`).
 */
function wordsMatch(
  queryWord: string,
  corpusWord: string,
  signature: string,
  vocabulary: Vocabulary,
  nearWords: NearWords,
): boolean {
  if (queryWord === corpusWord) return true;
  const groups = vocabulary.groupsOfWord.get(queryWord);
  if (groups && !groups.has(signature)) return false;
  if (isAbbreviation(queryWord, corpusWord)) return true;
  const distance = slipDistance(queryWord, corpusWord);
  if (distance !== null && slipIsUnique(queryWord, corpusWord, distance, nearWords.of(queryWord), vocabulary))
    return true;
  return isOcrMisreading(queryWord, corpusWord, vocabulary);
}

export type Alignment = { qualifiers: string[] } | null;

const NO_WORDS: ReadonlySet<string> = new Set();
/** Shortest start of a word read as that word when it restates the candidate's own LOINC name (`chol`). */
const OWN_WORD_ABBREVIATION_MIN_LENGTH = 4;

/**
 * `LDL-Chol (Friedewald)`, `Cardiolipin IgM Ab`, `Hemoglobin A1c by HPLC`, `SpO2 on room air`: a word left over that
 * the candidate's own LOINC long name writes (every concept of its group), or the start of one, says again what the
 * key already names; it cannot point to another concept. A word the long name lacks (`Cardiac` beside plain CRP,
 * `Unsat` beside total iron-binding capacity, `INR` beside the prothrombin time) still refuses.
 */
function restatesOwnName(word: string, ownWords: ReadonlySet<string>): boolean {
  if (ownWords.has(word)) return true;
  if (word.length < OWN_WORD_ABBREVIATION_MIN_LENGTH || !/^\p{L}+$/u.test(word)) return false;
  for (const own of ownWords) if (own.length > word.length && own.startsWith(word)) return true;
  return false;
}

/**
 * What stands between a name and a candidate key: the key's words no word of the name matches (`missing`), the
 * name's words left over that are neither specimen words, a restatement, misspelt framing words nor method qualifiers
 * (`extra`), and the method qualifiers. Exact matches are paired first so a slip never steals a word spelled right
 * elsewhere in the name. Null when the key has more words than the name could miss by one.
 */
export interface AlignmentGap {
  missing: string[];
  extra: string[];
  qualifiers: string[];
}

export function alignmentGap(
  query: readonly string[],
  candidate: readonly string[],
  signature: string,
  vocabulary: Vocabulary,
  specimenWords: ReadonlySet<string>,
  nearWords: NearWords = new NearWords(vocabulary),
  ownWords: ReadonlySet<string> = NO_WORDS,
  stopAtGap = false,
): AlignmentGap | null {
  if (candidate.length > query.length + (stopAtGap ? 0 : 1)) return null;
  const used = new Array<boolean>(query.length).fill(false);
  const pending: string[] = [];
  for (const word of candidate) {
    const at = query.findIndex((q, i) => !used[i] && q === word);
    if (at >= 0) used[at] = true;
    else pending.push(word);
  }
  const missing: string[] = [];
  for (const word of pending) {
    const at = query.findIndex((q, i) => !used[i] && wordsMatch(q, word, signature, vocabulary, nearWords));
    if (at >= 0) used[at] = true;
    else if (stopAtGap) return null;
    else missing.push(word);
  }
  const rest: string[] = [];
  for (let i = 0; i < query.length; i++) {
    const word = query[i] as string;
    // A specimen word is judged against the concept's system by the re-ranking, not here.
    if (!used[i] && !specimenWords.has(word)) rest.push(word);
  }
  // `Alanine aminotransferase (ALT)`: the words left over are themselves a name of the same test, restating it.
  if (rest.length > 0 && vocabulary.meaningOfKey.get(rest.join(' ')) === signature)
    return { missing, extra: [], qualifiers: [] };
  const extra: string[] = [];
  const qualifiers: string[] = [];
  for (const word of rest) {
    if (FRAMING_ABBREVIATIONS.has(word) || isFramingSlip(word, vocabulary)) continue;
    // A word the key itself uses, written again (`Glucose (Fasting glucose)`), is a second name, not a restatement.
    if (!candidate.includes(word) && restatesOwnName(word, ownWords)) continue;
    if (METHOD_QUALIFIERS.has(word)) qualifiers.push(word);
    else if (stopAtGap) return null;
    else extra.push(word);
  }
  return { missing, extra, qualifiers };
}

/**
 * Every corpus word is matched by a distinct query word (exactly, as an abbreviation, as a slip or as an OCR
 * misreading); the query words left over must be specimen words (judged by the re-ranking), a name of the same test
 * restating it, misspelt framing words or method qualifiers, at most `MAX_QUALIFIERS`.
 */
export function alignWords(
  query: readonly string[],
  candidate: readonly string[],
  signature: string,
  vocabulary: Vocabulary,
  specimenWords: ReadonlySet<string>,
  nearWords: NearWords = new NearWords(vocabulary),
  ownWords: ReadonlySet<string> = NO_WORDS,
): Alignment {
  // Stopping at the first unmatched word: most neighbours a name is compared with fail at once.
  const gap = alignmentGap(query, candidate, signature, vocabulary, specimenWords, nearWords, ownWords, true);
  return gap && isAligned(gap) ? { qualifiers: gap.qualifiers } : null;
}

/** A gap that is no gap: every key word matched, nothing unexplained left over, few enough method qualifiers. */
export function isAligned(gap: AlignmentGap): boolean {
  return gap.missing.length === 0 && gap.extra.length === 0 && gap.qualifiers.length <= MAX_QUALIFIERS;
}
