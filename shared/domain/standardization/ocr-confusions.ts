import { corpusIndex, type SynonymGroup } from './corpus';
import { LATIN_LOOKALIKES } from './latin-lookalikes';
import { normalizeIndicatorText } from './normalize-text';

/**
 * OCR of a photographed report misreads a few shapes in a known way: `l`/`1`/`I`/`|`, `O`/`0`, `S`/`5`, `rn`/`m`,
 * `vv`/`w`, `cl`/`d` (a photographed HbA1c came back as `HbAlc`, `HBAIC`; `Creatinlne`, `Cho1esterol`, `Horrnone`).
 * An "OCR skeleton" collapses each confusable class to one symbol; a name whose exact lookup failed is looked up by
 * its skeleton among the skeletons of every corpus synonym. Accepted only when the skeleton belongs to one synonym
 * group and every changed word is long enough that the change cannot be a different test (`T1`/`Tl`, `Factor 11`/
 * `Factor II`, `IDL`/`LDL` stay null).
 */

/** Below an exact synonym (1) and a reordering (0.97): the name was read, not written, this way. */
export const OCR_CONFIDENCE = 0.9;

/** A word this short changes meaning with one character (`ldl`/`idl`, `c1`/`cl`): only digit/letter slips at 3. */
const MIN_WORD_LENGTH = 4;
const MIN_MIXED_WORD_LENGTH = 3;
/** At most one confused character in every three of a word: more is another word, not a misreading. */
const LETTERS_PER_CONFUSION = 3;

/** HealthKit identifiers come from exports, never from a photograph, and are a closed vocabulary. */
const MACHINE_IDENTIFIER = /^HK[A-Z][A-Za-z]*Identifier/;

const SINGLE_CONFUSIONS: Readonly<Record<string, string>> = {
  '1': 'l',
  i: 'l',
  '0': 'o',
  '5': 's',
};

/**
 * One symbol per confusable class, applied to a normalised (lower-case) key. Single characters first, so `C1earance`
 * and `Clearance` both reach the `cl` → `d` step; word boundaries (spaces) are kept.
 */
export function ocrSkeleton(key: string): string {
  let mapped = '';
  for (const c of key) mapped += SINGLE_CONFUSIONS[c] ?? c;
  return mapped.replace(/rn/g, 'm').replace(/vv/g, 'w').replace(/cl/g, 'd');
}

/** `Cho|esterol`, `|ron`: a vertical bar or `!` OCR read for an `l` or `I` (the normaliser would split the word). */
function repairBars(name: string): string {
  return name
    .replace(/(?<=[\p{L}\p{N}])[|¦!](?=[\p{L}\p{N}])/gu, 'l')
    .replace(/(?<![\p{L}\p{N}])[|¦](?=\p{L}{2,})/gu, 'l');
}

/**
 * `HemogIobin`, `GIucose`, `LeveI`: a capital `I` OCR read for an `l` inside a lower-case word. The normaliser would
 * split it there as camelCase (`hemog iobin`), so it is repaired on the name as read: an `I` between a letter and two
 * lower-case ones, or after three lower-case letters at (or one letter before) the end of a word (`NeutrophiIs`).
 * An `I` after fewer (`TnI`, `cTnI`) or before a capital (`HIV`, `IgG`) is a real capital.
 */
function repairInnerCapitalI(name: string): string {
  return name.replace(/(?<=\p{L})I(?=\p{Ll}{2})/gu, 'l').replace(/(?<=\p{Ll}{3})I(?=\p{Ll}?(?![\p{L}\p{N}]))/gu, 'l');
}

let corpusWordSet: Set<string> | undefined;

/** Every word of every corpus key: a word the corpus spells with a digit (`a1c`, `igg1`, `c1q`) is not misread. */
function corpusWords(): Set<string> {
  if (corpusWordSet) return corpusWordSet;
  corpusWordSet = new Set<string>();
  for (const key of corpusIndex.exact.keys()) for (const word of key.split(' ')) corpusWordSet.add(word);
  return corpusWordSet;
}

const DIGIT_AS_LETTER: Readonly<Record<string, string>> = { '0': 'o', '1': 'l', '5': 's' };

/**
 * `Gluc0se`, `who1e`, `B1ood`, `Pr0t`, `A1k`, `Metanephrine5`: a word whose only digits are `0`, `1` or `5`, which
 * read as `o`, `l` and `s` make a word of letters. Kept as written when the corpus spells the word so (`A1c`, `C1q`),
 * when the change is more than a misreading of a word that length (`H1N1`, `S100`, `p50`), when it has fewer than
 * two letters (`B1`), or when a `1` or `5` ends it after fewer than four letters (`IgG1`, `CD5`): a number there.
 */
function readDigitsAsLetters(word: string): string {
  if (!/[015]/.test(word) || /[2-46-9]/.test(word)) return word;
  const letters = word.replace(/[015]/g, (d) => DIGIT_AS_LETTER[d] as string);
  if (!/^\p{L}+$/u.test(letters) || word.replace(/\d/g, '').length < 2) return word;
  const lower = word.toLowerCase();
  if (corpusWords().has(lower) || !plausibleMisreading(lower, letters.toLowerCase())) return word;
  if (/[15]$/.test(word) && word.length < 5) return word;
  return letters;
}

function repairInnerDigits(name: string): string {
  return name.replace(/[\p{L}\p{N}]+/gu, readDigitsAsLetters);
}

/**
 * Single characters OCR reads the wrong way round: `02` (no count is written with a leading zero) for `O2`; a lone
 * `l` after a word (`Troponin l`, `Factor l`: no test name has a lone `l`, many a lone `I`) for `I`; `lgM`, `lgG` for
 * the immunoglobulins, and `lNR` for any acronym in capitals; `25-0H` for the hydroxy group. A lone `l` after a slash
 * or a digit (`mmol/l`, `5 l`) is a litre and stays.
 */
function repairLoneCharacters(name: string): string {
  return (
    name
      .replace(/(?<![\p{L}\p{N}.,])0(?=\d(?![\p{L}\p{N}.,]))/gu, 'O')
      .replace(/(?<=\p{L}{3}[\s,]+)l(?![\p{L}\p{N}/])/gu, 'I')
      .replace(/(?<![\p{L}\p{N}])l(?=g[AGMDE](?![\p{L}\p{N}]))/gu, 'I')
      // `lNR`, `lGF-1`: a lower-case `l` opening a word otherwise in capitals is the capital `I` of an acronym.
      .replace(/(?<![\p{L}\p{N}])l(?=\p{Lu}{2,}(?![\p{Ll}]))/gu, 'I')
      // `25-0H`, `25(0H)`: the hydroxy group after its locant, whose `O` OCR reads as a zero.
      .replace(/(?<=\d\s?[-(]?\s?)0(?=H(?![\p{L}\p{N}]))/gu, 'O')
  );
}

/** The name with OCR's bars, inner capital `I`s, digits and lone characters, and look-alike letters repaired. */
export function repairedName(name: string): string {
  return repairLoneCharacters(repairInnerDigits(repairInnerCapitalI(repairBars(foldLookalikes(name)))));
}

/**
 * The normalised key of a name as OCR's shape repairs read it (`TacroIimus` → `tacrolimus`, not `tacro iimus`), for
 * the retrieval stage to try when the key as written found nothing; null when the repairs change nothing.
 */
export function ocrRepairedKey(name: string, normalized: string): string | null {
  if (MACHINE_IDENTIFIER.test(name.trim())) return null;
  const repaired = repairedName(name);
  const key = repaired === name ? normalized : normalizeIndicatorText(repaired);
  return key && key !== normalized ? key : null;
}

/**
 * Look-alike letters folded to Latin, only inside a word that also has Latin letters: a word wholly in Greek or
 * Cyrillic is that language (and `β` in `β-hCG` is its own word, not a look-alike).
 */
function foldLookalikes(name: string): string {
  return name.replace(/[\p{L}\p{N}]+/gu, (word) =>
    /\p{Script=Latin}/u.test(word) ? [...word].map((c) => LATIN_LOOKALIKES[c] ?? c).join('') : word,
  );
}

interface SkeletonBucket {
  /** The group every key with this skeleton belongs to; null when keys of different groups share it. */
  group: SynonymGroup | null;
  keys: string[];
}

let skeletonIndex: Map<string, SkeletonBucket> | undefined;

/** Built on the first OCR lookup, like the trigram index, so that importing the engine stays cheap. */
function skeletons(): Map<string, SkeletonBucket> {
  if (skeletonIndex) return skeletonIndex;
  const index = new Map<string, SkeletonBucket>();
  for (const [key, group] of corpusIndex.exact) {
    const skeleton = ocrSkeleton(key);
    const bucket = index.get(skeleton);
    if (!bucket) index.set(skeleton, { group, keys: [key] });
    else {
      bucket.keys.push(key);
      if (bucket.group && bucket.group.signature !== group.signature) bucket.group = null;
    }
  }
  skeletonIndex = index;
  return index;
}

const DIGIT = /\d/;

function differingPositions(a: string, b: string): number[] {
  const positions: number[] = [];
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) positions.push(i);
  return positions;
}

/**
 * A read word and a corpus word with the same skeleton name the same thing only when the word is long enough for
 * the change to be a misreading. A word of digits on either side (`11` against `II`, `25` against `2S`) carries a
 * number, never a misread letter.
 */
export function plausibleMisreading(read: string, known: string): boolean {
  if (read === known) return true;
  if (/^\d+$/.test(read) || /^\d+$/.test(known)) return false;
  const sameLength = read.length === known.length;
  const changed = sameLength ? differingPositions(read, known) : null;
  if (changed && changed.length > Math.max(1, Math.floor(read.length / LETTERS_PER_CONFUSION))) return false;
  if (read.length >= MIN_WORD_LENGTH) return true;
  // `c02` for `co2`, `bl2` for `b12`, `a1c`/`alc`: a three-character word may differ only digit against letter.
  if (read.length < MIN_MIXED_WORD_LENGTH || !changed) return false;
  return changed.every((i) => DIGIT.test(read[i] as string) !== DIGIT.test(known[i] as string));
}

function wordsAlign(read: string, known: string): boolean {
  const readWords = read.split(' ');
  const knownWords = known.split(' ');
  return (
    readWords.length === knownWords.length && readWords.every((w, i) => plausibleMisreading(w, knownWords[i] as string))
  );
}

/**
 * The synonym group a name OCR has misread stands for, or null. Meant for names whose exact lookup failed: a bar
 * repaired into `l` may give an exact key; otherwise the skeleton must belong to one group and a key of it must
 * align word for word with the name as read. `normalized` is the name's key when the caller already has it.
 */
export function ocrConfusionGroup(
  name: string,
  normalized?: string,
): { group: SynonymGroup; confidence: number } | null {
  if (MACHINE_IDENTIFIER.test(name.trim())) return null;
  const repaired = repairedName(name);
  const key = repaired === name && normalized !== undefined ? normalized : normalizeIndicatorText(repaired);
  if (!key) return null;
  const exact = corpusIndex.exact.get(key);
  if (exact) return { group: exact, confidence: OCR_CONFIDENCE };
  const bucket = skeletons().get(ocrSkeleton(key));
  if (!bucket?.group) return null;
  return bucket.keys.some((known) => wordsAlign(key, known))
    ? { group: bucket.group, confidence: OCR_CONFIDENCE }
    : null;
}
