import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { labCsv, textPdf, wideLayoutXlsx } from '../support/document-fixtures';
import { client, type Harness, startHarness } from '../support/harness';

let h: Harness;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  h = await startHarness();
  api = client(h.url, (await h.newAccount()).key);
});
afterAll(() => h?.stop());

const REPORT = `Acme Clinical Laboratory            Page 1 of 1
Patient: Jane Doe    DOB: 1980-04-02
Collected: 2026-03-12

Test                 Result   Unit     Reference
Glucose              104      mg/dL    70-99      H
Creatinine           0.9      mg/dL    0.6-1.2
Potassium            4.1      mmol/L   3.5-5.1
`;

function multipart(fields: Record<string, string>, file?: { name: string; type: string; data: Buffer | string }) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (file) form.append('file', new Blob([file.data], { type: file.type }), file.name);
  return form;
}

describe('POST /v1/standardize', () => {
  it('reads a lab report dry-run by default, standardizing every row and storing nothing', async () => {
    const res = await api.post('/v1/standardize', { user: 'std', text: REPORT });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ object: 'extraction', stored: false, stored_count: 0, subject: 'std' });
    expect(res.body.note).toBeUndefined();
    const glucose = res.body.data.find((r: any) => r.indicator_raw === 'Glucose');
    expect(glucose).toMatchObject({
      value_raw: '104',
      unit_raw: 'mg/dL',
      loinc_code: '2345-7',
      parsed_value: '104',
      unit_ucum: 'mg/dL',
      measured_at: '2026-03-12T00:00:00.000Z',
      reference_low: 70,
      reference_high: 99,
      abnormal: true,
    });
    expect(glucose.confidence).toBeGreaterThan(0.5);
    expect(res.body.data.map((r: any) => r.indicator_raw)).toEqual(['Glucose', 'Creatinine', 'Potassium']);
    expect((await api.get('/v1/data?user=std')).body.data).toEqual([]);
  });

  it('stores through the /v1/data pipeline with store: true and source extract', async () => {
    const res = await api.post('/v1/standardize', { user: 'std-store', text: REPORT, store: true, retention: '1d' });
    expect(res.body).toMatchObject({ stored: true, stored_count: 3 });
    const rows = (await api.get('/v1/data?user=std-store')).body.data;
    expect(rows).toHaveLength(3);
    expect(rows.every((r: any) => r.source === 'extract' && r.retention === '1d')).toBe(true);
    expect(rows.find((r: any) => r.indicator === 'Potassium')).toMatchObject({
      loinc_code: '2823-3',
      time: '2026-03-12T00:00:00.000Z',
    });
  });

  it('answers purely narrative text with 200, no rows and a note', async () => {
    const res = await api.post('/v1/standardize', {
      text: 'Felt tired today and slept badly; a long walk helped.',
      store: true,
      retention: 'permanent',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ data: [], stored_count: 0 });
    expect(res.body.note).toContain('POST /v1/responses');
  });

  it('reads a multipart text file the same way', async () => {
    const res = await fetch(`${h.url}/v1/standardize`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key()}` },
      body: multipart(
        { user: 'std-file', store: 'true', retention: 'permanent' },
        { name: 'labs.txt', type: 'text/plain', data: REPORT },
      ),
    });
    const body = await res.json();
    expect(res.status).toBe(200);
    expect(body).toMatchObject({ stored: true, stored_count: 3, subject: 'std-file' });
  });

  it('reads a spreadsheet and a CSV by their tables, as an upload does, sent as the file or by file_key', async () => {
    const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    const standardize = async (name: string, type: string, data: Buffer) => {
      const res = await fetch(`${h.url}/v1/standardize`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key()}` },
        body: multipart({ user: 'std-sheets' }, { name, type, data }),
      });
      expect(res.status).toBe(200);
      return (await res.json()) as { data: { loinc_code: string | null }[] };
    };
    const wide = await standardize('log.xlsx', XLSX, await wideLayoutXlsx());
    // Three days of weight, two of glucose, three of steps; the Average row and the notes are not readings.
    expect(wide.data.filter((r) => r.loinc_code === '29463-7')).toHaveLength(3);
    expect(wide.data).toHaveLength(8);
    const csv = await standardize('labs.csv', 'text/csv', labCsv());
    expect(csv.data.length).toBeGreaterThan(0);

    const form = new FormData();
    form.append('user', 'std-sheets');
    form.append('retention', 'permanent');
    form.append('file', new Blob([await wideLayoutXlsx()], { type: XLSX }), 'log.xlsx');
    const uploaded = await fetch(`${h.url}/v1/files`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key()}` },
      body: form,
    });
    const fileKey = ((await uploaded.json()) as { id: string }).id;
    await h.runtime.drainQueues();
    const stored = await fetch(`${h.url}/v1/data?user=std-sheets&limit=100`, {
      headers: { authorization: `Bearer ${key()}` },
    });
    expect(((await stored.json()) as { data: unknown[] }).data).toHaveLength(wide.data.length);
    const byKey = await fetch(`${h.url}/v1/standardize`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key()}`, 'content-type': 'application/json' },
      body: JSON.stringify({ user: 'std-sheets', file_key: fileKey }),
    });
    expect(((await byKey.json()) as { data: unknown[] }).data).toHaveLength(wide.data.length);
  });

  const bad: [string, unknown, number, string][] = [
    ['no source', { user: 'bad' }, 400, 'text'],
    ['two sources', { text: REPORT, file_key: 'uploads/x.pdf' }, 400, 'file_key'],
    ['empty text', { text: '' }, 400, 'text'],
    ['whitespace text', { text: '  \n\t ' }, 400, 'text'],
    ['text not a string', { text: 42 }, 400, 'text'],
    ['store without retention', { text: REPORT, store: true }, 400, 'retention'],
    ['store with retention none', { text: REPORT, store: true, retention: 'none' }, 400, 'retention'],
    ['session without session_id', { text: REPORT, store: true, retention: 'session' }, 400, 'session_id'],
    ['store not a boolean', { text: REPORT, store: 'yes' }, 400, 'store'],
    ['text over the documented size', { text: 'Glucose 100 mg/dL\n'.repeat(12_000) }, 413, 'text'],
    ['an unknown file_key', { file_key: 'uploads/2026/someone-else.pdf' }, 404, 'file_key'],
  ];
  it.each(bad)('refuses %s and writes nothing', async (_name, body, status, param) => {
    const res = await api.post('/v1/standardize', { user: 'std-bad', ...(body as object) });
    expect(res.status).toBe(status);
    expect(res.body.error).toMatchObject({ type: 'invalid_request_error', param });
    expect((await api.get('/v1/data?user=std-bad')).body.data).toEqual([]);
  });

  it('refuses a file type it cannot read (415) and a damaged PDF with no text (422)', async () => {
    const post = (name: string, type: string, data: Buffer) =>
      fetch(`${h.url}/v1/standardize`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key()}` },
        body: multipart({}, { name, type, data }),
      });
    const exe = await post('tool.exe', 'application/octet-stream', Buffer.from([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0]));
    expect(exe.status).toBe(415);
    expect(((await exe.json()) as any).error.param).toBe('file');
    const damaged = await post('labs.pdf', 'application/pdf', Buffer.from('%PDF-1.7\n%broken beyond repair'));
    expect(damaged.status).toBe(422);
  });

  it('reads a PDF lab report posted as the file', async () => {
    const res = await fetch(`${h.url}/v1/standardize`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key()}` },
      body: multipart({ user: 'std-pdf' }, { name: 'report.pdf', type: 'application/pdf', data: await textPdf() }),
    });
    const body = (await res.json()) as any;
    expect(res.status).toBe(200);
    expect(body.data.map((r: any) => r.loinc_code)).toContain('2345-7');
  });

  it('serves the deprecated /v1/extract alias with the same answer and a Deprecation header', async () => {
    const std = await api.post('/v1/standardize', { text: REPORT });
    const ext = await api.post('/v1/extract', { text: REPORT });
    expect(ext.status).toBe(200);
    expect(ext.headers.get('deprecation')).toBe('true');
    expect(ext.body).toEqual(std.body);
  });
});

let cachedKey: string | undefined;
function key(): string {
  return cachedKey!;
}
beforeAll(async () => {
  cachedKey = (await h.newAccount('forms')).key;
});
