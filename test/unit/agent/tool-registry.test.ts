import { describe, expect, it } from 'vitest';
import type { ModelProvider } from '../../../shared/ports/model-provider';
import { serverTools, turnTools } from '../../../shared/services/agent/tools/registry';
import type { ToolContext } from '../../../shared/services/agent/tools/types';

/** Selection only: no tool runs here, so the services are never touched. */
const ctx = (over: Partial<ToolContext> = {}): ToolContext => ({
  services: {} as ToolContext['services'],
  accountId: 'acct',
  subjectKey: 'ann',
  subjectId: null,
  nowMs: 0,
  sessionId: null,
  ephemeral: [],
  writeRetention: 'permanent',
  knowledge: { egress: {} as never, config: {} as never, ncbiApiKey: async () => undefined },
  ...over,
});
const provider = (kind: ModelProvider['kind']): ModelProvider => ({ kind, stream: async function* () {} });
const names = (tools: { name: string }[]) => tools.map((t) => t.name);
const DATA = ['query_health_data', 'summarize_health_data', 'list_clinical_records', 'list_family_members'];
const KNOWLEDGE = ['search_medical_literature', 'get_clinical_trials', 'get_article_by_pmcid', 'fetch_url'];

describe('the tools of a turn', () => {
  it('offers data and knowledge tools on flash, in catalogue order, and no planning harness', () => {
    const { tools, modelView } = turnTools(ctx(), { tier: 'hds-flash', knowledgeTools: 'all' }, provider('upstream'));
    expect(names(tools)).toEqual([...DATA, 'write_fhir_observation', ...KNOWLEDGE]);
    expect(modelView).toBeUndefined();
  });

  it('adds the harness and task on expert, offloading only for an upstream model', () => {
    const upstream = turnTools(ctx(), { tier: 'hds-expert', knowledgeTools: 'all' }, provider('upstream'));
    expect(names(upstream.tools)).toEqual([
      ...DATA,
      'write_fhir_observation',
      ...KNOWLEDGE,
      'write_todos',
      'ls',
      'read_file',
      'write_file',
      'eval',
      'task',
    ]);
    const big = JSON.stringify({ records: 'x'.repeat(5_000) });
    expect(JSON.parse(upstream.modelView!('call_1', big))).toMatchObject({ offloaded: '/tool_results/call_1.json' });
    expect(
      turnTools(ctx(), { tier: 'hds-expert', knowledgeTools: 'all' }, provider('offline')).modelView,
    ).toBeUndefined();
  });

  it('narrows by builtin_tools (never the harness), retention and the deployment switch', () => {
    expect(names(serverTools(ctx(), { tier: 'hds-flash', knowledgeTools: 'all', allowed: ['fetch_url'] }))).toEqual([
      'fetch_url',
    ]);
    expect(names(serverTools(ctx(), { tier: 'hds-flash', knowledgeTools: 'all', readOnly: true }))).not.toContain(
      'write_fhir_observation',
    );
    expect(names(serverTools(ctx(), { tier: 'hds-flash', knowledgeTools: 'none' }))).toEqual([
      ...DATA,
      'write_fhir_observation',
    ]);
    expect(
      names(serverTools(ctx(), { tier: 'hds-flash', knowledgeTools: ['get_clinical_trials'] })).filter((n) =>
        KNOWLEDGE.includes(n),
      ),
    ).toEqual(['get_clinical_trials']);
    expect(names(serverTools(ctx({ knowledge: undefined }), { tier: 'hds-flash', knowledgeTools: 'all' }))).toEqual([
      ...DATA,
      'write_fhir_observation',
    ]);
    const narrowed = turnTools(
      ctx(),
      { tier: 'hds-expert', knowledgeTools: 'all', allowed: ['query_health_data'] },
      provider('upstream'),
    );
    expect(names(narrowed.tools)).toEqual([
      'query_health_data',
      'write_todos',
      'ls',
      'read_file',
      'write_file',
      'eval',
      'task',
    ]);
  });
});
