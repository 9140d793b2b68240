import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateExport } from '../support/apple-health-export';
import { type ApiResponse, client, type Harness, startHarness } from '../support/harness';
import { eventually } from '../support/polling';
import { latestCode } from '../support/sign-in';
import { openUploadSocket } from '../support/sockets';
import { writeStreamedZip, zipOf } from '../support/zip-writer';

/**
 * Apple Health exports through the file surfaces over real HTTP (`docs/design/wearables.md` §9, §15): export.zip and
 * export.xml on `POST /v1/files` and the engine's `upload-with-processing`, the presigned and WebSocket uploads, a
 * newer export adding only what is new, refusals with their reasons, and a generated 50 MB export checked against a
 * reference computed while it was generated.
 */
const FIXTURES = new URL('../fixtures/apple-health/', import.meta.url);
const fixture = (name: string) => readFileSync(new URL(name, FIXTURES));
const W = 'apple-health/Anna’s Apple Watch';
const P = 'apple-health/Anna’s iPhone';

let h: Harness;
let key: string;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  h = await startHarness({ env: { HDS_RATE_LIMITS: 'login-code=1000,verify-code=1000' } });
  key = (await h.newAccount('apple')).key;
  api = client(h.url, key);
}, 60_000);
afterAll(() => h?.stop());

async function upload(data: Buffer, filename: string, user: string, type = 'application/zip'): Promise<ApiResponse> {
  const form = new FormData();
  form.append('user', user);
  form.append('file', new Blob([new Uint8Array(data)], { type }), filename);
  const res = await fetch(`${h.url}/v1/files`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}` },
    body: form,
  });
  return { status: res.status, headers: res.headers, body: await res.json() };
}

async function settled(id: string, user: string) {
  await h.runtime.drainQueues();
  return eventually(
    async () => {
      const file = (await api.get(`/v1/files/${id}?user=${encodeURIComponent(user)}`)).body;
      return file.status !== 'processing' && file;
    },
    { timeoutMs: 60_000, intervalMs: 100, what: 'the export processed' },
  );
}

async function rowsOf(user: string): Promise<any[]> {
  const rows: any[] = [];
  for (let offset = 0; ; offset += 1000) {
    const page = await api.get(`/v1/data?user=${encodeURIComponent(user)}&limit=1000&offset=${offset}`);
    expect(page.status).toBe(200);
    rows.push(...page.body.data);
    if (!page.body.has_more) return rows;
  }
}

const shape = (r: any) => [r.indicator, r.value, r.parsed_unit, r.loinc_code, r.time, r.end_time, r.comment];

/** What the hand-written export must become (its SOURCE.md says why each value is what it is). */
const EXPECTED = [
  ['Daily steps', '4000', '{steps}', '41950-7', '2026-11-17T23:00:00.000Z', '2026-11-18T23:00:00.000Z', W],
  ['Daily steps', '5000', '{steps}', '41950-7', '2026-11-18T23:00:00.000Z', '2026-11-19T23:00:00.000Z', P],
  ['Active energy burned', '150', 'kcal', '41981-2', '2026-11-17T23:00:00.000Z', '2026-11-18T23:00:00.000Z', W],
  ['Heart rate', '75', '/min', '8867-4', '2026-11-17T23:00:00.000Z', '2026-11-18T23:00:00.000Z', 'apple-health'],
  ['Heart rate', '65', '/min', '8867-4', '2026-11-18T23:00:00.000Z', '2026-11-19T23:00:00.000Z', 'apple-health'],
  ['Oxygen saturation', '96', '%', '59408-5', '2026-11-17T23:00:00.000Z', '2026-11-18T23:00:00.000Z', 'apple-health'],
  [
    'Resting heart rate',
    '58',
    '/min',
    '40443-4',
    '2026-11-17T23:00:00.000Z',
    '2026-11-18T23:00:00.000Z',
    'apple-health',
  ],
  [
    'Heart rate variability SDNN',
    '42.5',
    'ms',
    '80404-7',
    '2026-11-17T23:00:00.000Z',
    '2026-11-18T23:00:00.000Z',
    'apple-health',
  ],
  [
    'HKQuantityTypeIdentifierBodyMass',
    '74.8427',
    'kg',
    '29463-7',
    '2026-11-18T06:00:00.000Z',
    null,
    'apple-health/Withings',
  ],
  [
    'HKQuantityTypeIdentifierBodyMass',
    '74.5',
    'kg',
    '29463-7',
    '2026-11-19T06:05:00.000Z',
    null,
    'apple-health/Withings',
  ],
  ['HKQuantityTypeIdentifierBodyTemperature', '37', 'Cel', '8310-5', '2026-11-18T06:10:00.000Z', null, P],
  [
    'HKQuantityTypeIdentifierBloodPressureSystolic',
    '120',
    'mm[Hg]',
    '8480-6',
    '2026-11-18T06:20:00.000Z',
    null,
    'apple-health/Omron',
  ],
  [
    'HKQuantityTypeIdentifierBloodPressureDiastolic',
    '80',
    'mm[Hg]',
    '8462-4',
    '2026-11-18T06:20:00.000Z',
    null,
    'apple-health/Omron',
  ],
  ['Sleep duration', '7', 'h', '93832-4', '2026-11-18T22:10:00.000Z', '2026-11-19T05:40:00.000Z', W],
  ['Exercise activity', 'Running', null, '73985-4', '2026-11-19T17:00:00.000Z', '2026-11-19T17:30:00.000Z', W],
  ['Active energy burned', '310', 'kcal', '41981-2', '2026-11-19T17:00:00.000Z', '2026-11-19T17:30:00.000Z', W],
  ['Workout distance', '5200', 'm', null, '2026-11-19T17:00:00.000Z', '2026-11-19T17:30:00.000Z', W],
  [
    'Exercise activity',
    'Traditional strength training',
    null,
    '73985-4',
    '2026-11-18T18:00:00.000Z',
    '2026-11-18T18:45:00.000Z',
    W,
  ],
  ['Active energy burned', '150', 'kcal', '41981-2', '2026-11-18T18:00:00.000Z', '2026-11-18T18:45:00.000Z', W],
];

describe('an Apple Health export.zip on POST /v1/files', () => {
  const user = 'anna';
  let first: any;

  it('is imported as daily and point series: the larger source’s steps, daily means, one blood pressure, sleep, workouts', async () => {
    const res = await upload(fixture('export.zip'), 'export.zip', user);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ object: 'file', status: 'processing' });
    first = await settled(res.body.id, user);
    expect(first).toMatchObject({
      status: 'processed',
      records: 19,
      abstract: 'Apple Health export, 2026-11-18 to 2026-11-19: 19 readings in 13 series',
    });
    expect(first.extracted_text).toContain('Record inside a Correlation (listed again at top level): 2');
    const rows = await rowsOf(user);
    expect(rows.map(shape)).toEqual(expect.arrayContaining(EXPECTED));
    expect(rows).toHaveLength(EXPECTED.length);
    expect(rows.every((r) => r.source === 'upload')).toBe(true);
  });

  it('a newer export adds the new days, corrects the partial day and the edited sample in place, and nothing else', async () => {
    const before = new Map((await rowsOf(user)).map((r) => [`${r.indicator}|${r.time}|${r.end_time}`, r]));
    const res = await upload(fixture('export-newer.zip'), 'export.zip', user);
    expect(res.status).toBe(200);
    expect(res.body.duplicate).toBeUndefined();
    expect(await settled(res.body.id, user)).toMatchObject({ status: 'processed', records: 21 });
    const after = await rowsOf(user);
    expect(after).toHaveLength(EXPECTED.length + 2);
    const at = (r: any) => before.get(`${r.indicator}|${r.time}|${r.end_time}`);
    const added = after.filter((r) => !at(r));
    expect(added.map((r) => [r.indicator, r.value, r.time])).toEqual(
      expect.arrayContaining([
        ['Daily steps', '6000', '2026-11-19T23:00:00.000Z'],
        ['Daily steps', '7000', '2026-11-20T23:00:00.000Z'],
      ]),
    );
    const changed = after.filter((r) => at(r) && at(r).value !== r.value);
    expect(changed.map((r) => [r.indicator, r.value, r.id === at(r).id])).toEqual(
      expect.arrayContaining([
        ['Daily steps', '6200', true],
        ['HKQuantityTypeIdentifierBodyMass', '74.2', true],
      ]),
    );
    expect(changed).toHaveLength(2);
    // Every old row is still there under its id.
    for (const r of after.filter(at)) expect(r.id).toBe(at(r).id);
  });

  it('the same bytes again are the stored file; deleting the export keeps the readings', async () => {
    const again = await upload(fixture('export.zip'), 'export (1).zip', user);
    expect(again.body).toMatchObject({ id: first.id, duplicate: true, status: 'processed' });
    const rows = (await rowsOf(user)).length;
    expect((await api.delete(`/v1/files/${first.id}?user=${user}`)).status).toBe(200);
    await h.runtime.drainQueues();
    expect(await rowsOf(user)).toHaveLength(rows);
  });
});

describe('the other doors and refusals', () => {
  it('a bare export.xml (broken iOS 16 DTD, a \\x0b in an attribute) imports the same series', async () => {
    const res = await upload(fixture('export.xml'), 'export.xml', 'xml', 'text/xml');
    expect(res.status).toBe(200);
    expect(await settled(res.body.id, 'xml')).toMatchObject({
      status: 'processed',
      records: 19,
      file_type: 'application/xml',
    });
    expect((await rowsOf('xml')).map(shape)).toEqual(expect.arrayContaining(EXPECTED));
  });

  it('a zip without export.xml fails with the reason; so does one declaring more than the cap, before inflating', async () => {
    const none = zipOf([{ name: 'apple_health_export/export_cda.xml', data: Buffer.from('<ClinicalDocument/>') }]);
    const res = await upload(none, 'export.zip', 'refused');
    expect(await settled(res.body.id, 'refused')).toMatchObject({
      status: 'failed',
      failure_reason: 'The zip holds no apple_health_export/export.xml: upload the export.zip Health made',
    });
    // A ZIP64 directory claiming a 9 GiB export.xml: refused from the directory, nothing inflated.
    const bomb = zipOf([{ name: 'apple_health_export/export.xml', data: Buffer.from('<HealthData/>') }], {
      zip64: true,
    });
    const extra = bomb.indexOf(Buffer.from([0x01, 0x00, 0x18, 0x00]), bomb.lastIndexOf(Buffer.from('PK\x01\x02')));
    bomb.writeBigUInt64LE(9n * 1024n ** 3n, extra + 4);
    const big = await upload(bomb, 'export.zip', 'refused');
    expect(await settled(big.body.id, 'refused')).toMatchObject({
      status: 'failed',
      failure_reason: 'export.xml is larger than 8589934592 bytes uncompressed',
    });
    expect(await rowsOf('refused')).toEqual([]);
  });

  it('a bare export.xml over the file limit is refused with the way out: zip it', async () => {
    const ticket = await api.post('/v1/files/uploads', {
      user: 'presigned',
      filename: 'export.xml',
      content_type: 'application/xml',
      bytes: 200 * 1024 * 1024,
    });
    expect(ticket.status).toBe(413);
    expect(ticket.body.error).toMatchObject({ param: 'bytes' });
    expect(ticket.body.error.message).toMatch(/upload export\.zip$/);
  });

  it('the presigned upload takes an export.zip', async () => {
    const data = fixture('export.zip');
    const ticket = await api.post('/v1/files/uploads', {
      user: 'presigned',
      filename: 'export.zip',
      content_type: 'application/zip',
      bytes: data.length,
    });
    expect(ticket.status).toBe(200);
    const form = new FormData();
    for (const [k, v] of Object.entries(ticket.body.fields as Record<string, string>)) form.append(k, v);
    form.append('file', new Blob([new Uint8Array(data)]), 'export.zip');
    const posted = await fetch(ticket.body.url, { method: 'POST', body: form });
    await posted.arrayBuffer();
    expect(posted.status).toBeLessThan(300);
    await h.runtime.drainQueues();
    const file = await eventually(
      async () => {
        const listed = (await api.get('/v1/files?user=presigned')).body.data?.[0];
        return listed && listed.status !== 'processing' && listed;
      },
      { timeoutMs: 30_000, intervalMs: 100, what: 'the presigned export processed' },
    );
    expect(file).toMatchObject({ status: 'processed', records: 19 });
    expect((await rowsOf('presigned')).map(shape)).toEqual(expect.arrayContaining(EXPECTED));
  });

  it('the WebSocket upload takes an export.zip', async () => {
    const data = fixture('export.zip');
    const { ws, next } = await openUploadSocket(h.url, `key=${key}&user=socket`);
    await next();
    ws.send(
      JSON.stringify({
        type: 'upload_start',
        messageId: 'm1',
        files: [{ filename: 'export.zip', contentType: 'application/zip', size: data.length }],
      }),
    );
    const size = 1000;
    const totalChunks = Math.ceil(data.length / size);
    for (let chunkIndex = 0; chunkIndex < totalChunks; chunkIndex++) {
      ws.send(
        JSON.stringify({
          type: 'upload_chunk',
          messageId: 'm1',
          filename: 'export.zip',
          chunk: data.subarray(chunkIndex * size, (chunkIndex + 1) * size).toString('base64'),
          chunkIndex,
          totalChunks,
        }),
      );
    }
    ws.send(JSON.stringify({ type: 'upload_end', messageId: 'm1' }));
    const done = await next();
    expect(done).toMatchObject({ type: 'upload_end_response', messageId: 'm1' });
    ws.close();
    await h.runtime.drainQueues();
    const file = await eventually(
      async () => {
        const listed = (await api.get('/v1/files?user=socket')).body.data?.[0];
        return listed && listed.status !== 'processing' && listed;
      },
      { timeoutMs: 30_000, intervalMs: 100, what: 'the socket export processed' },
    );
    expect(file).toMatchObject({ status: 'processed', records: 19 });
  });

  it('POST /api/v1/data/upload-with-processing takes export.xml for the engine user', async () => {
    const address = `apple-${Date.now()}@example.org`;
    const anon = client(h.url);
    expect((await anon.post('/api/v1/user/email/login', { email: address })).status).toBe(200);
    const code = await latestCode(h.runtime.services.config.auth.mail.outboxDir!, address);
    const jwt = (await anon.post('/api/v1/user/email/verify', { email: address, code })).body.data.access_token;
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(fixture('export.xml'))], { type: 'text/xml' }), 'export.xml');
    const res = await fetch(`${h.url}/api/v1/data/upload-with-processing`, {
      method: 'POST',
      headers: { authorization: `Bearer ${jwt}` },
      body: form,
    });
    const uploaded = (await res.json()) as any;
    expect(uploaded).toMatchObject({ success: true, data: { status: 'processing', file_type: 'application/xml' } });
    await h.runtime.drainQueues();
    const engine = client(h.url, jwt);
    const listed = await eventually(
      async () => {
        const files = (await engine.get('/api/v1/data/uploaded-files')).body.data.files;
        const mine = files.find((f: any) => f.file_key === uploaded.data.file_key);
        return mine?.status !== 'processing' && mine;
      },
      { timeoutMs: 30_000, intervalMs: 100, what: 'the engine export processed' },
    );
    expect(listed).toMatchObject({ status: 'processed', records: 19 });
    const { records } = (await engine.get('/api/v1/data/health/data?limit=1000')).body.data;
    expect(records.map(shape)).toEqual(expect.arrayContaining(EXPECTED));
  });
});

describe('a generated 50 MB export', () => {
  it('stores exactly the series computed from it in memory', async () => {
    const generated = generateExport(50 * 1024 * 1024);
    const parts: Buffer[] = [];
    await writeStreamedZip(async (b) => void parts.push(b), 'apple_health_export/export.xml', generated.chunks);
    const zip = Buffer.concat(parts);
    const res = await upload(zip, 'export.zip', 'generated');
    expect(res.status).toBe(200);
    const file = await settled(res.body.id, 'generated');
    expect(file).toMatchObject({ status: 'processed', records: generated.reference.length });
    const rows = await rowsOf('generated');
    const key = (r: {
      indicator: string;
      value: string;
      time: string;
      end_time?: string | null;
      endTime?: string | null;
    }) => `${r.indicator}|${r.value}|${r.time}|${r.end_time ?? r.endTime ?? null}`;
    expect(rows.map(key).sort()).toEqual(generated.reference.map(key).sort());
  }, 120_000);
});
