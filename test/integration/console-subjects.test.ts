import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { DeletedFileSchema } from '../../functions/console/delete-console-file.schema';
import { DeletedSessionSchema } from '../../functions/console/delete-console-session.schema';
import { ErasedSubjectSchema } from '../../functions/console/delete-console-subject.schema';
import { FileListSchema } from '../../functions/console/list-console-files.schema';
import { ConsoleSessionListSchema } from '../../functions/console/list-console-sessions.schema';
import { ConsoleSubjectListSchema } from '../../functions/console/list-console-subjects.schema';
import { ListDataResponseSchema as ReadingsPageSchema } from '../../functions/data/list-data.schema';
import { FileTextSchema as FileDetailSchema } from '../../functions/files/get-file.schema';
import { operations } from '../../functions/operations';
import { httpRoutes } from '../../functions/routes';
import { labTxt } from '../support/document-fixtures';
import { client, type Harness, startHarness } from '../support/harness';
import { eventually } from '../support/polling';
import { signIn } from '../support/sign-in';

/**
 * The console's Subject routes over real HTTP: a person signs in, makes a key, writes over `/v1` with it, and reads,
 * pages and deletes through `/api/console/*` with the session; another account's session never reaches any of it.
 */
let h: Harness;
let n = 0;
const email = () => `subjects${++n}-${Date.now()}@example.org`;

async function person() {
  const session = await signIn(h, email());
  const console_ = client(h.url, session.access_token);
  const key = (await console_.post('/api/console/keys', { name: 'writer' })).body.secret as string;
  return { console_, v1: client(h.url, key), key, token: session.access_token };
}

function readings(count: number, over: Record<string, unknown> = {}) {
  return Array.from({ length: count }, (_, i) => ({
    indicator: 'Glucose',
    value: 80 + i,
    unit: 'mg/dL',
    time: new Date(Date.UTC(2026, 4, 1) + i * 60_000).toISOString(),
    ...over,
  }));
}

async function upload(key: string, user: string) {
  const form = new FormData();
  form.append('user', user);
  form.append('file', new Blob([new Uint8Array(labTxt())], { type: 'text/plain' }), 'labs.txt');
  const res = await fetch(`${h.url}/v1/files`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}` },
    body: form,
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { id: string };
}

beforeAll(async () => {
  h = await startHarness({
    env: {
      HDS_RATE_LIMITS: 'login-code=1000,verify-code=1000',
      HDS_RATE_LIMIT_DEFAULT: '1000',
      OPENAI_BASE_URL: '',
      OPENAI_API_KEY: '',
    },
  });
});
afterAll(() => h?.stop());

describe('GET /api/console/subjects', () => {
  it('pages the account’s Subjects in key order with live reading and file counts', async () => {
    const { console_, v1, key } = await person();
    expect((await console_.get('/api/console/subjects')).body).toEqual({
      object: 'list',
      data: [],
      has_more: false,
      limit: 20,
    });
    for (const [user, count] of [
      ['carol', 1],
      ['alice', 3],
      ['bob', 2],
    ] as const) {
      expect((await v1.post('/v1/data', { user, retention: 'permanent', records: readings(count) })).status).toBe(200);
    }
    await upload(key, 'alice');
    // The file's extraction writes readings of its own.
    await h.runtime.drainQueues();
    const aliceRecords = (await v1.get('/v1/data?user=alice&limit=1000')).body.data.length;
    expect(aliceRecords).toBeGreaterThan(3);

    const first = await console_.get('/api/console/subjects?limit=2');
    expect(first.status).toBe(200);
    expect(() => z.parse(ConsoleSubjectListSchema, first.body)).not.toThrow();
    expect(first.body).toMatchObject({ object: 'list', has_more: true, limit: 2, next_cursor: expect.any(String) });
    expect(first.body.data).toEqual([
      {
        object: 'subject',
        user: 'alice',
        created_at: expect.any(String),
        records: aliceRecords,
        files: 1,
        counts_exact: true,
      },
      { object: 'subject', user: 'bob', created_at: expect.any(String), records: 2, files: 0, counts_exact: true },
    ]);
    const second = await console_.get(`/api/console/subjects?limit=2&cursor=${first.body.next_cursor}`);
    expect(second.body).toMatchObject({ has_more: false, data: [{ user: 'carol', records: 1, files: 0 }] });
    expect(second.body.next_cursor).toBeUndefined();
  });
});

describe('readings', () => {
  it('pages as GET /v1/data does, and a reading deleted here is gone from /v1 too', async () => {
    const { console_, v1 } = await person();
    expect((await v1.post('/v1/data', { user: 'alice', retention: 'permanent', records: readings(5) })).status).toBe(
      200,
    );

    const page1 = await console_.get('/api/console/data?user=Alice&limit=2');
    expect(page1.status).toBe(200);
    expect(() => z.parse(ReadingsPageSchema, page1.body)).not.toThrow();
    // The same page /v1 answers, row for row.
    expect(page1.body).toEqual((await v1.get('/v1/data?user=alice&limit=2')).body);
    expect(page1.body.data.map((r: { value: string }) => r.value)).toEqual(['84', '83']);
    const page2 = await console_.get(`/api/console/data?user=alice&limit=2&cursor=${page1.body.next_cursor}`);
    expect(page2.body.data.map((r: { value: string }) => r.value)).toEqual(['82', '81']);
    const byOffset = await console_.get('/api/console/data?user=alice&limit=2&offset=4');
    expect(byOffset.body).toMatchObject({ has_more: false, offset: 4, data: [{ value: '80' }] });

    const victim = page1.body.data[0];
    const deleted = await console_.delete(`/api/console/data?user=alice&id=${victim.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ status: 'ok', deleted: 1, subject: 'alice' });
    const v1After = (await v1.get('/v1/data?user=alice')).body.data.map((r: { id: number }) => r.id);
    expect(v1After).toHaveLength(4);
    expect(v1After).not.toContain(victim.id);
    const again = await console_.delete(`/api/console/data?user=alice&id=${victim.id}`);
    expect(again.status).toBe(404);
    expect(again.body.error).toMatchObject({ param: 'id', code: null });
  });
});

describe('files', () => {
  it('lists, reads (status, parsed text, abstract) and deletes a file; /v1 loses it too', async () => {
    const { console_, key } = await person();
    const { id } = await upload(key, 'alice');
    await h.runtime.drainQueues();

    const listed = await console_.get('/api/console/files?user=alice');
    expect(listed.status).toBe(200);
    expect(() => z.parse(FileListSchema, listed.body)).not.toThrow();
    expect(listed.body).toEqual((await client(h.url, key).get('/v1/files?user=alice')).body);
    expect(listed.body.data.map((f: { id: string }) => f.id)).toEqual([id]);

    const file = await eventually(async () => {
      const res = await console_.get(`/api/console/files/${id}?user=alice`);
      return res.body.status === 'processed' ? res : null;
    });
    expect(() => z.parse(FileDetailSchema, file.body)).not.toThrow();
    expect(file.body).toMatchObject({ id, file_key: id, filename: 'labs.txt', status: 'processed', subject: 'alice' });
    expect(file.body.extracted_text).toMatch(/glucose/i);
    expect(file.body.abstract).not.toBe('');
    expect(file.body).toEqual((await client(h.url, key).get(`/v1/files/${id}?user=alice`)).body);

    const deleted = await console_.delete(`/api/console/files/${id}?user=alice`);
    expect(deleted.status).toBe(200);
    expect(() => z.parse(DeletedFileSchema, deleted.body)).not.toThrow();
    expect(deleted.body).toEqual({ object: 'file', id, deleted: true, subject: 'alice' });
    expect((await client(h.url, key).get(`/v1/files/${id}?user=alice`)).status).toBe(404);
    expect((await console_.get('/api/console/files?user=alice')).body.data).toEqual([]);
    const again = await console_.delete(`/api/console/files/${id}?user=alice`);
    expect(again.status).toBe(404);
    expect(again.body.error.param).toBe('file_key');
  });
});

describe('sessions', () => {
  it('lists the sessions a Subject used and deletes one with its session-scoped readings', async () => {
    const { console_, v1 } = await person();
    const write = (session_id: string, count: number) =>
      v1.post('/v1/data', { user: 'alice', retention: 'session', session_id, records: readings(count) });
    expect((await write('morning', 2)).status).toBe(200);
    expect((await write('evening', 1)).status).toBe(200);
    expect((await v1.post('/v1/data', { user: 'alice', retention: 'permanent', records: readings(1) })).status).toBe(
      200,
    );

    const listed = await console_.get('/api/console/sessions?user=alice');
    expect(listed.status).toBe(200);
    expect(() => z.parse(ConsoleSessionListSchema, listed.body)).not.toThrow();
    expect(listed.body).toMatchObject({ object: 'list', has_more: false, limit: 100, subject: 'alice' });
    expect(listed.body.data.map((s: { session_id: string }) => s.session_id).sort()).toEqual(['evening', 'morning']);
    expect(listed.body.data[0]).toEqual({
      object: 'session',
      session_id: expect.any(String),
      status: 'open',
      opened_at: expect.any(String),
      closed_at: null,
    });
    expect((await console_.get('/api/console/sessions?user=alice&limit=1')).body).toMatchObject({ has_more: true });

    const deleted = await console_.delete('/api/console/sessions/morning?user=alice');
    expect(deleted.status).toBe(200);
    expect(() => z.parse(DeletedSessionSchema, deleted.body)).not.toThrow();
    // Two session-scoped readings and the session itself.
    expect(deleted.body).toEqual({ status: 'ok', session_id: 'morning', deleted: 3, subject: 'alice' });
    expect((await v1.get('/v1/data?user=alice')).body.data).toHaveLength(2);
    const after = (await console_.get('/api/console/sessions?user=alice')).body.data;
    expect(after.find((s: { session_id: string }) => s.session_id === 'morning')).toMatchObject({
      status: 'closed',
      closed_at: expect.any(String),
    });
    expect((await console_.delete('/api/console/sessions/morning?user=alice')).status).toBe(404);
    expect((await console_.delete('/api/console/sessions/never-used?user=alice')).body.error.param).toBe('session_id');
  });
});

describe('DELETE /api/console/subjects/{user}', () => {
  it('erases the Subject through the /v1 erase: gone from the list and from /v1', async () => {
    const { console_, v1 } = await person();
    expect((await v1.post('/v1/data', { user: 'alice', retention: 'permanent', records: readings(3) })).status).toBe(
      200,
    );
    expect((await v1.post('/v1/data', { user: 'bob', retention: 'permanent', records: readings(1) })).status).toBe(200);

    const erased = await console_.delete('/api/console/subjects/Alice');
    expect(erased.status).toBe(200);
    expect(() => z.parse(ErasedSubjectSchema, erased.body)).not.toThrow();
    expect(erased.body).toEqual({
      status: 'ok',
      subject: 'alice',
      deleted: { records: 3, files: 0, conversations: 0 },
      counts_exact: true,
    });
    expect((await v1.get('/v1/data?user=alice')).body.data).toEqual([]);
    expect((await console_.get('/api/console/subjects')).body.data.map((s: { user: string }) => s.user)).toEqual([
      'bob',
    ]);
    expect((await console_.get('/api/console/data?user=alice')).status).toBe(404);
    const again = await console_.delete('/api/console/subjects/alice');
    expect(again.status).toBe(404);
    expect(again.body.error.param).toBe('user');
  });
});

describe('tenancy', () => {
  it("another account's session never reads, changes or deletes this account's Subjects (404, nothing changed)", async () => {
    const alice = await person();
    const mallory = await person();
    expect(
      (await alice.v1.post('/v1/data', { user: 'alice', retention: 'session', session_id: 's1', records: readings(2) }))
        .status,
    ).toBe(200);
    const { id: fileId } = await upload(alice.key, 'alice');
    await h.runtime.drainQueues();
    const before = (await alice.v1.get('/v1/data?user=alice&limit=1000')).body.data;
    const rowId = before[0].id;

    expect((await mallory.console_.get('/api/console/subjects')).body.data).toEqual([]);
    const attempts: [string, string][] = [
      ['GET', '/api/console/series?user=alice'],
      ['GET', '/api/console/series/points?user=alice&series=2345-7'],
      ['GET', '/api/console/data?user=alice'],
      ['DELETE', `/api/console/data?user=alice&id=${rowId}`],
      ['GET', '/api/console/files?user=alice'],
      ['GET', `/api/console/files/${fileId}?user=alice`],
      ['DELETE', `/api/console/files/${fileId}?user=alice`],
      ['GET', '/api/console/sessions?user=alice'],
      ['DELETE', '/api/console/sessions/s1?user=alice'],
      ['DELETE', '/api/console/subjects/alice'],
    ];
    for (const [method, path] of attempts) {
      const res = await mallory.console_.call(method, path);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.error, `${method} ${path}`).toMatchObject({ type: 'invalid_request_error', param: 'user' });
    }
    // Mallory's own Subject of the same key is hers alone, and empty.
    expect(
      (await mallory.v1.post('/v1/data', { user: 'alice', retention: 'permanent', records: readings(1) })).status,
    ).toBe(200);
    expect((await mallory.console_.get('/api/console/data?user=alice')).body.data).toHaveLength(1);

    expect((await alice.v1.get('/v1/data?user=alice&limit=1000')).body.data).toEqual(before);
    expect((await alice.v1.get(`/v1/files/${fileId}?user=alice`)).status).toBe(200);
    const sessions = (await alice.console_.get('/api/console/sessions?user=alice')).body.data;
    expect(sessions).toMatchObject([{ session_id: 's1', status: 'open' }]);
    expect((await alice.console_.get('/api/console/subjects')).body.data).toMatchObject([
      { user: 'alice', records: before.length, files: 1 },
    ]);
  });
});

/** Every new console route, with a path that would be accepted once signed in. */
const consoleRoutes: [string, string][] = [
  ['GET', '/api/console/subjects'],
  ['DELETE', '/api/console/subjects/alice'],
  ['GET', '/api/console/series?user=alice'],
  ['GET', '/api/console/series/points?user=alice&series=2345-7'],
  ['GET', '/api/console/data?user=alice'],
  ['DELETE', '/api/console/data?user=alice&id=1'],
  ['GET', '/api/console/files?user=alice'],
  ['GET', '/api/console/files/uploads/x/labs.txt?user=alice'],
  ['DELETE', '/api/console/files/uploads/x/labs.txt?user=alice'],
  ['GET', '/api/console/sessions?user=alice'],
  ['DELETE', '/api/console/sessions/s1?user=alice'],
  ['GET', '/api/console/usage?from=2026-11-01'],
];

describe('who may call', () => {
  it('401 without a token, and for an API key in place of a session, on every route; nothing changes', async () => {
    const { v1, key } = await person();
    expect((await v1.post('/v1/data', { user: 'alice', retention: 'permanent', records: readings(1) })).status).toBe(
      200,
    );
    for (const [method, path] of consoleRoutes) {
      const anonymous = await client(h.url).call(method, path);
      expect(anonymous.status, `${method} ${path}`).toBe(401);
      expect(anonymous.body.error, `${method} ${path}`).toMatchObject({ type: 'invalid_request_error', code: null });
      const withKey = await client(h.url, key).call(method, path);
      expect(withKey.status, `${method} ${path}`).toBe(401);
      expect(withKey.body.error.code, `${method} ${path}`).toBe('invalid_token');
    }
    expect((await v1.get('/v1/data?user=alice')).body.data).toHaveLength(1);
  });

  it('documents every console route of this slice in the manifest and the operations', () => {
    for (const [method, path] of consoleRoutes) {
      const bare = path.split('?')[0]!;
      const route = httpRoutes.find(
        (r) =>
          r.method === method &&
          new RegExp(`^${r.path.replace(/\{[^}]+\+\}/g, '.+').replace(/\{[^}]+\}/g, '[^/]+')}$`).test(bare),
      );
      expect(route, `${method} ${bare}`).toMatchObject({ auth: 'session', envelope: 'openai' });
      expect(
        operations.map((o) => o.routeId),
        route!.id,
      ).toContain(route!.id);
    }
  });
});

describe('malformed input: the envelope naming the field, nothing changed', () => {
  let console_: ReturnType<typeof client>;
  let v1: ReturnType<typeof client>;
  beforeAll(async () => {
    ({ console_, v1 } = await person());
    expect((await v1.post('/v1/data', { user: 'alice', retention: 'permanent', records: readings(2) })).status).toBe(
      200,
    );
  });

  it.each([
    ['GET', '/api/console/subjects?limit=0', 'limit'],
    ['GET', '/api/console/subjects?limit=101', 'limit'],
    ['GET', '/api/console/subjects?limit=abc', 'limit'],
    ['GET', '/api/console/subjects?cursor=%2F%2F', 'cursor'],
    ['GET', '/api/console/subjects?cursor=', 'cursor'],
    ['GET', '/api/console/series', 'user'],
    ['GET', '/api/console/series?user=', 'user'],
    ['GET', '/api/console/series?user=%20%20', 'user'],
    ['GET', `/api/console/series?user=${'x'.repeat(300)}`, 'user'],
    ['GET', '/api/console/series?user=%E2%84%AA', 'user'],
    ['GET', '/api/console/series/points?user=alice', 'series'],
    ['GET', '/api/console/series/points?user=alice&series=glucose', 'series'],
    ['GET', '/api/console/series/points?user=alice&series=ind%3A', 'series'],
    ['GET', '/api/console/series/points?user=alice&series=ind%3AGlucose', 'series'],
    ['GET', '/api/console/series/points?series=2345-7', 'user'],
    ['GET', '/api/console/series/points?user=alice&series=2345-7&from=yesterday', 'from'],
    ['GET', '/api/console/series/points?user=alice&series=2345-7&to=2026-02-30', 'to'],
    ['GET', '/api/console/series/points?user=alice&series=2345-7&from=2026-05-02&to=2026-05-01', 'from'],
    ['GET', '/api/console/data', 'user'],
    ['GET', '/api/console/data?user=alice&limit=0', 'limit'],
    ['GET', '/api/console/data?user=alice&limit=1001', 'limit'],
    ['GET', '/api/console/data?user=alice&limit=1.5', 'limit'],
    ['GET', '/api/console/data?user=alice&offset=-1', 'offset'],
    ['GET', '/api/console/data?user=alice&offset=10001', 'offset'],
    ['GET', '/api/console/data?user=alice&cursor=bm9wZQ', 'cursor'],
    ['DELETE', '/api/console/data?user=alice', 'id'],
    ['DELETE', '/api/console/data?user=alice&id=abc', 'id'],
    ['DELETE', '/api/console/data?user=alice&id=0', 'id'],
    ['DELETE', '/api/console/data?id=1', 'user'],
    ['GET', '/api/console/files', 'user'],
    ['GET', '/api/console/files/uploads/x/labs.txt', 'user'],
    ['DELETE', '/api/console/files/uploads/x/labs.txt', 'user'],
    ['GET', '/api/console/sessions', 'user'],
    ['GET', '/api/console/sessions?user=alice&limit=0', 'limit'],
    ['DELETE', '/api/console/sessions/s1', 'user'],
    ['DELETE', `/api/console/sessions/${'s'.repeat(300)}?user=alice`, 'session_id'],
    ['DELETE', '/api/console/subjects/%20', 'user'],
    ['GET', '/api/console/usage?days=0', 'days'],
    ['GET', '/api/console/usage?days=7&from=2026-11-01', 'days'],
    ['GET', '/api/console/usage?from=2026-13-01', 'from'],
    ['GET', '/api/console/usage?from=2026-11-1', 'from'],
    ['GET', '/api/console/usage?to=2026-02-29', 'to'],
    ['GET', '/api/console/usage?from=2026-01-01&to=2026-04-01', 'from'],
    ['GET', '/api/console/usage?from=2026-05-02&to=2026-05-01', 'from'],
  ])('%s %s → 400 param %s', async (method, path, param) => {
    const res = await console_.call(method, path);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({
      type: 'invalid_request_error',
      param,
      code: `invalid_${param.replace('session_id', 'session')}`,
    });
    expect(typeof res.body.error.message).toBe('string');
  });

  it('left the Subject as it was', async () => {
    expect((await v1.get('/v1/data?user=alice')).body.data).toHaveLength(2);
    expect((await console_.get('/api/console/subjects')).body.data).toMatchObject([{ user: 'alice', records: 2 }]);
  });
});

describe('GET /api/console/usage', () => {
  it('takes a from/to range of UTC dates beside days', async () => {
    const { console_ } = await person();
    const ranged = await console_.get('/api/console/usage?from=2026-01-01&to=2026-03-31');
    expect(ranged.status).toBe(200);
    expect(ranged.body).toMatchObject({ object: 'usage', from: '2026-01-01', to: '2026-03-31', data: [] });
    const toOnly = await console_.get('/api/console/usage?to=2026-10-31');
    expect(toOnly.body).toMatchObject({ from: '2026-10-02', to: '2026-10-31' });
    const today = new Date().toISOString().slice(0, 10);
    expect((await console_.get(`/api/console/usage?from=${today}`)).body).toMatchObject({ from: today, to: today });
    expect((await console_.get('/api/console/usage?days=7')).body.to).toBe(today);
  });
});
