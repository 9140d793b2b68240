import { randomBytes } from 'node:crypto';
import { evidenceOf } from '../../shared/domain/agent/tool-catalogue';
import type { ToolStep } from '../../shared/domain/agent/tool-step';
import { responseUsage, type TurnUsage } from '../../shared/domain/agent/usage';
import type { ResponsesRequest } from './responses-request';

export const hexId = (prefix: string, bytes = 16) => `${prefix}${randomBytes(bytes).toString('hex')}`;

export type OutputItem =
  | {
      type: 'reasoning';
      id: string;
      status: 'in_progress' | 'completed';
      summary: { type: 'summary_text'; text: string }[];
    }
  | {
      type: 'message';
      id: string;
      status: 'in_progress' | 'completed';
      role: 'assistant';
      content: { type: 'output_text'; text: string; annotations: unknown[]; logprobs: unknown[] }[];
    }
  | {
      type: 'function_call';
      id: string;
      call_id: string;
      name: string;
      arguments: string;
      status: 'in_progress' | 'completed';
    };

/** What every response object of one request shares. */
export interface ResponseIdentity {
  id: string;
  createdAt: number;
  request: ResponsesRequest;
  previousResponseId: string | null;
  sessionId: string | null;
}

export interface ResponseFinish {
  output: OutputItem[];
  usage: TurnUsage;
  toolSteps: ToolStep[];
}

/**
 * The response object, complete enough for strict typed clients: every field the protocol defines, plus the
 * HDS extensions (`tool_steps`, `health_records`, `citations`, `session_id`, `mode`).
 */
export function responseObject(
  who: ResponseIdentity,
  status: 'in_progress' | 'completed' | 'failed',
  finish: ResponseFinish | null,
  error: { code: string; message: string } | null = null,
) {
  const r = who.request;
  const output = finish?.output ?? [];
  return {
    id: who.id,
    object: 'response',
    created_at: who.createdAt,
    status,
    background: false,
    completed_at: status === 'completed' ? Math.floor(Date.now() / 1000) : null,
    error,
    incomplete_details: null,
    instructions: r.instructions,
    max_output_tokens: r.echo.maxOutputTokens,
    max_tool_calls: null,
    model: r.tier,
    output,
    output_text: outputText(output),
    parallel_tool_calls: r.echo.parallelToolCalls,
    previous_response_id: who.previousResponseId,
    reasoning: { effort: null, summary: null, ...(r.echo.reasoning ?? {}) },
    service_tier: 'default',
    store: r.store,
    temperature: r.echo.temperature ?? 1,
    text: { format: wireFormat(r) },
    tool_choice: r.toolChoice,
    tools: toolsForWire(r),
    top_logprobs: 0,
    top_p: r.echo.topP ?? 1,
    truncation: r.echo.truncation,
    usage: finish ? responseUsage(finish.usage) : null,
    user: r.subjectKey,
    metadata: r.metadata,
    session_id: who.sessionId,
    mode: r.mode,
    tool_steps: finish?.toolSteps ?? [],
    ...evidenceFields(finish?.toolSteps ?? []),
  };
}

export type ResponseObject = ReturnType<typeof responseObject>;

export function outputText(output: readonly OutputItem[]): string {
  return output
    .filter((i) => i.type === 'message')
    .flatMap((i) => i.content.map((c) => c.text))
    .join('');
}

function wireFormat(r: ResponsesRequest) {
  const f = r.format;
  if (f.type === 'json_schema') return { type: 'json_schema', name: f.name, schema: f.schema, strict: f.strict };
  return { type: f.type };
}

/** The request's tools as echoed back: client tools in the flat form, MCP entries without their credentials. */
function toolsForWire(r: ResponsesRequest) {
  return [
    ...r.clientTools.map((t) => ({
      type: 'function',
      name: t.name,
      description: t.description,
      parameters: t.parameters,
      strict: t.strict,
    })),
    ...r.mcp.map(({ entry }) => {
      const { authorization: _secret, headers: _headers, ...shown } = entry;
      return shown;
    }),
  ];
}

/** `health_records` from the data tools and `citations` from the literature tools, as `{tool, data}` items. */
function evidenceFields(steps: readonly ToolStep[]) {
  const { healthRecords, citations } = evidenceOf(steps);
  return { health_records: healthRecords, citations };
}

export const reasoningItem = (id: string, text: string, status: 'in_progress' | 'completed'): OutputItem => ({
  type: 'reasoning',
  id,
  status,
  summary: text ? [{ type: 'summary_text', text }] : [],
});

export const messageItem = (id: string, text: string | null, status: 'in_progress' | 'completed'): OutputItem => ({
  type: 'message',
  id,
  status,
  role: 'assistant',
  content: text === null ? [] : [{ type: 'output_text', text, annotations: [], logprobs: [] }],
});

export const functionCallItem = (
  id: string,
  call: { id: string; name: string; arguments: string },
  status: 'in_progress' | 'completed',
): OutputItem => ({
  type: 'function_call',
  id,
  call_id: call.id,
  name: call.name,
  arguments: status === 'in_progress' ? '' : call.arguments,
  status,
});
