import { foldTraditionalChinese } from './cjk-fold';
import { type CorpusConcept, type SynonymGroup, synonymGroup } from './corpus';
import { isMethodWord } from './method-axis';
import { normalizeIndicatorText } from './normalize-text';

/**
 * Chinese lab reports print a Latin abbreviation beside the Chinese name: `甘油三酯(TG)`, `血清总蛋白 TP`, `白蛋白 A`,
 * `碱性磷酸酶 AKP(ALP)`, `γ-谷氨酰转肽酶γ-GGTP`. The name is split into its Han part and its Latin pieces, each read
 * on its own:
 *
 * - Han part known: every Latin piece the corpus knows must name a concept of the Han part's group (the answer is
 *   the concepts both name: `TG` is also thyroglobulin, `甘油三酯` is not); an unknown piece must read as an
 *   abbreviation of one of the group's own names (its letters in order from the first: `AKP` in `alkaline
 *   phosphatase`, `A` in `albumin`) and be no specimen or qualifier word. Anything else contradicts: null.
 * - Han part unknown (`血红蛋白浓度(HGB)`): the known Latin pieces must agree, the Han part must name no specimen,
 *   timing or qualifier that LOINC codes apart (`尿` urine, `脑脊液`, `空腹`, `游离`, …), and it must share a Han
 *   bigram with a Chinese name of the concept (so an unrelated Chinese word is not taken for a label of `HGB`).
 *
 * A leading `血清`/`血浆`/`血液` (serum, plasma, blood; the `serum` noise word of the Latin names) is tried off, and a
 * `…细胞` name ending in `百分比`/`比值`/`比率`/`比例`/`百分率` or `绝对值` reads as the `%` or absolute-count qualifier.
 *
 * The same comparisons serve the bracketed-alias stage of `resolver.ts` in any script: `commonGroup`, `refinedGroup`,
 * `isAbbreviationOf`.
 */

export interface MixedScriptMatch {
  group: SynonymGroup;
  confidence: number;
}

/** The two sides name different tests: the resolver must give null, not try a looser stage. */
export const SCRIPT_CONFLICT = 'conflict' as const;

type ExactLookup = (normalized: string) => { group: SynonymGroup; confidence: number } | null;

const HAN = /\p{Script=Han}/u;
const HAN_RUN = /\p{Script=Han}+/gu;
const HAN_KNOWN_CONFIDENCE = 0.95;
const HAN_UNKNOWN_CONFIDENCE = 0.9;

/** Serum, plasma or blood written before the analyte; not before 素 (血清素 is serotonin), 学 or 型. */
const SPECIMEN_PREFIX = /^(?:血清|血浆|血液)(?![素学型])/u;

/** `淋巴细胞比值`, `中性粒细胞百分比`: the % sibling; `…绝对值`: the absolute count. */
const CELL_QUALIFIER = /(细胞)(百分比|百分率|百分数|比值|比率|比例|绝对值|绝对数)$/u;

/**
 * Han words that change the LOINC code: specimens other than serum/plasma/blood (尿 except in 尿素 urea and 尿酸 uric
 * acid), timing and challenge, property and method, and component qualifiers. A Han part holding one is never read
 * from its Latin abbreviation alone.
 */
const HAN_VETO =
  /尿(?![素酸])|脑脊液|脊液|胸水|胸腔|腹水|腹腔|积液|粪|大便|唾液|关节|羊水|精液|痰|乳汁|动脉|静脉|毛细|脐|全血|末梢|空腹|餐后|小时|随机|负荷|游离|结合|直接|间接|超敏|高敏|抗体|抗原|受体|前体|同工酶|计算|定量|定性|比值|百分|比率|比例|绝对|密度|非|\d/u;

/** Latin words beside a Han name that are a specimen or a qualifier, never an abbreviation of the test. */
const LATIN_VETO = new Set([
  'urine',
  'ur',
  'u',
  'csf',
  'fl',
  'fld',
  'fluid',
  'stool',
  'art',
  'arterial',
  'ven',
  'venous',
  'cap',
  'wb',
  'cord',
  'free',
  'total',
  'tot',
  'direct',
  'indirect',
  'random',
  'fasting',
  'fast',
  'post',
  'pre',
  'calc',
  'ratio',
  'index',
  'hs',
]);
const DURATION = /^\d+h$/;
const LATIN_RUN = /[A-Za-z0-9](?:[A-Za-z0-9.%#]|-(?=[A-Za-z0-9]))*/g;
const ABBREVIATION = /^[a-z][a-z0-9]{0,7}$/;

interface Pieces {
  han: string;
  latin: string[];
}

/**
 * Han part and Latin pieces, split at brackets and spaces, then (second reading) at every Han/Latin boundary. A slash
 * between two Latin letters is one abbreviation's (`白球比 A/G`, the albumin/globulin ratio), not a split.
 */
function splitPieces(name: string, atBoundaries: boolean): Pieces | null {
  const chunks = name
    .replace(/\/(?![A-Za-z0-9])|(?<![A-Za-z0-9])\//g, ' ')
    .split(/[\s()[\]{}（）【】,，;；:：]+/u)
    .filter(Boolean);
  const han: string[] = [];
  const latin: string[] = [];
  for (const chunk of chunks) {
    if (!HAN.test(chunk)) {
      if (/[A-Za-z]/.test(chunk)) latin.push(chunk);
    } else if (!atBoundaries) han.push(chunk);
    else {
      // `γ-谷氨酰转肽酶γ-GGTP`: the ASCII runs glued to the Han text are the abbreviations.
      latin.push(...(chunk.match(LATIN_RUN) ?? []).filter((run) => /[A-Za-z]/.test(run)));
      han.push(chunk.replace(LATIN_RUN, ' '));
    }
  }
  if (han.length === 0 || latin.length === 0) return null;
  return { han: han.join(' '), latin };
}

type Qualifier = 'pct' | 'abs' | null;

/** Counts per volume: what an absolute-count qualifier asks for. */
const COUNT_UNITS = new Set(['10*3/uL', '10*9/L', '/uL', '/nL', '10*6/uL', '10*12/L', '10*3/mm3', '/pL', '10*6/L']);

function fitsQualifier(concept: CorpusConcept, qualifier: Qualifier): boolean {
  if (qualifier === null) return true;
  return qualifier === 'pct' ? concept.units.includes('%') : concept.units.some((u) => COUNT_UNITS.has(u));
}

/** Normalised keys a Han part may be found under, most literal first, with the qualifier each one implies. */
function hanKeys(han: string): { key: string; qualifier: Qualifier }[] {
  const normalized = normalizeIndicatorText(han);
  const hanOnly = (normalized.match(HAN_RUN) ?? []).join(' ');
  const keys: { key: string; qualifier: Qualifier }[] = [];
  for (const base of new Set([normalized, hanOnly])) {
    if (!base) continue;
    const variants = [base];
    const stripped = base.replace(SPECIMEN_PREFIX, '');
    if (stripped && stripped !== base) variants.push(stripped);
    for (const v of variants) {
      keys.push({ key: v, qualifier: null });
      const cell = CELL_QUALIFIER.exec(v);
      if (cell) {
        const qualifier = cell[2]?.startsWith('绝对') ? 'abs' : 'pct';
        keys.push({ key: v.slice(0, cell.index) + (cell[1] as string), qualifier });
      }
    }
  }
  return keys;
}

function findHan(han: string, exact: ExactLookup): { group: SynonymGroup; qualifier: Qualifier } | null {
  for (const { key, qualifier } of hanKeys(han)) {
    const found = exact(key);
    if (found && !found.group.ambiguous) return { group: found.group, qualifier };
  }
  return null;
}

interface LatinReading {
  /** Concepts the piece names, when the corpus knows it (null: unknown or ambiguous). */
  concepts: CorpusConcept[] | null;
  needsUnit: boolean;
  /** The bare abbreviation of an unknown piece. */
  unknown: string | null;
  qualifier: Qualifier;
}

function readLatin(piece: string, exact: ExactLookup): LatinReading | 'veto' {
  // `TbiL`, `DbiL`: Chinese LIS abbreviations in mixed case are one word, not camelCase to split (`tbi l`), where
  // only the whole word is a corpus name (`ApoB`, `UreaN` are read split, as the corpus writes them).
  const lower = piece.toLowerCase();
  const word =
    /^[A-Za-z]+[a-z][A-Z]$/.test(piece) && !exact(normalizeIndicatorText(piece)) && exact(normalizeIndicatorText(lower))
      ? lower
      : piece;
  const tokens = normalizeIndicatorText(word).split(' ').filter(Boolean);
  const qualifier: Qualifier = tokens.includes('pct') ? 'pct' : tokens.includes('abs') ? 'abs' : null;
  const whole = tokens.join(' ');
  const known = whole ? exact(whole) : null;
  if (known) return { ...conceptsOf(known.group), unknown: null, qualifier: null };
  const rest = tokens.filter((t) => t !== 'pct' && t !== 'abs');
  if (rest.length === 0) return { concepts: null, needsUnit: false, unknown: null, qualifier };
  const restKey = rest.join(' ');
  const knownRest = exact(restKey);
  if (knownRest) return { ...conceptsOf(knownRest.group), unknown: null, qualifier };
  if (rest.length > 1 || LATIN_VETO.has(restKey) || DURATION.test(restKey) || !ABBREVIATION.test(restKey))
    return 'veto';
  return { concepts: null, needsUnit: false, unknown: restKey, qualifier };
}

function conceptsOf(group: SynonymGroup): { concepts: CorpusConcept[] | null; needsUnit: boolean } {
  return group.ambiguous
    ? { concepts: null, needsUnit: false }
    : { concepts: group.concepts, needsUnit: group.needsUnit };
}

/** `akp` in `alkaline phosphatase`: the letters in order, the first one starting the name. */
function abbreviates(abbreviation: string, name: string): boolean {
  if (name[0] !== abbreviation[0]) return false;
  let at = 0;
  for (const ch of abbreviation) {
    at = name.indexOf(ch, at);
    if (at < 0) return false;
    at++;
  }
  return true;
}

function latinNames(concept: CorpusConcept): string[] {
  return concept.synonyms
    .filter((n) => !HAN.test(n))
    .map((n) => normalizeIndicatorText(n))
    .filter(Boolean);
}

function hanBigrams(text: string): Set<string> {
  const bigrams = new Set<string>();
  for (const run of text.match(HAN_RUN) ?? []) {
    const chars = Array.from(run);
    if (chars.length === 1) bigrams.add(run);
    for (let i = 0; i + 1 < chars.length; i++) bigrams.add(`${chars[i]}${chars[i + 1]}`);
  }
  return bigrams;
}

/**
 * Bigrams every name of a kind carries (`细胞` cell, `计数` count, `蛋白` protein, `浓度` concentration): sharing one
 * says nothing of which test, so `嗜酸细胞#(WBC)` (eosinophils beside the leukocyte letters) is not confirmed by `白细胞`.
 */
const GENERIC_BIGRAMS = new Set(['细胞', '计数', '蛋白', '浓度', '总数', '测定', '绝对', '对值']);

function sharesHanBigram(han: string, concepts: readonly CorpusConcept[]): boolean {
  const mine = new Set([...hanBigrams(foldTraditionalChinese(han))].filter((bigram) => !GENERIC_BIGRAMS.has(bigram)));
  return concepts.some((c) => c.synonyms.some((s) => [...hanBigrams(s)].some((b) => mine.has(b))));
}

/**
 * Whether `raw`, written in capitals (`VS`, `AKP`), reads as an abbreviation of one of the concepts' own names and is
 * no specimen or qualifier word: what an unknown bracketed alias must be to be kept beside a known name.
 */
export function isAbbreviationOf(raw: string, concepts: readonly CorpusConcept[]): boolean {
  const trimmed = raw.trim();
  if (!/^[A-Z][A-Z0-9]{0,7}$/.test(trimmed)) return false;
  const abbreviation = trimmed.toLowerCase();
  if (LATIN_VETO.has(abbreviation)) return false;
  return concepts.some((c) => latinNames(c).some((n) => abbreviates(abbreviation, n)));
}

/**
 * The concepts two names both stand for (`Triglycerides (TG)`: TG is also thyroglobulin), or null when they share
 * none. The same group when the names agree exactly.
 */
export function commonGroup(a: SynonymGroup, b: SynonymGroup): SynonymGroup | null {
  if (a.signature === b.signature) return a;
  if (a.ambiguous || b.ambiguous) return null;
  const both = a.concepts.filter((c) => b.concepts.includes(c));
  return both.length > 0 ? synonymGroup(both, a.needsUnit && b.needsUnit) : null;
}

/** `Fasting glucose [Mass/volume] in Serum or Plasma` → component words, and the property, system and method. */
function loincParts(display: string): { words: Set<string>; rest: string } | null {
  const at = display.indexOf(' [');
  if (at <= 0) return null;
  return {
    words: new Set(
      display
        .slice(0, at)
        .toLowerCase()
        .split(/[^a-z0-9]+/)
        .filter(Boolean),
    ),
    rest: display.slice(at),
  };
}

function refines(specific: CorpusConcept, broad: CorpusConcept): boolean {
  const a = loincParts(specific.display);
  const b = loincParts(broad.display);
  if (!a || !b || a.rest !== b.rest || a.words.size <= b.words.size) return false;
  return [...b.words].every((w) => a.words.has(w));
}

/**
 * `Glycémie à jeun (Glucose)`: the alias names the analyte the name qualifies. The name's group when each of its
 * concepts is one of the alias's with more words in the LOINC component (`Fasting glucose` ⊃ `Glucose`) and the same
 * property, specimen and method; otherwise null.
 */
export function refinedGroup(name: SynonymGroup, alias: SynonymGroup): SynonymGroup | null {
  if (name.ambiguous || alias.ambiguous || name.concepts.length === 0) return null;
  return name.concepts.every((c) => alias.concepts.some((broad) => refines(c, broad))) ? name : null;
}

/**
 * The group a Han name with Latin abbreviations stands for, `SCRIPT_CONFLICT` when its parts name different tests
 * (or a part cannot be read safely), or null when the name is not of that shape.
 */
export function mixedScriptGroup(name: string, exact: ExactLookup): MixedScriptMatch | typeof SCRIPT_CONFLICT | null {
  const folded = foldTraditionalChinese(name.normalize('NFKC'));
  if (!HAN.test(folded) || !/[A-Za-z]/.test(folded)) return null;
  const readings = [splitPieces(folded, false), splitPieces(folded, true)].filter((p): p is Pieces => p !== null);
  if (readings.length === 0) return null;
  let pieces = readings[0] as Pieces;
  let han = findHan(pieces.han, exact);
  if (!han && readings[1]) {
    pieces = readings[1];
    han = findHan(pieces.han, exact);
  }

  // `糖化血红蛋白 HbA1c(IFCC)`, `肌酐(酶法)` once the method is in English: a method word is no abbreviation of the
  // test, and the method axis reads it (the Han name is its component), so the shape is not read here.
  if (pieces.latin.some((piece) => !LATIN_VETO.has(piece.toLowerCase()) && isMethodWord(piece.toLowerCase())))
    return null;
  // Past this point a Han name the corpus knows that the Latin side does not fit is a conflict; with an unknown Han
  // name the shape is simply not read here (null), and the later stages judge the name as before.
  const refuse = han ? SCRIPT_CONFLICT : null;
  const latin: LatinReading[] = [];
  // `CK-MB mass`, `Glucose(AC)`: Latin pieces that together are one corpus name are read whole, not word by word.
  const whole = pieces.latin.length > 1 ? readLatin(pieces.latin.join(' '), exact) : 'veto';
  if (whole !== 'veto' && whole.concepts !== null && whole.unknown === null && whole.qualifier === null)
    latin.push(whole);
  else
    for (const piece of pieces.latin) {
      const reading = readLatin(piece, exact);
      if (reading === 'veto') return refuse;
      latin.push(reading);
    }
  const qualifiers = new Set([han?.qualifier ?? null, ...latin.map((l) => l.qualifier)].filter((q) => q !== null));
  if (qualifiers.size > 1) return refuse;
  const qualifier = (qualifiers.values().next().value ?? null) as Qualifier;

  let concepts: CorpusConcept[];
  let needsUnit: boolean;
  let confidence: number;
  if (han) {
    ({ concepts, needsUnit } = han.group);
    confidence = HAN_KNOWN_CONFIDENCE;
  } else {
    // Unknown Han part: read from the Latin side, only when the Han part cannot be qualifying it.
    const known = latin.filter((l) => l.concepts !== null);
    if (known.length === 0 || HAN_VETO.test(normalizeIndicatorText(pieces.han).replace(SPECIMEN_PREFIX, '')))
      return null;
    concepts = known[0]?.concepts ?? [];
    needsUnit = known.every((l) => l.needsUnit);
    confidence = HAN_UNKNOWN_CONFIDENCE;
  }
  // `空腹血糖 GLU`: a known Han name may narrow the abbreviation's analyte (fasting glucose ⊂ glucose, same property,
  // specimen and method), as a bracketed alias may (`refinedGroup`); an unknown one is only confirmed by it.
  for (const reading of latin) {
    const broad = reading.concepts;
    if (broad)
      concepts = concepts.filter((c) => broad.includes(c) || (han !== null && broad.some((b) => refines(c, b))));
  }
  if (concepts.length === 0) return SCRIPT_CONFLICT;
  if (!han && !sharesHanBigram(pieces.han, concepts)) return null;
  for (const reading of latin) {
    const abbreviation = reading.unknown;
    if (abbreviation !== null && !concepts.some((c) => latinNames(c).some((n) => abbreviates(abbreviation, n))))
      return refuse;
  }
  concepts = concepts.filter((c) => fitsQualifier(c, qualifier));
  if (concepts.length === 0) return refuse;
  return { group: synonymGroup(concepts, needsUnit), confidence };
}
