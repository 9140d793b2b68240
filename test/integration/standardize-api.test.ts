import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textPdf } from '../support/document-fixtures';
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
