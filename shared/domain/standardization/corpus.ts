import corpusJson from './data/loinc-corpus.json' with { type: 'json' };
import { normalizeIndicatorText, sortedTokenKey, trigrams } from './normalize-text';
import type { ObservationCategory } from './types';

/** One LOINC concept of the curated corpus (`data/loinc-corpus.json`). */
export interface CorpusConcept {
  code: string;
  /** LOINC long common name. */
  display: string;
  category: ObservationCategory;
  /** UCUM unit the concept is usually reported in. */
  defaultUnit: string;
  /** Every UCUM unit (as `normalizeUnit` returns it) that belongs to this concept and not to a sibling. */
  units: string[];
  synonyms: string[];
  /** Where the code was checked: nlm-flowsheet, healthkit-mapping, loinc-conversion, task-brief. */
  verifiedBy: string[];
  /** Chosen when a synonym is shared by molar/mass (or %/absolute) siblings and the reading has no unit. */
  unitlessDefault?: boolean;
  /**
   * Only matched with a unit: differential counts (monocytes, basophils) are reported both as % and as absolute
   * counts, and the corpus holds just one of the pair.
   */
  requiresUnit?: boolean;
}

/** What the index derives from a concept's LOINC name once, at load. */
export interface ConceptTraits {
  /** The LOINC property stated in the name, when it is a mass or molar concentration. */
  property: 'mass' | 'moles' | null;
  /** "whole blood" in a reading's name is compatible with this concept (system Blood, or none named). */
  wholeBloodOk: boolean;
}

export interface LoincCorpus {
  version: string;
  /** Names that must never resolve on their own ("blood pressure", "eGFR" without an equation). */
  ambiguousTerms: string[];
  /**
   * Short names that stand for a test only when a fitting unit comes with them: `K` in mmol/L is potassium, `K`
   * alone could be vitamin K or "thousand"; `Ca` in U/mL would be a cancer antigen.
   */
  unitRequiredTerms?: string[];
  concepts: CorpusConcept[];
}

/** The concepts one normalised name can stand for; siblings differ by unit (mg/dL vs mmol/L, % vs 10*3/uL). */
export interface SynonymGroup {
  concepts: CorpusConcept[];
  /** Name known to be ambiguous: resolves to null even though it looks like a test. */
  ambiguous: boolean;
  /** Codes of the group, sorted and joined: two names with the same signature mean the same thing. */
  signature: string;
  /** Resolves only with a unit that one of its concepts is reported in. */
  needsUnit: boolean;
}

export interface CorpusIndex {
  version: string;
  concepts: readonly CorpusConcept[];
  byCode: ReadonlyMap<string, CorpusConcept>;
  traits: ReadonlyMap<CorpusConcept, ConceptTraits>;
  /** Normalised synonym → group. */
  exact: ReadonlyMap<string, SynonymGroup>;
  /** Sorted-token synonym → group, only where that key is unique across groups. */
  sortedTokens: ReadonlyMap<string, SynonymGroup>;
}

/** Trigram retrieval over the normalised synonyms (fuzzy candidates), as parallel arrays by key id. */
export interface FuzzyIndex {
  keys: string[];
  tokens: string[][];
  groups: SynonymGroup[];
  gramCounts: Uint16Array;
  postings: ReadonlyMap<string, number[]>;
}

const AMBIGUOUS_SIGNATURE = '<ambiguous>';

const NAMED_SPECIMEN =
  /\b(?:Serum|Plasma|Urine|fluid|Semen|Sweat|Stool|Red Blood Cells|Capillary|Arterial|Venous|Cord)\b/;

function traitsOf(concept: CorpusConcept): ConceptTraits {
  const property = /\[Mass\//.test(concept.display) ? 'mass' : /\[Moles\//.test(concept.display) ? 'moles' : null;
  const wholeBloodOk = /\b(?:in|of) Blood\b/.test(concept.display) || !NAMED_SPECIMEN.test(concept.display);
  return { property, wholeBloodOk };
}

function buildIndex(corpus: LoincCorpus): CorpusIndex {
  const byCode = new Map<string, CorpusConcept>();
  const traits = new Map<CorpusConcept, ConceptTraits>();
  const unitRequired = new Set((corpus.unitRequiredTerms ?? []).map(normalizeIndicatorText));
  const conceptsByKey = new Map<string, CorpusConcept[]>();
  for (const concept of corpus.concepts) {
    byCode.set(concept.code, concept);
    traits.set(concept, traitsOf(concept));
    for (const synonym of [...concept.synonyms, concept.display]) {
      const key = normalizeIndicatorText(synonym);
      if (!key) continue;
      const list = conceptsByKey.get(key) ?? [];
      if (!list.includes(concept)) list.push(concept);
      conceptsByKey.set(key, list);
    }
  }

  const exact = new Map<string, SynonymGroup>();
  for (const [key, concepts] of conceptsByKey) {
    exact.set(key, {
      concepts,
      ambiguous: false,
      signature: concepts
        .map((c) => c.code)
        .sort()
        .join('|'),
      needsUnit: unitRequired.has(key),
    });
  }
  // Ambiguous names win over a synonym of the same spelling: a null is safer than one arbitrary reading.
  for (const term of corpus.ambiguousTerms) {
    const key = normalizeIndicatorText(term);
    if (key) exact.set(key, { concepts: [], ambiguous: true, signature: AMBIGUOUS_SIGNATURE, needsUnit: false });
  }

  const sortedTokens = new Map<string, SynonymGroup>();
  const sortedClash = new Set<string>();
  for (const [key, group] of exact) {
    const sorted = sortedTokenKey(key);
    const existing = sortedTokens.get(sorted);
    if (existing && existing.signature !== group.signature) sortedClash.add(sorted);
    else sortedTokens.set(sorted, group);
  }
  for (const sorted of sortedClash) sortedTokens.delete(sorted);

  return { version: corpus.version, concepts: corpus.concepts, byCode, traits, exact, sortedTokens };
}

/** The trigram index, built on the first spelling-slip lookup so that importing the engine stays cheap. */
function buildFuzzyIndex(exact: ReadonlyMap<string, SynonymGroup>): FuzzyIndex {
  const keys: string[] = [];
  const tokens: string[][] = [];
  const groups: SynonymGroup[] = [];
  const counts: number[] = [];
  const postings = new Map<string, number[]>();
  for (const [key, group] of exact) {
    const id = keys.length;
    const grams = trigrams(key);
    keys.push(key);
    tokens.push(key.split(' '));
    groups.push(group);
    counts.push(grams.length);
    for (const gram of grams) {
      const list = postings.get(gram);
      if (list) list.push(id);
      else postings.set(gram, [id]);
    }
  }

  return { keys, tokens, groups, gramCounts: Uint16Array.from(counts), postings };
}

/** The corpus as shipped, indexed once at module load. */
export const LOINC_CORPUS: LoincCorpus = corpusJson as LoincCorpus;

export const corpusIndex: CorpusIndex = buildIndex(LOINC_CORPUS);

let fuzzyIndex: FuzzyIndex | undefined;

/** Trigram index over every synonym key, built once on first use. */
export function corpusFuzzyIndex(): FuzzyIndex {
  fuzzyIndex ??= buildFuzzyIndex(corpusIndex.exact);
  return fuzzyIndex;
}

/** The corpus concept for a LOINC code, when HDS curates it. */
export function conceptByCode(code: string): CorpusConcept | undefined {
  return corpusIndex.byCode.get(code);
}
