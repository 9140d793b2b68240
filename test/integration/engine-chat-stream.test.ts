import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EngineFrame, engineChat, replyOf } from '../support/engine-sse';
import { client, type Harness, startHarness } from '../support/harness';
import { authorizeByForms, authorizeQuery, basic, register, tokenRequest } from '../support/oauth';
import { signIn } from '../support/sign-in';
import { postFile } from '../support/uploads';

/**
 * The self-hosted engine's chat over real HTTP with the offline engine answering: a JWT from email sign-in, a plain
 * SSE reader, the frames of gaps item 12, a session that remembers, its history, and the refusals in the envelope.
 */
let h: Harness;
let n = 0;
const email = () => `engine${++n}-${Date.now()}@example.org`;
const day = (monthsAgo: number) => new Date(Date.now() - monthsAgo * 30 * 86_400_000).toISOString();

let token: string;
let userId: number;
let other: string;
let api: ReturnType<typeof client>;
let key: string;

beforeAll(async () => {
  h = await startHarness({
    env: { HDS_RATE_LIMITS: 'login-code=1000,verify-code=1000', OPENAI_BASE_URL: '', OPENAI_API_KEY: '' },
  });
  token = (await signIn(h, email())).access_token;
  userId = Number(JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sub);
  other = (await signIn(h, email())).access_token;
  api = client(h.url, token);
  // The user's own data, written through /v1 with a key of their account: the default Subject is what /api/v1 reads.
  key = (await api.post('/api/console/keys', { name: 'engine' })).body.secret;
  const written = await client(h.url, key).post('/v1/data', {
    retention: 'permanent',
    records: [
      { indicator: 'HbA1c', value: 5.9, unit: '%', reference_range: '4.0-5.6', time: day(6) },
      { indicator: 'Hemoglobin A1c', value: 6.4, unit: '%', reference_range: '4.0-5.6', time: day(1) },
    ],
  });
  expect(written.status).toBe(200);
});
afterAll(() => h?.stop());

const types = (frames: readonly EngineFrame[]) => frames.map((f) => f.type);

describe('POST /api/v1/chat/stream', () => {
  let first: EngineFrame[];

  it('streams id, the tool step, the reply, the cost and the end, in that order', async () => {
    const answer = await engineChat(h.url, token, {
      question: 'What is my latest HbA1c?',
      agent: 'baseline',
      user_id: String(userId),
      enable_mcp: 1,
      language: 'English',
      timezone: 'Europe/Berlin',
    });
    expect(answer.status).toBe(200);
    first = answer.frames;
    const seen = types(first);
    expect(seen[0]).toBe('id');
    expect(first[0]!.content).toMatch(/^resp_[0-9a-f]{32}$/);
    expect(first[0]!.session_id).toMatch(/^ses_[0-9a-f]{32}$/);
    expect(seen.slice(-2)).toEqual(['costStatistics', 'end']);

    const title = first.find((f) => f.type === 'queryTitle')!;
    expect(title.content).toMatch(/^(Querying|Summarizing) health data$/);
    const step = first.filter((f) => f.tool_id === title.tool_id).map((f) => f.type);
    expect(step).toEqual(['queryTitle', 'queryArguments', 'queryDetail']);
    expect(() => JSON.parse(first.find((f) => f.type === 'queryArguments')!.content)).not.toThrow();
    expect(first.find((f) => f.type === 'queryDetail')!.content).toContain('6.4');
    // Every tool frame comes before the first reply frame, and the reply frames join to the answer.
    expect(seen.lastIndexOf('queryDetail')).toBeLessThan(seen.indexOf('reply'));
    expect(replyOf(first)).toContain('6.4');

    const cost = first.find((f) => f.type === 'costStatistics')!.content;
    expect(cost).toMatchObject({ model: 'hds-flash' });
    expect(cost.input_tokens).toBeGreaterThan(0);
    expect(cost.total_tokens).toBe(cost.input_tokens + cost.output_tokens);
  });

  it('continues a session: the second question sees the first, and the history lists both turns', async () => {
    const sessionId = first[0]!.session_id!;
    const second = await engineChat(h.url, token, { question: 'And how did it change?', session_id: sessionId });
    expect(types(second.frames).slice(-1)).toEqual(['end']);
    expect(second.frames[0]!.session_id).toBe(sessionId);

    const history = await api.get(`/api/v1/chat/history?session_id=${sessionId}`);
    expect(history.status).toBe(200);
    expect(history.body).toMatchObject({ success: true, code: 0, msg: 'ok' });
    const { messages } = history.body.data;
    expect(messages.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(messages[0].content).toBe('What is my latest HbA1c?');
    expect(messages[1].content).toBe(replyOf(first));
    expect(messages[2].content).toBe('And how did it change?');
    expect(messages[3].content).toBe(replyOf(second.frames));
    expect(history.body.data.has_more).toBe(false);
    const last = await api.get(`/api/v1/chat/history?session_id=${sessionId}&limit=1`);
    expect(last.body.data).toMatchObject({ has_more: true, messages: [{ role: 'assistant' }] });

    const sessions = await api.get('/api/v1/chat/history');
    expect(sessions.body.data.sessions).toEqual([
      expect.objectContaining({ session_id: sessionId, status: 'open', closed_at: null }),
    ]);
    // Another user's token reaches none of it.
    const stranger = await client(h.url, other).get(`/api/v1/chat/history?session_id=${sessionId}`);
    expect(stranger.status).toBe(404);
    expect((await client(h.url, other).get('/api/v1/chat/history')).body.data.sessions).toEqual([]);
  });

  it('streams into a session made by POST /api/v1/chat/session, and deletes it as /v1 does', async () => {
    const created = await api.post('/api/v1/chat/session', { action: 'create' });
    expect(created.status).toBe(200);
    const sessionId = created.body.data.session_id;
    expect(sessionId).toMatch(/^ses_[0-9a-f]{32}$/);
    // Nothing is stored until the session's first turn.
    expect((await api.get(`/api/v1/chat/history?session_id=${sessionId}`)).status).toBe(404);
    const answer = await engineChat(h.url, token, { question: 'What is my latest HbA1c?', session_id: sessionId });
    expect(answer.frames.at(-1)!.type).toBe('end');

    const deleted = await api.post('/api/v1/chat/session', { action: 'delete', session_id: sessionId });
    expect(deleted.status).toBe(200);
    expect(deleted.body.data).toEqual({ session_id: sessionId, deleted: 1 });
    const sessions = (await api.get('/api/v1/chat/history')).body.data.sessions;
    expect(sessions.find((s: { session_id: string }) => s.session_id === sessionId)).toMatchObject({
      status: 'closed',
    });
  });
});

describe('file_list', () => {
  it("points the agent at the user's live files, by name and key", async () => {
    const note = {
      name: 'glucose-note.txt',
      data: Buffer.from('Fasting glucose 97 mg/dL on 2026-11-02'),
      type: 'text/plain',
    };
    expect(await postFile(h.url, key, note)).toBe(200);
    const fileKey = (await client(h.url, key).get('/v1/files')).body.data[0].file_key;
    const answer = await engineChat(h.url, token, { question: 'What does my note say?', file_list: [fileKey] });
    expect(answer.frames.at(-1)!.type).toBe('end');
    const sessionId = answer.frames[0]!.session_id!;
    const asked = (await api.get(`/api/v1/chat/history?session_id=${sessionId}`)).body.data.messages[0].content;
    expect(asked).toContain('What does my note say?');
    expect(asked).toContain(`"glucose-note.txt" (file_key ${fileKey})`);
  });
});

describe('refusals answer in the envelope and store nothing', () => {
  const sessionsNow = async () => (await api.get('/api/v1/chat/history')).body.data.sessions;
  const fresh = 'ses_0123456789abcdef0123456789abcdef';

  it.each([
    ['missing question', { session_id: fresh }, 400, /question.*required/],
    ['empty question', { question: '  ', session_id: fresh }, 400, /question/],
    ['question not a string', { question: 42, session_id: fresh }, 400, /question.*string/],
    ['agent unknown', { question: 'Hi', agent: 'turbo', session_id: fresh }, 400, /agent/],
    ['file_list not an array', { question: 'Hi', file_list: 'a.pdf', session_id: fresh }, 400, /file_list/],
    ['session_id not a string', { question: 'Hi', session_id: 7 }, 400, /session_id/],
    ['another user_id', { question: 'Hi', user_id: 999_999, session_id: fresh }, 403, /user_id/],
    ['another query_user_id', { question: 'Hi', query_user_id: '999999', session_id: fresh }, 403, /query_user_id/],
    [
      'an unknown file_list key',
      { question: 'Hi', file_list: ['no/such.pdf'], session_id: fresh },
      404,
      /file_list\[0]/,
    ],
  ])('%s', async (_name, body, status, msg) => {
    const before = await sessionsNow();
    const answer = await engineChat(h.url, token, body);
    expect(answer.status).toBe(status);
    expect(answer.contentType).toMatch(/^application\/json/);
    expect(answer.json).toMatchObject({ success: false, code: -1, data: null });
    expect(answer.json.msg).toMatch(msg);
    expect(await sessionsNow()).toEqual(before);
    expect((await api.get(`/api/v1/chat/history?session_id=${fresh}`)).status).toBe(404);
  });

  it('bad JSON, no token and a bad token', async () => {
    const bad = await engineChat(h.url, token, undefined, '{"question": ');
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ success: false, code: -1, msg: expect.stringMatching(/JSON/) });
    const anonymous = await engineChat(h.url, null, { question: 'Hi' });
    expect(anonymous.status).toBe(401);
    expect(anonymous.json).toMatchObject({ success: false, code: -1, data: null });
    const forged = await engineChat(h.url, 'not-a-jwt', { question: 'Hi' });
    expect(forged.status).toBe(401);
    expect((await client(h.url).get('/api/v1/chat/history')).status).toBe(401);
  });

  it("a client's token with mcp:read only may read history but not chat or manage sessions", async () => {
    const partner = await register(h, { grant_types: ['authorization_code'], scope: 'mcp:read' });
    const redirect = partner.redirect_uris[0]!;
    const back = await authorizeByForms(
      h,
      authorizeQuery({ client_id: partner.client_id, redirect_uri: redirect, state: 's', scope: 'mcp:read' }),
      email(),
    );
    const issued = await tokenRequest(
      h,
      { grant_type: 'authorization_code', code: back.searchParams.get('code')!, redirect_uri: redirect },
      basic(partner.client_id, partner.client_secret!),
    );
    expect(issued.body.scope).toBe('mcp:read');
    const readOnly = issued.body.access_token as string;
    const chat = await engineChat(h.url, readOnly, { question: 'Hi' });
    expect(chat.status).toBe(403);
    expect(chat.json).toMatchObject({ success: false, code: -1, msg: expect.stringMatching(/mcp:write/) });
    expect((await client(h.url, readOnly).post('/api/v1/chat/session', {})).status).toBe(403);
    const history = await client(h.url, readOnly).get('/api/v1/chat/history');
    expect(history.status).toBe(200);
    expect(history.body.data).toEqual({ sessions: [], has_more: false });
  });

  it('history and session refuse what they cannot serve', async () => {
    const unknown = await api.get(`/api/v1/chat/history?session_id=${fresh}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ success: false, code: -1, msg: expect.stringMatching(/session_id/) });
    const limit = await api.get('/api/v1/chat/history?limit=0');
    expect(limit.status).toBe(400);
    expect(limit.body.msg).toMatch(/limit/);
    const action = await api.post('/api/v1/chat/session', { action: 'rename' });
    expect(action.status).toBe(400);
    expect(action.body.msg).toMatch(/action/);
    const noId = await api.post('/api/v1/chat/session', { action: 'delete' });
    expect(noId.status).toBe(400);
    expect(noId.body.msg).toMatch(/session_id/);
  });
});
