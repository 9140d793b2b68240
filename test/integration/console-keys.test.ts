import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setClock } from '../../shared/clock';
import { tierEntries } from '../../shared/domain/models';
import { client, type Harness, startHarness } from '../support/harness';
import { eventually } from '../support/polling';
import { signIn } from '../support/sign-in';

/** The console and account routes over real HTTP, with sessions from the email sign-in a person goes through. */
let h: Harness;
let n = 0;
const email = () => `console${++n}-${Date.now()}@example.org`;
const records = [{ indicator: 'Glucose', value: 100, unit: 'mg/dL', time: '2026-05-01T08:00:00Z' }];
const write = { retention: 'permanent', records };

/** The grant an access token names, as the runtime stores it: the way to learn which account a session acts for. */
async function accountOfToken(token: string): Promise<string> {
  const { fid } = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
  const grant = await h.runtime.services.grants.get(fid, Date.now());
  if (!grant) throw new Error('the token names no live grant');
  return grant.accountId;
}

beforeAll(async () => {
  h = await startHarness({
    env: { HDS_RATE_LIMITS: 'login-code=1000,verify-code=1000', OPENAI_BASE_URL: '', OPENAI_API_KEY: '' },
  });
});
afterAll(() => h?.stop());

describe('console API keys', () => {
  it('creates a key that works on /v1, lists it without its secret, and revokes it for the very next request', async () => {
    const session = await signIn(h, email());
    const console_ = client(h.url, session.access_token);

    const created = await console_.post('/api/console/keys', { name: '  laptop  ' });
    expect(created.status).toBe(201);
    const { secret, ...record } = created.body;
    expect(secret).toMatch(/^hds_live_/);
    expect(record).toEqual({
      id: expect.stringMatching(/^key_/),
      name: 'laptop',
      prefix: secret.slice(0, 13),
      created_at: expect.any(String),
      last_used_at: null,
      region: h.runtime.services.config.region,
    });

    const v1 = client(h.url, secret);
    const written = await v1.post('/v1/data', write);
    expect(written.status).toBe(200);
    expect((await v1.get('/v1/data')).body.data).toHaveLength(1);

    const listed = await eventually(async () => {
      const res = await console_.get('/api/console/keys');
      return res.body.data?.[0]?.last_used_at ? res : null;
    });
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual({ object: 'list', data: [{ ...record, last_used_at: expect.any(String) }] });
    expect(JSON.stringify(listed.body)).not.toContain(secret.slice(13));

    const deleted = await console_.delete(`/api/console/keys/${record.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ id: record.id, deleted: true });
    const refused = await v1.post('/v1/data', write);
    expect(refused.status).toBe(401);
    expect(refused.body.error.code).toBe('invalid_api_key');
    expect((await console_.get('/api/console/keys')).body).toEqual({ object: 'list', data: [] });
    // Deleted once: a second delete names no key.
    expect((await console_.delete(`/api/console/keys/${record.id}`)).status).toBe(404);
  });

  it("never shows or deletes another account's keys (404)", async () => {
    const alice = client(h.url, (await signIn(h, email())).access_token);
    const bob = client(h.url, (await signIn(h, email())).access_token);
    const key = (await alice.post('/api/console/keys', { name: 'alice key' })).body;

    expect((await bob.get('/api/console/keys')).body.data).toEqual([]);
    const stolen = await bob.delete(`/api/console/keys/${key.id}`);
    expect(stolen.status).toBe(404);
    expect(stolen.body.error).toMatchObject({ type: 'invalid_request_error', code: null });
    expect((await client(h.url, key.secret).get('/v1/data')).status).toBe(200);
    expect((await alice.get('/api/console/keys')).body.data.map((k: { id: string }) => k.id)).toEqual([key.id]);
  });

  it('keeps at most 100 live keys per account (409 conflict); a revoked key frees its place', async () => {
    const console_ = client(h.url, (await signIn(h, email())).access_token);
    const ids: string[] = [];
    for (let i = 0; i < 100; i++) {
      const res = await console_.post('/api/console/keys', { name: `k${i}` });
      expect(res.status).toBe(201);
      ids.push(res.body.id);
    }
    const over = await console_.post('/api/console/keys', { name: 'one too many' });
    expect(over.status).toBe(409);
    expect(over.body.error.code).toBe('conflict');
    expect((await console_.delete(`/api/console/keys/${ids[0]}`)).status).toBe(200);
    expect((await console_.post('/api/console/keys', { name: 'in its place' })).status).toBe(201);
    expect((await console_.get('/api/console/keys')).body.data).toHaveLength(100);
  });
});

describe('who may call the console', () => {
  it('401 with code null without a bearer, invalid_token for a garbage or expired one', async () => {
    const headerSets: Record<string, string>[] = [{}, { authorization: 'Basic abc' }, { authorization: 'Bearer' }];
    for (const headers of headerSets) {
      const res = await client(h.url).get('/api/console/keys', headers);
      expect(res.status).toBe(401);
      expect(res.body.error).toMatchObject({ type: 'invalid_request_error', code: null });
    }
    const garbage = await client(h.url, 'eyJhbGciOiJub25lIn0.e30.').get('/api/console/keys');
    expect(garbage.status).toBe(401);
    expect(garbage.body.error.code).toBe('invalid_token');

    // A session signed in 31 days ago: its 30-day access token has expired.
    const restore = setClock(() => Date.now() - 31 * 86_400_000);
    let old: string;
    try {
      old = (await signIn(h, email())).access_token;
    } finally {
      restore();
    }
    const expired = await client(h.url, old).get('/api/console/keys');
    expect(expired.status).toBe(401);
    expect(expired.body.error.code).toBe('invalid_token');
  });

  it('an API key is no console credential, and a session is no API key', async () => {
    const session = await signIn(h, email());
    const key = (await client(h.url, session.access_token).post('/api/console/keys', { name: 'k' })).body.secret;

    const keyOnConsole = await client(h.url, key).get('/api/console/keys');
    expect(keyOnConsole.status).toBe(401);
    expect(keyOnConsole.body.error.code).toBe('invalid_token');
    const keyOnAccount = await client(h.url, key).post('/user/update_name', { name: 'x' });
    expect(keyOnAccount.status).toBe(401);
    expect(keyOnAccount.body).toMatchObject({ success: false, code: -1, data: null });

    const sessionOnV1 = await client(h.url, session.access_token).get('/v1/data');
    expect(sessionOnV1.status).toBe(401);
    expect(sessionOnV1.body.error.code).toBe('invalid_api_key');
  });
});

describe('malformed input', () => {
  let console_: ReturnType<typeof client>;
  beforeAll(async () => {
    console_ = client(h.url, (await signIn(h, email())).access_token);
  });

  it('POST /api/console/keys: 400 naming the field', async () => {
    const cases: [unknown, string][] = [
      [{}, 'name'],
      [{ name: '' }, 'name'],
      [{ name: '   ' }, 'name'],
      [{ name: 'x'.repeat(101) }, 'name'],
      [{ name: 42 }, 'name'],
      [{ name: null }, 'name'],
      [{ name: 'tab\there' }, 'name'],
      [{ name: 'line\u2028break' }, 'name'],
      [[], 'body'],
      ['"laptop"', 'body'],
      ['{not json', 'body'],
    ];
    for (const [body, param] of cases) {
      const res = await console_.post('/api/console/keys', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.param, JSON.stringify(body)).toBe(param);
    }
    // 100 characters is the bound, counted as characters, not UTF-16 units.
    expect((await console_.post('/api/console/keys', { name: '🔑'.repeat(100) })).status).toBe(201);
    expect((await console_.get('/api/console/keys')).body.data).toHaveLength(1);
  });

  it('GET /api/console/usage: days outside 1–90 or not an integer is 400 days', async () => {
    for (const days of ['0', '91', '-1', '1.5', 'abc', '1e1']) {
      const res = await console_.get(`/api/console/usage?days=${days}`);
      expect(res.status, days).toBe(400);
      expect(res.body.error).toMatchObject({ param: 'days', code: 'invalid_days' });
    }
    expect((await console_.get('/api/console/usage?days=90')).status).toBe(200);
  });

  it('DELETE /api/console/keys/{key_id}: an unknown or overlong id is 404', async () => {
    expect((await console_.delete('/api/console/keys/key_nothing')).status).toBe(404);
    expect((await console_.delete(`/api/console/keys/${'k'.repeat(2000)}`)).status).toBe(404);
  });

  it('POST /user/update_name: refused with code -2 (the account envelope), the name unchanged', async () => {
    for (const body of [{}, { name: '' }, { name: 'x'.repeat(101) }, { name: 7 }, { name: 'a\u0000b' }, '{nope', []]) {
      const res = await console_.post('/user/update_name', body);
      expect(res.status, JSON.stringify(body)).toBe(200);
      expect(res.body, JSON.stringify(body)).toMatchObject({ success: false, code: -2, data: null });
      expect(typeof res.body.msg).toBe('string');
    }
  });
});

describe('usage', () => {
  it('counts a chat turn made with a console key, priced at its tier', async () => {
    const console_ = client(h.url, (await signIn(h, email())).access_token);
    const empty = await console_.get('/api/console/usage');
    expect(empty.status).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    expect(empty.body).toMatchObject({ object: 'usage', to: today, currency: 'USD', data: [] });
    expect(empty.body.totals).toEqual({
      requests: 0,
      input_tokens: 0,
      system_tokens: 0,
      output_tokens: 0,
      reasoning_tokens: 0,
      cost: 0,
    });
    expect(Date.parse(empty.body.to) - Date.parse(empty.body.from)).toBe(29 * 86_400_000);

    const key = (await console_.post('/api/console/keys', { name: 'chat' })).body.secret;
    const v1 = client(h.url, key);
    expect((await v1.post('/v1/data', write)).status).toBe(200);
    const chat = await v1.post('/v1/chat/completions', {
      model: 'hds-expert',
      messages: [{ role: 'user', content: 'What is my latest glucose?' }],
    });
    expect(chat.status).toBe(200);

    const usage = (await console_.get('/api/console/usage?days=1')).body;
    expect(usage.from).toBe(today);
    expect(usage.data).toHaveLength(1);
    const row = usage.data[0];
    expect(row).toMatchObject({ day: today, tier: 'hds-expert', requests: 1 });
    expect(row.input_tokens + row.system_tokens + row.output_tokens).toBeGreaterThan(0);
    const { pricing } = tierEntries(process.env).find((t) => t.id === 'hds-expert')!;
    const expected =
      Math.round(
        (row.input_tokens + row.system_tokens) * pricing.input_per_1m_tokens +
          row.output_tokens * pricing.output_per_1m_tokens,
      ) / 1e6;
    expect(row.cost).toBe(expected);
    expect(row.cost).toBeGreaterThan(0);
    expect(usage.totals).toEqual({
      requests: 1,
      input_tokens: row.input_tokens,
      system_tokens: row.system_tokens,
      output_tokens: row.output_tokens,
      reasoning_tokens: row.reasoning_tokens,
      cost: row.cost,
    });
  });
});

describe('account', () => {
  it('POST /user/update_name sets the display name', async () => {
    const session = await signIn(h, email());
    const res = await client(h.url, session.access_token).post('/user/update_name', { name: '  Ada Lovelace ' });
    expect(res.status).toBe(200);
    const sub = Number(JSON.parse(Buffer.from(session.access_token.split('.')[1]!, 'base64url').toString()).sub);
    expect(res.body).toEqual({ success: true, code: 0, msg: 'ok', data: { user_id: sub, name: 'Ada Lovelace' } });
    expect((await h.runtime.services.users.getUser(sub, Date.now()))?.name).toBe('Ada Lovelace');
  });

  it('POST /user/del refuses keys and tokens at once, erases the Subjects, and a new sign-in starts afresh', async () => {
    const address = email();
    const session = await signIn(h, address);
    const console_ = client(h.url, session.access_token);
    const accountId = await accountOfToken(session.access_token);
    const key = (await console_.post('/api/console/keys', { name: 'doomed' })).body.secret;
    const v1 = client(h.url, key);
    for (const user of [undefined, 'alice']) expect((await v1.post('/v1/data', { ...write, user })).status).toBe(200);
    const { subjects, records: store, accounts } = h.runtime.services;
    const subjectIds = await Promise.all(
      ['default', 'alice'].map(async (k) => (await subjects.find(accountId, k))!.subjectId),
    );

    const deleted = await console_.post('/user/del');
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ success: true, code: 0, msg: 'ok', data: null });

    const keyAfter = await v1.get('/v1/data');
    expect(keyAfter.status).toBe(401);
    expect(keyAfter.body.error.code).toBe('invalid_api_key');
    const tokenAfter = await console_.get('/api/console/keys');
    expect(tokenAfter.status).toBe(401);
    expect(tokenAfter.body.error.code).toBe('invalid_token');
    expect((await console_.post('/user/del')).status).toBe(401);

    await eventually(
      async () => {
        await h.runtime.drainQueues();
        const tallies = await Promise.all(subjectIds.map((id) => store.tally(id, Date.now(), Date.now() + 1000)));
        return (
          (await subjects.listKeys(accountId)).length === 0 &&
          tallies.every((t) => t.count === 0) &&
          (await accounts.getAccount(accountId)) === null
        );
      },
      { what: 'the account-deletion worker and the Subject purges' },
    );
    expect(await accounts.listApiKeys(accountId)).toEqual([]);

    const again = await signIn(h, address);
    const newAccount = await accountOfToken(again.access_token);
    expect(newAccount).not.toBe(accountId);
    expect(await subjects.listKeys(newAccount)).toEqual([]);
    const fresh = client(h.url, again.access_token);
    expect((await fresh.get('/api/console/keys')).body.data).toEqual([]);
    const newKey = (await fresh.post('/api/console/keys', { name: 'new' })).body.secret;
    expect((await client(h.url, newKey).get('/v1/data')).body.data).toEqual([]);
  });
});
