import { describe, expect, it } from 'vitest';
import {
  ALLOWLISTABLE_TOOL_NAMES,
  evidenceOf,
  liveToolNames,
  RESERVED_TOOL_NAMES,
  TOOL_CATALOGUE,
  toolSpec,
} from '../../../shared/domain/agent/tool-catalogue';
import type { ToolStep } from '../../../shared/domain/agent/tool-step';
import { BUILTIN_TOOLS } from '../../../shared/services/agent/tools';

const step = (name: string, result: unknown, id = `call_${name}`): ToolStep => ({
  id,
  name,
  arguments: {},
  result: typeof result === 'string' ? result : JSON.stringify(result),
});

describe('the tool catalogue', () => {
  it('reserves every name of the spec: the nine public tools, the harness and ask_user', () => {
    for (const name of [
      'query_health_data',
      'summarize_health_data',
      'list_clinical_records',
      'list_family_members',
      'write_fhir_observation',
      'search_medical_literature',
      'get_clinical_trials',
      'get_article_by_pmcid',
      'fetch_url',
      'write_todos',
      'task',
      'eval',
      'ls',
      'read_file',
      'write_file',
      'edit_file',
      'glob',
      'grep',
      'ask_user',
    ]) {
      expect(RESERVED_TOOL_NAMES.has(name), name).toBe(true);
    }
    expect(new Set(TOOL_CATALOGUE.map((s) => s.name)).size).toBe(TOOL_CATALOGUE.length);
  });

  it('has an entry for every data tool the service runs, in offer order', () => {
    const data = TOOL_CATALOGUE.filter((s) => s.group === 'data').map((s) => s.name);
    expect(data).toEqual(BUILTIN_TOOLS.map((t) => t.name));
    expect(toolSpec('write_fhir_observation')?.writes).toBe(true);
  });

  it('lists ask_user but never the internal harness in tool_names', () => {
    const names = liveToolNames('all');
    expect(names).toContain('ask_user');
    for (const internal of ['write_todos', 'task', 'eval', 'read_file', 'edit_file'])
      expect(names).not.toContain(internal);
  });

  it('lets builtin_tools name public tools only', () => {
    expect(ALLOWLISTABLE_TOOL_NAMES).toContain('query_health_data');
    expect(ALLOWLISTABLE_TOOL_NAMES).not.toContain('ask_user');
    expect(ALLOWLISTABLE_TOOL_NAMES).not.toContain('eval');
  });

  it('offers the planning harness on hds-expert only', () => {
    for (const s of TOOL_CATALOGUE.filter((s) => s.group === 'harness')) expect(s.tiers).toEqual(['hds-expert']);
  });
});

describe('evidenceOf', () => {
  it('puts data tool results in health_records and skips errors, prose, remote and harness steps', () => {
    const { healthRecords, citations } = evidenceOf([
      step('query_health_data', { records: [{ id: 1 }] }),
      step('query_health_data', { error: 'bad window' }, 'c2'),
      step('summarize_health_data', 'Error: summarize_health_data failed'),
      step('mcp__notes__search', { hits: [] }),
      step('write_todos', { todos: [] }),
      step('eval', { result: 2 }),
    ]);
    expect(healthRecords).toEqual([{ tool: 'query_health_data', data: { records: [{ id: 1 }] } }]);
    expect(citations).toEqual([]);
  });

  it('puts literature results in citations unless the result declines or the source was unreachable', () => {
    const { healthRecords, citations } = evidenceOf([
      step('search_medical_literature', { articles: [{ pmid: '1' }] }),
      step('get_article_by_pmcid', { pmcid: 'PMC1', open_access: false, evidence: false }),
      step('get_clinical_trials', { error: 'unreachable', reachable: false }),
      step('fetch_url', { url: 'https://example.org', text: 'x' }),
    ]);
    expect(citations).toEqual([{ tool: 'search_medical_literature', data: { articles: [{ pmid: '1' }] } }]);
    expect(healthRecords).toEqual([]);
  });
});
