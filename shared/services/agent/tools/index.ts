import { toolSpec } from '../../../domain/agent/tool-catalogue';
import { parseClientJson } from '../../../json';
import { log } from '../../../log';
import { boundedJson } from './bound';
import { listClinicalRecords } from './list-clinical-records';
import { listFamilyMembers } from './list-family-members';
import { queryHealthData } from './query-health-data';
import { summarizeHealthData } from './summarize-health-data';
import { type BuiltinTool, type ToolContext, ToolInputError } from './types';
import { writeFhirObservation } from './write-fhir-observation';

export type { BuiltinTool, ToolContext } from './types';
export { ToolInputError } from './types';

/** A tool result is JSON text of at most this many characters (lists are shortened to fit). */
export const MAX_TOOL_RESULT_CHARS = 16_000;

/** The built-in server tools over the Subject's data, in the order they are offered to the model. */
export const BUILTIN_TOOLS: readonly BuiltinTool[] = [
  queryHealthData,
  summarizeHealthData,
  listClinicalRecords,
  listFamilyMembers,
  writeFhirObservation,
];

export function builtinTool(name: string): BuiltinTool | undefined {
  return BUILTIN_TOOLS.find((t) => t.name === name);
}

export interface BuiltinToolRun {
  /** The arguments as the model sent them (`{}` when they were not a JSON object). */
  arguments: Record<string, unknown>;
  /** JSON text, at most `MAX_TOOL_RESULT_CHARS`; `{"error": …}` when `error`. */
  result: string;
  error: boolean;
}

/**
 * Runs a tool on the model's argument text. Bad input (malformed JSON, arguments the tool refuses) never
 * throws: it becomes an error result the model can read and correct. A failure of the service itself
 * is logged and reported to the model as the tool being unavailable, so the answer can say so.
 */
export async function runBuiltinTool(
  tool: BuiltinTool,
  rawArguments: string,
  ctx: ToolContext,
): Promise<BuiltinToolRun> {
  let parsed: unknown;
  try {
    parsed = rawArguments.trim() === '' ? {} : parseClientJson(rawArguments);
  } catch (err) {
    return failed({}, `The arguments are not valid JSON (${(err as Error).message}); send one JSON object.`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return failed(
      {},
      `The arguments must be a JSON object, not ${Array.isArray(parsed) ? 'an array' : JSON.stringify(parsed)}.`,
    );
  }
  const args = parsed as Record<string, unknown>;
  try {
    const result = boundedJson(await tool.run(args, ctx), MAX_TOOL_RESULT_CHARS, toolSpec(tool.name)?.listKeys);
    return { arguments: args, result, error: false };
  } catch (err) {
    if (err instanceof ToolInputError) return failed(args, `Invalid arguments for ${tool.name}: ${err.message}`);
    log('error', 'built-in tool failed', { tool: tool.name, error: (err as Error)?.name });
    return failed(args, `${tool.name} failed on the server; this data is unavailable right now.`);
  }
}

function failed(args: Record<string, unknown>, message: string): BuiltinToolRun {
  return { arguments: args, result: boundedJson({ error: message }, MAX_TOOL_RESULT_CHARS), error: true };
}
