import type { WriteFhirObservationArgs } from '../../../domain/agent/tool-results';
import {
  englishNameOf,
  findIndicators,
  type IndicatorMention,
  knownHanNames,
  knowsName,
  leftoverTerms,
  resolveMentionName,
} from './indicators';
import { detectIntents, type Intent, isJournalEntry, joinHan, KNOWLEDGE_INTENTS } from './intents';
import { type KnowledgeAsks, NO_KNOWLEDGE, readKnowledgeAsks } from './knowledge-asks';
import { detectLanguage, type Language } from './language';
import { type Lexicon, lexiconOf } from './lexicon';
import { parseRecordRequest } from './record-request';
import { normalizeQuestion, segmentHan, tokenize } from './text';
import { isoDay, parseTimeWindow, type TimeWindow } from './time-window';

/** What the engine understood of one question. */
export interface QuestionAnalysis {
  /** The question as asked. */
  question: string;
  /** The language it is asked in, which the answer is written in. */
  language: Language;
  /** Sorted, so that the same question always plans the same way. */
  intents: Intent[];
  indicators: IndicatorMention[];
  /** Runs of content words no test name covers (`["tsh"]`, `["kidney", "stones"]`). */
  terms: string[][];
  window: TimeWindow | null;
  /** The reading to store, for a record request that carries one. */
  record: WriteFhirObservationArgs | null;
  /** "my last 3 results": how many of the newest readings to list; null for the default. */
  listLimit: number | null;
  /** The question leaned on the one before ("and last year?"): some of the above were carried over. */
  followUp: boolean;
  /** What it asks of public sources or of a computation (the intents `literature` … `statistic`). */
  knowledge: KnowledgeAsks;
}

function listLimitOf(normalized: string, lexicon: Lexicon): number | null {
  const match = lexicon.lastN.pattern.exec(normalized);
  if (!match) return null;
  const word = (match[1] ?? match[2]) as string;
  const n = /^\d+$/.test(word) ? Number(word) : (lexicon.lastN.numbers[word] ?? 0);
  return n >= 1 && n <= 200 ? n : null;
}

/** The longest word the Chinese cut looks for, in characters. */
const LONGEST_HAN_WORD = 8;
let hanDictionary: ReadonlySet<string> | undefined;

/** Every word a Chinese question is cut into: the lexicon's words, its group and everyday names, the corpus names. */
function hanWords(): ReadonlySet<string> {
  if (!hanDictionary) {
    const zh = lexiconOf('zh');
    hanDictionary = new Set(
      [...zh.stopWords, ...zh.softWords, ...zh.panelNames.keys(), ...zh.names.keys(), ...knownHanNames()].filter(
        (w) => w.length <= LONGEST_HAN_WORD,
      ),
    );
  }
  return hanDictionary;
}

/** German compounds split before a known name's tail: `blutzuckerwerte` → `blutzucker werte`. */
function splitCompounds(normalized: string, lexicon: Lexicon): string {
  const tails = lexicon.compoundTails;
  if (!tails) return normalized;
  return normalized.replace(/\p{L}+/gu, (word) => {
    const match = tails.exec(word);
    if (!match) return word;
    const [, head = '', link = '', tail = ''] = match;
    for (const name of [head, head + link]) if (knowsName(name, lexicon)) return `${name} ${tail}`;
    return word;
  });
}

const URLS = /https?:\/\/\S+/gi;

/** Intents that are not about readings: a question with only these needs no test. */
const NON_DATA_INTENTS: ReadonlySet<Intent> = new Set([
  'files',
  'family',
  'record',
  'overview',
  'journal',
  ...KNOWLEDGE_INTENTS,
]);

/** Intents a follow-up never inherits: each names the source or the statistic of its own question. */
const OWN_INTENTS: ReadonlySet<Intent> = new Set(['compare', 'record', 'statistic', ...KNOWLEDGE_INTENTS]);

/**
 * What one question asks, read in its language (detected when not given; English when it shows none). A test named
 * in another language is passed to the tools by its English name, so that it finds what the English question finds;
 * the answer still calls it as the person did.
 */
export function analyseQuestion(
  question: string,
  nowMs: number,
  language: Language = detectLanguage(question) ?? 'en',
): QuestionAnalysis {
  const lexicon = lexiconOf(language);
  // An address is read whole by `fetch_url`: its words (`/health/sleep.html`) name no test and ask nothing.
  const asked = question.replace(URLS, ' ');
  const source = lexicon.unelide ? lexicon.unelide(asked) : asked;
  const normalized = normalizeQuestion(source);
  const tokens = tokenize(splitCompounds(segmentHan(normalized, hanWords(), LONGEST_HAN_WORD), lexicon));
  const indicators = findIndicators(tokens, lexicon).map((m) => {
    if (m.panel) return m;
    const written = asWritten(question, m.phrase, language);
    if (language === 'en') return { ...m, phrase: written, label: written };
    // By its English name, the test also brings the codes that name finds (glucose in mg/dL and mmol/L).
    const english = englishNameOf(m);
    const codes = [...new Set([...m.codes, ...(resolveMentionName(english)?.codes ?? [])])];
    return { ...m, phrase: english, label: written, codes };
  });
  const covered = new Set<number>();
  for (const m of indicators) for (let i = m.start; i < m.end; i++) covered.add(i);
  const masked = tokens.map((t) => (covered.has(t.index) ? '_' : t.text)).join(' ');
  const detected = detectIntents(masked, tokens.map((t) => t.text).join(' '), lexicon);
  // An entry that asks nothing is acknowledged, never searched or refused (its words may sound like advice: "diet").
  const intentSet =
    !detected.has('record') && isJournalEntry(source, normalized, lexicon) ? new Set<Intent>(['journal']) : detected;
  let terms = leftoverTerms(tokens, indicators, lexicon);
  const window = parseTimeWindow(normalized, nowMs);
  const journal = intentSet.has('journal');
  const knowledge = journal ? NO_KNOWLEDGE : readKnowledgeAsks(question, joinHan(masked), lexicon);
  if (knowledge.literature) intentSet.add('literature');
  if (knowledge.trials) intentSet.add('trials');
  if (knowledge.article) intentSet.add('article');
  if (knowledge.url) intentSet.add('url');
  if (knowledge.statistic) intentSet.add('statistic');
  if (intentSet.has('statistic') || KNOWLEDGE_INTENTS.some((i) => intentSet.has(i)))
    terms = withoutCues(terms, lexicon);
  if (indicators.length >= 2 && !journal) intentSet.add('compare');
  const listLimit = journal ? null : listLimitOf(normalized, lexicon);
  if (listLimit !== null) intentSet.add('list');
  const record = intentSet.has('record')
    ? parseRecordRequest(question, indicators, terms, window, isoDay(dayOfMs(nowMs)))
    : null;
  return {
    question,
    language,
    intents: [...intentSet].sort(),
    indicators,
    terms,
    window,
    record,
    listLimit,
    followUp: false,
    knowledge,
  };
}

/**
 * Terms without the words that asked for a source or a statistic ("median", "studies"): they name no test, and a
 * follow-up that is only such words ("and the median?") keeps the tests of the question before.
 */
function withoutCues(terms: string[][], lexicon: Lexicon): string[][] {
  const statistics = lexicon.knowledge.statistics.map(([, p]) => new RegExp(p.source, `${p.flags.replace('g', '')}g`));
  return terms
    .map((run) => {
      let text = run.join(' ');
      for (const pattern of statistics) text = text.replace(pattern, ' ');
      return text.split(/\s+/).filter((w) => w && !lexicon.knowledge.cueWords.has(w));
    })
    .filter((run) => run.length > 0);
}

/**
 * The words of a name as the person wrote them (`LDL`, not `ldl`), when they can be found again in the question; in
 * other languages also with the accents the comparison dropped (`frecuencia cardíaca`).
 */
function asWritten(question: string, phrase: string, language: Language): string {
  const words = phrase.split(' ').map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])${words.join('[^\\p{L}\\p{N}]+')}(?![\\p{L}\\p{N}])`, 'iu');
  const found = pattern.exec(question)?.[0];
  if (found || language === 'en') return found ?? phrase;
  return withAccents(question, phrase.split(' ')) ?? phrase;
}

/** The stretch of the question whose words, normalised, are `words` in order. */
function withAccents(question: string, words: readonly string[]): string | null {
  const written = [...question.matchAll(/[\p{L}\p{N}]+/gu)];
  const plain = written.map((w) => normalizeQuestion(w[0]));
  for (let i = 0; i + words.length <= plain.length; i++) {
    if (words.every((w, k) => plain[i + k] === w)) {
      const first = written[i] as RegExpExecArray;
      const last = written[i + words.length - 1] as RegExpExecArray;
      return question.slice(first.index, (last.index ?? 0) + last[0].length);
    }
  }
  // The head of a compound (`Blutzucker` of `Blutzuckerwerte`).
  const [word] = words;
  if (words.length !== 1 || !word) return null;
  const compound = written.find((w, i) => plain[i]?.startsWith(word) && w[0].length >= word.length);
  return compound ? compound[0].slice(0, word.length) : null;
}

function dayOfMs(ms: number) {
  const d = new Date(ms);
  return { y: d.getUTCFullYear(), m: d.getUTCMonth() + 1, d: d.getUTCDate() };
}

/**
 * The analysis of the latest question in the light of the earlier ones: a follow-up ("and last year?", "what about
 * HDL?") keeps the tests, window and intents it does not restate. Questions are folded oldest first, so a chain of
 * follow-ups carries the first question's tests along.
 */
export function analyseConversation(questions: readonly string[], nowMs: number): QuestionAnalysis {
  let previous: QuestionAnalysis | null = null;
  // Each question is read in its own language; one that shows none ("LDL?") keeps the conversation's.
  let language: Language = 'en';
  for (const question of questions) {
    language = detectLanguage(question.replace(URLS, ' ')) ?? language;
    const current = analyseQuestion(question, nowMs, language);
    previous = previous ? mergeFollowUp(current, previous) : current;
  }
  return previous ?? analyseQuestion('', nowMs, 'en');
}

function mergeFollowUp(current: QuestionAnalysis, previous: QuestionAnalysis): QuestionAnalysis {
  const explicit = lexiconOf(current.language).followUp.test(normalizeQuestion(current.question));
  const standsAlone =
    current.indicators.length > 0 ||
    current.terms.length > 0 ||
    current.intents.some((i) => NON_DATA_INTENTS.has(i)) ||
    previous.indicators.length === 0;
  const bare = !standsAlone && (current.window !== null || current.intents.length > 0);
  if (!explicit && !bare) return current;
  if (previous.indicators.length === 0 && previous.terms.length === 0) return current;
  const inheritTests = current.indicators.length === 0 && current.terms.length === 0;
  const indicators = inheritTests ? previous.indicators : current.indicators;
  const ownIntents = current.intents.filter((i) => i !== 'compare');
  const carried = previous.intents.filter((i) => !OWN_INTENTS.has(i));
  const intents = new Set<Intent>(ownIntents.length > 0 ? ownIntents : carried);
  if (indicators.length >= 2) intents.add('compare');
  return {
    ...current,
    indicators,
    terms: inheritTests ? previous.terms : current.terms,
    window: current.window ?? previous.window,
    intents: [...intents].sort(),
    followUp: true,
  };
}
