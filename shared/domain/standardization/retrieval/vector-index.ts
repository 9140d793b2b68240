import { corpusIndex, type SynonymGroup } from '../corpus';
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
  /** Feature → inverse document frequency; features absent here get `unseenIdf`. */
  idf: ReadonlyMap<string, number>;
  unseenIdf: number;
  /** Feature → parallel arrays of key ids and the key's normalised weight for it. */
  postings: ReadonlyMap<string, { ids: Int32Array; weights: Float32Array }>;
}

export interface Neighbour {
  id: number;
  /** Cosine similarity of the query and the key, 0 to 1. */
  score: number;
}

function buildVectorIndex(exact: ReadonlyMap<string, SynonymGroup>): VectorIndex {
  const keys: string[] = [];
  const groups: SynonymGroup[] = [];
  const featureSets: Map<string, number>[] = [];
  const documentFrequency = new Map<string, number>();
  for (const [key, group] of exact) {
    const features = nameFeatures(key);
    keys.push(key);
    groups.push(group);
    featureSets.push(features);
    for (const feature of features.keys()) documentFrequency.set(feature, (documentFrequency.get(feature) ?? 0) + 1);
  }
  const n = keys.length;
  // Smoothed IDF (as scikit-learn's): never zero, so a feature every key shares still counts a little.
  const idf = new Map<string, number>();
  for (const [feature, df] of documentFrequency) idf.set(feature, Math.log((1 + n) / (1 + df)) + 1);
  const unseenIdf = Math.log(1 + n) + 1;

  const lists = new Map<string, { ids: number[]; weights: number[] }>();
  featureSets.forEach((features, id) => {
    let norm = 0;
    const weighted: [string, number][] = [];
    for (const [feature, tf] of features) {
      const w = tf * (idf.get(feature) as number);
      weighted.push([feature, w]);
      norm += w * w;
    }
    norm = Math.sqrt(norm);
    for (const [feature, w] of weighted) {
      let list = lists.get(feature);
      if (!list) {
        list = { ids: [], weights: [] };
        lists.set(feature, list);
      }
      list.ids.push(id);
      list.weights.push(w / norm);
    }
  });
  const postings = new Map<string, { ids: Int32Array; weights: Float32Array }>();
  for (const [feature, list] of lists) {
    postings.set(feature, { ids: Int32Array.from(list.ids), weights: Float32Array.from(list.weights) });
  }
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
  const vocabulary = { groupsOfWord, wordsByLengthAndInitial };
  return { keys, words, groups, meanings, vocabulary, idf, unseenIdf, postings };
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
  const query: [string, number][] = [];
  for (const [feature, tf] of nameFeatures(normalized)) {
    const w = tf * (index.idf.get(feature) ?? index.unseenIdf);
    norm += w * w;
    query.push([feature, w]);
  }
  if (norm === 0) return [];
  norm = Math.sqrt(norm);
  for (const [feature, w] of query) {
    const list = index.postings.get(feature);
    if (!list) continue;
    const qw = w / norm;
    const { ids, weights } = list;
    for (let i = 0; i < ids.length; i++) {
      const id = ids[i] as number;
      if (scores[id] === 0) touched.push(id);
      scores[id] = (scores[id] as number) + qw * (weights[i] as number);
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
