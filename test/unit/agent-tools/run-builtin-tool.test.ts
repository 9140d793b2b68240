import { describe, expect, it } from 'vitest';
import { thinKeepingExtremes, trendOf } from '../../../shared/domain/series/summarize-series';
import {
  BUILTIN_TOOLS,
  builtinTool,
  MAX_TOOL_RESULT_CHARS,
  runBuiltinTool,
} from '../../../shared/services/agent/tools';
import { boundedJson } from '../../../shared/services/agent/tools/bound';
import { parseWindow, resolveFilter } from '../../../shared/services/agent/tools/readings';
import type { ToolContext } from '../../../shared/services/agent/tools/types';
import type { Services } from '../../../shared/services/container';

/** A context whose services must not be reached (bad input stops before them), or fail when they are. */
function ctx(services: Partial<Services> = {}): ToolContext {
  return {
    services: services as Services,
    accountId: 'acct',
    subjectKey: 'alice',
    subjectId: 'sbj_x',
    nowMs: Date.parse('2026-06-01T00:00:00Z'),
    sessionId: null,
    ephemeral: [],
    writeRetention: 'permanent',
  };
}

describe('the tool set', () => {
  it('offers the five data tools in order, each with an object schema for the model', () => {
    expect(BUILTIN_TOOLS.map((t) => t.name)).toEqual([
      'query_health_data',
      'summarize_health_data',
      'list_clinical_records',
      'list_family_members',
      'write_fhir_observation',
    ]);
    for (const tool of BUILTIN_TOOLS) {
      expect(tool.description.length, tool.name).toBeGreaterThan(80);
      expect(tool.parameters).toMatchObject({ type: 'object', properties: expect.any(Object) });
      for (const [name, schema] of Object.entries(tool.parameters.properties as Record<string, any>)) {
        expect(schema.description, `${tool.name}.${name}`).toBeTruthy();
      }
    }
    expect(builtinTool('summarize_health_data')).toBe(BUILTIN_TOOLS[1]);
    expect(builtinTool('fetch_url')).toBeUndefined();
  });
});

describe('runBuiltinTool', () => {
  const query = builtinTool('query_health_data')!;

  it('answers malformed JSON with an error the model can read, never a throw', async () => {
    for (const raw of ['{"indicator": "LDL"', 'indicator=LDL', "{'a': 1}"]) {
      const run = await runBuiltinTool(query, raw, ctx());
      expect(run.error).toBe(true);
      expect(run.arguments).toEqual({});
      expect(JSON.parse(run.result).error).toMatch(/not valid JSON/);
    }
    for (const raw of ['[1]', '42', 'null', '"LDL"']) {
      const run = await runBuiltinTool(query, raw, ctx());
      expect(run.error, raw).toBe(true);
      expect(JSON.parse(run.result).error).toMatch(/must be a JSON object/);
    }
  });

  it('reports arguments the tool refuses, with the field named', async () => {
    const cases: [string, unknown, RegExp][] = [
      ['query_health_data', { limit: 500 }, /limit must be at most 200/],
      ['query_health_data', { abnormal_only: 'yes' }, /abnormal_only/],
      ['query_health_data', { from: 'yesterday' }, /from must be an ISO 8601 date/],
      ['summarize_health_data', { to: 12 }, /to/],
      ['list_clinical_records', { limit: 51 }, /limit must be at most 50/],
      ['write_fhir_observation', { value: 72 }, /indicator is required/],
      ['write_fhir_observation', { indicator: 'Weight' }, /value is required/],
      ['write_fhir_observation', { indicator: 'Weight', value: { kg: 72 } }, /value must be a number or a string/],
      ['write_fhir_observation', { indicator: 'Weight', value: 72, time: 'this morning' }, /time must be an ISO 8601/],
    ];
    for (const [name, args, message] of cases) {
      const run = await runBuiltinTool(builtinTool(name)!, JSON.stringify(args), ctx());
      expect(run.error, `${name} ${JSON.stringify(args)}`).toBe(true);
      expect(run.arguments).toEqual(args);
      expect(JSON.parse(run.result).error).toMatch(message);
      expect(JSON.parse(run.result).error).toContain(name);
    }
  });

  it('takes empty argument text as no arguments, and ignores nulls', async () => {
    const circle = { list: async () => [] };
    const run = await runBuiltinTool(builtinTool('list_family_members')!, '  ', ctx({ careCircle: circle as any }));
    expect(run).toEqual({ arguments: {}, result: '{"members":[]}', error: false });
    const records = {
      query: async () => ({ records: [], total: 0, totalCapped: false, hasMore: false }),
    };
    const nulls = await runBuiltinTool(
      query,
      '{"indicator": null, "from": null, "limit": null}',
      ctx({ records: records as any }),
    );
    expect(nulls.error).toBe(false);
    expect(JSON.parse(nulls.result)).toMatchObject({ records: [], total_matched: 0 });
  });

  it('turns a failure of the service into an error result and says the data is unavailable', async () => {
    const records = {
      query: async () => {
        throw new Error('DynamoDB unavailable: secret detail');
      },
    };
    const level = process.env.HDS_LOG_LEVEL;
    process.env.HDS_LOG_LEVEL = 'silent';
    const run = await runBuiltinTool(query, '{}', ctx({ records: records as any })).finally(() => {
      if (level === undefined) delete process.env.HDS_LOG_LEVEL;
      else process.env.HDS_LOG_LEVEL = level;
    });
    expect(run.error).toBe(true);
    expect(JSON.parse(run.result).error).toBe(
      'query_health_data failed on the server; this data is unavailable right now.',
    );
  });
});

describe('boundedJson', () => {
  const row = (i: number) => ({ id: i, indicator: 'Heart rate', value: `${60 + i}`, note: 'x'.repeat(100) });

  it('leaves a result that fits untouched', () => {
    const small = { records: [row(1)], truncated: false };
    expect(boundedJson(small, 1000)).toBe(JSON.stringify(small));
  });

  it('drops list elements from the end, never characters, and flags the result', () => {
    const big = {
      resolved: { indicator: 'hr' },
      records: Array.from({ length: 100 }, (_, i) => row(i)),
      truncated: false,
    };
    const text = boundedJson(big, 2000);
    expect(text.length).toBeLessThanOrEqual(2000);
    const parsed = JSON.parse(text);
    expect(parsed.truncated).toBe(true);
    expect(parsed.resolved).toEqual({ indicator: 'hr' });
    expect(parsed.records.length).toBeGreaterThan(5);
    expect(parsed.records).toEqual(big.records.slice(0, parsed.records.length));
    // The tightest cut: one more record would not fit.
    expect(
      JSON.stringify({ ...parsed, records: big.records.slice(0, parsed.records.length + 1) }).length,
    ).toBeGreaterThan(2000);
    expect(big.records).toHaveLength(100);
  });

  it('thins chart points (first and last kept) before dropping series', () => {
    const points = Array.from({ length: 60 }, (_, i) => ({ time: `2026-01-${i}`, value: i }));
    const series = Array.from({ length: 5 }, (_, i) => ({ name: `s${i}`, points }));
    const text = boundedJson({ window: {}, series, truncated: false }, 2500);
    const parsed = JSON.parse(text);
    expect(text.length).toBeLessThanOrEqual(2500);
    expect(parsed.series).toHaveLength(5);
    for (const s of parsed.series) {
      expect(s.points.length).toBeLessThan(60);
      expect(s.points[0].value).toBe(0);
      expect(s.points.at(-1).value).toBe(59);
    }
  });

  it('adds `truncated` to results that have no such field, and falls back to an error object', () => {
    const members = Array.from({ length: 50 }, (_, i) => ({ id: `fm_${i}`, notes: 'n'.repeat(200) }));
    const parsed = JSON.parse(boundedJson({ members }, 3000));
    expect(parsed.truncated).toBe(true);
    expect(parsed.members.length).toBeLessThan(50);
    const hopeless = JSON.parse(boundedJson({ big: 'y'.repeat(5000) }, 1000));
    expect(hopeless).toMatchObject({ truncated: true, error: expect.stringContaining('1000') });
    expect(JSON.parse(boundedJson('z'.repeat(5000), 1000)).truncated).toBe(true);
  });

  it('bounds at the documented size', () => {
    expect(MAX_TOOL_RESULT_CHARS).toBe(16_000);
  });
});

describe('helpers', () => {
  it('thins evenly, keeping both ends and both extremes', () => {
    const values = [5, 1, 4, 4, 4, 4, 4, 9, 4, 6];
    const items = values.map((value, i) => ({ time: String(i), value }));
    expect(thinKeepingExtremes(items, 4).map((p) => p.value)).toEqual([5, 1, 9, 6]);
    expect(thinKeepingExtremes(items, 6).map((p) => p.time)).toEqual(['0', '1', '3', '6', '7', '9']);
    expect(thinKeepingExtremes(items, 20)).toEqual(items);
  });

  it('calls a trend from the earliest and latest values', () => {
    const p = (...values: number[]) => values.map((value, i) => ({ time: String(i), value }));
    expect(trendOf(p(100, 104.9))).toMatchObject({ direction: 'stable', change_percent: 4.9 });
    expect(trendOf(p(100, 105))).toMatchObject({ direction: 'rising', change: 5, change_percent: 5 });
    expect(trendOf(p(100, 50, 94))).toMatchObject({ direction: 'falling', change: -6, change_percent: -6 });
    expect(trendOf(p(0, 0))).toEqual({ direction: 'stable', change: 0, change_percent: null });
    expect(trendOf(p(0, 2))).toEqual({ direction: 'rising', change: 2, change_percent: null });
    expect(trendOf(p(-10, -5))).toMatchObject({ direction: 'rising', change_percent: 50 });
    expect(trendOf(p(7))).toEqual({ direction: 'insufficient_data', change: null, change_percent: null });
  });

  it('reads windows as ISO dates or timestamps', () => {
    expect(parseWindow(undefined, null)).toEqual({ from: null, to: null });
    expect(parseWindow('2026-03-01', '2026-03-31')).toEqual({
      from: '2026-03-01T00:00:00.000Z',
      to: '2026-03-31T23:59:59.999Z',
    });
    expect(parseWindow('2026-03-01T10:00:00+02:00', '2026-03-01T10:00:00Z')).toEqual({
      from: '2026-03-01T08:00:00.000Z',
      to: '2026-03-01T10:00:00.000Z',
    });
    expect(() => parseWindow('2026-13-01', null)).toThrow(/from must be/);
  });

  it('resolves words to codes without guessing', () => {
    expect(resolveFilter('HbA1c', null)).toEqual({
      resolved: {
        indicator: 'HbA1c',
        loinc_code: '4548-4',
        canonical_name: 'Hemoglobin A1c/Hemoglobin.total in Blood',
      },
      codes: ['4548-4'],
      text: 'HbA1c',
    });
    expect(resolveFilter('glucose', null).codes.sort()).toEqual(['14749-6', '2345-7']);
    expect(resolveFilter('sleep quality', null)).toEqual({
      resolved: { indicator: 'sleep quality', loinc_code: null, canonical_name: null },
      codes: [],
      text: 'sleep quality',
    });
    expect(resolveFilter(null, '2089-1').resolved.canonical_name).toContain('LDL');
    expect(resolveFilter('2089-1', null)).toMatchObject({ resolved: { loinc_code: '2089-1' }, codes: ['2089-1'] });
    expect(resolveFilter('  ', null)).toMatchObject({ codes: [], text: null });
  });
});
