import OpenAI from 'openai';
import { zodTextFormat } from 'openai/helpers/zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { client, type Harness, startHarness } from '../support/harness';
import { startScriptedOpenAI } from '../support/scripted-openai';

/**
 * Items of stored responses, as SDKs use them: `item_reference` input items resolved against the Subject's stored
 * responses (the AI SDK sends earlier assistant turns this way), `input_items.list`, the `responses.stream()`
 * helper, and upstream failures that name no provider model.
 */

let h: Harness;
let upstream: Awaited<ReturnType<typeof startScriptedOpenAI>>;
let api: ReturnType<typeof client>;
let sdk: OpenAI;
let key: string;

beforeAll(async () => {
  upstream = await startScriptedOpenAI();
  h = await startHarness({
    env: { OPENAI_BASE_URL: upstream.url, OPENAI_API_KEY: 'sk-test', HDS_MODEL_FLASH: 'acme-secret-model-7b' },
  });
  key = (await h.newAccount()).key;
  api = client(h.url, key);
  sdk = new OpenAI({ baseURL: `${h.url}/v1`, apiKey: key, maxRetries: 0 });
  await api.post('/v1/data', {
    user: 'ivy',
    retention: 'permanent',
    records: [{ indicator: 'Glucose', value: 112, unit: 'mg/dL', time: '2026-11-15T08:00:00Z' }],
  });
});
afterAll(async () => {
  await h?.stop();
  await upstream?.stop();
});

/** The chat messages the upstream received on its latest request, as role: text. */
function lastUpstreamTurn(): string[] {
  const body = upstream.requests.at(-1)!.body as { messages: { role: string; content: string | null }[] };
  return body.messages.filter((m) => m.role !== 'system').map((m) => `${m.role}: ${m.content ?? ''}`);
}

describe('item_reference input items', () => {
  it('resolve to the stored assistant turn and user message, so a three-turn chat keeps its history', async () => {
    upstream.script({ content: 'Hello Ivy.' });
    const first = await sdk.responses.create({ model: 'hds-flash', input: 'Hi, I am Ivy.', user: 'ivy' });
    const [assistant] = first.output;
    expect(assistant).toMatchObject({ type: 'message', id: expect.stringMatching(/^msg_[0-9a-f]{36}$/) });
    const firstInput = await sdk.responses.inputItems.list(first.id, { user: 'ivy' } as never);
    const userItem = firstInput.data[0]!;
    expect(userItem).toMatchObject({
      type: 'message',
      role: 'user',
      content: [{ type: 'input_text', text: 'Hi, I am Ivy.' }],
    });

    upstream.script({ content: 'You said you are Ivy.' });
    const second = await sdk.responses.create({
      model: 'hds-flash',
      user: 'ivy',
      input: [
        { type: 'item_reference', id: userItem.id! },
        { type: 'item_reference', id: assistant!.id! },
        { role: 'user', content: 'What did I say my name was?' },
      ],
    });
    expect(lastUpstreamTurn()).toEqual([
      'user: Hi, I am Ivy.',
      'assistant: Hello Ivy.',
      'user: What did I say my name was?',
    ]);

    upstream.script({ content: 'Still Ivy.' });
    await sdk.responses.create({
      model: 'hds-flash',
      user: 'ivy',
      input: [
        { type: 'item_reference', id: userItem.id! },
        { type: 'item_reference', id: assistant!.id! },
        { role: 'user', content: 'What did I say my name was?' },
        { type: 'item_reference', id: second.output.at(-1)!.id! },
        { role: 'user', content: 'And again?' },
      ],
    });
    expect(lastUpstreamTurn()).toEqual([
      'user: Hi, I am Ivy.',
      'assistant: Hello Ivy.',
      'user: What did I say my name was?',
      'assistant: You said you are Ivy.',
      'user: And again?',
    ]);
  });

  it('an unknown, malformed or another Subject’s id is a 400 naming the reference, and nothing is stored', async () => {
    upstream.script({ content: 'Hello.' });
    const theirs = await sdk.responses.create({ model: 'hds-flash', input: 'Hi', user: 'someone-else' });
    const before = upstream.requests.length;
    for (const id of [theirs.output[0]!.id!, 'msg_0123', `msg_${'0'.repeat(36)}`]) {
      const res = await api.post('/v1/responses', {
        user: 'ivy',
        input: [
          { role: 'user', content: 'Hi' },
          { type: 'item_reference', id },
        ],
      });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'invalid_item_reference', param: 'input[1].id' });
    }
    const missing = await api.post('/v1/responses', { user: 'ivy', input: [{ type: 'item_reference' }] });
    expect(missing.body.error).toMatchObject({ param: 'input[0].id' });
    expect(upstream.requests.length).toBe(before);
  });
});

describe('GET /v1/responses/{id}/input_items', () => {
  it('lists the input items newest first by default, paged with limit and after, or oldest first', async () => {
    upstream.script({ content: 'Done.' });
    const r = await api.post('/v1/responses', {
      user: 'ivy',
      input: [
        { role: 'developer', content: 'Be brief.' },
        { role: 'user', content: 'one' },
        { role: 'assistant', content: 'two' },
        { role: 'user', content: 'three' },
      ],
    });
    expect(r.status).toBe(200);
    const page1 = await api.get(`/v1/responses/${r.body.id}/input_items?user=ivy&limit=2`);
    expect(page1.status).toBe(200);
    expect(page1.body).toMatchObject({ object: 'list', has_more: true });
    expect(page1.body.data.map((i: any) => i.content[0].text)).toEqual(['three', 'two']);
    expect(page1.body.first_id).toBe(page1.body.data[0].id);
    const page2 = await api.get(`/v1/responses/${r.body.id}/input_items?user=ivy&limit=2&after=${page1.body.last_id}`);
    expect(page2.body.data.map((i: any) => i.content[0].text)).toEqual(['one', 'Be brief.']);
    expect(page2.body.has_more).toBe(false);
    const asc = await sdk.responses.inputItems.list(r.body.id, { order: 'asc', user: 'ivy' } as never);
    expect(asc.data.map((i: any) => i.role)).toEqual(['developer', 'user', 'assistant', 'user']);
  });

  it('is 404 for another Subject or an unknown id, and refuses bad paging parameters in the envelope', async () => {
    upstream.script({ content: 'Done.' });
    const r = await api.post('/v1/responses', { user: 'ivy', input: 'x' });
    expect((await api.get(`/v1/responses/${r.body.id}/input_items?user=other`)).status).toBe(404);
    expect((await api.get(`/v1/responses/resp_${'a'.repeat(32)}/input_items?user=ivy`)).status).toBe(404);
    for (const [query, param] of [
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['order=sideways', 'order'],
      ['after=msg_nope', 'after'],
    ]) {
      const res = await api.get(`/v1/responses/${r.body.id}/input_items?user=ivy&${query}`);
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ type: 'invalid_request_error', param });
    }
  });
});

describe('openai-node responses.stream()', () => {
  it('runs to its final response through a built-in tool step, without the side-channel event it cannot parse', async () => {
    upstream.script(
      { toolCalls: [{ name: 'query_health_data', arguments: '{"indicator":"glucose"}' }] },
      { content: 'Your glucose was 112 mg/dL.' },
    );
    const stream = sdk.responses.stream({ model: 'hds-flash', input: 'my glucose?', user: 'ivy' });
    const types: string[] = [];
    for await (const event of stream) types.push(event.type);
    const final = await stream.finalResponse();
    expect(final.output_text).toBe('Your glucose was 112 mg/dL.');
    expect((final as unknown as { tool_steps: unknown[] }).tool_steps).toHaveLength(1);
    expect(types).not.toContain('response.service_tool_call');
    expect(types.at(-1)).toBe('response.completed');
  });

  it('a plain streaming request still gets response.service_tool_call', async () => {
    upstream.script(
      { toolCalls: [{ name: 'query_health_data', arguments: '{"indicator":"glucose"}' }] },
      { content: 'Yes.' },
    );
    const res = await fetch(`${h.url}/v1/responses`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ input: 'my glucose?', user: 'ivy', stream: true }),
    });
    expect(await res.text()).toContain('event: response.service_tool_call');
  });
});

describe('structured output with the X-HDS-Mode header', () => {
  it('responses.parse reaches backbone mode with only a default header, the schema passed to the upstream', async () => {
    const modelClient = new OpenAI({
      baseURL: `${h.url}/v1`,
      apiKey: key,
      maxRetries: 0,
      defaultHeaders: { 'X-HDS-Mode': 'model' },
    });
    upstream.script({ content: '{"name":"glucose","value":112,"unit":"mg/dL"}' });
    const Reading = z.object({ name: z.string(), value: z.number(), unit: z.string() });
    const parsed = await modelClient.responses.parse({
      model: 'hds-flash',
      input: 'Glucose 112 mg/dL as JSON',
      user: 'ivy',
      text: { format: zodTextFormat(Reading, 'reading') },
    });
    expect(parsed.output_parsed).toEqual({ name: 'glucose', value: 112, unit: 'mg/dL' });
    expect((parsed as unknown as { mode: string }).mode).toBe('model');
    const sent = upstream.requests.at(-1)!.body as { response_format: { json_schema: { name: string } } };
    expect(sent.response_format.json_schema.name).toBe('reading');
  });

  it('without the header or the field the spec’s 400 stands and names both ways; a bad header value is a 400', async () => {
    const format = { type: 'json_schema', name: 'r', schema: { type: 'object', properties: {} } };
    const bare = await api.post('/v1/responses', { user: 'ivy', input: 'x', text: { format } });
    expect(bare.status).toBe(400);
    expect(bare.body.error).toMatchObject({ param: 'text', message: expect.stringContaining('X-HDS-Mode: model') });
    const res = await fetch(`${h.url}/v1/responses`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'x-hds-mode': 'robot' },
      body: JSON.stringify({ user: 'ivy', input: 'x' }),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { param: string } }).error.param).toBe('mode');
  });
});

describe('upstream failures', () => {
  it('name no provider model, on either surface', async () => {
    const refusal = {
      status: 404,
      body: {
        error: {
          message: 'The model `acme-secret-model-7b` does not exist or you do not have access to it.',
          type: 'invalid_request_error',
          code: 'model_not_found',
          param: null,
        },
      },
    };
    upstream.script(refusal, refusal);
    const responses = await api.post('/v1/responses', { user: 'ivy', input: 'hello' });
    const chat = await api.post('/v1/chat/completions', { user: 'ivy', messages: [{ role: 'user', content: 'hi' }] });
    for (const res of [responses, chat]) {
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(JSON.stringify(res.body)).not.toContain('acme-secret-model-7b');
      expect(res.body.error.message).toMatch(/upstream model/i);
    }
  });
});
