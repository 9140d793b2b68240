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

/**
 * The `confidence` of a retrieved group: a name accepted one word away (`ONE_WORD_ACCEPTANCE`) is as sure as the
 * weakest match the main threshold accepts, whatever its cosine, since the word it leaves unread is a doubt the
 * cosine does not measure.
 */
export function retrievedConfidence(retrieved: Retrieved, threshold: number): number {
  return retrieved.oneWord ? CONFIDENCE_AT_THRESHOLD : retrievalConfidence(retrieved.score, threshold);
}

export interface Retrieved {
  group: SynonymGroup;
  /** Cosine similarity of the name and the corpus key it was matched to, 0 to 1. */
  score: number;
  key: string;
  /** Accepted by the second acceptance, one word of the name unexplained (`ONE_WORD_ACCEPTANCE`). */
  oneWord?: boolean;
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
 * A second acceptance, for a name whose every neighbour the word alignment refused: the best neighbour whose words
 * all match and that leaves exactly one word of the name unexplained, when that word is no corpus word and no slip of
 * one (a note such as `(NIH)`, `(ln)`, `standardised`, not `skin`, `Sitnig`, `Plureal`), carries no digit, the
 * reading's unit is one the concept is reported in, its cosine is at least `min`, and no neighbour of another meaning
 * that the unit fits and that reads the name as fully (`explainsAsMuch`) comes within `margin`.
 *
 * Shipped OFF (`min` infinite). Measured by `npm run bench:abstentions` (curve in docs/design/standardization-breadth.md
 * §7 t27): at its safest points it gains one or two dev names and one spent name, and it still codes prose and field
 * names the curated tests and the extraction dev reports need left null — `Previous lithium`, `uitslag kreatinine`,
 * `kreatinine van`, `BodyTemperatureRecord.measurementLocation`, `Prot ein` — because a word no corpus name uses is
 * as often a sentence's word as a lab's note. It stays here, switched off, so the next change can be measured against it.
 */
export interface OneWordAcceptance {
  min: number;
  margin: number;
}
export const ONE_WORD_ACCEPTANCE: OneWordAcceptance = Object.freeze({ min: Number.POSITIVE_INFINITY, margin: 0.3 });

let oneWordAcceptance: OneWordAcceptance = ONE_WORD_ACCEPTANCE;

/** Runs `run` with another second acceptance (a `min` above 1 turns it off): what `bench:abstentions` sweeps. */
export function withOneWordAcceptance<T>(params: OneWordAcceptance, run: () => T): T {
  const before = oneWordAcceptance;
  oneWordAcceptance = params;
  try {
    return run();
  } finally {
    oneWordAcceptance = before;
  }
}

/** The one word of the name a candidate leaves unexplained, when it is a note no corpus word spells; else null. */
function leftOverNote(c: Candidate, nearWords: NearWords): string | null {
  const gap = c.gap;
  if (!gap || gap.missing.length > 0 || gap.qualifiers.length > 0 || gap.extra.length !== 1) return null;
  const word = gap.extra[0] as string;
  if (/\d/.test(word) || corpusVectorIndex().vocabulary.groupsOfWord.has(word)) return null;
  return nearWords.of(word).size === 0 ? word : null;
}

/** A rival that reads the name as fully as the best: aligned, or one word apart (a word of its key or the note). */
function explainsAsMuch(rival: Candidate, best: Candidate): boolean {
  if (rival.aligned) return true;
  const gap = rival.gap;
  if (!gap) return false;
  const note = best.gap?.extra ?? [];
  return gap.missing.length + gap.extra.filter((w) => !note.includes(w)).length <= 1;
}

function oneWordChoice(candidates: readonly Candidate[], unit: string | null, nearWords: NearWords): Retrieved | null {
  const { min, margin } = oneWordAcceptance;
  // Only the unit can confirm a name one word away; a sub-name read without one (a system-axis component) never is.
  if (unit === null || min > 1) return null;
  let best: Candidate | null = null;
  for (const c of candidates) {
    if (!c.fits) continue;
    if (best === null) {
      if (c.group.ambiguous || c.score < min || leftOverNote(c, nearWords) === null) continue;
      best = c;
      continue;
    }
    if (c.group.signature === best.group.signature || !explainsAsMuch(c, best)) continue;
    return best.score - c.score < margin
      ? null
      : { group: best.group, score: best.score, key: best.key, oneWord: true };
  }
  return best && { group: best.group, score: best.score, key: best.key, oneWord: true };
}

/**
 * Retrieval stage for a normalised name the exact stages did not know: n-gram cosine neighbours, kept when their
 * words align with the name's (typos, abbreviations, unknown qualifiers), re-ranked by unit and specimen, then a
 * margin against the best neighbour of another meaning; failing any aligned neighbour, the second acceptance
 * (`ONE_WORD_ACCEPTANCE`). Returns the best neighbour with its score, before the main threshold (the resolver applies
 * `RETRIEVAL_ACCEPT_MIN`; calibration sweeps it), or null.
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
  if (best || unit === null || oneWordAcceptance.min > 1) return best;
  // No neighbour aligned (a margin refusal returned above): the second acceptance, when it is on.
  return oneWordChoice(retrievalCandidates(normalized, unit, nearWords), unit, nearWords);
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
