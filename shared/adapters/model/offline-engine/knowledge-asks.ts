import type { KnowledgeCues, Lexicon, StatisticKind } from './lexicon';
import { FUNCTION_WORDS, normalizeQuestion, TIME_WORDS } from './text';

/**
 * What a question asks of public medical sources, or of a computation: the arguments of the knowledge tools and of
 * `eval`, read from the question's own words. A tool is only called when it is offered (see `narrowToOffered`).
 */
export interface KnowledgeAsks {
  /** `search_medical_literature`: the topic, the question without its cue words. */
  literature: { query: string } | null;
  /** `get_clinical_trials`: the condition, a place, and a status when the question names one. */
  trials: { condition: string; location: string | null; status: string[] | null } | null;
  /** `get_article_by_pmcid`. */
  article: { pmcid: string } | null;
  /** `fetch_url`: the first address in the question. */
  url: { url: string } | null;
  /** A statistic of the readings; `percentile` is the percentile asked for (50 when none is named). */
  statistic: { kind: StatisticKind; percentile: number | null } | null;
}

export const NO_KNOWLEDGE: KnowledgeAsks = {
  literature: null,
  trials: null,
  article: null,
  url: null,
  statistic: null,
};

// An IPv6 literal host keeps its brackets; elsewhere a closing bracket ends the URL (text around it).
const URL_PATTERN = /https?:\/\/(?:\[[0-9a-f:.]+\][^\s<>"'`，。）)\]}]*|[^\s<>"'`，。）)\]}]+)/i;
const PMCID_PATTERN = /(?<![A-Za-z0-9])PMC\s?(\d{1,9})(?!\d)/i;
/** Longest topic passed to a search: the tool takes up to 300 characters. */
const MAX_TOPIC = 200;
/** Words of the request that every language shares (people write "PubMed", "trials", "PMC"). */
const SHARED_CUES = new Set(['pubmed', 'pmc', 'nct', 'clinicaltrials', 'gov', 'europe']);

/** The first http(s) address in the text, without the punctuation that closes the sentence around it. */
export function urlIn(text: string): string | null {
  const found = URL_PATTERN.exec(text)?.[0];
  return found ? found.replace(/[.,;:!?]+$/, '') : null;
}

/** A PMC id named outside any address (`PMC6267067`, `pmc 6267067`), in its canonical spelling. */
export function pmcidIn(text: string): string | null {
  const digits = PMCID_PATTERN.exec(text.replace(new RegExp(URL_PATTERN.source, 'gi'), ' '))?.[1];
  return digits ? `PMC${digits}` : null;
}

function isCue(normalized: string, lexicon: Lexicon): boolean {
  return (
    FUNCTION_WORDS.has(normalized) ||
    TIME_WORDS.has(normalized) ||
    lexicon.stopWords.has(normalized) ||
    lexicon.knowledge.cueWords.has(normalized) ||
    SHARED_CUES.has(normalized)
  );
}

/**
 * The topic of a request as written, its cue and function words left out: "What does research say about statins and
 * muscle pain?" → `statins muscle pain`. Chinese, written without spaces, has its cue words cut out of the run.
 */
export function topicOf(text: string, lexicon: Lexicon): string {
  if (lexicon.language === 'zh') {
    const cues = [...lexicon.knowledge.cueWords].sort((a, b) => b.length - a.length);
    let rest = text.replace(/[?？!！。，,、;；:：]/g, ' ');
    for (const cue of cues) rest = rest.split(cue).join(' ');
    return rest.replace(/\s+/g, ' ').trim().slice(0, MAX_TOPIC);
  }
  const source = lexicon.unelide ? lexicon.unelide(text) : text;
  const words = source.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? [];
  const kept = words.filter((word) => {
    const plain = normalizeQuestion(word).replace(/-/g, '');
    return plain.length > 0 && !isCue(plain, lexicon);
  });
  return kept.join(' ').slice(0, MAX_TOPIC).trim();
}

/** The place a trials question names, and the question with it cut out; none for "near me". */
function placeIn(text: string, cues: KnowledgeCues, lexicon: Lexicon): { place: string | null; rest: string } {
  for (const pattern of [cues.near, cues.inPlace]) {
    const match = pattern?.exec(text);
    const raw = match?.[1];
    if (!match || !raw) continue;
    let place = raw.trim();
    if (lexicon.language === 'zh') place = topicOf(place, lexicon).replace(/\s+/g, '');
    const plain = normalizeQuestion(place);
    if (!place || FUNCTION_WORDS.has(plain) || lexicon.stopWords.has(plain) || plain.length < 2) continue;
    return { place, rest: text.slice(0, match.index) + text.slice(match.index + match[0].length) };
  }
  return { place: null, rest: text };
}

function statisticIn(masked: string, lexicon: Lexicon): KnowledgeAsks['statistic'] {
  for (const [kind, pattern] of lexicon.knowledge.statistics) {
    const match = pattern.exec(masked);
    if (!match) continue;
    if (kind !== 'percentile') return { kind, percentile: null };
    const n = Number(match[1] ?? match[2] ?? 50);
    return { kind, percentile: n >= 1 && n <= 99 ? n : 50 };
  }
  return null;
}

/**
 * The knowledge asks of one question. Cue words are read on `masked`, the normalised question without its addresses
 * and with the names of tests blanked, so that no cue is read inside a test's name (the 试验 of a glucose tolerance
 * test is not a trial); the topic, the condition and the place are taken from the question as written. An address or
 * a PMC id makes the question about that item, not a search; a statistic needs a test to compute it over, which the
 * planner checks.
 */
export function readKnowledgeAsks(question: string, masked: string, lexicon: Lexicon): KnowledgeAsks {
  const cues = lexicon.knowledge;
  const url = urlIn(question);
  const pmcid = pmcidIn(question);
  const withoutUrl = url ? question.replace(url, ' ') : question;
  const plain = masked;
  let trials: KnowledgeAsks['trials'] = null;
  if (cues.trials.test(plain) && !pmcid) {
    const { place, rest } = placeIn(withoutUrl, cues, lexicon);
    const condition = topicOf(rest, lexicon);
    const status = cues.recruiting.test(plain) ? ['RECRUITING'] : cues.completed.test(plain) ? ['COMPLETED'] : null;
    trials = { condition, location: place, status };
  }
  const literature =
    !url && !pmcid && cues.literature.test(plain.replace(cues.trials, ' '))
      ? { query: topicOf(withoutUrl, lexicon) }
      : null;
  return {
    literature: literature?.query ? literature : null,
    trials,
    article: pmcid ? { pmcid } : null,
    url: url ? { url } : null,
    statistic: statisticIn(masked, lexicon),
  };
}
