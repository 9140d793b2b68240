import { describe, expect, it } from 'vitest';
import { TOOL_CATALOGUE } from '../../../shared/domain/agent/tool-catalogue';
import type { Tenancy } from '../../../shared/http/tenancy';
import type { Services } from '../../../shared/services/container';
import type { McpCaller } from '../../../shared/services/mcp/caller';
import { callResultOf, callsWriteTool, MCP_TOOL_NAMES, mcpToolOf, mcpTools } from '../../../shared/services/mcp/tools';

function caller(canWrite: boolean): McpCaller {
  return {
    services: {} as Services,
    tenancy: { accountId: 'acct' } as Tenancy,
    subjectKey: 'default',
    canWrite,
    signal: new AbortController().signal,
    deadlineMs: Date.now() + 1000,
  };
}

describe('MCP tools', () => {
  it('are the catalogue’s data group, in its order', () => {
    expect(MCP_TOOL_NAMES).toEqual(TOOL_CATALOGUE.filter((s) => s.group === 'data').map((s) => s.name));
    expect(MCP_TOOL_NAMES).toEqual([
      'query_health_data',
      'summarize_health_data',
      'list_clinical_records',
      'list_family_members',
      'write_fhir_observation',
    ]);
  });

  it('offer the writing tools only with write access', () => {
    expect(mcpTools(caller(true), null).map((t) => t.name)).toEqual(MCP_TOOL_NAMES);
    const readOnly = mcpTools(caller(false), null).map((t) => t.name);
    expect(readOnly).toEqual(MCP_TOOL_NAMES.filter((n) => n !== 'write_fhir_observation'));
  });

  it('are described with the registry’s own JSON Schema and hints from the catalogue', () => {
    const tools = mcpTools(caller(true), null);
    const write = mcpToolOf(tools.find((t) => t.name === 'write_fhir_observation')!);
    expect(write.inputSchema).toBe(tools.find((t) => t.name === 'write_fhir_observation')!.parameters);
    expect(write.annotations).toEqual({
      readOnlyHint: false,
      destructiveHint: false,
      idempotentHint: false,
      openWorldHint: false,
    });
    expect(mcpToolOf(tools[0]!).annotations?.readOnlyHint).toBe(true);
  });

  it('tell which messages call a writing tool, batches aside', () => {
    const call = (name: unknown) => ({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name } });
    expect(callsWriteTool(call('write_fhir_observation'))).toBe(true);
    expect(callsWriteTool(call('query_health_data'))).toBe(false);
    expect(callsWriteTool(call('no_such_tool'))).toBe(false);
    expect(callsWriteTool(call(42))).toBe(false);
    expect(callsWriteTool({ method: 'tools/list' })).toBe(false);
    expect(callsWriteTool(null)).toBe(false);
    expect(callsWriteTool('tools/call')).toBe(false);
  });

  it('turn an outcome into a call result: structured when it is an object, isError when refused', () => {
    expect(callResultOf({ arguments: {}, result: '{"records":[]}', error: false })).toEqual({
      content: [{ type: 'text', text: '{"records":[]}' }],
      structuredContent: { records: [] },
    });
    expect(callResultOf({ arguments: {}, result: '{"error":"bad"}', error: true })).toEqual({
      content: [{ type: 'text', text: '{"error":"bad"}' }],
      isError: true,
    });
    expect(callResultOf({ arguments: {}, result: '[1]', error: false })).toEqual({
      content: [{ type: 'text', text: '[1]' }],
    });
  });
});
