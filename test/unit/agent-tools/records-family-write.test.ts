import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setClock } from '../../../shared/clock';
import { builtinTool, MAX_TOOL_RESULT_CHARS, runBuiltinTool } from '../../../shared/services/agent/tools';
import type { ToolContext } from '../../../shared/services/agent/tools/types';
import { labTxt } from '../../support/document-fixtures';
import { client, type Harness, startHarness } from '../../support/harness';
import { inlineReading, toolContext } from '../../support/tool-context';

let h: Harness;
let api: ReturnType<typeof client>;
let key: string;
let accountId: string;

beforeAll(async () => {
  h = await startHarness();
  const account = await h.newAccount();
  accountId = account.accountId;
  key = account.key;
  api = client(h.url, key);
}, 120_000);
afterAll(() => h?.stop());

async function call(name: string, args: unknown, ctx: ToolContext) {
  const run = await runBuiltinTool(builtinTool(name)!, JSON.stringify(args), ctx);
  expect(run.result.length).toBeLessThanOrEqual(MAX_TOOL_RESULT_CHARS);
  return { ...run, body: JSON.parse(run.result) };
}

const ctxOf = (user: string, over: Partial<ToolContext> = {}) => toolContext(h, accountId, user, over);

async function upload(data: Buffer, filename: string, type: string, fields: Record<string, string>) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', new Blob([data], { type }), filename);
  const res = await fetch(`${h.url}/v1/files`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}` },
    body: form,
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { id: string };
}

describe('write_fhir_observation', () => {
  it('mints the Subject, writes through the standardization pipeline and reads back as GET /v1/data shows it', async () => {
    const ctx = await ctxOf('writer');
    expect(ctx.subjectId).toBeNull();
    const { body, error } = await call(
      'write_fhir_observation',
      {
        indicator: 'Glucose',
        value: '104',
        unit: 'mg/dl',
        time: '2026-05-01T08:00:00+02:00',
        reference_range: '70-99',
      },
      ctx,
    );
    expect(error).toBe(false);
    expect(ctx.subjectId).toMatch(/^sbj_/);
    expect(body.written).toHaveLength(1);
    expect(body.written[0]).toMatchObject({
      indicator: 'Glucose',
      loinc_code: '2345-7',
      value: '104',
      parsed_value: 104,
      unit: 'mg/dL',
      time: '2026-05-01T06:00:00.000Z',
      reference_low: 70,
      reference_high: 99,
      abnormal: true,
      source: 'consolidation',
    });
    const rows = (await api.get('/v1/data?user=writer')).body.data;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: body.written[0].id,
      loinc_code: '2345-7',
      parsed_unit: 'mg/dL',
      fhir_resource_id: body.fhir_resource_ids[0],
      source: 'consolidation',
      comment: 'write_fhir_observation',
      retention: 'permanent',
    });
    // A later tool of the same turn sees the row.
    const read = await call('query_health_data', { indicator: 'glucose' }, ctx);
    expect(read.body.records.map((r: any) => r.id)).toEqual([body.written[0].id]);
  });

  it('splits a blood pressure into its two rows, dated now when no time is given', async () => {
    const nowMs = Date.parse('2026-06-01T12:00:00Z');
    const ctx = await ctxOf('writer', { nowMs });
    const { body } = await call(
      'write_fhir_observation',
      { indicator: 'Blood pressure', value: '128/82', unit: 'mmHg' },
      ctx,
    );
    expect(body.written.map((r: any) => [r.loinc_code, r.parsed_value, r.time])).toEqual([
      ['8480-6', 128, '2026-06-01T12:00:00.000Z'],
      ['8462-4', 82, '2026-06-01T12:00:00.000Z'],
    ]);
    expect(body.fhir_resource_ids).toHaveLength(2);
    expect(new Set(body.fhir_resource_ids).size).toBe(2);
  });

  it('stores with the request’s retention: a time-bounded row expires, a session row goes with its session', async () => {
    const start = Date.parse('2030-01-01T00:00:00Z');
    const restore = setClock(() => start);
    try {
      await call(
        'write_fhir_observation',
        { indicator: 'Weight', value: 70, unit: 'kg' },
        await ctxOf('short', { writeRetention: '1h', nowMs: start }),
      );
    } finally {
      restore();
    }
    expect(
      (await call('query_health_data', {}, await ctxOf('short', { nowMs: start + 60_000 }))).body.records,
    ).toHaveLength(1);
    expect(
      (await call('query_health_data', {}, await ctxOf('short', { nowMs: start + 2 * 3_600_000 }))).body.records,
    ).toEqual([]);

    const session = await ctxOf('sessioned', { writeRetention: 'session', sessionId: 'tool-sess-1' });
    await call('write_fhir_observation', { indicator: 'Weight', value: 70, unit: 'kg' }, session);
    const rows = (await api.get('/v1/data?user=sessioned')).body.data;
    expect(rows[0]).toMatchObject({ retention: 'session', session_id: 'tool-sess-1' });
    expect((await api.delete('/v1/sessions/tool-sess-1?user=sessioned')).body.deleted).toBe(2);
    expect((await api.get('/v1/data?user=sessioned')).body.data).toEqual([]);

    const orphan = await call(
      'write_fhir_observation',
      { indicator: 'Weight', value: 70 },
      await ctxOf('sessioned', { writeRetention: 'session' }),
    );
    expect(orphan.error).toBe(true);
  });
});

describe('list_clinical_records', () => {
  it('lists the Subject’s live files with status, abstract, excerpt and reading count', async () => {
    const stored = await upload(labTxt(), 'labs.txt', 'text/plain', { user: 'records' });
    const start = Date.now();
    await upload(labTxt(), 'short.txt', 'text/plain', { user: 'records', retention: '1h' });
    await upload(labTxt(), 'not-mine.txt', 'text/plain', { user: 'someone-else' });
    await h.runtime.drainQueues();
    const { body } = await call('list_clinical_records', {}, await ctxOf('records'));
    expect(body.truncated).toBe(false);
    expect(body.files.map((f: any) => f.filename).sort()).toEqual(['labs.txt', 'short.txt']);
    const labs = body.files.find((f: any) => f.filename === 'labs.txt');
    expect(labs).toMatchObject({
      file_key: stored.id,
      file_type: 'text/plain',
      status: 'processed',
      created_at: expect.any(Number),
    });
    expect(labs.readings).toBeGreaterThan(0);
    expect(labs.abstract).not.toBe('');
    // The same parsed text GET /v1/files/{key} serves.
    const parsed = (await api.get(`/v1/files/${stored.id}?user=records`)).body.extracted_text;
    expect(parsed).toContain('Glucose');
    expect(labs.excerpt).toBe(parsed.slice(0, 1500));
    const later = await call('list_clinical_records', {}, await ctxOf('records', { nowMs: start + 2 * 3_600_000 }));
    expect(later.body.files.map((f: any) => f.filename)).toEqual(['labs.txt']);
    const one = await call('list_clinical_records', { limit: 1 }, await ctxOf('records'));
    expect(one.body).toMatchObject({ truncated: true, total_files: 2 });
    expect(one.body.files).toHaveLength(1);
    expect((await call('list_clinical_records', {}, await ctxOf('nobody'))).body).toEqual({
      files: [],
      truncated: false,
    });
  });

  it('cuts a long text to its first 1500 characters', async () => {
    const long = `${'Ünïcode line with glucose 99 mg/dL\n'.repeat(200)}`;
    await upload(Buffer.from(long, 'utf8'), 'long.txt', 'text/plain', { user: 'long-text' });
    await h.runtime.drainQueues();
    const { body } = await call('list_clinical_records', {}, await ctxOf('long-text'));
    expect(body.files[0].excerpt).toBe(long.slice(0, 1500));
    expect(body.files[0].text_chars).toBeGreaterThan(1500);
  });
});

describe('list_family_members', () => {
  it('lists the care circle recorded for the Subject, and only its own', async () => {
    const mother = await api.post('/v1/family-members', {
      user: 'kid',
      name: 'Maria',
      relationship: 'mother',
      member_user: 'Maria ',
      notes: 'Type 2 diabetes since 2015',
    });
    expect(mother.status).toBe(201);
    await api.post('/v1/family-members', { user: 'kid', name: 'Tom', relationship: 'brother' });
    await api.post('/v1/family-members', { user: 'other-kid', name: 'Eve', relationship: 'mother' });
    const { body } = await call(
      'list_family_members',
      {},
      await ctxOf('kid', {
        ephemeral: [inlineReading(-1, { indicator: 'Weight', value: 1 }, '2026-01-01T00:00:00.000Z')],
      }),
    );
    expect(body).toEqual({
      members: [
        {
          id: mother.body.id,
          name: 'Maria',
          relationship: 'mother',
          user: 'maria',
          // Maria's own Subject holds nothing (none exists): her records are not claimed.
          has_records: false,
          notes: 'Type 2 diabetes since 2015',
        },
        {
          id: expect.stringMatching(/^fm_[0-9a-f]{24}$/),
          name: 'Tom',
          relationship: 'brother',
          user: null,
          has_records: false,
          notes: '',
        },
      ],
    });
    expect((await call('list_family_members', {}, await ctxOf('nobody'))).body).toEqual({ members: [] });
  });
});
