import { corpusIndex, type SynonymGroup } from './corpus';
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
 * Greek and Cyrillic letters drawn exactly like Latin ones. OCR engines with several scripts enabled, and text pasted
 * from such output, mix them into Latin words (`НbА1с` with Cyrillic Н, А, с); NFKC keeps them apart.
 */
const LATIN_LOOKALIKES: Readonly<Record<string, string>> = {
  Α: 'A',
  Β: 'B',
  Ε: 'E',
  Ζ: 'Z',
  Η: 'H',
  Ι: 'I',
  Κ: 'K',
  Μ: 'M',
  Ν: 'N',
  Ο: 'O',
  Ρ: 'P',
  Τ: 'T',
  Υ: 'Y',
  Χ: 'X',
  ο: 'o',
  А: 'A',
  В: 'B',
  Е: 'E',
  К: 'K',
  М: 'M',
  Н: 'H',
  О: 'O',
  Р: 'P',
  С: 'C',
  Т: 'T',
  Х: 'X',
  І: 'I',
  Ј: 'J',
  Ѕ: 'S',
  а: 'a',
  е: 'e',
  о: 'o',
  р: 'p',
  с: 'c',
  у: 'y',
  х: 'x',
  і: 'i',
  ј: 'j',
  ѕ: 's',
};

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
function plausibleMisreading(read: string, known: string): boolean {
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
  const repaired = repairBars(foldLookalikes(name));
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
