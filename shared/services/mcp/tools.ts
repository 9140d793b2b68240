import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { nowMs } from '../../clock';
import { TOOL_CATALOGUE, toolSpec } from '../../domain/agent/tool-catalogue';
import type { Subject } from '../../ports/subject-directory';
import type { AgentTool, ServerToolOutcome } from '../agent/agent-tool';
import { serverTools } from '../agent/tools/registry';
import type { McpCaller } from './caller';

/**
 * MCP's tools are the catalogue's `data` group, offered through the agent's own registry: no name, schema or
 * description is written twice, and a new data tool appears here without touching this file. Knowledge tools stay
 * off (the MCP client has its own reach; HDS's egress budget stays its agent's).
 */
export const MCP_TOOL_NAMES: readonly string[] = TOOL_CATALOGUE.filter((s) => s.group === 'data').map((s) => s.name);

/** The tools of one request, bound to its Subject; without write access the registry leaves out the writing ones. */
export function mcpTools(caller: McpCaller, subject: Subject | null): AgentTool[] {
  return serverTools(
    {
      services: caller.services,
      accountId: caller.tenancy.accountId,
      subjectKey: caller.subjectKey,
      // Null when the Subject does not exist yet: reads see nothing, the write tool mints it.
      subjectId: subject?.subjectId ?? null,
      nowMs: nowMs(),
      sessionId: null,
      ephemeral: [],
      // The engine surfaces have no retention field (design §9).
      writeRetention: 'permanent',
    },
    { tier: 'hds-flash', allowed: MCP_TOOL_NAMES, readOnly: !caller.canWrite, knowledgeTools: 'none' },
  );
}

/** A tool as `tools/list` describes it, with hints read off the catalogue. */
export function mcpToolOf(tool: AgentTool): Tool {
  const writes = toolSpec(tool.name)?.writes ?? false;
  return {
    name: tool.name,
    description: tool.description,
    inputSchema: tool.parameters as Tool['inputSchema'],
    annotations: { readOnlyHint: !writes, destructiveHint: false, idempotentHint: !writes, openWorldHint: false },
  };
}

/**
 * A tool's outcome as a `tools/call` result. Refused arguments are a result with `isError` (MCP 2025-11-25: input
 * validation errors are tool execution errors, so the model can correct itself), not a protocol error.
 */
export function callResultOf(outcome: ServerToolOutcome) {
  const structured = objectOf(outcome.result);
  return {
    content: [{ type: 'text' as const, text: outcome.result }],
    ...(structured && !outcome.error ? { structuredContent: structured } : {}),
    ...(outcome.error ? { isError: true } : {}),
  };
}

function objectOf(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Whether a JSON-RPC message calls a tool that writes: such a call needs write access before it reaches the server. */
export function callsWriteTool(message: unknown): boolean {
  if (!message || typeof message !== 'object' || Array.isArray(message)) return false;
  const { method, params } = message as { method?: unknown; params?: { name?: unknown } };
  if (method !== 'tools/call' || typeof params?.name !== 'string') return false;
  return MCP_TOOL_NAMES.includes(params.name) && toolSpec(params.name)?.writes === true;
}
