import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueApiKey } from '../../shared/services/api-keys';
import { client, type Harness, startHarness } from '../support/harness';

let h: Harness;

beforeAll(async () => {
  h = await startHarness({ env: { HDS_RATE_LIMITS: 'list-models=3' } });
});
afterAll(() => h?.stop());

const records = [{ indicator: 'Glucose', value: 100, unit: 'mg/dL', time: '2026-05-01T08:00:00Z' }];

describe('API keys', () => {
  it('401 with code null for a missing or malformed header', async () => {
    const headerSets: Record<string, string>[] = [
      {},
      { authorization: 'Basic abc' },
      { authorization: 'Bearer' },
      { authorization: 'hds_live_x' },
    ];
    for (const headers of headerSets) {
      const res = await client(h.url).get('/v1/data', headers);
      expect(res.status).toBe(401);
      expect(res.body.error).toMatchObject({ type: 'invalid_request_error', code: null });
    }
  });

  it('401 invalid_api_key for an unknown, malformed or revoked key, never echoing the secret', async () => {
    const { accountId, key } = await h.newAccount();
    const unknown = `hds_live_${'A'.repeat(40)}`;
    for (const token of [unknown, 'sk-not-ours', 'hds_live_short']) {
      const res = await client(h.url, token).get('/v1/data');
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe('invalid_api_key');
      if (token.length > 20) expect(JSON.stringify(res.body)).not.toContain(token.slice(13));
    }
    expect((await client(h.url, key).get('/v1/data')).status).toBe(200);
    const [record] = await h.runtime.services.accounts.listApiKeys(accountId);
    expect(record!.prefix).toBe(key.slice(0, 13));
    expect(JSON.stringify(record)).not.toContain(key);
    await h.runtime.services.accounts.revokeApiKey(accountId, record!.keyId, new Date().toISOString());
    const revoked = await client(h.url, key).get('/v1/data');
    expect(revoked.status).toBe(401);
    expect(revoked.body.error.code).toBe('invalid_api_key');
  });

  it('refuses a key minted for another region', async () => {
    const { accounts } = h.runtime.services;
    const account = await accounts.createAccount('elsewhere');
    const { secret } = await issueApiKey(accounts, account.accountId, { name: 'eu', region: 'eu-central-1' });
    const res = await client(h.url, secret).get('/v1/data');
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('invalid_api_key');
    expect(res.body.error.message).toContain('eu-central-1');
  });
});

describe('tenancy, from outside', () => {
  it('no account or Subject reads, changes or deletes another one’s data', async () => {
    const a = client(h.url, (await h.newAccount('a')).key);
    const b = client(h.url, (await h.newAccount('b')).key);
    await a.post('/v1/data', { user: 'alice', retention: 'session', session_id: 'shared-session', records });
    await a.post('/v1/data', { retention: 'permanent', records });

    // Another account, same user names: nothing to see, nothing to delete.
    expect((await b.get('/v1/data?user=alice')).body.data).toEqual([]);
    expect((await b.get('/v1/data')).body.data).toEqual([]);
    expect((await b.delete('/v1/data?user=alice')).body.deleted).toBe(0);
    const rowId = (await a.get('/v1/data?user=alice')).body.data[0].id;
    expect((await b.delete(`/v1/data?user=alice&id=${rowId}`)).body.deleted).toBe(0);
    expect((await b.delete('/v1/sessions/shared-session?user=alice')).body.deleted).toBe(0);
    expect((await b.delete('/v1/subjects/alice')).status).toBe(404);

    // Same account, another Subject: isolated too.
    expect((await a.get('/v1/data?user=bob')).body.data).toEqual([]);
    expect((await a.delete(`/v1/data?user=bob&id=${rowId}`)).body.deleted).toBe(0);
    expect((await a.delete('/v1/sessions/shared-session?user=bob')).body.deleted).toBe(0);

    // Writing into b's alice does not touch a's alice.
    await b.post('/v1/data', { user: 'alice', retention: 'permanent', records });
    expect((await a.get('/v1/data?user=alice')).body.data).toHaveLength(1);
    expect((await a.get('/v1/data')).body.data).toHaveLength(1);
    expect((await b.get('/v1/data?user=alice')).body.data).toHaveLength(1);
  });
});

describe('DELETE /v1/subjects/{user}', () => {
  it('makes everything unreadable at once, purges in the background and never mints', async () => {
    const { key } = await h.newAccount('eraser');
    const api = client(h.url, key);
    await api.post('/v1/data', { user: 'Carol', retention: 'permanent', records: [...records, ...records] });
    await api.post('/v1/data', { user: 'carol', retention: 'session', session_id: 'c-1', records });
    await api.post('/v1/data', { user: 'dave', retention: 'permanent', records });

    const erase = await api.delete('/v1/subjects/CAROL');
    expect(erase.status).toBe(200);
    expect(erase.body).toEqual({
      status: 'ok',
      subject: 'carol',
      deleted: { records: 3, files: 0, conversations: 0 },
      counts_exact: true,
    });
    expect((await api.get('/v1/data?user=carol')).body.data).toEqual([]);
    expect((await api.get('/v1/data?user=dave')).body.data).toHaveLength(1);

    const again = await api.delete('/v1/subjects/carol');
    expect(again.status).toBe(404);
    expect(again.body.error.type).toBe('invalid_request_error');
    expect((await api.delete('/v1/subjects/never-was')).status).toBe(404);

    await h.runtime.drainQueues();
    expect(await h.runtime.queue!.pending('purge')).toEqual([]);
    expect(await h.runtime.queue!.deadLetters('purge')).toEqual([]);

    // The same user later starts a fresh, empty Subject.
    await api.post('/v1/data', { user: 'carol', retention: 'permanent', records });
    const fresh = await api.get('/v1/data?user=carol');
    expect(fresh.body.data).toHaveLength(1);
    expect(fresh.body.data[0].id).toBe(1);
  });
});

describe('rate limits', () => {
  it('429 with Retry-After and the envelope past the per-account, per-path limit', async () => {
    const one = client(h.url, (await h.newAccount('limited')).key);
    const other = client(h.url, (await h.newAccount('unlimited')).key);
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await one.get('/v1/models')).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const limited = await one.get('/v1/models');
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    // The window slides in 10 s buckets: a burst has left it at most 70 s after its first request.
    expect(retryAfter).toBeLessThanOrEqual(70);
    expect(limited.body.error.type).toBe('invalid_request_error');
    // Another path of the same account, and the same path of another account, are counted apart.
    expect((await one.get('/v1/data')).status).toBe(200);
    expect((await other.get('/v1/models')).status).toBe(200);
  });
});
