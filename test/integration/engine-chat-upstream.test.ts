import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineChat, replyOf } from '../support/engine-sse';
import { client, type Harness, startHarness } from '../support/harness';
import { type ScriptedOpenAI, startScriptedOpenAI } from '../support/scripted-openai';
import { signIn } from '../support/sign-in';

/**
 * The engine's chat stream with a scripted upstream model (a real local server speaking the OpenAI protocol): the
 * model's thinking as `thinking` frames, its usage in `costStatistics`, the stored session handed back to the model
 * on the next question, and an upstream failure told as a last `error` frame with nothing stored.
 */
let h: Harness;
let upstream: ScriptedOpenAI;
let token: string;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  upstream = await startScriptedOpenAI();
  h = await startHarness({ env: { OPENAI_BASE_URL: upstream.url, OPENAI_API_KEY: 'sk-test' } });
  token = (await signIn(h, `upstream-${Date.now()}@example.org`)).access_token;
  api = client(h.url, token);
});
afterAll(async () => {
  await h?.stop();
  await upstream?.stop();
});

/** The text of the user and assistant messages the upstream model was sent. */
const sentTo = (request: { body: any }) =>
  (request.body.messages as { role: string; content: unknown }[])
    .filter((m) => m.role === 'user' || m.role === 'assistant')
    .map((m) => `${m.role}: ${typeof m.content === 'string' ? m.content : JSON.stringify(m.content)}`);

describe('POST /api/v1/chat/stream with an upstream model', () => {
  it('streams thinking, the reply and the upstream usage; the next question in the session carries the first', async () => {
    upstream.script({
      reasoning: 'The person asks for a greeting.',
      content: 'Hello! How can I help with your health data today?',
      usage: { prompt_tokens: 321, completion_tokens: 12, total_tokens: 333 },
    });
    const first = await engineChat(h.url, token, { question: 'Say hello', agent: 'deep' });
    const types = first.frames.map((f) => f.type);
    expect(types[0]).toBe('id');
    expect(types).toContain('thinking');
    expect(
      first.frames
        .filter((f) => f.type === 'thinking')
        .map((f) => f.content)
        .join(''),
    ).toBe('The person asks for a greeting.');
    expect(types.indexOf('thinking')).toBeLessThan(types.indexOf('reply'));
    expect(replyOf(first.frames)).toBe('Hello! How can I help with your health data today?');
    expect(types.slice(-2)).toEqual(['costStatistics', 'end']);
    const cost = first.frames.at(-2)!.content;
    expect(cost).toMatchObject({ output_tokens: 12, model: 'hds-expert' });
    expect(cost.total_tokens).toBe(cost.input_tokens + 12);

    upstream.script({ content: 'You asked me to say hello.' });
    const sessionId = first.frames[0]!.session_id!;
    const second = await engineChat(h.url, token, {
      question: 'What did I ask?',
      session_id: sessionId,
      language: 'German',
      timezone: 'Europe/Berlin',
    });
    expect(second.frames.at(-1)!.type).toBe('end');
    expect(sentTo(upstream.requests.at(-1)!)).toEqual([
      'user: Say hello',
      'assistant: Hello! How can I help with your health data today?',
      'user: What did I ask?',
    ]);
    // `language` and `timezone` reach the model as the caller's instructions.
    const system = upstream.requests.at(-1)!.body.messages[0].content as string;
    expect(system).toContain('Answer in German.');
    expect(system).toContain("The user's time zone is Europe/Berlin.");
  });

  it('ends with an error frame when the upstream fails, and stores nothing', async () => {
    const failing = { status: 500, body: { error: { message: 'boom', type: 'server_error' } } };
    upstream.script(failing, failing, failing, failing);
    const sessionId = 'ses_feedfacefeedfacefeedfacefeedface';
    const answer = await engineChat(h.url, token, { question: 'Say hello', session_id: sessionId });
    expect(answer.status).toBe(200);
    const last = answer.frames.at(-1)!;
    expect(last.type).toBe('error');
    expect(last.content).toMatch(/model/);
    expect(answer.frames.map((f) => f.type)).not.toContain('end');
    expect((await api.get(`/api/v1/chat/history?session_id=${sessionId}`)).status).toBe(404);

    upstream.script({ content: 'Your gl', failMidStream: { message: 'upstream exploded' } });
    const mid = await engineChat(h.url, token, { question: 'glucose?', session_id: sessionId });
    expect(mid.frames.at(-1)).toMatchObject({ type: 'error' });
    expect((await api.get(`/api/v1/chat/history?session_id=${sessionId}`)).status).toBe(404);
  });
});
