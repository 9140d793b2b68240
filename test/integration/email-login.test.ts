import { readdir, readFile } from 'node:fs/promises';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setClock } from '../../shared/clock';
import { issueApiKey } from '../../shared/services/api-keys';
import { closedPort } from '../support/closed-port';
import { client, type Harness, startHarness } from '../support/harness';
import { captureLogs } from '../support/log-capture';
import { latestCode, outboxMessages, signIn } from '../support/sign-in';

const GENEROUS = 'login-code=1000,verify-code=1000';

describe('email-code sign-in on the local runtime', () => {
  let h: Harness;
  let outbox: string;
  let n = 0;
  const email = () => `person${++n}-${Date.now()}@example.org`;
  const api = () => client(h.url);
  const tokenForm = (fields: Record<string, string>) =>
    api().post('/oauth/token', new URLSearchParams(fields).toString(), {
      'content-type': 'application/x-www-form-urlencoded',
    });

  beforeAll(async () => {
    h = await startHarness({ env: { HDS_RATE_LIMITS: GENEROUS } });
    outbox = h.runtime.services.config.auth.mail.outboxDir!;
  });
  afterAll(() => h?.stop());

  it('mails a 6-digit code as an RFC 5322 message in the outbox, and the code signs the person in', async () => {
    const address = email();
    const asked = await api().post('/email/login', { email: ` ${address.toUpperCase()} ` });
    expect(asked.status).toBe(200);
    expect(asked.body).toEqual({ success: true, code: 0, msg: 'ok', data: { email: address } });

    const message = (await outboxMessages(outbox)).at(-1)!;
    expect(message.subject).toBe('Your HDS sign-in code');
    expect(message.subject).not.toMatch(/\d{6}/);
    expect(JSON.stringify(message.to)).toContain(address);
    expect(message.messageId).toBeTruthy();
    const code = await latestCode(outbox, address);
    expect(code).toMatch(/^\d{6}$/);
    const files = (await readdir(outbox)).filter((f) => f.endsWith('.eml'));
    expect(files.length).toBeGreaterThan(0);
    expect((await readFile(`${outbox}/${files[0]}`)).includes('\r\n')).toBe(true);

    const verified = await api().post('/email/verify', { email: address, code });
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ success: true, code: 0, msg: 'ok' });
    const data = verified.body.data;
    expect(data).toMatchObject({ token_type: 'Bearer', expires_in: 2592000, webauthn_registered: false });
    expect(data.refresh_token).toMatch(/^hdsr_fam_/);
    expect(verified.headers.get('cache-control')).toBe('no-store');

    // A verifier nobody here wrote checks the token against the published keys.
    const issuer = h.runtime.services.config.auth.issuer;
    const { payload, protectedHeader } = await jwtVerify(
      data.access_token,
      createRemoteJWKSet(new URL(`${h.url}/.well-known/jwks.json`)),
      { issuer, audience: issuer, typ: 'at+jwt' },
    );
    expect(protectedHeader.alg).toBe('RS256');
    expect(payload.sub).toMatch(/^\d{15,16}$/);
    expect(Number.isSafeInteger(Number(payload.sub))).toBe(true);
    expect(payload.exp! - payload.iat!).toBe(2592000);
    expect(payload.jti).toBeTruthy();

    // The code worked once.
    const again = await api().post('/email/verify', { email: address, code });
    expect(again.body).toMatchObject({ success: false, code: -2, data: null });
  });

  it('signs the same person in again as the same user, and a new address as a new one', async () => {
    const address = email();
    const first = await signIn(h, address);
    const second = await signIn(h, address);
    const sub = (t: string) => JSON.parse(Buffer.from(t.split('.')[1]!, 'base64url').toString()).sub;
    expect(sub(second.access_token)).toBe(sub(first.access_token));
    expect(sub((await signIn(h, email())).access_token)).not.toBe(sub(first.access_token));
  });

  it('refuses a second code for one address within 60 s with 429 and Retry-After', async () => {
    const address = email();
    expect((await api().post('/email/login', { email: address })).body.code).toBe(0);
    const again = await api().post('/email/login', { email: address });
    expect(again.status).toBe(429);
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(again.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect(again.body).toMatchObject({ success: false, code: null, data: null });
  });

  it('answers known and unknown addresses with the same bytes', async () => {
    // A redeemed code is gone, so the known address may ask again at once, like the unknown one.
    const known = email();
    await signIn(h, known);
    const unknown = email();
    const forKnown = await api().post('/email/login', { email: known });
    const forUnknown = await api().post('/email/login', { email: unknown });
    const shape = (res: { status: number; body: unknown }) =>
      `${res.status} ${JSON.stringify(res.body).replace(/person\d+-\d+@example\.org/, '<email>')}`;
    expect(shape(forKnown)).toBe(shape(forUnknown));
    expect(forUnknown.body).toEqual({ success: true, code: 0, msg: 'ok', data: { email: unknown } });
  });

  it.each([
    ['no @', { email: 'not-an-address' }],
    ['not a string', { email: 42 }],
    ['missing', {}],
  ])('refuses an invalid address (%s) with code -2', async (_name, body) => {
    const res = await api().post('/email/login', body);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: false, code: -2, data: null });
  });

  it('refuses malformed bodies in the same envelope, never a /v1 error', async () => {
    for (const raw of ['{', '[]', 'null']) {
      const res = await api().post('/email/login', raw);
      expect(res.status, raw).toBe(200);
      expect(res.body, raw).toMatchObject({ success: false, code: -2 });
    }
    const form = await api().post('/email/verify', 'email=a@example.org', { 'content-type': 'text/plain' });
    expect(form.body).toMatchObject({ success: false, code: -2 });
  });

  it('refuses a wrong code with -2, and after 5 wrong tries the right code too', async () => {
    const address = email();
    await api().post('/email/login', { email: address });
    const code = await latestCode(outbox, address);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < 5; i++) {
      const res = await api().post('/email/verify', { email: address, code: wrong });
      expect(res.body).toMatchObject({ success: false, code: -2 });
    }
    const locked = await api().post('/email/verify', { email: address, code });
    expect(locked.body).toMatchObject({ success: false, code: -2, data: null });
    for (const bad of ['12345', '1234567', 'abcdef', 123456]) {
      expect((await api().post('/email/verify', { email: address, code: bad })).body.code).toBe(-2);
    }
  });

  it('rotates the refresh token at /oauth/token, and a reused one revokes the whole sign-in', async () => {
    const session = await signIn(h, email());
    const first = await tokenForm({
      grant_type: 'refresh_token',
      refresh_token: session.refresh_token,
      client_id: 'hds-console',
    });
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('no-store');
    expect(first.body).toMatchObject({ token_type: 'Bearer', expires_in: 2592000 });
    expect(first.body.refresh_token).not.toBe(session.refresh_token);
    expect(first.body.access_token).not.toBe(session.access_token);

    const reused = await tokenForm({
      grant_type: 'refresh_token',
      refresh_token: session.refresh_token,
      client_id: 'hds-console',
    });
    expect(reused.status).toBe(400);
    expect(reused.body.error).toBe('invalid_grant');
    const newest = await tokenForm({
      grant_type: 'refresh_token',
      refresh_token: first.body.refresh_token,
      client_id: 'hds-console',
    });
    expect(newest.status).toBe(400);
    expect(newest.body.error).toBe('invalid_grant');
  });

  it('answers token-endpoint mistakes with {error, error_description}', async () => {
    const cases: [Record<string, string>, number, string][] = [
      [{}, 400, 'invalid_request'],
      [{ grant_type: 'password', username: 'a', password: 'b' }, 400, 'unsupported_grant_type'],
      [{ grant_type: 'refresh_token' }, 400, 'invalid_request'],
      [{ grant_type: 'refresh_token', refresh_token: 'hdsr_nonsense', client_id: 'hds-console' }, 400, 'invalid_grant'],
    ];
    for (const [fields, status, error] of cases) {
      const res = await tokenForm(fields);
      expect(res.status, JSON.stringify(fields)).toBe(status);
      expect(res.body.error).toBe(error);
      expect(typeof res.body.error_description).toBe('string');
    }
    const json = await api().post('/oauth/token', { grant_type: 'refresh_token' });
    expect(json.status).toBe(400);
    expect(json.body.error).toBe('invalid_request');
  });

  it('never logs a code or an address', async () => {
    const address = email();
    const lines = await captureLogs('debug', async () => {
      await api().post('/email/login', { email: address });
      const code = await latestCode(outbox, address);
      await api().post('/email/verify', { email: address, code: '000000' === code ? '111111' : '000000' });
      await api().post('/email/verify', { email: address, code });
      (globalThis as { lastCode?: string }).lastCode = code;
    });
    const code = (globalThis as { lastCode?: string }).lastCode!;
    const all = lines.join('\n');
    expect(all).toContain('request');
    expect(all).not.toContain(address);
    expect(all).not.toContain(code);
  });
});

describe('sign-in when mail cannot go out', () => {
  it('answers code -1 when no mail sender is configured', async () => {
    const h = await startHarness({ env: { HDS_MAIL_OUTBOX_DIR: '', HDS_RATE_LIMITS: GENEROUS } });
    try {
      const res = await client(h.url).post('/email/login', { email: 'nobody@example.org' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ success: false, code: -1, data: null });
    } finally {
      await h.stop();
    }
  });

  it('answers code -3 when the mail server fails, and withdraws the code so a retry is not held back', async () => {
    const h = await startHarness({
      env: { HDS_SMTP_URL: `smtp://127.0.0.1:${await closedPort()}`, HDS_RATE_LIMITS: GENEROUS },
    });
    try {
      for (let i = 0; i < 2; i++) {
        const res = await client(h.url).post('/email/login', { email: 'retry@example.org' });
        expect(res.status).toBe(200);
        expect(res.body).toMatchObject({ success: false, code: -3, data: null });
      }
    } finally {
      await h.stop();
    }
  });
});

describe('limits per client address, and evaluation accounts', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({
      env: {
        HDS_RATE_LIMITS: 'login-code=3,verify-code=1000',
        HDS_EVAL_EMAILS: 'eval@example.org',
        HDS_EVAL_CODE: '424242',
      },
    });
  });
  afterAll(() => h?.stop());

  it('limits how many codes one address may ask for per minute, whatever the email', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      statuses.push((await client(h.url).post('/email/login', { email: `many${i}@example.org` })).status);
    }
    expect(statuses.slice(0, 3)).toEqual([200, 200, 200]);
    expect(statuses[3]).toBe(429);
  });

  it('signs an evaluation address in with the fixed code, no mail sent', async () => {
    const before = (await outboxMessages(h.runtime.services.config.auth.mail.outboxDir!)).length;
    const res = await client(h.url).post('/email/verify', { email: 'Eval@Example.org', code: '424242' });
    expect(res.body).toMatchObject({ success: true, code: 0 });
    expect(res.body.data.access_token).toBeTruthy();
    expect((await outboxMessages(h.runtime.services.config.auth.mail.outboxDir!)).length).toBe(before);
    expect((await client(h.url).post('/email/verify', { email: 'eval@example.org', code: '000000' })).body.code).toBe(
      -2,
    );
  });

  it('erases what an evaluation account keeps once it is a day old, and nothing of other accounts', async () => {
    const res = await client(h.url).post('/email/verify', { email: 'eval@example.org', code: '424242' });
    const sub = JSON.parse(Buffer.from(res.body.data.access_token.split('.')[1], 'base64url').toString()).sub;
    const user = await h.runtime.services.users.getUser(Number(sub), Date.now());
    expect((await h.runtime.services.accounts.getAccount(user!.accountId))?.evaluation).toBe(true);
    const region = h.runtime.services.config.region;
    const evalKey = (await issueApiKey(h.runtime.services.accounts, user!.accountId, { name: 'k', region })).secret;
    const other = await h.newAccount('regular');
    const reading = { retention: 'permanent', records: [{ indicator: 'Glucose', value: 5.4, unit: 'mmol/L' }] };
    for (const key of [evalKey, other.key])
      expect((await client(h.url, key).post('/v1/data', reading)).status).toBe(200);

    await h.runtime.runScheduled('sweep-retention');
    expect((await client(h.url, evalKey).get('/v1/data')).body.data).toHaveLength(1);
    const restore = setClock(() => Date.now() + 25 * 3600_000);
    try {
      await h.runtime.runScheduled('sweep-retention');
    } finally {
      restore();
    }
    await h.runtime.drainQueues();
    expect((await client(h.url, evalKey).get('/v1/data')).body.data).toEqual([]);
    expect((await client(h.url, other.key).get('/v1/data')).body.data).toHaveLength(1);
  });
});
