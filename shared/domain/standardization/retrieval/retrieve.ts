import { type CorpusConcept, corpusIndex, type SynonymGroup } from '../corpus';
import { normalizeIndicatorText } from '../normalize-text';
import { SPECIMEN_WORDS, specimenAgrees } from './specimen';
import { corpusVectorIndex, nearestKeys } from './vector-index';
import { type AlignmentGap, alignmentGap, alignWords, isAligned, NearWords } from './word-alignment';

/**
 * Acceptance threshold on the cosine score, chosen on the dev split by `bench/standardize-calibration.ts` (curve in
 * docs/design/standardization-breadth.md §4): the lowest value at which no dev case returns a wrong code.
 */
export const RETRIEVAL_ACCEPT_MIN = 0.25;
/** A runner-up of another meaning this close means the name sits between two tests: refuse. */
export const RETRIEVAL_MARGIN = 0.04;
/** Neighbours examined; a typo's right key is nearly always among the first few. */
const NEIGHBOURS = 24;
/** Keys scoring below this are not even neighbours (kept well under any threshold the calibration may choose). */
const NEIGHBOUR_FLOOR = 0.15;
/** Short names (`GLX`, `ALP`) are too dense in the abbreviation space for spelling tolerance. */
const MIN_QUERY_LENGTH = 5;

/** Confidence of the weakest accepted match and of the strongest: a retrieved name never reads like an exact one. */
const CONFIDENCE_AT_THRESHOLD = 0.7;
const CONFIDENCE_MAX = 0.95;

/**
 * The `confidence` of a retrieved code: the cosine score rescaled from [threshold, 1] onto [0.7, 0.95]. The raw
 * cosine of a one-letter slip is low (0.3–0.6: the slip changes most of a short word's n-grams) although on the dev
 * split every match accepted at the threshold was right, so the raw value would read as doubt it does not carry; the
 * rescale keeps the order of scores and places every accepted match below the exact stages (1, 0.97, 0.9).
 */
export function retrievalConfidence(score: number, threshold: number): number {
  const span = 1 - threshold;
  const position = span > 0 ? Math.min(1, Math.max(0, (score - threshold) / span)) : 1;
  return Math.round((CONFIDENCE_AT_THRESHOLD + (CONFIDENCE_MAX - CONFIDENCE_AT_THRESHOLD) * position) * 100) / 100;
}

export interface Retrieved {
  group: SynonymGroup;
  /** Cosine similarity of the name and the corpus key it was matched to, 0 to 1. */
  score: number;
  key: string;
}

/**
 * The concepts of a group that a reading's unit and specimen words leave standing: a valid unit no concept accepts
 * vetoes it (the name is some other test), a specimen word contradicting the concept's system vetoes it. An
 * ambiguous group has no concepts and stays a candidate, so a name nearest to it gives null.
 */
function fittingConcepts(group: SynonymGroup, unit: string | null, queryWords: readonly string[]): CorpusConcept[] {
  return group.concepts.filter(
    (c) =>
      (unit === null || c.units.includes(unit)) &&
      specimenAgrees(queryWords, c, corpusIndex.traits.get(c)?.wholeBloodOk ?? false),
  );
}

/** Words that only join a long name's parts (`by HPLC`, `--on room air`): they restate wherever they stand. */
const JOINING_WORDS = new Set(['by', 'on', 'in', 'of', 'at']);

/**
 * A long name's words that restate the test: its component, system and method, normalised as names are
 * (`Ab` → `antibody`). Not the timing after `--` (`2 hours post dose glucose`): a timing word left over (`post`) says
 * only part of it, which is another timing (post meal, post dose) until all of it is written.
 */
function ownWordsOf(display: string): string[] {
  const [whole = '', timing = ''] = display.split('--');
  // The property in brackets (`[Mass ratio]`) is no word of the test's name: `ratio` left over may be a ratio the
  // other way round (`Apo B / Apo A-I ratio` beside A-I/B).
  const main = whole.replace(/\[[^\]]*\]/g, ' ');
  const joining = normalizeIndicatorText(timing)
    .split(' ')
    .filter((word) => JOINING_WORDS.has(word));
  return [...normalizeIndicatorText(main).split(' ').filter(Boolean), ...joining];
}

/** Words every concept of a group writes in its LOINC long name, by group signature; built on first ask. */
const longNameWordsBySignature = new Map<string, ReadonlySet<string>>();

function longNameWords(group: SynonymGroup): ReadonlySet<string> {
  let words = longNameWordsBySignature.get(group.signature);
  if (words) return words;
  const perConcept = group.concepts.map((c) => new Set(ownWordsOf(c.display)));
  const [first, ...rest] = perConcept;
  words = new Set([...(first ?? [])].filter((w) => rest.every((other) => other.has(w))));
  longNameWordsBySignature.set(group.signature, words);
  return words;
}

/** One neighbour of a name and what the guards said of it: the stage's reasoning, for calibration and diagnosis. */
export interface Candidate extends Retrieved {
  /** What the word alignment left unmatched (`word-alignment.ts`); null when the key is far longer than the name. */
  gap: AlignmentGap | null;
  /** Its words align with the name's. */
  aligned: boolean;
  /** The reading's unit and specimen words leave a concept of its group standing (always true when ambiguous). */
  fits: boolean;
}

/** The cosine neighbours of a normalised name, best first, each judged by the word alignment and the unit/specimen. */
export function retrievalCandidates(
  normalized: string,
  unit: string | null,
  nearWords: NearWords = new NearWords(corpusVectorIndex().vocabulary),
): Candidate[] {
  if (normalized.length < MIN_QUERY_LENGTH) return [];
  const index = corpusVectorIndex();
  const queryWords = normalized.split(' ');
  return nearestKeys(normalized, NEIGHBOURS, NEIGHBOUR_FLOOR, index).map(({ id, score }) => {
    const group = index.groups[id] as SynonymGroup;
    const words = index.words[id] as string[];
    const gap = alignmentGap(
      queryWords,
      words,
      index.meanings[id] as string,
      index.vocabulary,
      SPECIMEN_WORDS,
      nearWords,
      longNameWords(group),
    );
    const aligned = gap !== null && words.length <= queryWords.length && isAligned(gap);
    const fits = group.ambiguous || fittingConcepts(group, unit, queryWords).length > 0;
    return { group, score, key: index.keys[id] as string, gap, aligned, fits };
  });
}

/**
 * Retrieval stage for a normalised name the exact stages did not know: n-gram cosine neighbours, kept when their
 * words align with the name's (typos, abbreviations, unknown qualifiers), re-ranked by unit and specimen, then a
 * margin against the best neighbour of another meaning. Returns the best neighbour with its score, before the main
 * threshold (the resolver applies `RETRIEVAL_ACCEPT_MIN`; calibration sweeps it), or null. A name no neighbour aligns
 * with stays null: a second acceptance of one unexplained word, confirmed by the unit, was measured in session 27
 * (curve in docs/design/standardization-breadth.md §7 t27) and coded prose and field names that must stay null at
 * every point, so it was removed.
 */
export function retrieveGroup(normalized: string, unit: string | null): Retrieved | null {
  if (normalized.length < MIN_QUERY_LENGTH) return null;
  const index = corpusVectorIndex();
  const queryWords = normalized.split(' ');
  const nearWords = new NearWords(index.vocabulary);
  let best: Retrieved | null = null;
  for (const { id, score } of nearestKeys(normalized, NEIGHBOURS, NEIGHBOUR_FLOOR, index)) {
    const group = index.groups[id] as SynonymGroup;
    if (
      !alignWords(
        queryWords,
        index.words[id] as string[],
        index.meanings[id] as string,
        index.vocabulary,
        SPECIMEN_WORDS,
        nearWords,
        longNameWords(group),
      )
    )
      continue;
    if (!group.ambiguous && fittingConcepts(group, unit, queryWords).length === 0) continue;
    if (best === null) {
      best = { group, score, key: index.keys[id] as string };
      continue;
    }
    if (group.signature === best.group.signature) continue;
    // The first aligned neighbour of another meaning decides the margin; the ones after it score lower still.
    return best.score - score < RETRIEVAL_MARGIN ? null : best;
  }
  return best;
}

/** A corpus key an outside retriever (provider embeddings) found near a name, with its similarity. */
export interface KeyNeighbour {
  key: string;
  score: number;
}

function digitsOf(normalized: string): string {
  return normalized
    .split(' ')
    .map((w) => w.replace(/\D+/g, ''))
    .filter(Boolean)
    .sort()
    .join(' ');
}

/**
 * The same re-ranking for neighbours an outside retriever found (provider embeddings), which read meaning but not
 * the letters that tell tests apart: a neighbour whose digits differ from the name's (`T3`/`T4`, `B6`/`B12`) is
 * another test; a unit or specimen word that no concept of its group fits vetoes it; then the margin against the best
 * neighbour of another meaning, and `threshold`. An ambiguous best neighbour gives null.
 */
export function chooseNeighbour(
  normalized: string,
  unit: string | null,
  neighbours: readonly KeyNeighbour[],
  threshold: number,
  margin = RETRIEVAL_MARGIN,
): Retrieved | null {
  if (!normalized) return null;
  const queryWords = normalized.split(' ');
  const queryDigits = digitsOf(normalized);
  const ordered = [...neighbours].sort((a, b) => b.score - a.score || (a.key < b.key ? -1 : 1));
  let best: Retrieved | null = null;
  for (const { key, score } of ordered) {
    const group = corpusIndex.exact.get(key);
    if (!group || digitsOf(key) !== queryDigits) continue;
    if (!group.ambiguous && fittingConcepts(group, unit, queryWords).length === 0) continue;
    if (best === null) {
      best = { group, score, key };
      continue;
    }
    if (group.signature === best.group.signature) continue;
    if (best.score - score < margin) return null;
    break;
  }
  return best && best.score >= threshold && !best.group.ambiguous ? best : null;
}
