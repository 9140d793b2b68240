import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { labCsv, longLayoutXlsx, textPdf } from '../support/document-fixtures';
import { client, type Harness, startHarness } from '../support/harness';

/** A file reports what it is: its media type from its bytes, whatever the client sent, and its sheets by name. */

let h: Harness;
let key: string;

beforeAll(async () => {
  h = await startHarness();
  key = (await h.newAccount('types')).key;
});
afterAll(() => h?.stop());

async function upload(data: Buffer, name: string, type: string) {
  const form = new FormData();
  form.append('user', 'typed');
  form.append('file', new Blob([new Uint8Array(data)], { type }), name);
  const res = await fetch(`${h.url}/v1/files`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}` },
    body: form,
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { id: string; file_type: string };
}

describe('POST /v1/files sent as application/octet-stream (curl -F without a type)', () => {
  it('stores CSV, XLSX and PDF under their real media types', async () => {
    const api = client(h.url, key);
    const cases = [
      { data: labCsv(), name: 'labs.csv', want: 'text/csv' },
      {
        data: await longLayoutXlsx(),
        name: 'labs.xlsx',
        want: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      },
      { data: await textPdf(), name: 'report.pdf', want: 'application/pdf' },
    ];
    for (const c of cases) {
      const stored = await upload(c.data, c.name, 'application/octet-stream');
      expect(stored.file_type, c.name).toBe(c.want);
      const listed = (await api.get('/v1/files?user=typed')).body.data as { id: string; file_type: string }[];
      expect(listed.find((f) => f.id === stored.id)?.file_type, c.name).toBe(c.want);
    }
  });

  it("names each sheet of a workbook in its parsed text by the sheet's own name", async () => {
    const api = client(h.url, key);
    const stored = await upload(await longLayoutXlsx(), 'sheets.xlsx', 'application/octet-stream');
    await h.runtime.drainQueues();
    const file = (await api.get(`/v1/files/${stored.id}?user=typed`)).body as {
      status: string;
      extracted_text: string;
    };
    expect(file.status).toBe('processed');
    expect(file.extracted_text).toContain('Results');
    expect(file.extracted_text).toContain('Befunde');
    expect(file.extracted_text).not.toMatch(/\bSheet\d/);
  });
});
