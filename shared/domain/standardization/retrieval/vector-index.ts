import { corpusIndex, type SynonymGroup } from '../corpus';
import { ocrSkeleton } from '../ocr-confusions';
import { nameFeatures } from './ngram-embedding';
import type { Vocabulary } from './word-alignment';

/**
 * TF-IDF weighted, L2-normalised n-gram vectors of every normalised corpus key (synonyms, displays and the
 * ambiguous terms, so a name near an ambiguous term finds it and stays null), with an inverted index from feature to
 * the keys that carry it. Built on first use: importing the engine stays cheap, and a Lambda that never meets an
 * unknown name never pays for it.
 */
export interface VectorIndex {
  keys: readonly string[];
  /** Each key's words, for word alignment. */
  words: readonly (readonly string[])[];
  groups: readonly SynonymGroup[];
  /**
   * What each key means, for word alignment: the group's signature, or for an ambiguous term its own key (two
   * ambiguous terms do not mean the same thing just because both mean nothing definite).
   */
  meanings: readonly string[];
  /** Every word of every key, with the meanings of the keys using it: a known word is not lightly a slip. */
  vocabulary: Vocabulary;
  /** Feature → its number; a feature absent here is weighted by `unseenIdf`. */
  featureIds: ReadonlyMap<string, number>;
  /** Inverse document frequency by feature number. */
  idf: Float64Array;
  unseenIdf: number;
  /** Feature f's postings are `postingIds`/`postingWeights` from `offsets[f]` to `offsets[f + 1]`: key ids and the
   * key's normalised weight for the feature. */
  offsets: Int32Array;
  postingIds: Int32Array;
  postingWeights: Float32Array;
}

export interface Neighbour {
  id: number;
  /** Cosine similarity of the query and the key, 0 to 1. */
  score: number;
}

function buildVectorIndex(exact: ReadonlyMap<string, SynonymGroup>): VectorIndex {
  const keys: string[] = [];
  const groups: SynonymGroup[] = [];
  // Features numbered as first seen; each key's features as parallel (feature id, count) lists.
  const featureIds = new Map<string, number>();
  const documentFrequency: number[] = [];
  const keyFeatures: { ids: number[]; counts: number[] }[] = [];
  for (const [key, group] of exact) {
    const ids: number[] = [];
    const counts: number[] = [];
    for (const [feature, tf] of nameFeatures(key)) {
      let id = featureIds.get(feature);
      if (id === undefined) {
        id = documentFrequency.length;
        featureIds.set(feature, id);
        documentFrequency.push(0);
      }
      documentFrequency[id] = (documentFrequency[id] as number) + 1;
      ids.push(id);
      counts.push(tf);
    }
    keys.push(key);
    groups.push(group);
    keyFeatures.push({ ids, counts });
  }
  const n = keys.length;
  // Smoothed IDF (as scikit-learn's): never zero, so a feature every key shares still counts a little.
  const idfById = Float64Array.from(documentFrequency, (df) => Math.log((1 + n) / (1 + df)) + 1);
  const unseenIdf = Math.log(1 + n) + 1;

  // Postings in one flat pair of typed arrays (compressed rows): no per-feature arrays to allocate and collect.
  const offsets = new Int32Array(documentFrequency.length + 1);
  for (let f = 0; f < documentFrequency.length; f++)
    offsets[f + 1] = (offsets[f] as number) + (documentFrequency[f] as number);
  const fill = offsets.slice(0, documentFrequency.length);
  const postingIds = new Int32Array(offsets[documentFrequency.length] as number);
  const postingWeights = new Float32Array(postingIds.length);
  keyFeatures.forEach(({ ids, counts }, key) => {
    let norm = 0;
    for (let i = 0; i < ids.length; i++) norm += ((counts[i] as number) * (idfById[ids[i] as number] as number)) ** 2;
    norm = Math.sqrt(norm);
    for (let i = 0; i < ids.length; i++) {
      const f = ids[i] as number;
      const at = fill[f] as number;
      fill[f] = at + 1;
      postingIds[at] = key;
      postingWeights[at] = ((counts[i] as number) * (idfById[f] as number)) / norm;
    }
  });

  const words = keys.map((k) => k.split(' '));
  const meanings = keys.map((k, id) => {
    const group = groups[id] as SynonymGroup;
    return group.ambiguous ? `ambiguous:${k}` : group.signature;
  });
  const groupsOfWord = new Map<string, Set<string>>();
  words.forEach((list, id) => {
    for (const word of list) {
      const set = groupsOfWord.get(word) ?? new Set<string>();
      set.add(meanings[id] as string);
      groupsOfWord.set(word, set);
    }
  });
  const wordsByLengthAndInitial = new Map<string, string[]>();
  for (const word of groupsOfWord.keys()) {
    const bucket = `${word.length}:${word[0]}`;
    const list = wordsByLengthAndInitial.get(bucket) ?? [];
    list.push(word);
    wordsByLengthAndInitial.set(bucket, list);
  }
  const wordsBySkeleton = new Map<string, string[]>();
  for (const word of groupsOfWord.keys()) {
    const skeleton = ocrSkeleton(word);
    const list = wordsBySkeleton.get(skeleton) ?? [];
    list.push(word);
    wordsBySkeleton.set(skeleton, list);
  }
  const meaningOfKey = new Map(keys.map((k, id) => [k, meanings[id] as string]));
  const vocabulary = { groupsOfWord, wordsByLengthAndInitial, wordsBySkeleton, meaningOfKey };
  return {
    keys,
    words,
    groups,
    meanings,
    vocabulary,
    featureIds,
    idf: idfById,
    unseenIdf,
    offsets,
    postingIds,
    postingWeights,
  };
}

let built: VectorIndex | undefined;
let scores = new Float32Array(0);

/** The index over the shipped corpus, built once on first use. */
export function corpusVectorIndex(): VectorIndex {
  built ??= buildVectorIndex(corpusIndex.exact);
  return built;
}

/**
 * The `k` corpus keys nearest to a normalised name by cosine similarity, best first (ties by key, so the order is
 * deterministic), among those scoring at least `floor`. Query features the corpus never saw still count in the query's norm: letters no key shares lower
 * every score rather than being ignored.
 */
export function nearestKeys(
  normalized: string,
  k: number,
  floor = 0,
  index: VectorIndex = corpusVectorIndex(),
): Neighbour[] {
  if (scores.length < index.keys.length) scores = new Float32Array(index.keys.length);
  const touched: number[] = [];
  let norm = 0;
  const query: [number, number][] = [];
  for (const [feature, tf] of nameFeatures(normalized)) {
    const f = index.featureIds.get(feature) ?? -1;
    const w = tf * (f >= 0 ? (index.idf[f] as number) : index.unseenIdf);
    norm += w * w;
    if (f >= 0) query.push([f, w]);
  }
  if (norm === 0) return [];
  norm = Math.sqrt(norm);
  const { offsets, postingIds, postingWeights } = index;
  for (const [f, w] of query) {
    const qw = w / norm;
    const end = offsets[f + 1] as number;
    for (let i = offsets[f] as number; i < end; i++) {
      const id = postingIds[i] as number;
      if (scores[id] === 0) touched.push(id);
      scores[id] = (scores[id] as number) + qw * (postingWeights[i] as number);
    }
  }
  const found: Neighbour[] = [];
  for (const id of touched) {
    const score = scores[id] as number;
    // Most touched keys share only a bigram or two: dropping them before the sort keeps a query cheap.
    if (score >= floor) found.push({ id, score });
    scores[id] = 0;
  }
  found.sort((a, b) => b.score - a.score || ((index.keys[a.id] as string) < (index.keys[b.id] as string) ? -1 : 1));
  return found.slice(0, k);
}
