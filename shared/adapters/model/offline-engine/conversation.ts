import type {
  BuiltinToolName,
  ListClinicalRecordsResult,
  ListFamilyMembersResult,
  QueryHealthDataResult,
  SummarizeHealthDataResult,
  WriteFhirObservationResult,
} from '../../../domain/agent/tool-results';
import type { ModelMessage, ModelToolCall } from '../../../ports/model-provider';

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
  | { name: string; args: Record<string, unknown>; ok: false; error: string };

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
  /** Built-in tool rounds since the question, oldest first. */
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
    const builtin = m.toolCalls.filter((call) => isBuiltinTool(call.name));
    if (builtin.length > 0) rounds.push(builtin.map((call) => outcomeOf(call, results.get(call.id))));
    for (const call of m.toolCalls.filter((c) => !isBuiltinTool(c.name))) {
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

/** Just enough shape to read a result safely; anything else is reported as the tool's error. */
const SHAPES: Record<BuiltinToolName, (v: Record<string, unknown>) => boolean> = {
  summarize_health_data: (v) => Array.isArray(v.series) && v.series.every(isObject),
  query_health_data: (v) => Array.isArray(v.records) && v.records.every(isObject),
  list_clinical_records: (v) => Array.isArray(v.files) && v.files.every(isObject),
  list_family_members: (v) => Array.isArray(v.members) && v.members.every(isObject),
  write_fhir_observation: (v) => Array.isArray(v.written) && v.written.every(isObject),
};

/** A tool HDS runs itself; any other name is one of the caller's own tools. */
export function isBuiltinTool(name: string): name is BuiltinToolName {
  return Object.hasOwn(SHAPES, name);
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
  const shape = SHAPES[call.name as BuiltinToolName];
  if (!shape?.(value)) {
    const error = value.error;
    const message = isObject(error) && typeof error.message === 'string' ? error.message : error;
    return failed(typeof message === 'string' ? message : content);
  }
  return { name: call.name, args, ok: true, value } as unknown as ToolOutcome;
}

/** Every outcome of the turn, in call order. */
export function allOutcomes(turn: Turn): ToolOutcome[] {
  return turn.rounds.flat();
}
