import { type CorpusConcept, corpusFuzzyIndex, corpusIndex, type SynonymGroup } from './corpus';
import {
  analyseIndicatorText,
  normalizeIndicatorText,
  type PropertyHint,
  sortedTokenKey,
  trigrams,
  WHOLE_BLOOD,
} from './normalize-text';
import { ocrConfusionGroup } from './ocr-confusions';
import type { ObservationCategory } from './types';
import { normalizeUnit } from './units';

export interface IndicatorResolution {
  loincCode: string | null;
  canonicalName: string | null;
  /** 1 for an exact synonym, slightly less for reordered words, unit-less disambiguation or a spelling slip. */
  confidence: number;
  category: ObservationCategory;
}

/** Below this trigram Dice score a name is not even considered a spelling variant. */
const FUZZY_RETRIEVAL_MIN = 0.4;
/**
 * Acceptance: a spelling variant must also align word for word (see `tokensAlign`), which is the real guard; the
 * score only bounds how far a slip may drift. Calibrated on the dev split of `eval/standardization/indicators.json`:
 * no wrong code at any value from 0.72 down to 0.45, coverage flat below 0.55, so the highest value of the plateau.
 */
const FUZZY_ACCEPT_MIN = 0.55;
/** A runner-up from another group this close means the name sits between two tests: refuse. */
const FUZZY_MARGIN = 0.05;
const FUZZY_MAX_CANDIDATES = 16;
/** Short names (`GLX`, `ALP`) are too dense in the abbreviation space for spelling tolerance. */
const FUZZY_MIN_LENGTH = 5;
const SORTED_TOKENS_CONFIDENCE = 0.97;
const UNITLESS_DEFAULT_CONFIDENCE = 0.9;
const FUZZY_MAX_CONFIDENCE = 0.95;
/** Shortest word in which one letter may be wrong, and in which two may. */
const SLIP_MIN_LENGTH = 7;
const TWO_SLIPS_MIN_LENGTH = 10;

/** HealthKit identifiers are a closed vocabulary: one we do not curate is unknown, not a misspelling. */
const HEALTHKIT_IDENTIFIER = /^HK[A-Z][A-Za-z]*Identifier/;

const CACHE_LIMIT = 8192;
const cache = new Map<string, IndicatorResolution>();

const ACTIVITY_UNITS = new Set(['{steps}', '{count}', 'kcal', 'kJ', 'km', 'm', 'h', 'min']);
const VITAL_UNITS = new Set(['/min', 'mm[Hg]', 'Cel', '[degF]', 'kg', '[lb_av]', 'cm', '[in_i]', 'kg/m2']);

/** Category of an unrecognised name, from its unit alone; with no unit the entry is treated as self-reported. */
function fallbackCategory(unit: string | null): ObservationCategory {
  if (unit === null) return 'survey';
  if (ACTIVITY_UNITS.has(unit)) return 'activity';
  if (VITAL_UNITS.has(unit)) return 'vital-signs';
  return 'laboratory';
}

function unresolved(unit: string | null): IndicatorResolution {
  return Object.freeze({ loincCode: null, canonicalName: null, confidence: 0, category: fallbackCategory(unit) });
}

let scratch = new Uint16Array(0);

function digitsOf(token: string): string {
  return token.replace(/\D+/g, '');
}

/** Optimal-string-alignment distance, stopping early: only 0, 1, 2 or "more" matter here. */
function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    const row = new Array<number>(b.length + 1);
    row[0] = i;
    rows.push(row);
  }
  const first = rows[0] as number[];
  for (let j = 0; j <= b.length; j++) first[j] = j;
  for (let i = 1; i <= a.length; i++) {
    const row = rows[i] as number[];
    const prev = rows[i - 1] as number[];
    let rowMin = Number.POSITIVE_INFINITY;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min((prev[j] as number) + 1, (row[j - 1] as number) + 1, (prev[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, ((rows[i - 2] as number[])[j - 2] as number) + 1);
      }
      row[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > limit) return limit + 1;
  }
  return (rows[a.length] as number[])[b.length] as number;
}

/**
 * Two words are the same word when equal, or when both are long and differ by a slip of one or two letters.
 * Short words must match exactly: `ldl`/`hdl`, `t3`/`t4`, `b6`/`b12` differ by one letter and are different tests.
 */
function tokensMatch(a: string, b: string): boolean {
  if (a === b) return true;
  if (digitsOf(a) !== digitsOf(b)) return false;
  const shortest = Math.min(a.length, b.length);
  // Below seven letters one slip is often another word (`inulin`/`insulin`, `ketone`/`ketones`, `lipase`/`lipse`).
  if (shortest < SLIP_MIN_LENGTH) return false;
  // Two slips only between long words: `creatine` vs `creatinine` are two letters and two analytes apart.
  const limit = shortest >= TWO_SLIPS_MIN_LENGTH ? 2 : 1;
  return editDistance(a, b, limit) <= limit;
}

/** Word-for-word alignment: same number of words, each query word matched to a distinct candidate word. */
function tokensAlign(query: string[], candidate: string[]): boolean {
  if (query.length !== candidate.length) return false;
  const used = new Array<boolean>(candidate.length).fill(false);
  for (const word of query) {
    let found = false;
    for (let j = 0; j < candidate.length; j++) {
      if (!used[j] && tokensMatch(word, candidate[j] as string)) {
        used[j] = true;
        found = true;
        break;
      }
    }
    if (!found) return false;
  }
  return true;
}

/**
 * Similarity-scored retrieval: character-trigram Dice coefficient over every curated synonym (inverted index built
 * at load), then word alignment, then a margin check against the best candidate meaning something else.
 */
function fuzzyLookup(normalized: string): { group: SynonymGroup; score: number } | null {
  if (normalized.length < FUZZY_MIN_LENGTH) return null;
  const { keys, tokens, groups, gramCounts, postings } = corpusFuzzyIndex();
  if (scratch.length !== keys.length) scratch = new Uint16Array(keys.length);
  const grams = trigrams(normalized);
  const touched: number[] = [];
  for (const gram of grams) {
    const list = postings.get(gram);
    if (!list) continue;
    for (const id of list) {
      if (scratch[id] === 0) touched.push(id);
      scratch[id] = (scratch[id] as number) + 1;
    }
  }
  const scored: { id: number; score: number }[] = [];
  for (const id of touched) {
    const score = (2 * (scratch[id] as number)) / (grams.length + (gramCounts[id] as number));
    scratch[id] = 0;
    if (score >= FUZZY_RETRIEVAL_MIN) scored.push({ id, score });
  }
  scored.sort((a, b) => b.score - a.score || ((keys[a.id] as string) < (keys[b.id] as string) ? -1 : 1));
  const queryTokens = normalized.split(' ');
  const aligned = scored
    .slice(0, FUZZY_MAX_CANDIDATES)
    .filter((c) => tokensAlign(queryTokens, tokens[c.id] as string[]));
  const best = aligned[0];
  if (!best || best.score < FUZZY_ACCEPT_MIN) return null;
  const bestGroup = groups[best.id] as SynonymGroup;
  const rival = aligned.find((c) => (groups[c.id] as SynonymGroup).signature !== bestGroup.signature);
  if (rival && best.score - rival.score < FUZZY_MARGIN) return null;
  return { group: bestGroup, score: best.score };
}

/**
 * The concept of a group that fits the unit. A valid unit that fits no sibling means the reading is something
 * else (HbA1c in mmol/mol is the IFCC code, not the NGSP % one): no code rather than a wrong one.
 */
function pickConcept(
  group: SynonymGroup,
  unit: string | null,
  property: PropertyHint,
): { concept: CorpusConcept; byDefault: boolean } | null {
  let concepts = group.concepts;
  // `[Moles/volume]` or `-sCnc` in the name: only the molar sibling (or a concept with no such property) fits.
  if (property !== null) {
    concepts = concepts.filter((c) => {
      const stated = corpusIndex.traits.get(c)?.property ?? null;
      return stated === null || stated === property;
    });
  }
  if (unit !== null) {
    const matches = concepts.filter((c) => c.units.includes(unit));
    return matches.length === 1 ? { concept: matches[0] as CorpusConcept, byDefault: false } : null;
  }
  if (group.needsUnit) return null;
  if (concepts.length === 1) {
    const only = concepts[0] as CorpusConcept;
    return only.requiresUnit ? null : { concept: only, byDefault: false };
  }
  const fallback = concepts.filter((c) => c.unitlessDefault);
  return fallback.length === 1 ? { concept: fallback[0] as CorpusConcept, byDefault: true } : null;
}

interface GroupMatch {
  group: SynonymGroup;
  confidence: number;
}

function exactGroup(normalized: string): GroupMatch | null {
  const exact = corpusIndex.exact.get(normalized);
  if (exact) return { group: exact, confidence: 1 };
  const reordered = corpusIndex.sortedTokens.get(sortedTokenKey(normalized));
  return reordered ? { group: reordered, confidence: SORTED_TOKENS_CONFIDENCE } : null;
}

/**
 * Lab exports often add an alias in brackets: `AST (SGOT)`, `Folate (Folic Acid), Serum`. Accepted only when both
 * sides name the same test, or one side is only noise words, so a qualifier such as `(Absolute)` is never lost.
 */
function parentheticalGroup(name: string): GroupMatch | null {
  const match = /^([^()]*)\(([^()]*)\)([^()]*)$/.exec(name);
  if (!match) return null;
  const outside = normalizeIndicatorText(`${match[1]} ${match[3]}`);
  const inside = normalizeIndicatorText(match[2] as string);
  const outer = outside ? exactGroup(outside) : null;
  const inner = inside ? exactGroup(inside) : null;
  if (outer && inner) {
    // A known-ambiguous alias (`2 hour glucose (OGTT)`) is broader than the name it annotates: it does not conflict.
    if (inner.group.ambiguous && !outer.group.ambiguous)
      return { group: outer.group, confidence: SORTED_TOKENS_CONFIDENCE };
    return outer.group.signature === inner.group.signature
      ? { group: outer.group, confidence: SORTED_TOKENS_CONFIDENCE }
      : null;
  }
  if (outer && !inside) return outer;
  if (inner && !outside) return inner;
  return null;
}

/**
 * "Whole blood" qualifies a name whose synonyms do not carry it (`Hemoglobin, whole blood`): accepted when every
 * concept the rest of the name stands for is measured in blood, refused when one is a serum test (`Glucose, whole
 * blood` is not serum glucose).
 */
function wholeBloodGroup(normalized: string): GroupMatch | null {
  const tokens = normalized.split(' ');
  if (!tokens.includes(WHOLE_BLOOD)) return null;
  const rest = tokens.filter((t) => t !== WHOLE_BLOOD).join(' ');
  const match = rest ? exactGroup(rest) : null;
  if (!match || match.group.ambiguous) return null;
  const allBlood = match.group.concepts.every((c) => corpusIndex.traits.get(c)?.wholeBloodOk === true);
  return allBlood ? { group: match.group, confidence: Math.min(match.confidence, SORTED_TOKENS_CONFIDENCE) } : null;
}

/** Counts per volume: what `#`, `abs` or `absolute` in a name asks for. */
const COUNT_UNITS = new Set(['10*3/uL', '10*9/L', '/uL', '/nL', '10*6/uL', '10*12/L', '10*3/mm3', '/pL', '10*6/L']);

/**
 * `Retic %`, `WBC # Bld`: a percent or count qualifier the synonyms do not spell out. The rest of the name must be a
 * known test, and the qualifier then acts as a unit: it must agree with the unit given and pick one concept.
 */
function qualifiedGroup(normalized: string): (GroupMatch & { qualifier: 'pct' | 'abs' }) | null {
  const tokens = normalized.split(' ');
  const qualifier = tokens.includes('pct') ? 'pct' : tokens.includes('abs') ? 'abs' : null;
  if (!qualifier || tokens.length < 2) return null;
  const match = exactGroup(tokens.filter((t) => t !== qualifier).join(' '));
  if (!match || match.group.ambiguous) return null;
  return { group: match.group, confidence: Math.min(match.confidence, SORTED_TOKENS_CONFIDENCE), qualifier };
}

function fitsQualifier(concept: CorpusConcept, qualifier: 'pct' | 'abs'): boolean {
  return qualifier === 'pct' ? concept.units.includes('%') : concept.units.some((u) => COUNT_UNITS.has(u));
}

function lookup(name: string, unit: string | null): IndicatorResolution {
  const { key: normalized, property } = analyseIndicatorText(name);
  if (!normalized) return unresolved(unit);
  const qualified = exactGroup(normalized) ? null : qualifiedGroup(normalized);
  if (qualified) {
    const fitting = qualified.group.concepts.filter((c) => fitsQualifier(c, qualified.qualifier));
    const concept = fitting.length === 1 ? (fitting[0] as CorpusConcept) : null;
    if (!concept || (unit !== null && !concept.units.includes(unit))) return unresolved(unit);
    return Object.freeze({
      loincCode: concept.code,
      canonicalName: concept.display,
      confidence: qualified.confidence,
      category: concept.category,
    });
  }
  // OCR misreadings (`HbAlc`, `Cho1esterol`) before the spelling-slip stage, which refuses a changed digit.
  let match =
    exactGroup(normalized) ??
    wholeBloodGroup(normalized) ??
    parentheticalGroup(name) ??
    ocrConfusionGroup(name, normalized);
  if (!match) {
    if (HEALTHKIT_IDENTIFIER.test(name.trim())) return unresolved(unit);
    const fuzzy = fuzzyLookup(normalized);
    if (!fuzzy) return unresolved(unit);
    match = { group: fuzzy.group, confidence: Math.min(FUZZY_MAX_CONFIDENCE, Math.round(fuzzy.score * 100) / 100) };
  }
  const { group } = match;
  let { confidence } = match;
  if (group.ambiguous) return unresolved(unit);
  const picked = pickConcept(group, unit, property);
  if (!picked) return unresolved(unit);
  if (picked.byDefault) confidence = Math.min(confidence, UNITLESS_DEFAULT_CONFIDENCE);
  return Object.freeze({
    loincCode: picked.concept.code,
    canonicalName: picked.concept.display,
    confidence,
    category: picked.concept.category,
  });
}

/**
 * Deterministic LOINC code for an indicator name, or nulls and confidence 0 when there is no confident match.
 * Pipeline: normalise (case, accents, punctuation, specimen noise words) → exact synonym → same words in another
 * order → bracketed alias agreeing with the name → trigram-Dice retrieval accepted only for word-aligned spelling slips above a conservative threshold.
 * The unit chooses between siblings that share a name (molar vs mass, % vs absolute count); a unit that fits none
 * gives null. Never guesses: a wrong code is worse than none.
 * @see https://loinc.org/kb/users-guide/ — LOINC Users' Guide (one code per component, property, system, method)
 */
export function resolveIndicator(name: string, unit?: string | null): IndicatorResolution {
  const key = `${name}\u0000${unit ?? ''}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const result = lookup(name, normalizeUnit(unit));
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(key, result);
  return result;
}

/** Uncached resolution, for benchmarks and tests of the pipeline itself. */
export function resolveIndicatorUncached(name: string, unit?: string | null): IndicatorResolution {
  return lookup(name, normalizeUnit(unit));
}
