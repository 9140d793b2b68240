import { describe, expect, it } from 'vitest';
import type { AppError } from '../../../shared/errors';
import { answerFor, fingerprintOf, idempotency, parseIdempotencyKey } from '../../../shared/http/idempotency';
import type { HttpRequest } from '../../../shared/http/request';

const req = (body: string, over: Partial<HttpRequest> = {}): HttpRequest =>
  ({
    method: 'POST',
    path: '/v1/data',
    headers: { 'content-type': 'application/json' },
    query: {},
    pathParams: {},
    body: Buffer.from(body),
    requestId: 'r',
    ...over,
  }) as HttpRequest;

const multipart = (boundary: string, user: string) =>
  req(
    [
      `--${boundary}`,
      'Content-Disposition: form-data; name="user"',
      '',
      user,
      `--${boundary}`,
      'Content-Disposition: form-data; name="file"; filename="a.txt"',
      'Content-Type: text/plain',
      '',
      'Glucose 97 mg/dL',
      `--${boundary}--`,
      '',
    ].join('\r\n'),
    { headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, path: '/v1/files' },
  );

describe('parseIdempotencyKey', () => {
  it('takes 1 to 255 printable ASCII characters and nothing else', () => {
    expect(parseIdempotencyKey(undefined)).toBeNull();
    expect(parseIdempotencyKey('a')).toBe('a');
    expect(parseIdempotencyKey('x'.repeat(255))).toHaveLength(255);
    for (const bad of ['', 'x'.repeat(256), 'caf\u00e9', 'tab\there', 'nl\n']) {
      expect(() => parseIdempotencyKey(bad)).toThrowError(expect.objectContaining({ param: 'Idempotency-Key' }));
    }
  });
});

describe('fingerprintOf', () => {
  it('reads JSON by meaning: key order does not matter, a value does', async () => {
    const a = await fingerprintOf(req('{"user":"a","records":[1,2]}'), 1e6);
    const b = await fingerprintOf(req('{ "records": [1, 2], "user": "a" }'), 1e6);
    const c = await fingerprintOf(req('{"user":"b","records":[1,2]}'), 1e6);
    expect(a.fingerprint).toBe(b.fingerprint);
    expect(a.fingerprint).not.toBe(c.fingerprint);
    expect(a.params).toEqual({ user: 'a', records: [1, 2] });
  });

  it('tells paths and queries apart', async () => {
    const a = await fingerprintOf(req('{}'), 1e6);
    expect((await fingerprintOf(req('{}', { path: '/v1/files' }), 1e6)).fingerprint).not.toBe(a.fingerprint);
    expect((await fingerprintOf(req('{}', { query: { store: 'true' } }), 1e6)).fingerprint).not.toBe(a.fingerprint);
  });

  it('reads multipart by fields and file digests, whatever boundary the client picked', async () => {
    const a = await fingerprintOf(multipart('AAA', 'alice'), 1e6);
    const b = await fingerprintOf(multipart('BBBBBB', 'alice'), 1e6);
    const c = await fingerprintOf(multipart('AAA', 'bob'), 1e6);
    expect(a.fingerprint).toBe(b.fingerprint);
    expect(a.fingerprint).not.toBe(c.fingerprint);
    expect(a.params).toEqual({ user: 'alice' });
  });
});

describe('answerFor', () => {
  const done = {
    fingerprint: 'f',
    state: 'done' as const,
    response: { status: 200, headers: { 'content-type': 'application/json' }, body: '{"ok":1}' },
  };
  it('replays a finished answer marked as replayed', () => {
    expect(answerFor(done, 'f')).toEqual({
      statusCode: 200,
      headers: { 'content-type': 'application/json', 'idempotent-replayed': 'true' },
      body: '{"ok":1}',
    });
  });
  it('is 422 for another request, 409 while in flight or when nothing was kept', () => {
    const kindOf = (fn: () => unknown) => {
      try {
        fn();
      } catch (err) {
        return (err as AppError).kind;
      }
      return null;
    };
    expect(kindOf(() => answerFor(done, 'g'))).toBe('unprocessable');
    expect(kindOf(() => answerFor({ fingerprint: 'f', state: 'pending' }, 'f'))).toBe('conflict');
    expect(kindOf(() => answerFor({ ...done, response: { ...done.response, body: null } }, 'f'))).toBe('conflict');
  });
});

describe('idempotency middleware', () => {
  /** A store in memory with the adapter's claim rule, and a log of what the middleware asked of it. */
  function memoryStore() {
    const items = new Map<string, { fingerprint: string; state: 'pending' | 'done'; token: string; response?: any }>();
    const calls: string[] = [];
    const store = {
      async claim(c: any) {
        const held = items.get(`${c.accountId}/${c.key}`);
        if (held) return { claimed: false as const, existing: held };
        items.set(`${c.accountId}/${c.key}`, { fingerprint: c.fingerprint, state: 'pending', token: c.token });
        calls.push('claim');
        return { claimed: true as const };
      },
      async complete(accountId: string, key: string, _token: string, response: any) {
        calls.push('complete');
        const item = items.get(`${accountId}/${key}`)!;
        item.state = 'done';
        item.response = response;
      },
      async release(accountId: string, key: string) {
        calls.push('release');
        items.delete(`${accountId}/${key}`);
      },
    };
    return { store, calls };
  }

  const run = async (mw: ReturnType<typeof idempotency>, handler: () => Promise<any>) => {
    const request: any = {
      context: {
        hds: {
          req: req('{"user":"a"}', { headers: { 'content-type': 'application/json', 'idempotency-key': 'k' } }),
          principal: { kind: 'api-key', accountId: 'acct', keyId: 'key' },
          rateHeaders: { ratelimit: '"minute";r=1;t=1' },
        },
      },
    };
    const early = await mw.before!(request);
    if (early) return early;
    try {
      request.response = await handler();
      await mw.after!(request);
      return request.response;
    } catch (err) {
      request.error = err;
      await mw.onError!(request);
      throw err;
    }
  };

  it('keeps a success, replays it, and releases the key when the route throws', async () => {
    const { store, calls } = memoryStore();
    const services = () => ({ idempotency: store, config: { maxBodyBytes: 1e6 } }) as any;
    const mw = idempotency(services);
    await expect(
      run(mw, async () => {
        throw new Error('storage down');
      }),
    ).rejects.toThrow('storage down');
    expect(calls).toEqual(['claim', 'release']);
    const ok = await run(mw, async () => ({
      statusCode: 200,
      headers: { 'content-type': 'application/json' },
      body: '{"n":1}',
    }));
    expect(ok.body).toBe('{"n":1}');
    const replay = await run(mw, async () => {
      throw new Error('the route must not run again');
    });
    expect(replay).toMatchObject({ statusCode: 200, body: '{"n":1}' });
    expect(replay.headers).toMatchObject({ 'idempotent-replayed': 'true', ratelimit: '"minute";r=1;t=1' });
    expect(calls).toEqual(['claim', 'release', 'claim', 'complete']);
  });

  it('releases the key after a 4xx answer the route returned', async () => {
    const { store, calls } = memoryStore();
    const mw = idempotency(() => ({ idempotency: store, config: { maxBodyBytes: 1e6 } }) as any);
    await run(mw, async () => ({ statusCode: 404, headers: {}, body: '{}' }));
    expect(calls).toEqual(['claim', 'release']);
  });
});
