import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { labCsv } from '../support/document-fixtures';
import { client, type Harness, startHarness } from '../support/harness';

/** The same bytes uploaded again for the same Subject are recognised, not stored or read twice, unless asked. */
let h: Harness;
let key: string;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  h = await startHarness();
  key = (await h.newAccount('dupes')).key;
  api = client(h.url, key);
});
afterAll(() => h?.stop());

async function upload(data: Buffer, fields: Record<string, string>) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(data)], { type: 'text/csv' }), 'labs.csv');
  const res = await fetch(`${h.url}/v1/files`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}` },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

const rowsOf = async (user: string) => (await api.get(`/v1/data?user=${user}&limit=500`)).body.data.length as number;

describe('POST /v1/files with bytes the Subject already holds', () => {
  it('answers with the file it already has: nothing stored, nothing read again', async () => {
    const first = await upload(labCsv(), { user: 'dana' });
    expect(first.status).toBe(200);
    expect(first.body.duplicate).toBeUndefined();
    await h.runtime.drainQueues();
    const rows = await rowsOf('dana');
    expect(rows).toBeGreaterThan(0);

    const again = await upload(labCsv(), { user: 'dana' });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id: first.body.id, duplicate: true, status: 'processed' });
    await h.runtime.drainQueues();
    expect(await rowsOf('dana')).toBe(rows);
    expect((await api.get('/v1/files?user=dana')).body.data).toHaveLength(1);
  });

  it('stores a copy when asked, and treats another Subject, other bytes or a deleted file as new', async () => {
    const copy = await upload(labCsv(), { user: 'dana', allow_duplicate: 'true' });
    expect(copy.body.duplicate).toBeUndefined();
    expect((await api.get('/v1/files?user=dana')).body.data).toHaveLength(2);

    const other = await upload(labCsv(), { user: 'eli' });
    expect(other.body.duplicate).toBeUndefined();
    expect((await api.delete(`/v1/files/${other.body.id}?user=eli`)).status).toBe(200);
    const afterDelete = await upload(labCsv(), { user: 'eli' });
    expect(afterDelete.body.duplicate).toBeUndefined();
    expect(afterDelete.body.id).not.toBe(other.body.id);

    const different = await upload(labCsv(';'), { user: 'eli' });
    expect(different.body.duplicate).toBeUndefined();
  });

  it('refuses an allow_duplicate that is not true or false, storing nothing', async () => {
    const bad = await upload(labCsv(), { user: 'fay', allow_duplicate: 'yes' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ param: 'allow_duplicate' });
    expect((await api.get('/v1/files?user=fay')).body.data).toEqual([]);
  });
});
