import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseVisChartBlocks } from '../../shared/domain/agent/vis-chart';
import { closedPort } from '../support/closed-port';
import { client, type Harness, startHarness } from '../support/harness';
import { signIn } from '../support/sign-in';

/**
 * The console's Ask route over real HTTP, with a session from email sign-in and the offline engine answering: the
 * `/v1` chat protocol (the OpenAI SDK pointed at `/api/console`), its vis-chart blocks, tenancy by the session's
 * account, metering, and the same refusals as `/v1`.
 */
let h: Harness;
let n = 0;
const email = () => `ask${++n}-${Date.now()}@example.org`;
const PATH = '/api/console/chat/completions';
const day = (monthsAgo: number) => new Date(Date.now() - monthsAgo * 30 * 86_400_000).toISOString();
const QUESTION = 'How has my LDL cholesterol changed?';

let token: string;
let sdk: OpenAI;

beforeAll(async () => {
  h = await startHarness({
    env: { HDS_RATE_LIMITS: 'login-code=1000,verify-code=1000', OPENAI_BASE_URL: '', OPENAI_API_KEY: '' },
  });
  token = (await signIn(h, email())).access_token;
  const console_ = client(h.url, token);
  const key = (await console_.post('/api/console/keys', { name: 'ask' })).body.secret;
  const written = await client(h.url, key).post('/v1/data', {
    user: 'Olga',
    retention: 'permanent',
    records: [
      { indicator: 'LDL cholesterol', value: 162, unit: 'mg/dL', time: day(5) },
      { indicator: 'LDL-C', value: 148, unit: 'mg/dL', time: day(3) },
      { indicator: 'LDL cholesterol', value: 131, unit: 'mg/dL', time: day(1) },
    ],
  });
  expect(written.status).toBe(200);
  // The chat-completions client of record, with the session where a key would go: proof the protocol is /v1's.
  sdk = new OpenAI({ baseURL: `${h.url}/api/console`, apiKey: token, maxRetries: 0 });
});
afterAll(() => h?.stop());

const ask = { model: 'hds-flash', user: 'olga', messages: [{ role: 'user' as const, content: QUESTION }] };

describe('POST /api/console/chat/completions', () => {
  it('answers from the account’s Subject with a drawable vis-chart, as a chat.completion', async () => {
    const completion = await sdk.chat.completions.create(ask);
    expect(completion).toMatchObject({ object: 'chat.completion', model: 'hds-flash' });
    expect(completion.id).toMatch(/^chatcmpl-/);
    const text = completion.choices[0]!.message.content!;
    expect(text).toContain('131');
    const charts = parseVisChartBlocks(text);
    expect(charts.length).toBeGreaterThan(0);
    expect(charts[0]).toMatchObject({ type: 'line' });
    expect(charts[0]!.data.map((p) => p.value)).toEqual([162, 148, 131]);
  });

  it('streams the same answer as server-sent events ending with [DONE]', async () => {
    const stream = await sdk.chat.completions.create({ ...ask, stream: true });
    let streamed = '';
    const roles: string[] = [];
    for await (const c of stream) {
      streamed += c.choices[0]?.delta?.content ?? '';
      if (c.choices[0]?.delta?.role) roles.push(c.choices[0].delta.role);
    }
    expect(roles[0]).toBe('assistant');
    const whole = (await sdk.chat.completions.create(ask)).choices[0]!.message.content;
    expect(streamed).toBe(whole);

    const raw = await fetch(h.url + PATH, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ...ask, stream: true }),
    });
    expect(raw.status).toBe(200);
    expect(raw.headers.get('content-type')).toContain('text/event-stream');
    expect(raw.headers.get('x-request-id')).toBeTruthy();
    expect((await raw.text()).trimEnd().endsWith('data: [DONE]')).toBe(true);
  });

  it('meters each turn to the session’s account, as /v1 chat is', async () => {
    const console_ = client(h.url, (await signIn(h, email())).access_token);
    const key = (await console_.post('/api/console/keys', { name: 'meter' })).body.secret;
    await client(h.url, key).post('/v1/data', {
      user: 'meter',
      retention: 'permanent',
      records: [{ indicator: 'Glucose', value: 97, unit: 'mg/dL', time: day(0) }],
    });
    const asked = await console_.post(PATH, { ...ask, model: 'hds-expert', user: 'meter' });
    expect(asked.status).toBe(200);
    const usage = (await console_.get('/api/console/usage?days=1')).body;
    expect(usage.data).toEqual([expect.objectContaining({ tier: 'hds-expert', requests: 1 })]);
    expect(usage.totals.output_tokens).toBeGreaterThan(0);
  });

  it('404 user for a Subject the account does not hold, even one another account holds; nothing is minted', async () => {
    const stranger = client(h.url, (await signIn(h, email())).access_token);
    for (const body of [ask, { ...ask, stream: true }, { ...ask, user: 'never-was' }]) {
      const res = await stranger.post(PATH, body);
      expect(res.status).toBe(404);
      expect(res.body.error).toMatchObject({ type: 'invalid_request_error', param: 'user' });
      expect(JSON.stringify(res.body)).not.toContain('131');
    }
    // The owner still reaches it, and the stranger's account still has no such Subject.
    expect((await client(h.url, token).post(PATH, ask)).status).toBe(200);
    expect((await stranger.post(PATH, { ...ask, session_id: 'mint-attempt' })).status).toBe(404);
  });

  it('401 without a session: no bearer, an API key, or a garbage token', async () => {
    const console_ = client(h.url, token);
    const key = (await console_.post('/api/console/keys', { name: 'not-a-session' })).body.secret;
    const none = await client(h.url).post(PATH, ask);
    expect(none.status).toBe(401);
    expect(none.body.error).toMatchObject({ type: 'invalid_request_error', code: null });
    for (const bearer of [key, 'not.a.jwt']) {
      const res = await client(h.url, bearer).post(PATH, { ...ask, stream: true });
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe('invalid_token');
    }
  });

  it('refuses malformed bodies as /v1 does, naming the field in param', async () => {
    const console_ = client(h.url, token);
    const cases: [unknown, number, string | null, string | null][] = [
      ['{"model":', 400, null, null],
      [[1, 2], 400, null, null],
      [{ ...ask, tools: [{ type: 'function', function: { name: 'x' } }] }, 400, 'unsupported_parameter', 'tools'],
      [{ ...ask, response_format: { type: 'json_object' } }, 400, 'unsupported_parameter', 'response_format'],
      [{ ...ask, model: 'gpt-4o' }, 400, null, 'model'],
      [{ ...ask, messages: [] }, 400, 'invalid_messages', 'messages'],
      [{ ...ask, messages: [{ role: 'wizard', content: 'x' }] }, 400, null, 'messages[0].role'],
      [{ ...ask, user: 5 }, 400, null, 'user'],
      [{ ...ask, stream: 'yes' }, 400, null, 'stream'],
      [{ ...ask, retention: 'session' }, 400, 'invalid_session', 'session_id'],
    ];
    for (const [body, status, code, param] of cases) {
      const res = await console_.post(PATH, body);
      const v1Shape = JSON.stringify(body);
      expect(res.status, v1Shape).toBe(status);
      expect(res.body.error.type, v1Shape).toBe('invalid_request_error');
      if (code) expect(res.body.error.code, v1Shape).toBe(code);
      if (param) expect(res.body.error.param, v1Shape).toBe(param);
    }
  });
});

describe('POST /api/console/chat/completions when the model is unreachable', () => {
  let down: Harness;
  afterAll(() => down?.stop());

  it('answers 502 before a stream starts, and an error frame once it has, as /v1 does', async () => {
    down = await startHarness({
      env: {
        HDS_RATE_LIMITS: 'login-code=1000,verify-code=1000',
        OPENAI_BASE_URL: `http://127.0.0.1:${await closedPort()}/v1`,
        OPENAI_API_KEY: 'sk-test',
      },
    });
    const console_ = client(down.url, (await signIn(down, email())).access_token);
    const key = (await console_.post('/api/console/keys', { name: 'down' })).body.secret;
    await client(down.url, key).post('/v1/data', {
      user: 'olga',
      retention: 'permanent',
      records: [{ indicator: 'Glucose', value: 97, unit: 'mg/dL', time: day(0) }],
    });
    const buffered = await console_.post(PATH, ask);
    expect(buffered.status).toBe(502);
    expect(buffered.body.error.message).toMatch(/answering model failed/);
    const streamed = await console_.post(PATH, { ...ask, stream: true });
    expect(streamed.status).toBe(200);
    const frames = String(streamed.body)
      .split('\n\n')
      .filter((f) => f.startsWith('data: '));
    expect(JSON.parse(frames.at(-1)!.slice(6)).error.message).toMatch(/answering model failed/);
  });
});
