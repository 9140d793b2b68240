import { toolSpec } from '../../../domain/agent/tool-catalogue';
import type {
  ListClinicalRecordsResult,
  ListFamilyMembersResult,
  QueryHealthDataResult,
  SummarizeHealthDataResult,
  WriteFhirObservationResult,
} from '../../../domain/agent/tool-results';
import type { ModelMessage, ModelToolCall } from '../../../ports/model-provider';
import type { ArticleResult, EvalResult, FetchUrlResult, LiteratureResult, TrialsResult } from './knowledge-results';

/**
 * The engine keeps no state between calls: everything it needs is read back from the messages, as a language model
 * would. This module turns the message list into the current turn: the question, the questions before it, and the
 * tool calls made since it was asked, each paired with its result.
 */

/** A tool call of this turn, its arguments parsed, and its result: the typed value, or the error text. */
export type ToolOutcome =
  | { name: 'summarize_health_data'; args: Record<string, unknown>; ok: true; value: SummarizeHealthDataResult }
  | { name: 'query_health_data'; args: Record<string, unknown>; ok: true; value: QueryHealthDataResult }
  | { name: 'list_clinical_records'; args: Record<string, unknown>; ok: true; value: ListClinicalRecordsResult }
  | { name: 'list_family_members'; args: Record<string, unknown>; ok: true; value: ListFamilyMembersResult }
  | { name: 'write_fhir_observation'; args: Record<string, unknown>; ok: true; value: WriteFhirObservationResult }
  | { name: 'search_medical_literature'; args: Record<string, unknown>; ok: true; value: LiteratureResult }
  | { name: 'get_clinical_trials'; args: Record<string, unknown>; ok: true; value: TrialsResult }
  | { name: 'get_article_by_pmcid'; args: Record<string, unknown>; ok: true; value: ArticleResult }
  | { name: 'fetch_url'; args: Record<string, unknown>; ok: true; value: FetchUrlResult }
  | { name: 'eval'; args: Record<string, unknown>; ok: true; value: EvalResult }
  | FailedOutcome;

/**
 * A call whose result cannot be read as its tool's: the error text. A knowledge source that did not answer says which
 * (`unreachable`); a result the harness kept in the turn's files rather than in the conversation says where
 * (`offloaded`), so that `eval` can still read it.
 */
export interface FailedOutcome {
  name: string;
  args: Record<string, unknown>;
  ok: false;
  error: string;
  unreachable?: { source: string; retryAfterS: number | null };
  offloaded?: string;
}

/** A call of one of the caller's own tools in this turn, and the output the caller sent back for it. */
export interface ClientResult {
  name: string;
  args: Record<string, unknown>;
  /** Null while the call is still waiting for its output. */
  output: string | null;
}

export interface Turn {
  /** The latest user message. */
  question: string;
  /** Every user message, oldest first, the question last. */
  questions: string[];
  /** Server tool rounds since the question, oldest first. */
  rounds: ToolOutcome[][];
  /** The caller's own tools called since the question, in call order. */
  clientResults: ClientResult[];
  /** Tool calls in the whole conversation, so that new ids never repeat one. */
  callsSoFar: number;
}

export function readTurn(messages: readonly ModelMessage[]): Turn {
  let lastUser = -1;
  const questions: string[] = [];
  let callsSoFar = 0;
  messages.forEach((m, i) => {
    if (m.role === 'user') {
      lastUser = i;
      questions.push(m.content);
    }
    if (m.role === 'assistant') callsSoFar += m.toolCalls?.length ?? 0;
  });
  const results = new Map<string, string>();
  for (const m of messages.slice(lastUser + 1)) if (m.role === 'tool') results.set(m.toolCallId, m.content);
  const rounds: ToolOutcome[][] = [];
  const clientResults: ClientResult[] = [];
  for (const m of messages.slice(lastUser + 1)) {
    if (m.role !== 'assistant' || !m.toolCalls?.length) continue;
    const server = m.toolCalls.filter((call) => isServerTool(call.name));
    if (server.length > 0) rounds.push(server.map((call) => outcomeOf(call, results.get(call.id))));
    for (const call of m.toolCalls.filter((c) => !isServerTool(c.name))) {
      clientResults.push({ name: call.name, args: parseArgs(call.arguments), output: results.get(call.id) ?? null });
    }
  }
  return { question: questions.at(-1) ?? '', questions, rounds, clientResults, callsSoFar };
}

function parseArgs(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const isString = (v: unknown): v is string => typeof v === 'string';

/**
 * Just enough shape to read a result safely; anything else is reported as the tool's error. The knowledge results
 * follow docs/design/knowledge-tools.md §3; a tool without an entry here is run but never read (the harness's own).
 */
const SHAPES: Record<string, (v: Record<string, unknown>) => boolean> = {
  summarize_health_data: (v) => Array.isArray(v.series) && v.series.every(isObject),
  query_health_data: (v) => Array.isArray(v.records) && v.records.every(isObject),
  list_clinical_records: (v) => Array.isArray(v.files) && v.files.every(isObject),
  list_family_members: (v) => Array.isArray(v.members) && v.members.every(isObject),
  write_fhir_observation: (v) => Array.isArray(v.written) && v.written.every(isObject),
  search_medical_literature: (v) =>
    Array.isArray(v.articles) && v.articles.every((a) => isObject(a) && isString(a.title) && isString(a.url)),
  get_clinical_trials: (v) =>
    Array.isArray(v.trials) && v.trials.every((t) => isObject(t) && isString(t.nct_id) && isString(t.url)),
  get_article_by_pmcid: (v) =>
    isString(v.pmcid) &&
    (v.open_access === false || (Array.isArray(v.sections) && v.sections.every(isObject) && isString(v.title))),
  fetch_url: (v) => isString(v.url) && isString(v.text),
  eval: (v) => 'result' in v && !('error' in v),
};

/** A tool HDS runs itself (any name of the tool catalogue); any other name is one of the caller's own tools. */
export function isServerTool(name: string): boolean {
  return toolSpec(name) !== undefined;
}

/** One line of an error text, bounded: enough for the person to see what failed. */
function errorLine(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 200 ? `${line.slice(0, 197)}…` : line || 'no result';
}

function outcomeOf(call: ModelToolCall, content: string | undefined): ToolOutcome {
  const args = parseArgs(call.arguments);
  const failed = (error: string): ToolOutcome => ({ name: call.name, args, ok: false, error: errorLine(error) });
  if (content === undefined) return failed('the tool returned no result');
  let value: unknown;
  try {
    value = JSON.parse(content);
  } catch {
    return failed(content);
  }
  if (!isObject(value)) return failed(content);
  const shape = Object.hasOwn(SHAPES, call.name) ? SHAPES[call.name] : undefined;
  if (!shape?.(value)) {
    const error = value.error;
    const message = isObject(error) && typeof error.message === 'string' ? error.message : error;
    const outcome = failed(typeof message === 'string' ? message : content) as FailedOutcome;
    if (value.reachable === false && isString(value.source)) {
      const retry = typeof value.retry_after_s === 'number' ? value.retry_after_s : null;
      outcome.unreachable = { source: value.source, retryAfterS: retry };
    }
    if (isString(value.offloaded)) {
      outcome.offloaded = value.offloaded;
      outcome.error = `the result was kept in ${value.offloaded} for this turn`;
    }
    return outcome;
  }
  return { name: call.name, args, ok: true, value } as unknown as ToolOutcome;
}

/** Every outcome of the turn, in call order. */
export function allOutcomes(turn: Turn): ToolOutcome[] {
  return turn.rounds.flat();
}
