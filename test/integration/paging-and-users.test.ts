import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, type Harness, startHarness } from '../support/harness';

let h: Harness;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  h = await startHarness();
  api = client(h.url, (await h.newAccount('paging')).key);
});
afterAll(() => h.stop());

const glucose = [{ indicator: 'Glucose', value: 97, unit: 'mg/dL', time: '2026-05-01T08:00:00Z' }];

describe('user normalization', () => {
  it('never folds the Kelvin sign (or any non-ASCII look-alike) onto an ASCII user', async () => {
    expect((await api.post('/v1/data', { user: 'kate', retention: 'permanent', records: glucose })).status).toBe(200);
    const kelvin = '\u212Aate';
    const write = await api.post('/v1/data', { user: kelvin, retention: 'permanent', records: glucose });
    expect(write.status).toBe(400);
    expect(write.body.error).toMatchObject({ code: 'invalid_user', param: 'user' });
    const read = await api.get(`/v1/data?user=${encodeURIComponent(kelvin)}`);
    expect(read.status).toBe(400);
    const erase = await api.delete(`/v1/subjects/${encodeURIComponent(kelvin)}`);
    expect(erase.status).toBe(400);
    expect((await api.get(`/v1/data?user=${encodeURIComponent('\u0130')}`)).status).toBe(400);
    expect((await api.get('/v1/data?user=kate')).body.data).toHaveLength(1);
  });

  it('reaches one Subject from both Unicode encodings of an accented name, and keeps it apart from the ASCII one', async () => {
    const composed = '\u00C9mile';
    const decomposed = 'E\u0301MILE';
    await api.post('/v1/data', { user: composed, retention: 'permanent', records: glucose });
    const read = await api.get(`/v1/data?user=${encodeURIComponent(decomposed)}`);
    expect(read.body.subject).toBe('\u00E9mile');
    expect(read.body.data).toHaveLength(1);
    expect((await api.get('/v1/data?user=emile')).body.data).toEqual([]);
  });
});

describe('GET /v1/data paging', () => {
  beforeAll(async () => {
    // 250 rows, several sharing an instant, so the order falls back on the row id.
    const records = Array.from({ length: 250 }, (_, i) => ({
      indicator: 'Heart rate',
      value: 60 + (i % 30),
      unit: '/min',
      time: new Date(Date.UTC(2026, 0, 1) + Math.floor(i / 3) * 60_000).toISOString(),
    }));
    expect((await api.post('/v1/data', { user: 'pages', retention: 'permanent', records })).status).toBe(200);
  });

  it('walks every row once by cursor, in the same order as offset paging', async () => {
    const byCursor: number[] = [];
    let cursor: string | undefined;
    for (;;) {
      const page = await api.get(`/v1/data?user=pages&limit=100${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.status).toBe(200);
      byCursor.push(...page.body.data.map((r: { id: number }) => r.id));
      if (!page.body.has_more) {
        expect(page.body.next_cursor).toBeUndefined();
        break;
      }
      cursor = page.body.next_cursor;
    }
    const byOffset: number[] = [];
    for (let offset = 0; offset < 250; offset += 100) {
      const page = await api.get(`/v1/data?user=pages&limit=100&offset=${offset}`);
      byOffset.push(...page.body.data.map((r: { id: number }) => r.id));
    }
    expect(byCursor).toHaveLength(250);
    expect(new Set(byCursor).size).toBe(250);
    expect(byCursor).toEqual(byOffset);
  });

  it('bounds offset and refuses a cursor it did not issue', async () => {
    const deep = await api.get('/v1/data?user=pages&offset=10001');
    expect(deep.status).toBe(400);
    expect(deep.body.error).toMatchObject({ code: 'invalid_offset', param: 'offset' });
    expect(deep.body.error.message).toContain('cursor');
    expect((await api.get('/v1/data?user=pages&offset=10000')).status).toBe(200);
    for (const bad of ['not-a-cursor', Buffer.from('2026-01-01T00:00:00Z#1 OR 1=1').toString('base64url'), '']) {
      const res = await api.get(`/v1/data?user=pages&cursor=${encodeURIComponent(bad)}`);
      expect(res.status, bad).toBe(400);
      expect(res.body.error.param).toBe('cursor');
    }
  });
});
