import { parseList } from 'structured-headers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setClock } from '../../shared/clock';
import { client, type Harness, startHarness } from '../support/harness';

let h: Harness;
let api: ReturnType<typeof client>;
let other: ReturnType<typeof client>;
let keyA: string;

beforeAll(async () => {
  h = await startHarness({ env: { HDS_RATE_LIMITS: 'create-data=1000,list-models=3' } });
  const a = await h.newAccount('a');
  keyA = a.key;
  api = client(h.url, a.key);
  other = client(h.url, (await h.newAccount('b')).key);
});
afterAll(() => h?.stop());

const batch = (user: string, value = 72) => ({
  user,
  retention: 'permanent',
  records: [{ indicator: 'Heart rate', value, unit: 'bpm', time: '2026-06-16T07:30:00Z' }],
});
const key = (k: string) => ({ 'idempotency-key': k });
const stored = async (c: ReturnType<typeof client>, user: string) =>
  ((await c.get(`/v1/data?user=${user}`)).body as { data: unknown[] }).data.length;

describe('Idempotency-Key on POST /v1/data', () => {
  it('replays the first answer to a retry and stores once', async () => {
    const first = await api.post('/v1/data', batch('idem-replay'), key('k-replay'));
    expect(first.status).toBe(200);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const again = await api.post('/v1/data', batch('idem-replay'), key('k-replay'));
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'));
    expect(await stored(api, 'idem-replay')).toBe(1);
  });

  it('answers 422 naming the header when the key is reused for a different body', async () => {
    await api.post('/v1/data', batch('idem-diff'), key('k-diff'));
    const other = await api.post('/v1/data', batch('idem-diff', 80), key('k-diff'));
    expect(other.status).toBe(422);
    expect(other.body.error).toMatchObject({ param: 'Idempotency-Key', code: 'idempotency_key_reused' });
    expect(other.body.error.message).toMatch(/different request/);
    // Another Subject under the same key is another request too.
    expect((await api.post('/v1/data', batch('idem-diff-2'), key('k-diff'))).status).toBe(422);
    expect(await stored(api, 'idem-diff')).toBe(1);
  });

  it('stores a batch exactly once under 20 concurrent retries with one key', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => api.post('/v1/data', batch('idem-race'), key('k-race'))),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);
    const fresh = answers.filter((a) => a.status === 200 && a.headers.get('idempotent-replayed') !== 'true');
    expect(fresh).toHaveLength(1);
    for (const a of answers.filter((x) => x.status === 409)) {
      expect(a.body.error).toMatchObject({ param: 'Idempotency-Key', type: 'invalid_request_error' });
    }
    expect(await stored(api, 'idem-race')).toBe(1);
    const after = await api.post('/v1/data', batch('idem-race'), key('k-race'));
    expect(after.headers.get('idempotent-replayed')).toBe('true');
    expect(after.body).toEqual(fresh[0]!.body);
  });

  it('keeps keys per account: the same key in two accounts runs twice, each replaying its own', async () => {
    const a = await api.post('/v1/data', batch('idem-tenant'), key('k-shared'));
    const b = await other.post('/v1/data', batch('idem-tenant'), key('k-shared'));
    expect(b.status).toBe(200);
    expect(b.headers.get('idempotent-replayed')).toBeNull();
    expect(await stored(api, 'idem-tenant')).toBe(1);
    expect(await stored(other, 'idem-tenant')).toBe(1);
    const b2 = await other.post('/v1/data', batch('idem-tenant', 99), key('k-shared'));
    expect(b2.status).toBe(422);
    expect((await api.post('/v1/data', batch('idem-tenant'), key('k-shared'))).body).toEqual(a.body);
  });

  it('forgets a key after 24 hours: the same request then runs again', async () => {
    await api.post('/v1/data', batch('idem-expiry'), key('k-expiry'));
    const start = Date.now();
    const restore = setClock(() => start + 24 * 60 * 60 * 1000 + 1000);
    try {
      const later = await api.post('/v1/data', batch('idem-expiry'), key('k-expiry'));
      expect(later.status).toBe(200);
      expect(later.headers.get('idempotent-replayed')).toBeNull();
    } finally {
      restore();
    }
    expect(await stored(api, 'idem-expiry')).toBe(2);
  });

  it('refuses malformed keys with 400 naming the header', async () => {
    for (const bad of ['', 'x'.repeat(256), 'caf\u00e9']) {
      const res = await api.call('POST', '/v1/data', batch('idem-bad'), { 'idempotency-key': bad });
      if (bad === '' && res.status === 200) continue; // a client that drops an empty header sends no key
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ param: 'Idempotency-Key', code: 'invalid_idempotency_key' });
    }
  });

  it('releases the key when the request fails validation, so a corrected retry runs', async () => {
    const bad = await api.post('/v1/data', { user: 'idem-fix', records: 'nope' }, key('k-fix'));
    expect(bad.status).toBe(400);
    const fixed = await api.post('/v1/data', batch('idem-fix'), key('k-fix'));
    expect(fixed.status).toBe(200);
    expect(fixed.headers.get('idempotent-replayed')).toBeNull();
  });
});

describe('Idempotency-Key on POST /v1/files', () => {
  const upload = async (text: string) => {
    // Each FormData send picks a fresh boundary: the retry's bytes differ, its meaning does not.
    const form = new FormData();
    form.append('user', 'idem-files');
    form.append('allow_duplicate', 'true');
    form.append('file', new Blob([text], { type: 'text/plain' }), 'labs.txt');
    const res = await fetch(`${h.url}/v1/files`, {
      method: 'POST',
      headers: { authorization: `Bearer ${keyA}`, 'idempotency-key': 'k-file' },
      body: form,
    });
    return { status: res.status, replayed: res.headers.get('idempotent-replayed'), body: (await res.json()) as any };
  };

  it('replays an upload whatever multipart boundary the retry uses, storing one file', async () => {
    const first = await upload('Glucose 97 mg/dL');
    expect(first.status).toBe(200);
    const again = await upload('Glucose 97 mg/dL');
    expect(again).toMatchObject({ status: 200, replayed: 'true' });
    expect(again.body).toEqual(first.body);
    expect((await upload('Glucose 98 mg/dL')).status).toBe(422);
    const listed = (await api.get('/v1/files?user=idem-files')).body as { data: unknown[] };
    expect(listed.data).toHaveLength(1);
  });
});

describe('Idempotency-Key on POST /v1/standardize', () => {
  const REPORT =
    'Test                 Result   Unit\nGlucose              104      mg/dL\nCreatinine           0.9      mg/dL\n';

  it('replays a storing request and stores once; a dry run ignores the key', async () => {
    const body = { user: 'idem-std', text: REPORT, store: true, retention: '1d' };
    const first = await api.post('/v1/standardize', body, key('k-std'));
    expect(first.status).toBe(200);
    expect(first.body.stored).toBe(true);
    const again = await api.post('/v1/standardize', body, key('k-std'));
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await stored(api, 'idem-std')).toBe(first.body.stored_count);

    const dry = { user: 'idem-std-dry', text: REPORT };
    await api.post('/v1/standardize', dry, key('k-std-dry'));
    const dryAgain = await api.post('/v1/standardize', dry, key('k-std-dry'));
    expect(dryAgain.status).toBe(200);
    expect(dryAgain.headers.get('idempotent-replayed')).toBeNull();
  });
});

describe('Idempotency-Key on POST /v1/responses', () => {
  it('replays a non-streamed turn: the same response id, the model not asked again', async () => {
    const body = { input: 'What is my latest glucose?', model: 'hds-flash' };
    const first = await api.post('/v1/responses', { ...body, user: 'idem-resp' }, key('k-resp'));
    expect(first.status).toBe(200);
    const again = await api.post('/v1/responses', { ...body, user: 'idem-resp' }, key('k-resp'));
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.id).toBe(first.body.id);
    expect(again.body).toEqual(first.body);
  });

  it('refuses a key on a streamed request with 400', async () => {
    const res = await api.post('/v1/responses', { input: 'hi', stream: true }, key('k-stream'));
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ param: 'Idempotency-Key', code: 'idempotency_key_not_supported' });
  });
});

describe('RateLimit headers (draft-ietf-httpapi-ratelimit-headers)', () => {
  /**
   * Both fields read as the draft defines them, by an RFC 9651 structured-field parser: a List of policy names (String
   * items) whose parameters are `q`/`w` (the policy) or `r`/`t` (the budget), all Integers.
   */
  const fields = (headers: Headers, name: 'ratelimit-policy' | 'ratelimit'): Record<string, string | number>[] =>
    parseList(headers.get(name) ?? '').map((member) => {
      const [value, params] = member;
      expect(typeof value).toBe('string');
      for (const v of params.values()) expect(Number.isInteger(v)).toBe(true);
      return { policy: value as string, ...Object.fromEntries(params) };
    });
  const remaining = (h: Headers) => fields(h, 'ratelimit')[0]?.r;

  it('carry the policy and a decreasing budget on answers, errors and the 429', async () => {
    const c = client(h.url, (await h.newAccount('rl')).key);
    const first = await c.get('/v1/models');
    expect(first.status).toBe(200);
    expect(first.headers.get('ratelimit-policy')).toBe('"minute";q=3;w=60');
    expect(first.headers.get('ratelimit')).toMatch(/^"minute";r=2;t=\d+$/);
    expect(fields(first.headers, 'ratelimit-policy')).toEqual([{ policy: 'minute', q: 3, w: 60 }]);
    expect(fields(first.headers, 'ratelimit')).toEqual([{ policy: 'minute', r: 2, t: expect.any(Number) }]);
    const second = await c.get('/v1/models');
    expect(remaining(second.headers)).toBe(1);
    const third = await c.get('/v1/models');
    expect(remaining(third.headers)).toBe(0);
    const refused = await c.get('/v1/models');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('ratelimit-policy')).toBe('"minute";q=3;w=60');
    expect(refused.headers.get('ratelimit')).toBe(`"minute";r=0;t=${refused.headers.get('retry-after')}`);
    expect(fields(refused.headers, 'ratelimit')).toEqual([
      { policy: 'minute', r: 0, t: Number(refused.headers.get('retry-after')) },
    ]);
  });

  it('are on an error answer of a route too', async () => {
    const bad = await api.post('/v1/data', { user: 'rl-bad', records: 'nope' });
    expect(bad.status).toBe(400);
    expect(bad.headers.get('ratelimit-policy')).toBe('"minute";q=1000;w=60');
    expect(bad.headers.get('ratelimit')).toMatch(/^"minute";r=\d+;t=\d+$/);
  });
});
