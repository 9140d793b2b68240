import type { BuiltinToolName, SeriesSummary } from '../../../domain/agent/tool-results';
import type { ToolOutcome, Turn } from './conversation';
import { type IndicatorMention, matchSeries } from './indicators';
import type { QuestionAnalysis } from './question';

/** A tool call the engine decided on. */
export interface PlannedCall {
  name: BuiltinToolName;
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

function has(a: QuestionAnalysis, intent: QuestionAnalysis['intents'][number]): boolean {
  return a.intents.includes(intent);
}

/** Whether the question is (also) about readings, beyond files, family or a write. */
export function asksAboutReadings(a: QuestionAnalysis): boolean {
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
