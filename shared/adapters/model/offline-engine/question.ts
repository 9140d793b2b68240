import type { WriteFhirObservationArgs } from '../../../domain/agent/tool-results';
import { findIndicators, type IndicatorMention, leftoverTerms } from './indicators';
import { detectIntents, type Intent, isJournalEntry } from './intents';
import type { Language } from './language';
import { parseRecordRequest } from './record-request';
import { normalizeQuestion, tokenize } from './text';
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
}

const COUNT_WORDS: Record<string, number> = {
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
};
/** `last 3 results`, `latest five readings`, `past 2 ldl values`: a number of readings, not a period. */
const LAST_N =
  /\b(?:last|latest|recent|past|newest|previous) (\d{1,3}|two|three|four|five|six|seven|eight|nine|ten)(?! (?:hours?|hrs?|days?|weeks?|months?|years?)\b)\b/;

function listLimitOf(normalized: string): number | null {
  const match = LAST_N.exec(normalized);
  if (!match) return null;
  const word = match[1] as string;
  const n = /^\d+$/.test(word) ? Number(word) : (COUNT_WORDS[word] ?? 0);
  return n >= 1 && n <= 200 ? n : null;
}

const FOLLOW_UP_OPENING =
  /^(?:and|also|ok(?:ay)?,? and|then|now|same (?:for|with)|what about|how about|what of|and what about|and how about|vs|versus)\b/;

/** Intents that are not about readings: a question with only these needs no test. */
const NON_DATA_INTENTS: ReadonlySet<Intent> = new Set(['files', 'family', 'record', 'overview', 'journal']);

export function analyseQuestion(question: string, nowMs: number): QuestionAnalysis {
  const normalized = normalizeQuestion(question);
  const tokens = tokenize(normalized);
  const indicators = findIndicators(tokens).map((m) => {
    if (m.panel) return m;
    const written = asWritten(question, m.phrase);
    return { ...m, phrase: written, label: written };
  });
  const covered = new Set<number>();
  for (const m of indicators) for (let i = m.start; i < m.end; i++) covered.add(i);
  const masked = tokens.map((t) => (covered.has(t.index) ? '_' : t.text)).join(' ');
  const detected = detectIntents(masked, tokens.map((t) => t.text).join(' '));
  // An entry that asks nothing is acknowledged, never searched or refused (its words may sound like advice: "diet").
  const intentSet =
    !detected.has('record') && isJournalEntry(question, normalized) ? new Set<Intent>(['journal']) : detected;
  const terms = leftoverTerms(tokens, indicators);
  const window = parseTimeWindow(normalized, nowMs);
  const journal = intentSet.has('journal');
  if (indicators.length >= 2 && !journal) intentSet.add('compare');
  const listLimit = journal ? null : listLimitOf(normalized);
  if (listLimit !== null) intentSet.add('list');
  const record = intentSet.has('record')
    ? parseRecordRequest(question, indicators, terms, window, isoDay(dayOfMs(nowMs)))
    : null;
  return {
    question,
    language: 'en',
    intents: [...intentSet].sort(),
    indicators,
    terms,
    window,
    record,
    listLimit,
    followUp: false,
  };
}

/** The words of a name as the person wrote them (`LDL`, not `ldl`), when they can be found again in the question. */
function asWritten(question: string, phrase: string): string {
  const words = phrase.split(' ').map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])${words.join('[^\\p{L}\\p{N}]+')}(?![\\p{L}\\p{N}])`, 'iu');
  return pattern.exec(question)?.[0] ?? phrase;
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
  for (const question of questions) {
    const current = analyseQuestion(question, nowMs);
    previous = previous ? mergeFollowUp(current, previous) : current;
  }
  return previous ?? analyseQuestion('', nowMs);
}

function mergeFollowUp(current: QuestionAnalysis, previous: QuestionAnalysis): QuestionAnalysis {
  const explicit = FOLLOW_UP_OPENING.test(normalizeQuestion(current.question));
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
  const carried = previous.intents.filter((i) => i !== 'compare' && i !== 'record');
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
