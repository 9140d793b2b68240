import type { SeriesSummary } from '../../../domain/agent/tool-results';
import type { ToolOutcome, Turn } from './conversation';
import { type IndicatorMention, matchSeries } from './indicators';
import { type Intent, KNOWLEDGE_INTENTS } from './intents';
import type { KnowledgeAsks } from './knowledge-asks';
import type { QuestionAnalysis } from './question';
import { type StatisticSeries, seriesInput, statisticCall } from './statistic';

/** A tool call the engine decided on: a tool of the catalogue (conversation.ts `isServerTool`). */
export interface PlannedCall {
  name: string;
  args: Record<string, unknown>;
}

/** The next step: more tool calls, with a sentence saying why, or (no calls) the answer. */
export interface Plan {
  calls: PlannedCall[];
  reasoning: string;
}

/** Tool rounds a turn may take before the engine answers with what it has. */
export const MAX_TOOL_ROUNDS = 3;
/** Newest flagged or listed readings asked for per test. */
const READINGS_LIMIT = 50;
/** Readings asked for when summaries must be computed from the readings themselves. */
const FALLBACK_LIMIT = 200;
/** Series of a catalogue followed up one by one. */
const MAX_FOLLOW_UPS = 5;

export type OfferedTools = ReadonlySet<string>;

function windowArgs(a: QuestionAnalysis): Record<string, string> {
  return {
    ...(a.window?.from ? { from: a.window.from } : {}),
    ...(a.window?.to ? { to: a.window.to } : {}),
  };
}

function has(a: QuestionAnalysis, intent: Intent): boolean {
  return a.intents.includes(intent);
}

/** The tool each knowledge intent is answered with. */
const KNOWLEDGE_TOOL: Readonly<Record<string, string>> = {
  literature: 'search_medical_literature',
  trials: 'get_clinical_trials',
  article: 'get_article_by_pmcid',
  url: 'fetch_url',
};
/** What a question asks of readings, beyond naming a test. */
const READING_INTENTS: ReadonlySet<Intent> = new Set(['trend', 'extremes', 'count', 'average', 'abnormal']);
/** Articles a literature search asks for; the answer lists the first three. */
const LITERATURE_LIMIT = 5;

/** Whether the question asks a public source (after `narrowToOffered`, only one that is offered). */
export function asksKnowledge(a: QuestionAnalysis): boolean {
  return KNOWLEDGE_INTENTS.some((i) => has(a, i));
}

/**
 * The analysis as this request can answer it: a knowledge intent whose tool is not offered is dropped, and so is a
 * statistic unless `eval` and `query_health_data` are offered and the question names the tests it is computed over;
 * what is left is read as the engine always read it. A question that does ask a source keeps, of its data side, only
 * the tests it names (not "report", "family" or "summarize" words of the request).
 */
export function narrowToOffered(a: QuestionAnalysis, offered: OfferedTools): QuestionAnalysis {
  const drop = new Set<Intent>();
  for (const intent of KNOWLEDGE_INTENTS) {
    if (has(a, intent) && !offered.has(KNOWLEDGE_TOOL[intent] as string)) drop.add(intent);
  }
  const stat = a.knowledge.statistic;
  const needed = stat?.kind === 'correlation' ? 2 : 1;
  if (stat && !(offered.has('eval') && offered.has('query_health_data') && a.indicators.length >= needed)) {
    drop.add('statistic');
  }
  if (drop.size === 0 && !asksKnowledge(a)) return a;
  const k = a.knowledge;
  const knowledge: KnowledgeAsks = {
    literature: drop.has('literature') ? null : k.literature,
    trials: drop.has('trials') ? null : k.trials,
    article: drop.has('article') ? null : k.article,
    url: drop.has('url') ? null : k.url,
    statistic: drop.has('statistic') ? null : k.statistic,
  };
  const kept = a.intents.filter((i) => !drop.has(i));
  const asking = KNOWLEDGE_INTENTS.some((i) => kept.includes(i));
  const dataSide: ReadonlySet<Intent> = new Set(['files', 'family', 'overview', 'record', 'list', 'latest']);
  const intents = asking ? kept.filter((i) => !dataSide.has(i)) : kept;
  return { ...a, intents, knowledge };
}

/** Whether the question is (also) about readings, beyond files, family or a write. */
export function asksAboutReadings(a: QuestionAnalysis): boolean {
  // A statistic reads its own readings; a question to a public source reads the Subject's only for the tests it names.
  if (has(a, 'statistic')) return false;
  // "Trials for type 2 diabetes" names a condition (and so the diabetes tests) but asks nothing of the readings.
  if (asksKnowledge(a)) return a.indicators.length > 0 && a.intents.some((i) => READING_INTENTS.has(i));
  const other = a.intents.filter((i) => i !== 'files' && i !== 'family' && i !== 'record' && i !== 'advice');
  // "Ideas for a protein-rich dinner?": a request for advice or suggestions that names no test the corpus can code
  // and asks nothing of the readings (no trend, latest, count …) is not a question about them.
  if (has(a, 'advice') && other.length === 0 && a.indicators.every((m) => m.codes.length === 0)) return false;
  if (a.indicators.length > 0) return true;
  // "Summarize my latest report" asks about the file, not for an overview of every reading.
  if (has(a, 'files') || has(a, 'family')) return other.some((i) => i !== 'latest' && i !== 'list' && i !== 'overview');
  return !has(a, 'record');
}

/** No test resolved, but the question names something (`tsh`, `mood`): match it against the catalogue. */
export function seeksUnresolvedName(a: QuestionAnalysis): boolean {
  return a.indicators.length === 0 && a.terms.length > 0 && !has(a, 'overview') && !has(a, 'advice');
}

/** The catalogue: every series in the window, no indicator. */
function catalogueCall(a: QuestionAnalysis): PlannedCall {
  return { name: 'summarize_health_data', args: windowArgs(a) };
}

/** Calls for one test named by `filter` (`{indicator}` or `{loinc_code}`). */
function testCalls(a: QuestionAnalysis, filter: Record<string, string>, offered: OfferedTools): PlannedCall[] {
  const calls: PlannedCall[] = [];
  const window = windowArgs(a);
  if (offered.has('summarize_health_data')) {
    calls.push({ name: 'summarize_health_data', args: { ...filter, ...window } });
  } else if (offered.has('query_health_data')) {
    calls.push({ name: 'query_health_data', args: { ...filter, ...window, limit: FALLBACK_LIMIT } });
  }
  if (!offered.has('query_health_data')) return calls;
  if (has(a, 'abnormal')) {
    calls.push({
      name: 'query_health_data',
      args: { ...filter, ...window, abnormal_only: true, limit: READINGS_LIMIT },
    });
  } else if (has(a, 'list') && offered.has('summarize_health_data')) {
    calls.push({ name: 'query_health_data', args: { ...filter, ...window, limit: a.listLimit ?? READINGS_LIMIT } });
  }
  return calls;
}

function describeMention(m: IndicatorMention): string {
  if (m.loincCode) return `${m.phrase} (${m.name}, LOINC ${m.loincCode})`;
  if (m.codes.length) return `${m.phrase} (${m.name}; LOINC ${m.codes.join(' or ')} depending on the unit)`;
  return `${m.phrase} (no single LOINC code, matched by name)`;
}

function windowPhrase(a: QuestionAnalysis): string {
  return a.window ? a.window.label : 'across all your records';
}

function windowSuffix(a: QuestionAnalysis): string {
  return a.window ? ` ${a.window.label}` : '';
}

function firstRound(a: QuestionAnalysis, offered: OfferedTools): Plan {
  if (has(a, 'journal')) return { calls: [], reasoning: 'A journal entry, asking nothing: acknowledging it.' };
  if (has(a, 'record')) {
    if (a.record && offered.has('write_fhir_observation')) {
      const unit = a.record.unit ? ` ${a.record.unit}` : '';
      return {
        calls: [{ name: 'write_fhir_observation', args: { ...a.record } }],
        reasoning: `Recording ${a.record.indicator} ${a.record.value}${unit}${a.record.time ? ` for ${a.record.time}` : ''}.`,
      };
    }
    return { calls: [], reasoning: 'The request to record a reading cannot be carried out; explaining why.' };
  }
  const calls: PlannedCall[] = [];
  const steps: string[] = [];
  knowledgeCalls(a, calls, steps);
  if (has(a, 'statistic')) {
    for (const m of statisticTests(a)) {
      calls.push({ name: 'query_health_data', args: { indicator: m.phrase, ...windowArgs(a), limit: FALLBACK_LIMIT } });
    }
    steps.push(
      `reading ${statisticTests(a)
        .map((m) => m.phrase)
        .join(' and ')} ${windowPhrase(a)} to compute the ${a.knowledge.statistic?.kind} with eval`,
    );
  }
  if (has(a, 'family') && offered.has('list_family_members')) {
    calls.push({ name: 'list_family_members', args: {} });
    steps.push('listing your care circle');
  }
  if (has(a, 'files') && offered.has('list_clinical_records')) {
    calls.push({ name: 'list_clinical_records', args: {} });
    steps.push('listing your clinical record files');
  }
  if (asksAboutReadings(a)) {
    if (a.indicators.length > 0) {
      for (const m of a.indicators) calls.push(...testCalls(a, { indicator: m.phrase }, offered));
      steps.push(`looking up ${a.indicators.map(describeMention).join('; ')} ${windowPhrase(a)}`);
    } else if (seeksUnresolvedName(a)) {
      if (offered.has('summarize_health_data')) {
        calls.push(catalogueCall(a));
        steps.push(
          `no test name resolved, so listing the series in your records${windowSuffix(a)} to match "${a.terms.map((t) => t.join(' ')).join('", "')}"`,
        );
      } else if (offered.has('query_health_data')) {
        for (const run of a.terms.slice(0, 2)) calls.push(...testCalls(a, { indicator: run.join(' ') }, offered));
        steps.push(`searching your readings for "${a.terms.map((t) => t.join(' ')).join('", "')}"`);
      }
    } else if (has(a, 'abnormal') && offered.has('query_health_data')) {
      calls.push({
        name: 'query_health_data',
        args: { ...windowArgs(a), abnormal_only: true, limit: READINGS_LIMIT },
      });
      steps.push(`looking for readings flagged abnormal ${windowPhrase(a)}`);
    } else if (offered.has('summarize_health_data')) {
      calls.push(catalogueCall(a));
      steps.push(`summarising every series in your records${windowSuffix(a)}`);
    } else if (offered.has('query_health_data')) {
      calls.push({ name: 'query_health_data', args: { ...windowArgs(a), limit: FALLBACK_LIMIT } });
      steps.push(`reading your latest readings${windowSuffix(a)}`);
    }
  }
  const reasoning = steps.length
    ? `${capitalise(steps.join('; then '))}.`
    : 'None of the tools this needs is available; answering with what I can say.';
  return { calls, reasoning };
}

/** The calls of the knowledge intents the question kept (each tool is offered: see `narrowToOffered`). */
function knowledgeCalls(a: QuestionAnalysis, calls: PlannedCall[], steps: string[]): void {
  const k = a.knowledge;
  if (has(a, 'literature') && k.literature) {
    calls.push({ name: 'search_medical_literature', args: { query: k.literature.query, limit: LITERATURE_LIMIT } });
    steps.push(`searching the medical literature for "${k.literature.query}"`);
  }
  if (has(a, 'trials') && k.trials?.condition) {
    const { condition, location, status } = k.trials;
    calls.push({
      name: 'get_clinical_trials',
      args: { condition, ...(location ? { location } : {}), ...(status ? { status } : {}) },
    });
    steps.push(`looking for clinical trials of ${condition}${location ? ` near ${location}` : ''}`);
  }
  if (has(a, 'article') && k.article) {
    calls.push({ name: 'get_article_by_pmcid', args: { pmcid: k.article.pmcid } });
    steps.push(`reading ${k.article.pmcid}`);
  }
  if (has(a, 'url') && k.url) {
    calls.push({ name: 'fetch_url', args: { url: k.url.url } });
    steps.push(`reading ${k.url.url}`);
  }
}

/** The tests a statistic is computed over: two for a correlation, else the first named. */
export function statisticTests(a: QuestionAnalysis): IndicatorMention[] {
  return a.indicators.slice(0, a.knowledge.statistic?.kind === 'correlation' ? 2 : 1);
}

/** The data outcome of a statistic's test, as the first round asked for it. */
export function statisticOutcome(m: IndicatorMention, outcomes: readonly ToolOutcome[]): ToolOutcome | undefined {
  return outcomes.find((o) => o.name === 'query_health_data' && o.args.indicator === m.phrase);
}

/** After the readings: `eval` with the engine's program over them, when every test has readings to give it. */
function statisticRound(a: QuestionAnalysis, turn: Turn): Plan {
  const stat = a.knowledge.statistic;
  const outcomes = turn.rounds.flat();
  if (!stat || outcomes.some((o) => o.name === 'eval')) return { calls: [], reasoning: '' };
  const series: StatisticSeries[] = [];
  for (const m of statisticTests(a)) {
    const outcome = statisticOutcome(m, outcomes);
    const input = outcome ? seriesInput(outcome) : null;
    if (!input || ('readings' in input && input.readings.length === 0)) {
      return { calls: [], reasoning: `No numeric readings of ${m.phrase} to compute the ${stat.kind} from.` };
    }
    series.push(input);
  }
  return {
    calls: [{ name: 'eval', args: statisticCall(stat.kind, stat.percentile, series) }],
    reasoning: `Computing the ${stat.kind} of ${series.length === 2 ? 'the two series' : 'the readings'} with eval.`,
  };
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Series a summarize or query outcome found. */
function seriesOf(o: ToolOutcome): SeriesSummary[] | null {
  if (!o.ok) return null;
  if (o.name === 'summarize_health_data') return o.value.series;
  return null;
}

/** Outcomes that looked a mention up, by the phrase it was asked with or one of its codes. */
export function outcomesFor(m: IndicatorMention, outcomes: readonly ToolOutcome[]): ToolOutcome[] {
  return outcomes.filter((o) => {
    if (o.name !== 'summarize_health_data' && o.name !== 'query_health_data') return false;
    const { indicator, loinc_code: code } = o.args;
    return indicator === m.phrase || (typeof code === 'string' && m.codes.includes(code));
  });
}

export function foundAnything(m: IndicatorMention, outcomes: readonly ToolOutcome[]): boolean {
  return outcomesFor(m, outcomes).some((o) => {
    if (!o.ok) return false;
    if (o.name === 'summarize_health_data') return o.value.series.length > 0;
    if (o.name === 'query_health_data') return o.value.records.length > 0;
    return false;
  });
}

/** The catalogue outcome of the first round, when the engine asked for one. */
export function catalogueOutcome(outcomes: readonly ToolOutcome[]): ToolOutcome | undefined {
  return outcomes.find(
    (o) => o.name === 'summarize_health_data' && o.args.indicator === undefined && o.args.loinc_code === undefined,
  );
}

function secondRound(a: QuestionAnalysis, turn: Turn, offered: OfferedTools): Plan {
  // A question to a public source that asks nothing of the readings has no gaps in them to fill.
  if (asksKnowledge(a) && !asksAboutReadings(a)) return { calls: [], reasoning: '' };
  const outcomes = turn.rounds.flat();
  const calls: PlannedCall[] = [];
  const steps: string[] = [];

  // A name looked up as asked found nothing: the readings may carry the sibling code (LDL in mmol/L, not mg/dL).
  for (const m of a.indicators) {
    if (foundAnything(m, outcomes)) continue;
    const asked = new Set(outcomesFor(m, outcomes).map((o) => o.args.loinc_code));
    const siblings = m.codes.filter((c) => c !== m.loincCode && !asked.has(c));
    for (const code of siblings) calls.push(...testCalls(a, { loinc_code: code }, offered));
    if (siblings.length) steps.push(`nothing under ${m.phrase} as named; trying LOINC ${siblings.join(', ')}`);
  }

  // A named test with nothing recorded under it: unless a sibling code finds it, the answer says what the records
  // do hold, so the person can ask again by another name.
  const missing = a.indicators.filter((m) => !foundAnything(m, outcomes));
  if (missing.length > 0 && !catalogueOutcome(outcomes) && offered.has('summarize_health_data') && !has(a, 'record')) {
    calls.push(catalogueCall(a));
    steps.push(`nothing recorded under ${missing.map((m) => m.phrase).join(', ')}; listing what your records hold`);
  }

  const catalogue = seeksUnresolvedName(a) ? catalogueOutcome(outcomes) : undefined;
  if (catalogue) {
    const series = seriesOf(catalogue);
    const matched = series ? matchSeries(series, a.indicators, a.terms) : [];
    if (matched.length > 0) {
      const wantsReadings = has(a, 'abnormal') || has(a, 'list');
      if (wantsReadings && offered.has('query_health_data')) {
        for (const s of matched.slice(0, MAX_FOLLOW_UPS)) {
          const filter = s.loinc_code ? { loinc_code: s.loinc_code } : { indicator: s.name };
          calls.push({
            name: 'query_health_data',
            args: {
              ...filter,
              ...windowArgs(a),
              ...(has(a, 'abnormal') ? { abnormal_only: true } : {}),
              limit: has(a, 'abnormal') ? READINGS_LIMIT : (a.listLimit ?? READINGS_LIMIT),
            },
          });
        }
        steps.push(`matched ${matched.map((s) => s.name).join(', ')}; reading its readings`);
      }
    } else if (series === null || series.length > 0) {
      // Nothing in the catalogue by name: the tool can still match the words against the names as recorded.
      for (const run of a.terms.slice(0, 2)) calls.push(...testCalls(a, { indicator: run.join(' ') }, offered));
      if (calls.length) steps.push(`no series name matches; searching your readings for "${a.terms[0]?.join(' ')}"`);
    }
  }
  return { calls, reasoning: steps.length ? `${capitalise(steps.join('; '))}.` : '' };
}

/**
 * What to do next in this turn. The first round looks up what the question names; the second fills gaps the first
 * revealed (a catalogue to match names against, sibling codes); after that, or when nothing is missing, answer.
 */
export function planNextRound(a: QuestionAnalysis, turn: Turn, offered: OfferedTools): Plan {
  if (turn.rounds.length >= MAX_TOOL_ROUNDS) return { calls: [], reasoning: '' };
  if (turn.rounds.length === 0) return firstRound(a, offered);
  if (turn.rounds.length === 1 && has(a, 'statistic')) return statisticRound(a, turn);
  if (turn.rounds.length === 1) return secondRound(a, turn, offered);
  return { calls: [], reasoning: '' };
}

/** A call to make when the caller insists on one (`tool_choice: required` or a named tool) and the plan had none. */
export function forcedCall(a: QuestionAnalysis, name: string | null, offered: OfferedTools): PlannedCall | null {
  const pick = name ?? (offered.has('summarize_health_data') ? 'summarize_health_data' : [...offered][0]);
  switch (pick) {
    case 'summarize_health_data':
      return catalogueCall(a);
    case 'query_health_data':
      return { name: 'query_health_data', args: { ...windowArgs(a), limit: READINGS_LIMIT } };
    case 'list_clinical_records':
      return { name: 'list_clinical_records', args: {} };
    case 'list_family_members':
      return { name: 'list_family_members', args: {} };
    default:
      return null;
  }
}
