import { ALLOWLISTABLE_TOOL_NAMES, RESERVED_TOOL_NAMES, toolSpec } from '../../shared/domain/agent/tool-catalogue';
import type { ModelTier } from '../../shared/domain/models';
import { BadRequestError, invalidField } from '../../shared/errors';
import { agentTierParam } from '../../shared/http/model-param';
import { sessionIdParam } from '../../shared/http/retention-params';
import { normalizeSubjectKey } from '../../shared/http/tenancy';
import { booleanField } from '../../shared/http/validation';
import type { ModelResponseFormat } from '../../shared/ports/model-provider';
import { type McpServerSpec, parseMcpToolEntries } from '../../shared/services/agent/mcp';
import { schemaProblem, schemaValidator } from './structured-output';

/** Tools per request (spec, Limits). */
export const MAX_TOOLS = 64;
const TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;
const MAX_INPUT_ITEMS = 500;
const MAX_TEXT_CHARS = 100_000;

/** One item of `input`, as the conversation will hold it. */
export type InputItem =
  | { kind: 'message'; role: 'user' | 'assistant'; text: string }
  | { kind: 'style'; text: string }
  | { kind: 'function_call'; callId: string; name: string; arguments: string }
  | { kind: 'function_call_output'; callId: string; output: string }
  /** An earlier item by id (`{type: "item_reference"}`), resolved against the Subject's stored responses. */
  | { kind: 'reference'; id: string; param: string };

export interface ClientTool {
  type: 'function';
  name: string;
  description: string | null;
  parameters: Record<string, unknown>;
  strict: boolean;
}

/** A remote MCP tool entry: its raw form (echoed back without credentials) and its parsed spec. */
export interface McpEntry {
  index: number;
  entry: Record<string, unknown>;
}

export type ToolChoice = 'auto' | 'none' | 'required' | { type: 'function'; name: string };

export interface ResponsesRequest {
  tier: ModelTier;
  input: InputItem[];
  instructions: string | null;
  stream: boolean;
  store: boolean;
  previousResponseId: string | null;
  sessionId: string | null;
  clientTools: ClientTool[];
  mcp: McpEntry[];
  mcpServers: McpServerSpec[];
  toolChoice: ToolChoice;
  /** The Subject key (the body's `user`, echoed as the response object's `user`). */
  subjectKey: string;
  mode: 'agent' | 'model';
  format: ModelResponseFormat;
  builtinTools: 'auto' | 'none' | string[];
  metadata: Record<string, string>;
  /** Echoed on the response object, as clients read them back. */
  echo: {
    temperature: number | null;
    topP: number | null;
    maxOutputTokens: number | null;
    parallelToolCalls: boolean;
    truncation: string;
    reasoning: Record<string, unknown> | null;
  };
}

/** Fields this surface knows; with strict validation anything else is refused. */
const KNOWN_FIELDS = new Set([
  'model',
  'input',
  'instructions',
  'stream',
  'stream_options',
  'store',
  'previous_response_id',
  'session_id',
  'tools',
  'tool_choice',
  'user',
  'mode',
  'text',
  'builtin_tools',
  'metadata',
  'include',
  'parallel_tool_calls',
  'truncation',
  'reasoning',
  'temperature',
  'top_p',
  'max_output_tokens',
  'max_tool_calls',
  'prompt_cache_key',
  'prompt_cache_retention',
  'safety_identifier',
  'service_tier',
  'background',
  'top_logprobs',
  'context_management',
  'conversation',
  'prompt',
  'strict',
]);

/**
 * `POST /v1/responses` as the responses protocol and the agents SDKs send it. Fields SDKs send unasked
 * (`include`, `parallel_tool_calls`, `truncation`, `reasoning`, `temperature`, `max_output_tokens`, …) are
 * accepted; unknown ones too, unless the caller asks for strict validation (`strict: true` or the header
 * `x-hds-strict: 1`).
 */
export function parseResponsesRequest(
  body: Record<string, unknown>,
  headers: { strict?: boolean; mode?: string },
): ResponsesRequest {
  const strict = body.strict === true || headers.strict === true;
  if (strict) {
    const unknown = Object.keys(body).find((k) => !KNOWN_FIELDS.has(k));
    if (unknown) throw new BadRequestError(`Unknown parameter: ${unknown}`, 'unsupported_parameter', unknown);
  }
  const mode = parseMode(body.mode, headers.mode);
  const { clientTools, mcp } = parseTools(body.tools);
  const format = parseFormat(body.text, mode);
  const previousResponseId = optionalString(body.previous_response_id, 'previous_response_id');
  const sessionId = sessionIdParam(body.session_id);
  if (mode === 'model') {
    if (previousResponseId) throw modelModeRefusal('previous_response_id');
    if (sessionId) throw modelModeRefusal('session_id');
    if (mcp.length > 0) throw modelModeRefusal(`tools[${mcp[0]!.index}]`);
  }
  return {
    tier: agentTierParam(body.model, strict),
    input: parseInput(body.input),
    instructions: optionalText(body.instructions, 'instructions'),
    stream: booleanField(body.stream, 'stream', false),
    store: booleanField(body.store, 'store', true),
    previousResponseId,
    sessionId,
    clientTools,
    mcp,
    mcpServers: Array.isArray(body.tools) ? parseMcpToolEntries(body.tools) : [],
    toolChoice: parseToolChoice(body.tool_choice, clientTools, mode),
    subjectKey: normalizeSubjectKey(body.user),
    mode,
    format,
    builtinTools: parseBuiltinTools(body.builtin_tools),
    metadata: parseMetadata(body.metadata),
    echo: {
      temperature: typeof body.temperature === 'number' ? body.temperature : null,
      topP: typeof body.top_p === 'number' ? body.top_p : null,
      maxOutputTokens: typeof body.max_output_tokens === 'number' ? body.max_output_tokens : null,
      parallelToolCalls: body.parallel_tool_calls !== false,
      truncation: typeof body.truncation === 'string' ? body.truncation : 'disabled',
      reasoning:
        body.reasoning && typeof body.reasoning === 'object' ? (body.reasoning as Record<string, unknown>) : null,
    },
  };
}

function modelModeRefusal(param: string): BadRequestError {
  return new BadRequestError(
    `${param.startsWith('tools') ? 'mcp tools' : param} cannot be used with mode "model" (the plain model keeps no conversation and runs no server tools); replay the transcript to continue`,
    'unsupported_parameter',
    param,
  );
}

/**
 * The body's `mode`, else the `X-HDS-Mode` header: SDK helpers for structured output (`responses.parse`, agents'
 * `output_type`, AI SDK `generateObject`, LangChain `withStructuredOutput`) cannot add a body field, but every SDK can
 * send a default header.
 */
function parseMode(raw: unknown, header: string | undefined): 'agent' | 'model' {
  if (raw === undefined || raw === null) {
    if (header === undefined) return 'agent';
    const value = header.trim().toLowerCase();
    if (value === 'agent' || value === 'model') return value;
    throw invalidField('mode', `the X-HDS-Mode header must be "agent" or "model" (got ${JSON.stringify(header)})`);
  }
  if (raw === 'agent' || raw === 'model') return raw;
  throw invalidField('mode', 'mode must be "agent" or "model"');
}

function parseInput(raw: unknown): InputItem[] {
  if (typeof raw === 'string') {
    if (raw.length > MAX_TEXT_CHARS) throw invalidField('input', `input must be at most ${MAX_TEXT_CHARS} characters`);
    return [{ kind: 'message', role: 'user', text: raw }];
  }
  if (!Array.isArray(raw))
    throw new BadRequestError('input is required: a string or an array of items', 'invalid_input', 'input');
  if (raw.length > MAX_INPUT_ITEMS) throw invalidField('input', `input must hold at most ${MAX_INPUT_ITEMS} items`);
  const items: InputItem[] = [];
  raw.forEach((item, i) => {
    const at = `input[${i}]`;
    if (!item || typeof item !== 'object' || Array.isArray(item)) throw invalidField(at, `${at} must be an object`);
    const it = item as Record<string, unknown>;
    const type = it.type ?? (it.role !== undefined ? 'message' : undefined);
    switch (type) {
      case 'message': {
        const role = it.role;
        const text = contentText(it.content, `${at}.content`);
        if (role === 'user' || role === 'assistant') items.push({ kind: 'message', role, text });
        else if (role === 'system' || role === 'developer') items.push({ kind: 'style', text });
        else throw invalidField(`${at}.role`, `${at}.role must be one of user, assistant, system, developer`);
        break;
      }
      case 'function_call':
        items.push({
          kind: 'function_call',
          callId: requiredString(it.call_id, `${at}.call_id`),
          name: requiredString(it.name, `${at}.name`),
          arguments: typeof it.arguments === 'string' ? it.arguments : JSON.stringify(it.arguments ?? {}),
        });
        break;
      case 'function_call_output':
        items.push({
          kind: 'function_call_output',
          callId: requiredString(it.call_id, `${at}.call_id`),
          output: outputText(it.output, `${at}.output`),
        });
        break;
      case 'item_reference':
        items.push({ kind: 'reference', id: requiredString(it.id, `${at}.id`), param: `${at}.id` });
        break;
      // A reasoning item a client echoes back from earlier output carries nothing the model needs again.
      case 'reasoning':
        break;
      default:
        throw new BadRequestError(
          `${at}.type ${JSON.stringify(type)} is not supported: use message, function_call or function_call_output items`,
          'invalid_type',
          `${at}.type`,
        );
    }
  });
  if (!items.some((i) => i.kind !== 'style')) {
    throw new BadRequestError(
      'input must hold at least one message or function_call_output item',
      'invalid_input',
      'input',
    );
  }
  return items;
}

/** Message content: a string, or text parts (`input_text`, `output_text`, `text`); refusals are kept as text. */
function contentText(content: unknown, param: string): string {
  if (typeof content === 'string') return bounded(content, param);
  if (!Array.isArray(content)) throw invalidField(param, `${param} must be a string or an array of content parts`);
  return bounded(
    content
      .map((part, j) => {
        const p = part as Record<string, unknown> | null;
        if (p && ['input_text', 'output_text', 'text'].includes(String(p.type)) && typeof p.text === 'string')
          return p.text;
        if (p && p.type === 'refusal' && typeof p.refusal === 'string') return p.refusal;
        throw new BadRequestError(
          `${param}[${j}] must be a text part; images, files and audio are not supported`,
          'unsupported_parameter',
          `${param}[${j}]`,
        );
      })
      .join('\n'),
    param,
  );
}

/** A tool output: a string, or parts flattened to text (non-text parts are named, not passed on). */
function outputText(output: unknown, param: string): string {
  if (typeof output === 'string') return bounded(output, param);
  if (Array.isArray(output)) {
    return bounded(
      output
        .map((part) => {
          const p = part as Record<string, unknown> | null;
          if (p && typeof p.text === 'string') return p.text;
          return `[${String(p?.type ?? 'part')} omitted]`;
        })
        .join('\n'),
      param,
    );
  }
  if (output === undefined || output === null) throw invalidField(param, `${param} is required`);
  return bounded(JSON.stringify(output), param);
}

function bounded(text: string, param: string): string {
  if (text.length > MAX_TEXT_CHARS) throw invalidField(param, `${param} must be at most ${MAX_TEXT_CHARS} characters`);
  return text;
}

function parseTools(raw: unknown): { clientTools: ClientTool[]; mcp: McpEntry[] } {
  if (raw === undefined || raw === null) return { clientTools: [], mcp: [] };
  if (!Array.isArray(raw)) throw invalidField('tools', 'tools must be an array');
  if (raw.length > MAX_TOOLS) {
    throw new BadRequestError(`tools must hold at most ${MAX_TOOLS} entries`, 'invalid_tools', 'tools');
  }
  const clientTools: ClientTool[] = [];
  const mcp: McpEntry[] = [];
  const names = new Set<string>();
  raw.forEach((entry, i) => {
    const at = `tools[${i}]`;
    if (!entry || typeof entry !== 'object' || Array.isArray(entry)) throw invalidField(at, `${at} must be an object`);
    const tool = entry as Record<string, unknown>;
    if (tool.type === 'mcp') {
      mcp.push({ index: i, entry: tool });
      return;
    }
    if (tool.type !== 'function') {
      throw new BadRequestError(
        `${at}.type ${JSON.stringify(tool.type)} is not supported: client tools are {type: "function"}, remote tool servers {type: "mcp"}`,
        'unsupported_parameter',
        `${at}.type`,
      );
    }
    // The chat-completions nesting `{type: "function", function: {...}}` is accepted as well as the flat form.
    const fn = tool.function && typeof tool.function === 'object' ? (tool.function as Record<string, unknown>) : tool;
    const prefix = fn === tool ? at : `${at}.function`;
    const name = fn.name;
    if (typeof name !== 'string' || !TOOL_NAME.test(name)) {
      throw new BadRequestError(`${prefix}.name must match ${TOOL_NAME.source}`, 'invalid_tool_name', `${prefix}.name`);
    }
    if (names.has(name))
      throw new BadRequestError(`tool name '${name}' is used twice`, 'duplicate_tool_name', `${prefix}.name`);
    if (RESERVED_TOOL_NAMES.has(name)) {
      throw new BadRequestError(
        `tool name '${name}' is reserved for a built-in server tool`,
        'reserved_tool_name',
        `${prefix}.name`,
      );
    }
    names.add(name);
    const parameters = fn.parameters ?? { type: 'object', properties: {} };
    if (
      !parameters ||
      typeof parameters !== 'object' ||
      Array.isArray(parameters) ||
      (parameters as { type?: unknown }).type !== 'object'
    ) {
      throw new BadRequestError(
        `${prefix}.parameters must be a JSON Schema object ({"type": "object", ...})`,
        'invalid_parameters',
        `${prefix}.parameters`,
      );
    }
    assertWellFormed(parameters as Record<string, unknown>, `${prefix}.parameters`);
    clientTools.push({
      type: 'function',
      name,
      description: typeof fn.description === 'string' ? fn.description : null,
      parameters: parameters as Record<string, unknown>,
      strict: fn.strict === true,
    });
  });
  return { clientTools, mcp };
}

function parseToolChoice(raw: unknown, clientTools: ClientTool[], mode: 'agent' | 'model'): ToolChoice {
  if (raw === undefined || raw === null || raw === 'auto') return 'auto';
  if (raw === 'none') return 'none';
  if (raw === 'required') {
    if (mode === 'agent') {
      throw new BadRequestError(
        'tool_choice "required" is not supported in agent mode: the agent decides when to call tools',
        'unsupported_parameter',
        'tool_choice',
      );
    }
    if (clientTools.length === 0)
      throw new BadRequestError('tool_choice "required" needs tools', 'invalid_value', 'tool_choice');
    return 'required';
  }
  if (raw && typeof raw === 'object' && !Array.isArray(raw)) {
    const choice = raw as Record<string, unknown>;
    const name =
      choice.type === 'function'
        ? (choice.name ?? (choice.function as Record<string, unknown> | undefined)?.name)
        : undefined;
    if (typeof name === 'string') {
      if (!clientTools.some((t) => t.name === name)) {
        throw new BadRequestError(
          `tool_choice names '${name}', which is not one of the request's tools`,
          'invalid_value',
          'tool_choice',
        );
      }
      return { type: 'function', name };
    }
  }
  throw new BadRequestError(
    'tool_choice must be "auto", "none" or {"type": "function", "name": <one of your tools>}',
    'unsupported_parameter',
    'tool_choice',
  );
}

function parseFormat(raw: unknown, mode: 'agent' | 'model'): ModelResponseFormat {
  if (raw === undefined || raw === null) return { type: 'text' };
  if (typeof raw !== 'object' || Array.isArray(raw)) throw invalidField('text', 'text must be an object');
  const format = (raw as Record<string, unknown>).format as Record<string, unknown> | undefined;
  if (format === undefined || format === null || format.type === 'text') return { type: 'text' };
  if (mode !== 'model') {
    throw new BadRequestError(
      'text.format other than text needs mode "model" (the agent answers in prose): send "mode": "model", or the header X-HDS-Mode: model',
      'unsupported_parameter',
      'text',
    );
  }
  if (format.type === 'json_object') return { type: 'json_object' };
  if (format.type === 'json_schema') {
    const schema = format.schema;
    if (!schema || typeof schema !== 'object' || Array.isArray(schema)) {
      throw invalidField('text.format.schema', 'text.format.schema must be a JSON Schema object');
    }
    assertWellFormed(schema as Record<string, unknown>, 'text.format.schema');
    assertCompiles(schema as Record<string, unknown>, 'text.format.schema');
    return {
      type: 'json_schema',
      name: typeof format.name === 'string' && format.name ? format.name : 'output',
      schema: schema as Record<string, unknown>,
      strict: format.strict !== false,
    };
  }
  throw invalidField('text.format.type', 'text.format.type must be text, json_object or json_schema');
}

function parseBuiltinTools(raw: unknown): ResponsesRequest['builtinTools'] {
  if (raw === undefined || raw === null || raw === 'auto') return 'auto';
  if (raw === 'none') return 'none';
  if (Array.isArray(raw)) {
    raw.forEach((name, i) => {
      if (typeof name === 'string' && ALLOWLISTABLE_TOOL_NAMES.includes(name)) return;
      const spec = typeof name === 'string' ? toolSpec(name) : undefined;
      const why =
        spec?.visibility === 'disabled_on_v1'
          ? `${name} is disabled on /v1`
          : spec?.visibility === 'internal'
            ? `${name} is internal to hds-expert's planning and cannot be chosen`
            : `builtin_tools[${i}] must be one of ${ALLOWLISTABLE_TOOL_NAMES.join(', ')}`;
      throw new BadRequestError(why, 'invalid_value', `builtin_tools[${i}]`);
    });
    return raw as string[];
  }
  throw new BadRequestError(
    'builtin_tools must be "auto", "none" or an array of built-in tool names',
    'invalid_value',
    'builtin_tools',
  );
}

function parseMetadata(raw: unknown): Record<string, string> {
  if (raw === undefined || raw === null) return {};
  if (typeof raw !== 'object' || Array.isArray(raw))
    throw invalidField('metadata', 'metadata must be an object of strings');
  const entries = Object.entries(raw as Record<string, unknown>);
  if (entries.length > 16) throw invalidField('metadata', 'metadata must hold at most 16 keys');
  for (const [k, v] of entries) {
    if (k.length > 64 || typeof v !== 'string' || v.length > 512) {
      throw invalidField('metadata', 'metadata keys must be ≤ 64 characters and values strings of ≤ 512 characters');
    }
  }
  return raw as Record<string, string>;
}

/** A caller's JSON Schema must be well formed, so a broken one is a 400 now rather than a failure after a paid model call. */
function assertWellFormed(schema: Record<string, unknown>, param: string): void {
  const problem = schemaProblem(schema);
  if (problem) throw new BadRequestError(`${param} is not a valid JSON Schema: ${problem}`, 'invalid_value', param);
}

/** The output schema is compiled now (HDS validates the answer against it), which also finds unresolvable `$ref`s. */
function assertCompiles(schema: Record<string, unknown>, param: string): void {
  try {
    schemaValidator(schema);
  } catch (err) {
    throw new BadRequestError(`${param} is not a valid JSON Schema: ${(err as Error).message}`, 'invalid_value', param);
  }
}

function optionalString(raw: unknown, param: string): string | null {
  if (raw === undefined || raw === null || raw === '') return null;
  if (typeof raw !== 'string') throw invalidField(param, `${param} must be a string`);
  if (raw.length > 256) throw invalidField(param, `${param} must be at most 256 characters`);
  return raw;
}

function optionalText(raw: unknown, param: string): string | null {
  if (raw === undefined || raw === null) return null;
  if (typeof raw !== 'string') throw invalidField(param, `${param} must be a string`);
  return bounded(raw, param) || null;
}

function requiredString(raw: unknown, param: string): string {
  if (typeof raw !== 'string' || raw === '') throw invalidField(param, `${param} is required`);
  return raw;
}
