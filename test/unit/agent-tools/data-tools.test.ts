import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setClock } from '../../../shared/clock';
import { builtinTool, MAX_TOOL_RESULT_CHARS, runBuiltinTool } from '../../../shared/services/agent/tools';
import type { ToolContext } from '../../../shared/services/agent/tools/types';
import { client, type Harness, startHarness } from '../../support/harness';
import { inlineReading, toolContext } from '../../support/tool-context';

let h: Harness;
let api: ReturnType<typeof client>;
let accountId: string;

beforeAll(async () => {
  h = await startHarness();
  const account = await h.newAccount();
  accountId = account.accountId;
  api = client(h.url, account.key);
  await write('ana', [
    { indicator: 'LDL', value: 130, unit: 'mg/dL', reference_range: '< 100', time: '2026-01-10T08:00:00Z' },
    { indicator: 'LDL Cholesterol', value: '3.1', unit: 'mmol/L', time: '2026-02-10T08:00:00Z' },
    { indicator: 'LDL', value: 110, unit: 'mg/dL', reference_range: '< 100', time: '2026-03-10T08:00:00Z' },
    { indicator: 'LDL', value: 95, unit: 'mg/dL', reference_range: '< 100', time: '2026-04-10T08:00:00Z' },
    { indicator: 'Glucose', value: 90, unit: 'mg/dL', reference_range: '70-99', time: '2026-01-15T08:00:00Z' },
    { indicator: 'Glucose', value: 105, unit: 'mg/dL', reference_range: '70-99', time: '2026-03-15T08:00:00Z' },
    { indicator: 'Blood sugar', value: 5.2, unit: 'mmol/L', time: '2026-04-01T08:00:00Z' },
    { indicator: 'Mood score', value: 7, time: '2026-03-01T20:00:00Z' },
    { indicator: 'Evening mood score', value: 5, time: '2026-03-02T20:00:00Z' },
    { indicator: 'Weight', value: 70, unit: 'kg', time: '2026-01-01T07:00:00Z' },
    { indicator: 'Weight', value: 71, unit: 'kg', time: '2026-03-31T23:30:00Z' },
    { indicator: 'Weight', value: 72, unit: 'kg', time: '2026-04-01T00:30:00Z' },
  ]);
  await write('bob', [
    { indicator: 'LDL', value: 222, unit: 'mg/dL', time: '2026-03-01T08:00:00Z' },
    { indicator: 'Weight', value: 99, unit: 'kg', time: '2026-03-01T08:00:00Z' },
  ]);
}, 120_000);
afterAll(() => h?.stop());

async function write(user: string, records: Record<string, unknown>[], retention = 'permanent') {
  const res = await api.post('/v1/data', { user, retention, records });
  expect(res.status).toBe(200);
}

async function call(name: string, args: unknown, ctx: ToolContext) {
  const run = await runBuiltinTool(builtinTool(name)!, typeof args === 'string' ? args : JSON.stringify(args), ctx);
  expect(run.result.length).toBeLessThanOrEqual(MAX_TOOL_RESULT_CHARS);
  return { ...run, body: JSON.parse(run.result) };
}

const ctxOf = (user: string, over: Partial<ToolContext> = {}) => toolContext(h, accountId, user, over);
const values = (records: { value: string }[]) => records.map((r) => r.value);

describe('query_health_data', () => {
  it('resolves an indicator to its LOINC code and the unit siblings, newest first', async () => {
    const { body, error } = await call('query_health_data', { indicator: 'LDL' }, await ctxOf('ana'));
    expect(error).toBe(false);
    expect(body.resolved).toEqual({
      indicator: 'LDL',
      loinc_code: '2089-1',
      canonical_name: 'Cholesterol in LDL [Mass/volume] in Serum or Plasma',
    });
    expect(values(body.records)).toEqual(['95', '110', '3.1', '130']);
    expect(body.records[2]).toMatchObject({ loinc_code: '22748-8', unit: 'mmol/L', parsed_value: 3.1 });
    expect(body.records[0]).toMatchObject({
      indicator: 'LDL',
      loinc_code: '2089-1',
      parsed_value: 95,
      unit: 'mg/dL',
      time: '2026-04-10T08:00:00.000Z',
      end_time: null,
      reference_high: 100,
      source: 'api',
    });
    expect(body).toMatchObject({ total_matched: 4, truncated: false });
  });

  it('finds every spelling of a test ("blood sugar" is glucose in mg/dL and mmol/L)', async () => {
    const { body } = await call('query_health_data', { indicator: 'blood sugar' }, await ctxOf('ana'));
    expect(body.resolved.loinc_code).toBe('2345-7');
    expect(values(body.records)).toEqual(['5.2', '105', '90']);
  });

  it('matches unresolved words as text in indicator names, so uncoded rows are found', async () => {
    const { body } = await call('query_health_data', { indicator: 'mood' }, await ctxOf('ana'));
    expect(body.resolved.loinc_code).toBeNull();
    expect(body.records.map((r: any) => r.indicator)).toEqual(['Evening mood score', 'Mood score']);
    const slang = await call('query_health_data', { indicator: 'bad cholesterol' }, await ctxOf('ana'));
    // The resolver does not know this phrase; nothing is guessed.
    expect(slang.body.resolved).toMatchObject({ loinc_code: null, canonical_name: null });
    expect(slang.body.records).toEqual([]);
  });

  it('filters by exact LOINC code', async () => {
    const { body } = await call('query_health_data', { loinc_code: '2345-7' }, await ctxOf('ana'));
    expect(body.resolved).toMatchObject({ loinc_code: '2345-7', canonical_name: expect.stringContaining('Glucose') });
    expect(values(body.records)).toEqual(['105', '90']);
    const bad = await call('query_health_data', { loinc_code: 'glucose' }, await ctxOf('ana'));
    expect(bad.error).toBe(true);
    expect(bad.body.error).toContain('loinc_code');
  });

  it('bounds a time window; a bare date `to` covers its whole day', async () => {
    const ctx = await ctxOf('ana');
    const day = await call('query_health_data', { indicator: 'weight', from: '2026-03-31', to: '2026-03-31' }, ctx);
    expect(values(day.body.records)).toEqual(['71']);
    const since = await call('query_health_data', { indicator: 'weight', from: '2026-03-31T23:30:00Z' }, ctx);
    expect(values(since.body.records)).toEqual(['72', '71']);
    const offset = await call('query_health_data', { indicator: 'weight', to: '2026-04-01T02:00:00+02:00' }, ctx);
    expect(values(offset.body.records)).toEqual(['71', '70']);
    for (const args of [{ from: 'last week' }, { to: '2026-02-30' }, { from: '2026-04-01', to: '2026-03-01' }]) {
      const bad = await call('query_health_data', args, ctx);
      expect(bad.error, JSON.stringify(args)).toBe(true);
      expect(bad.body.error).toMatch(/from|to/);
    }
  });

  it('keeps only abnormal readings: flagged, or outside their reference range', async () => {
    const { body } = await call('query_health_data', { abnormal_only: true }, await ctxOf('ana'));
    expect(body.records.map((r: any) => `${r.indicator} ${r.value}`)).toEqual(['Glucose 105', 'LDL 110', 'LDL 130']);
    expect(body.total_matched).toBe(3);
  });

  it('honours limit and counts every match', async () => {
    const ctx = await ctxOf('ana');
    const { body } = await call('query_health_data', { indicator: 'weight', limit: 1 }, ctx);
    expect(values(body.records)).toEqual(['72']);
    expect(body).toMatchObject({ total_matched: 3, truncated: true });
    const all = await call('query_health_data', {}, ctx);
    expect(all.body.total_matched).toBe(12);
    for (const limit of [0, 201, 2.5, '10']) {
      const bad = await call('query_health_data', { limit }, ctx);
      expect(bad.error, String(limit)).toBe(true);
      expect(bad.body.error).toContain('limit');
    }
  });

  it('never shows another Subject’s or another account’s readings', async () => {
    const ana = await call('query_health_data', { limit: 200 }, await ctxOf('ana'));
    expect(values(ana.body.records)).not.toContain('222');
    expect(values(ana.body.records)).not.toContain('99');
    const bob = await call('query_health_data', {}, await ctxOf('bob'));
    expect(values(bob.body.records).sort()).toEqual(['222', '99']);
    const stranger = await h.newAccount('stranger');
    const elsewhere = await toolContext(h, stranger.accountId, 'ana');
    expect(elsewhere.subjectId).toBeNull();
    expect((await call('query_health_data', {}, elsewhere)).body).toMatchObject({ records: [], total_matched: 0 });
  });

  it('merges inline readings with stored ones, and shows only them when the Subject does not exist yet', async () => {
    const inline = inlineReading(-1, { indicator: 'Weight', value: 73, unit: 'kg' }, '2026-04-02T07:00:00.000Z');
    const older = inlineReading(-2, { indicator: 'Weight', value: 69, unit: 'kg' }, '2025-12-01T07:00:00.000Z');
    const ctx = await ctxOf('ana', { ephemeral: [inline, older] });
    const { body } = await call('query_health_data', { indicator: 'weight' }, ctx);
    expect(values(body.records)).toEqual(['73', '72', '71', '70', '69']);
    expect(body.total_matched).toBe(5);
    const windowed = await call('query_health_data', { indicator: 'weight', from: '2026-04-02' }, ctx);
    expect(values(windowed.body.records)).toEqual(['73']);
    const nobody = await ctxOf('nobody-yet', { ephemeral: [inline] });
    expect(nobody.subjectId).toBeNull();
    const only = await call('query_health_data', { indicator: 'weight' }, nobody);
    expect(values(only.body.records)).toEqual(['73']);
    expect((await call('query_health_data', { indicator: 'LDL' }, nobody)).body.records).toEqual([]);
  });
});

describe('expiry', () => {
  it('hides readings expired at the context’s time from every tool', async () => {
    const start = Date.parse('2030-01-01T00:00:00Z');
    const restore = setClock(() => start);
    try {
      await write('ttl', [{ indicator: 'Weight', value: 80, unit: 'kg', time: '2029-12-31T08:00:00Z' }], '1h');
      await write('ttl', [{ indicator: 'Weight', value: 81, unit: 'kg', time: '2029-12-31T09:00:00Z' }]);
    } finally {
      restore();
    }
    const fresh = await ctxOf('ttl', { nowMs: start + 60_000 });
    expect(values((await call('query_health_data', {}, fresh)).body.records)).toEqual(['81', '80']);
    const later = await ctxOf('ttl', { nowMs: start + 2 * 3_600_000 });
    const query = await call('query_health_data', {}, later);
    expect(values(query.body.records)).toEqual(['81']);
    expect(query.body.total_matched).toBe(1);
    const summary = await call('summarize_health_data', { indicator: 'weight' }, later);
    expect(summary.body.series[0]).toMatchObject({ count: 1, latest: { value: '81' } });
  });
});

describe('summarize_health_data', () => {
  beforeAll(async () => {
    await write('sum', [
      { indicator: 'Weight', value: 80, unit: 'kg', time: '2026-01-01T07:00:00Z' },
      { indicator: 'Weight', value: 84, unit: 'kg', time: '2026-01-15T07:00:00Z' },
      { indicator: 'Body weight', value: 82, unit: 'kg', time: '2026-02-01T07:00:00Z' },
      { indicator: 'Weight', value: 180, unit: 'lb', time: '2026-02-10T07:00:00Z' },
      { indicator: 'Weight', value: 86, unit: 'kg', time: '2026-03-01T07:00:00Z' },
      { indicator: 'Heart rate', value: 60, unit: 'bpm', time: '2026-01-01T07:00:00Z' },
      { indicator: 'Heart rate', value: 62, unit: 'bpm', time: '2026-03-02T07:00:00Z' },
      { indicator: 'Glucose', value: 105, unit: 'mg/dL', reference_range: '70-99', time: '2026-02-20T07:00:00Z' },
      { indicator: 'Mood score', value: 7, time: '2026-01-05T20:00:00Z' },
      { indicator: 'mood score', value: 4, time: '2026-01-06T20:00:00Z' },
    ]);
  });

  it('gives statistics and trend on known numbers, in the most common unit, converting the others', async () => {
    const { body } = await call('summarize_health_data', { indicator: 'weight' }, await ctxOf('sum'));
    expect(body.window).toEqual({ from: null, to: null });
    expect(body.truncated).toBe(false);
    expect(body.series).toHaveLength(1);
    expect(body.series[0]).toEqual({
      name: 'Body weight',
      common_name: 'Body weight',
      loinc_code: '29463-7',
      unit: 'kg',
      count: 5,
      numeric_count: 5,
      converted_count: 1,
      left_out: [],
      latest: { value: '86', parsed_value: 86, time: '2026-03-01T07:00:00.000Z', abnormal: null },
      earliest: { value: '80', parsed_value: 80, time: '2026-01-01T07:00:00.000Z' },
      min: { time: '2026-01-01T07:00:00.000Z', value: 80 },
      max: { time: '2026-03-01T07:00:00.000Z', value: 86 },
      // 180 lb is 81.65 kg: (80 + 84 + 82 + 81.65 + 86) / 5.
      mean: 82.73,
      trend: { direction: 'rising', change: 6, change_percent: 7.5 },
      abnormal_count: 0,
      reference: { low: null, high: null, text: null },
      points: [
        { time: '2026-01-01T07:00:00.000Z', value: 80 },
        { time: '2026-01-15T07:00:00.000Z', value: 84 },
        { time: '2026-02-01T07:00:00.000Z', value: 82 },
        { time: '2026-02-10T07:00:00.000Z', value: 81.65 },
        { time: '2026-03-01T07:00:00.000Z', value: 86 },
      ],
    });
  });

  it('summarizes every series, most recent first, uncoded ones grouped by name', async () => {
    const { body } = await call('summarize_health_data', {}, await ctxOf('sum'));
    expect(body.series.map((s: any) => s.name)).toEqual([
      'Heart rate',
      'Body weight',
      'Glucose [Mass/volume] in Serum or Plasma',
      'mood score',
    ]);
    const [hr, , glucose, mood] = body.series;
    expect(hr.trend).toEqual({ direction: 'stable', change: 2, change_percent: 3.3 });
    expect(glucose).toMatchObject({
      count: 1,
      abnormal_count: 1,
      trend: { direction: 'insufficient_data', change: null, change_percent: null },
      reference: { low: 70, high: 99 },
    });
    expect(mood).toMatchObject({ loinc_code: null, count: 2, mean: 5.5, trend: { direction: 'falling' } });
  });

  it('limits the summary to a window and echoes it', async () => {
    const { body } = await call(
      'summarize_health_data',
      { indicator: 'weight', from: '2026-01-10', to: '2026-02-01' },
      await ctxOf('sum'),
    );
    expect(body.window).toEqual({ from: '2026-01-10T00:00:00.000Z', to: '2026-02-01T23:59:59.999Z' });
    expect(body.series[0]).toMatchObject({ count: 2, min: { value: 82 }, max: { value: 84 }, mean: 83 });
  });

  it('thins points evenly to 60, keeping the first and the last', async () => {
    const start = Date.parse('2025-01-01T00:00:00Z');
    await write(
      'dense',
      Array.from({ length: 150 }, (_, i) => ({
        indicator: 'Heart rate',
        value: 50 + i,
        unit: 'bpm',
        time: new Date(start + i * 3_600_000).toISOString(),
      })),
    );
    const { body } = await call('summarize_health_data', { indicator: 'heart rate' }, await ctxOf('dense'));
    const [series] = body.series;
    expect(series).toMatchObject({ count: 150, numeric_count: 150, min: { value: 50 }, max: { value: 199 } });
    expect(series.points).toHaveLength(60);
    expect(series.points[0].value).toBe(50);
    expect(series.points[59].value).toBe(199);
    const gaps = series.points.slice(1).map((p: any, i: number) => p.value - series.points[i].value);
    expect(Math.max(...gaps) - Math.min(...gaps)).toBeLessThanOrEqual(1);
  });
});

describe('bounded results', () => {
  beforeAll(async () => {
    const start = Date.parse('2025-06-01T00:00:00Z');
    await write(
      'many',
      Array.from({ length: 450 }, (_, i) => ({
        indicator: `Custom metric ${i % 45}`,
        value: `${(i * 1.37).toFixed(2)}`,
        unit: 'mg/dL',
        reference_range: '0-500',
        source: 'a-device-with-a-long-vendor-name',
        time: new Date(start + i * 60_000).toISOString(),
      })),
    );
  });

  it('drops the oldest readings to stay within the limit, as valid JSON flagged truncated', async () => {
    const { body, result, error } = await call('query_health_data', { limit: 200 }, await ctxOf('many'));
    expect(error).toBe(false);
    expect(result.length).toBeLessThanOrEqual(MAX_TOOL_RESULT_CHARS);
    expect(body.truncated).toBe(true);
    expect(body.total_matched).toBe(450);
    expect(body.records.length).toBeGreaterThan(10);
    expect(body.records.length).toBeLessThan(200);
    expect(body.records[0].time).toBe(new Date(Date.parse('2025-06-01T00:00:00Z') + 449 * 60_000).toISOString());
  });

  it('caps a summary at 40 series and bounds its text', async () => {
    const { body, result } = await call('summarize_health_data', {}, await ctxOf('many'));
    expect(result.length).toBeLessThanOrEqual(MAX_TOOL_RESULT_CHARS);
    expect(body.truncated).toBe(true);
    expect(body.series.length).toBeGreaterThan(0);
    expect(body.series.length).toBeLessThanOrEqual(40);
    for (const s of body.series) expect(s.count).toBe(10);
  });
});
