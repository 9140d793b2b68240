import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setClock } from '../../shared/clock';
import { client, type Harness, startHarness } from '../support/harness';
import { startMcpServer, type TestMcpServer } from '../support/mcp-server';
import { eventually } from '../support/polling';
import { startScriptedOpenAI } from '../support/scripted-openai';

let h: Harness;
let upstream: Awaited<ReturnType<typeof startScriptedOpenAI>>;
let api: ReturnType<typeof client>;
let sdk: OpenAI;
let key: string;
let mcp: TestMcpServer;

const weather = {
  type: 'function' as const,
  name: 'get_weather',
  description: 'Weather of a city',
  parameters: {
    type: 'object',
    properties: { city: { type: 'string' } },
    required: ['city'],
    additionalProperties: false,
  },
  strict: true,
};

beforeAll(async () => {
  upstream = await startScriptedOpenAI();
  mcp = await startMcpServer({ token: 'lab-token' });
  h = await startHarness({
    env: {
      OPENAI_BASE_URL: upstream.url,
      OPENAI_API_KEY: 'sk-test',
      HDS_MODEL_FLASH: 'upstream-mini',
      HDS_MCP_ALLOW_HOSTS: `127.0.0.1:${mcp.port}`,
      // More requests than the spec's 60 a minute run in this file; the limit has its own tests.
      HDS_RATE_LIMITS: 'create-response=600',
    },
  });
  key = (await h.newAccount()).key;
  api = client(h.url, key);
  sdk = new OpenAI({ baseURL: `${h.url}/v1`, apiKey: key, maxRetries: 0 });
  await api.post('/v1/data', {
    user: 'ann',
    retention: 'permanent',
    records: [
      { indicator: 'Glucose', value: 97, unit: 'mg/dL', time: '2026-11-02T08:00:00Z' },
      { indicator: 'Glucose', value: 112, unit: 'mg/dL', reference_range: '70-99', time: '2026-11-15T08:00:00Z' },
    ],
  });
});
afterAll(async () => {
  await h?.stop();
  await upstream?.stop();
  await mcp?.close();
});

async function rawStream(body: Record<string, unknown>) {
  const res = await fetch(`${h.url}/v1/responses`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ ...body, stream: true }),
  });
  const text = await res.text();
  const frames = text
    .split('\n\n')
    .filter((f) => f && !f.startsWith(':'))
    .map((f) => {
      const event = /^event: (.*)$/m.exec(f)?.[1];
      const data = JSON.parse(/^data: (.*)$/m.exec(f)![1]!);
      return { event, data };
    });
  return { res, text, frames };
}

describe('POST /v1/responses through the openai client', () => {
  it('answers from the Subject data with a complete response object', async () => {
    upstream.script(
      { toolCalls: [{ name: 'query_health_data', arguments: '{"indicator":"glucose"}' }] },
      { content: 'Your latest glucose is 112 mg/dL, above range.' },
    );
    const response = await sdk.responses.create({ model: 'hds-flash', input: 'My latest glucose?', user: 'ann' });
    expect(response.id).toMatch(/^resp_[0-9a-f]{32}$/);
    expect(response.object).toBe('response');
    expect(response.status).toBe('completed');
    expect(response.output_text).toBe('Your latest glucose is 112 mg/dL, above range.');
    expect(response.output.map((i) => i.type)).toEqual(['message']);
    expect(response.output[0]!.id).toMatch(/^msg_/);
    expect(response._request_id).toBeTruthy();
    for (const field of [
      'error',
      'incomplete_details',
      'instructions',
      'metadata',
      'parallel_tool_calls',
      'temperature',
      'top_p',
      'tool_choice',
      'tools',
      'text',
      'truncation',
    ]) {
      expect(response, field).toHaveProperty(field);
    }
    expect(response.usage).toMatchObject({
      input_tokens: expect.any(Number),
      output_tokens: expect.any(Number),
      total_tokens: expect.any(Number),
      input_tokens_details: { cached_tokens: 0, system_tokens: expect.any(Number) },
      output_tokens_details: { reasoning_tokens: 0 },
    });
    const extra = response as any;
    expect(extra.tool_steps).toHaveLength(1);
    expect(extra.tool_steps[0].name).toBe('query_health_data');
    expect(extra.health_records[0].tool).toBe('query_health_data');
    expect(extra.health_records[0].data.records[0].parsed_value).toBe(112);
    expect(extra.citations).toEqual([]);
  });

  it('streams response.* events in order with sequence numbers from 0, and stores the streamed response', async () => {
    upstream.script(
      {
        reasoning: 'Checking glucose.',
        toolCalls: [{ name: 'query_health_data', arguments: '{"indicator":"glucose"}' }],
      },
      { content: 'Glucose is 112 mg/dL.' },
    );
    const { res, frames } = await rawStream({ input: 'glucose?', user: 'ann' });
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    frames.forEach((f, i) => {
      expect(f.data.sequence_number).toBe(i);
      expect(f.event).toBe(f.data.type);
    });
    const types = frames.map((f) => f.data.type);
    expect(types.slice(0, 2)).toEqual(['response.created', 'response.in_progress']);
    expect(types.at(-1)).toBe('response.completed');
    expect(types).toContain('response.service_tool_call');
    const core = types.filter((t) => t !== 'response.service_tool_call');
    expect(core).toEqual([
      'response.created',
      'response.in_progress',
      'response.output_item.added',
      'response.reasoning_summary_part.added',
      ...types.filter((t) => t === 'response.reasoning_summary_text.delta'),
      'response.reasoning_summary_text.done',
      'response.reasoning_summary_part.done',
      'response.output_item.done',
      'response.output_item.added',
      'response.content_part.added',
      ...types.filter((t) => t === 'response.output_text.delta'),
      'response.output_text.done',
      'response.content_part.done',
      'response.output_item.done',
      'response.completed',
    ]);
    const service = frames.find((f) => f.data.type === 'response.service_tool_call')!.data;
    expect(service).toMatchObject({ name: 'query_health_data', arguments: { indicator: 'glucose' } });
    expect(service.result).toContain('112');
    const completed = frames.at(-1)!.data.response;
    expect(completed.output.map((i: any) => i.type)).toEqual(['reasoning', 'message']);
    expect(completed.output[1].content[0].text).toBe('Glucose is 112 mg/dL.');
    const stored = await sdk.responses.retrieve(completed.id, { user: 'ann' } as any);
    expect(stored.output_text).toBe('Glucose is 112 mg/dL.');
  });

  it('finishes the responses.stream() helper, which announces itself and so gets no side channel, opt-out or not', async () => {
    // openai 7.x's responses.stream() throws on any event type it does not know; it sends x-stainless-helper-method.
    upstream.script(
      { toolCalls: [{ name: 'query_health_data', arguments: '{}' }] },
      { content: 'Two glucose readings.' },
    );
    const plain = (await sdk.responses
      .stream({ model: 'hds-flash', input: 'glucose?', user: 'ann' })
      .finalResponse()) as any;
    expect(plain.output_text).toBe('Two glucose readings.');
    upstream.script(
      { toolCalls: [{ name: 'query_health_data', arguments: '{}' }] },
      { content: 'Two glucose readings.' },
    );
    const stream = sdk.responses.stream({
      model: 'hds-flash',
      input: 'glucose?',
      user: 'ann',
      stream_options: { service_tool_calls: false },
    } as any);
    const final = (await stream.finalResponse()) as any;
    expect(final.output_text).toBe('Two glucose readings.');
    expect(final.tool_steps).toHaveLength(1);
  });

  it('hands off a client tool call, then resumes once from the stored response', async () => {
    upstream.script({ toolCalls: [{ name: 'get_weather', arguments: '{"city":"Oslo"}' }] });
    const handoff = await sdk.responses.create({
      model: 'hds-flash',
      input: 'Weather in Oslo?',
      tools: [weather],
      user: 'ann',
    });
    expect(handoff.status).toBe('completed');
    expect(handoff.output_text).toBe('');
    const call = handoff.output.find((i) => i.type === 'function_call') as any;
    expect(call).toMatchObject({ name: 'get_weather', arguments: '{"city":"Oslo"}', status: 'completed' });
    expect(call.id).toMatch(/^fc_/);
    expect(call.call_id).toBeTruthy();

    upstream.script({ content: 'It is 3 °C in Oslo.' });
    const resumed = await sdk.responses.create({
      model: 'hds-flash',
      previous_response_id: handoff.id,
      input: [{ type: 'function_call_output', call_id: call.call_id, output: '3 °C, cloudy' }],
      user: 'ann',
    });
    expect(resumed.output_text).toBe('It is 3 °C in Oslo.');
    const sent = upstream.requests.at(-1)!.body.messages as any[];
    expect(sent.at(-1)).toMatchObject({ role: 'tool', tool_call_id: call.call_id, content: '3 °C, cloudy' });
    expect(sent.some((m) => m.role === 'user' && m.content === 'Weather in Oslo?')).toBe(true);

    const again = await sdk.responses
      .create({
        model: 'hds-flash',
        previous_response_id: handoff.id,
        input: [{ type: 'function_call_output', call_id: call.call_id, output: 'again' }],
        user: 'ann',
      })
      .catch((e) => e);
    expect(again).toBeInstanceOf(OpenAI.BadRequestError);
    expect(again.message).toContain('previous response has no pending function calls');
  });

  it('refuses every continuation error of the spec with its message', async () => {
    upstream.script({
      toolCalls: [
        { name: 'get_weather', arguments: '{"city":"Oslo"}' },
        { name: 'get_weather', arguments: '{"city":"Rome"}' },
      ],
    });
    const handoff = await sdk.responses.create({
      model: 'hds-flash',
      input: 'Oslo and Rome?',
      tools: [weather],
      user: 'ann',
    });
    const calls = handoff.output.filter((i) => i.type === 'function_call') as any[];
    expect(calls).toHaveLength(2);
    const attempt = (input: any[], previous: string | undefined = handoff.id) =>
      sdk.responses
        .create({ model: 'hds-flash', previous_response_id: previous, input, user: 'ann' } as any)
        .catch((e) => e);
    const out = (callId: string) => ({ type: 'function_call_output', call_id: callId, output: 'x' });

    expect((await attempt([{ role: 'user', content: 'hello' }])).message).toContain(
      'previous response has pending function call(s)',
    );
    expect((await attempt([out(calls[0].call_id), { role: 'user', content: 'hi' }])).message).toContain(
      'cannot mix message items with function_call_output when resuming via previous_response_id',
    );
    expect((await attempt([out(calls[0].call_id), out('call_nope')])).message).toContain(
      'unknown call_id(s): call_nope',
    );
    expect((await attempt([out(calls[0].call_id)])).message).toContain(
      `missing function_call_output for call_id(s): ${calls[1].call_id}`,
    );
    const stateless = await sdk.responses
      .create({ model: 'hds-flash', input: [out('call_zzz')] as any, store: false })
      .catch((e) => e);
    expect(stateless.message).toContain('function_call_output without matching function_call items');
    upstream.script({ content: 'Noted.' });
    const answered = await sdk.responses.create({ model: 'hds-flash', input: 'plain', user: 'ann' });
    expect((await attempt([out('call_1')], answered.id)).message).toContain(
      'previous response has no pending function calls',
    );
  });

  it('continues a stateless replay with the full transcript and store: false', async () => {
    upstream.script({ content: 'Oslo is cold today.' });
    const response = await sdk.responses.create({
      model: 'hds-flash',
      store: false,
      tools: [weather],
      input: [
        { role: 'user', content: 'Weather in Oslo?' },
        {
          type: 'function_call',
          call_id: 'call_abc',
          name: 'get_weather',
          arguments: '{"city":"Oslo"}',
          id: 'fc_1',
          status: 'completed',
        },
        { type: 'function_call_output', call_id: 'call_abc', output: [{ type: 'input_text', text: '3 °C' }] },
      ] as any,
    });
    expect(response.output_text).toBe('Oslo is cold today.');
    const sent = upstream.requests.at(-1)!.body.messages as any[];
    expect(sent.at(-2)).toMatchObject({
      role: 'assistant',
      tool_calls: [{ id: 'call_abc', function: { name: 'get_weather' } }],
    });
    expect(sent.at(-1)).toMatchObject({ role: 'tool', tool_call_id: 'call_abc', content: '3 °C' });
    const missing = await sdk.responses.retrieve(response.id).catch((e) => e);
    expect(missing).toBeInstanceOf(OpenAI.NotFoundError);
  });

  it('retrieves and deletes a stored response; a deleted or unknown one is NotFoundError everywhere', async () => {
    upstream.script({ content: 'Stored.' });
    const response = await sdk.responses.create({ model: 'hds-flash', input: 'store me', user: 'ann' });
    const again = await sdk.responses.retrieve(response.id, { user: 'ann' } as any);
    expect(again.id).toBe(response.id);
    const other = await api.get(`/v1/responses/${response.id}?user=bob`);
    expect(other.status).toBe(404);
    const deleted = await api.delete(`/v1/responses/${response.id}?user=ann`);
    expect(deleted.body).toEqual({ id: response.id, object: 'response.deleted', deleted: true });
    expect(await sdk.responses.retrieve(response.id, { user: 'ann' } as any).catch((e) => e)).toBeInstanceOf(
      OpenAI.NotFoundError,
    );
    expect((await api.delete(`/v1/responses/${response.id}?user=ann`)).status).toBe(404);
    const chained = await sdk.responses
      .create({ model: 'hds-flash', input: 'more', previous_response_id: response.id, user: 'ann' })
      .catch((e) => e);
    expect(chained).toBeInstanceOf(OpenAI.NotFoundError);
    expect(chained.param).toBe('previous_response_id');
  });

  it('expires an unbound stored response after 30 days; a session-bound one stays, through a session delete', async () => {
    upstream.script({ content: 'A.' }, { content: 'B.' });
    const plain = await sdk.responses.create({ model: 'hds-flash', input: 'a', user: 'cy' });
    const bound = await sdk.responses.create({
      model: 'hds-flash',
      input: 'b',
      user: 'cy',
      session_id: 'sess-cy-1',
    } as any);
    expect((await api.delete('/v1/sessions/sess-cy-1?user=cy')).status).toBe(200);
    const restore = setClock(() => Date.now() + 31 * 24 * 3600_000);
    try {
      expect((await api.get(`/v1/responses/${plain.id}?user=cy`)).status).toBe(404);
      expect((await api.get(`/v1/responses/${bound.id}?user=cy`)).status).toBe(200);
    } finally {
      restore();
    }
  });

  it('continues a session conversation without previous_response_id', async () => {
    upstream.script({ content: 'Noted: you walked 5 km.' }, { content: 'You said you walked 5 km.' });
    await sdk.responses.create({
      model: 'hds-flash',
      input: 'I walked 5 km today',
      user: 'dee',
      session_id: 'sess-dee',
    } as any);
    await sdk.responses.create({
      model: 'hds-flash',
      input: 'What did I say?',
      user: 'dee',
      session_id: 'sess-dee',
    } as any);
    const sent = upstream.requests.at(-1)!.body.messages as any[];
    expect(sent.some((m) => m.role === 'user' && m.content === 'I walked 5 km today')).toBe(true);
    expect(sent.some((m) => m.role === 'assistant' && m.content === 'Noted: you walked 5 km.')).toBe(true);
  });

  it('makes everything of an erased Subject unreadable at once', async () => {
    upstream.script({ content: 'Bye.' });
    const response = await sdk.responses.create({ model: 'hds-flash', input: 'x', user: 'erin' });
    const erased = await api.delete('/v1/subjects/erin');
    expect(erased.body.deleted.conversations).toBe(1);
    expect((await api.get(`/v1/responses/${response.id}?user=erin`)).status).toBe(404);
  });

  it('raises APIError for an upstream failure mid-stream, after an error event and response.failed', async () => {
    upstream.script({ content: 'Your gl', failMidStream: { message: 'upstream exploded' } });
    const { frames } = await rawStream({ input: 'glucose?', user: 'ann' });
    const types = frames.map((f) => f.data.type);
    expect(types.slice(-2)).toEqual(['error', 'response.failed']);
    expect(frames.at(-2)!.data.error.message).toContain('model');
    upstream.script({ content: 'Your gl', failMidStream: { message: 'upstream exploded' } });
    const stream = await sdk.responses.create({ model: 'hds-flash', input: 'glucose?', stream: true });
    const err = await (async () => {
      for await (const _ of stream) {
      }
    })().catch((e) => e);
    expect(err).toBeInstanceOf(OpenAI.APIError);
  });

  it.each([
    ['too many tools', { tools: Array.from({ length: 65 }, (_, i) => ({ ...weather, name: `t${i}` })) }, 'tools', null],
    ['a bad tool name', { tools: [{ ...weather, name: 'bad name' }] }, 'tools[0].name', null],
    ['a duplicate tool name', { tools: [weather, weather] }, 'tools[1].name', null],
    ['a built-in name', { tools: [{ ...weather, name: 'query_health_data' }] }, 'tools[0].name', null],
    [
      'parameters that are not an object schema',
      { tools: [{ ...weather, parameters: { type: 'string' } }] },
      'tools[0].parameters',
      null,
    ],
    [
      'tool_choice required in agent mode',
      { tools: [weather], tool_choice: 'required' },
      'tool_choice',
      'unsupported_parameter',
    ],
    ['text.format outside model mode', { text: { format: { type: 'json_object' } } }, 'text', 'unsupported_parameter'],
    ['a model that is not a string', { model: 42 }, 'model', null],
    ['an unknown model under strict validation', { model: 'gpt-5', strict: true }, 'model', null],
    [
      'mode model with previous_response_id',
      { mode: 'model', previous_response_id: 'resp_x' },
      'previous_response_id',
      'unsupported_parameter',
    ],
    ['an unknown builtin tool', { builtin_tools: ['nope'] }, 'builtin_tools[0]', 'invalid_value'],
    [
      'ask_user, disabled on /v1',
      { builtin_tools: ['query_health_data', 'ask_user'] },
      'builtin_tools[1]',
      'invalid_value',
    ],
    ['a planning harness tool', { builtin_tools: ['write_todos'] }, 'builtin_tools[0]', 'invalid_value'],
  ])('refuses %s with a 400 naming the field', async (_name, extra, param, code) => {
    const err = await sdk.responses.create({ model: 'hds-flash', input: 'x', ...(extra as any) }).catch((e) => e);
    expect(err).toBeInstanceOf(OpenAI.BadRequestError);
    expect(err.param).toBe(param);
    if (code) expect(err.code).toBe(code);
  });

  it('serves an SDK default model name with the default tier', async () => {
    upstream.script({ content: 'ok' });
    const response = await sdk.responses.create({ model: 'gpt-5.6-luna', input: 'hi' });
    expect(response.model).toBe('hds-flash');
    expect(upstream.requests.at(-1)!.body.model).toBe('upstream-mini');
  });

  it('accepts the fields SDKs send unasked', async () => {
    upstream.script({ content: 'ok' });
    const response = await sdk.responses.create({
      model: 'hds-flash',
      input: [
        {
          type: 'message',
          role: 'user',
          content: [{ type: 'input_text', text: 'hi' }],
          id: 'msg_in',
          status: 'completed',
        },
      ] as any,
      include: [],
      parallel_tool_calls: true,
      truncation: 'auto',
      reasoning: { effort: 'low' },
      temperature: 0.3,
      max_output_tokens: 100,
      prompt_cache_key: 'k',
      metadata: { app: 'test' },
    });
    expect(response.output_text).toBe('ok');
    expect(response.temperature).toBe(0.3);
    expect(response.metadata).toEqual({ app: 'test' });
  });

  it('turns built-in tools off with builtin_tools: none', async () => {
    upstream.script({ content: 'No tools.' });
    await sdk.responses.create({ model: 'hds-flash', input: 'x', builtin_tools: 'none' } as any);
    expect(upstream.requests.at(-1)!.body.tools).toBeUndefined();
  });
});

describe('more of the Agent API', () => {
  it('streams a handoff as output_item.added, arguments delta and done, output_item.done, then completed', async () => {
    upstream.script({ toolCalls: [{ name: 'get_weather', arguments: '{"city":"Oslo"}' }] });
    const { frames } = await rawStream({ input: 'Weather in Oslo?', tools: [weather], store: false });
    const types = frames.map((f) => f.data.type);
    expect(types).toEqual([
      'response.created',
      'response.in_progress',
      'response.output_item.added',
      'response.function_call_arguments.delta',
      'response.function_call_arguments.done',
      'response.output_item.done',
      'response.completed',
    ]);
    const added = frames[2]!.data;
    expect(added.item).toMatchObject({
      type: 'function_call',
      status: 'in_progress',
      arguments: '',
      name: 'get_weather',
    });
    expect(frames[4]!.data.arguments).toBe('{"city":"Oslo"}');
    expect(frames[5]!.data.item.id).toBe(added.item.id);
    expect(frames[6]!.data.response.output_text).toBe('');
  });

  it('finishes responses.stream() on a handoff', async () => {
    upstream.script({ toolCalls: [{ name: 'get_weather', arguments: '{"city":"Rome"}' }] });
    const final = await sdk.responses
      .stream({ model: 'hds-flash', input: 'Rome?', tools: [weather], store: false })
      .finalResponse();
    expect(final.output.map((i) => i.type)).toEqual(['function_call']);
  });

  it('runs remote MCP tools server-side and never echoes their credentials', async () => {
    upstream.script(
      { toolCalls: [{ name: 'mcp__labs__echo', arguments: '{"text":"ping"}' }] },
      { content: 'The lab said ping.' },
    );
    const response = (await sdk.responses.create({
      model: 'hds-flash',
      input: 'Ask the lab',
      tools: [
        {
          type: 'mcp',
          server_label: 'labs',
          server_url: mcp.url,
          authorization: 'lab-token',
          require_approval: 'never',
        },
      ],
    } as any)) as any;
    expect(response.output_text).toBe('The lab said ping.');
    expect(response.output.map((i: any) => i.type)).toEqual(['message']);
    expect(response.tool_steps[0]).toMatchObject({ name: 'mcp__labs__echo', arguments: { text: 'ping' } });
    expect(response.tool_steps[0].result).toContain('echo: ping');
    expect(mcp.authorizations).toContain('Bearer lab-token');
    expect(JSON.stringify(response.tools)).not.toContain('lab-token');
    const stored = await api.get(`/v1/responses/${response.id}`);
    expect(JSON.stringify(stored.body)).not.toContain('lab-token');
  });

  it('refuses an MCP entry that asks for approvals or names a private host', async () => {
    const always = await sdk.responses
      .create({
        model: 'hds-flash',
        input: 'x',
        tools: [{ type: 'mcp', server_label: 'l', server_url: mcp.url, require_approval: 'always' }],
      } as any)
      .catch((e) => e);
    expect(always.code).toBe('unsupported_parameter');
    const lan = await sdk.responses
      .create({
        model: 'hds-flash',
        input: 'x',
        tools: [{ type: 'mcp', server_label: 'l', server_url: 'http://192.168.1.10/mcp' }],
      } as any)
      .catch((e) => e);
    expect(lan).toBeInstanceOf(OpenAI.BadRequestError);
    expect(lan.message).toContain('non-public address');
    expect(lan.param).toBe('tools[0].server_url');
  });

  it('keeps client tools out of a turn with tool_choice none, and built-ins in', async () => {
    upstream.script({ content: 'No client tools this time.' });
    await sdk.responses.create({ model: 'hds-flash', input: 'x', tools: [weather], tool_choice: 'none' });
    const offered = upstream.requests.at(-1)!.body.tools.map((t: any) => t.function.name);
    expect(offered).not.toContain('get_weather');
    expect(offered).toContain('query_health_data');
  });

  it('stores a model-mode response, which cannot be continued by id', async () => {
    upstream.script({ content: '{"ok":true}' });
    const response = await sdk.responses.create({
      model: 'hds-flash',
      mode: 'model',
      input: 'json please',
      text: { format: { type: 'json_object' } },
    } as any);
    expect((await api.get(`/v1/responses/${response.id}`)).status).toBe(200);
    const next = await sdk.responses
      .create({ model: 'hds-flash', input: 'more', previous_response_id: response.id })
      .catch((e) => e);
    expect(next).toBeInstanceOf(OpenAI.BadRequestError);
    expect(next.message).toContain('replay the transcript');
  });

  it('refuses unknown fields only under strict validation', async () => {
    upstream.script({ content: 'fine' });
    expect((await api.post('/v1/responses', { input: 'x', frobnicate: 1 })).status).toBe(200);
    const strict = await api.post('/v1/responses', { input: 'x', frobnicate: 1 }, { 'x-hds-strict': '1' });
    expect(strict.status).toBe(400);
    expect(strict.body.error).toMatchObject({ code: 'unsupported_parameter', param: 'frobnicate' });
  });
});

describe('failures part-way', () => {
  it('keeps a handoff resumable when storing the resumed turn fails', async () => {
    upstream.script({ toolCalls: [{ name: 'get_weather', arguments: '{"city":"Oslo"}' }] });
    const handoff = await sdk.responses.create({ model: 'hds-flash', input: 'Oslo?', tools: [weather], user: 'ann' });
    const call = handoff.output.find((i) => i.type === 'function_call') as any;
    const store = h.runtime.services.conversations;
    const put = store.put.bind(store);
    let failures = 1;
    store.put = async (r) => {
      if (failures-- > 0) throw new Error('storage hiccup');
      return put(r);
    };
    try {
      const resume = () =>
        sdk.responses.create({
          model: 'hds-flash',
          previous_response_id: handoff.id,
          input: [{ type: 'function_call_output', call_id: call.call_id, output: '3 C' }],
          user: 'ann',
        });
      upstream.script({ content: 'It is 3 C.' }, { content: 'It is 3 C.' });
      expect((await resume().catch((e) => e)).status).toBe(500);
      expect((await resume()).output_text).toBe('It is 3 C.');
    } finally {
      store.put = put;
    }
  });

  it('cancels a running remote tool at once when the client goes away mid-stream', async () => {
    upstream.script({ toolCalls: [{ name: 'mcp__labs__slow', arguments: '{"ms":20000}' }] });
    const before = mcp.cancelled;
    const slowCalls = () => mcp.calls.filter((c) => c.name === 'slow').length;
    const slowBefore = slowCalls();
    const abort = new AbortController();
    const res = await fetch(`${h.url}/v1/responses`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        input: 'run slow',
        stream: true,
        tools: [{ type: 'mcp', server_label: 'labs', server_url: mcp.url, authorization: 'lab-token' }],
      }),
      signal: abort.signal,
    });
    const reader = res.body!.getReader();
    await reader.read();
    // The client leaves while the remote tool is running.
    await eventually(() => slowCalls() > slowBefore, { timeoutMs: 5_000, what: 'the slow tool running' });
    expect(mcp.cancelled).toBe(before);
    abort.abort();
    await expect.poll(() => mcp.cancelled - before, { timeout: 3000, interval: 100 }).toBeGreaterThan(0);
    await expect.poll(() => mcp.openSessions(), { timeout: 3000, interval: 100 }).toBe(0);
  });

  it('refuses a text.format schema or tool parameters that are not valid JSON Schema, before any model call', async () => {
    const before = upstream.requests.length;
    const bad = await sdk.responses
      .create({
        model: 'hds-flash',
        mode: 'model',
        input: 'x',
        text: {
          format: { type: 'json_schema', name: 'x', schema: { type: 'object', properties: { a: { type: 'nope' } } } },
        },
      } as any)
      .catch((e) => e);
    expect(bad).toBeInstanceOf(OpenAI.BadRequestError);
    expect(bad.param).toBe('text.format.schema');
    const tool = await sdk.responses
      .create({
        model: 'hds-flash',
        input: 'x',
        tools: [{ ...weather, parameters: { type: 'object', required: 'city' } }],
      } as any)
      .catch((e) => e);
    expect(tool.param).toBe('tools[0].parameters');
    expect(upstream.requests.length).toBe(before);
  });

  it('passes an upstream rate limit on as 429 with Retry-After, and a refused backbone request as 400', async () => {
    const limited = {
      status: 429,
      body: { error: { message: 'slow down', type: 'rate_limit_error' } },
      headers: { 'retry-after-ms': '5' },
    };
    upstream.script(limited, limited, limited);
    const res = await api.post('/v1/responses', { input: 'x' });
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBeTruthy();
    upstream.script({
      status: 400,
      body: { error: { message: 'tools[0].parameters: unsupported keyword', type: 'invalid_request_error' } },
    });
    const refused = await api.post('/v1/responses', { input: 'x', mode: 'model', tools: [weather] });
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe('upstream_rejected');
  });
});

describe('backbone mode (mode: "model")', () => {
  const schema = {
    type: 'object',
    properties: { mood: { type: 'string' }, score: { type: 'integer' } },
    required: ['mood', 'score'],
    additionalProperties: false,
  };

  it('returns schema-valid JSON from the plain model, with no built-in tools', async () => {
    upstream.script({ content: '{"mood":"good","score":7}' });
    const response = await sdk.responses.create({
      model: 'hds-flash',
      mode: 'model',
      instructions: 'Rate the mood.',
      input: 'I feel great',
      text: { format: { type: 'json_schema', name: 'mood', schema, strict: true } },
    } as any);
    expect(JSON.parse(response.output_text)).toEqual({ mood: 'good', score: 7 });
    const sent = upstream.requests.at(-1)!.body;
    expect(sent.tools).toBeUndefined();
    expect(sent.response_format).toMatchObject({ type: 'json_schema', json_schema: { name: 'mood', strict: true } });
    expect(sent.messages[0]).toEqual({ role: 'system', content: 'Rate the mood.' });
  });

  it('retries once as json_object with the schema injected when the provider refuses schemas, and validates', async () => {
    upstream.script(
      {
        status: 400,
        body: { error: { message: 'response_format json_schema is not supported', type: 'invalid_request_error' } },
      },
      { content: '{"mood":"ok","score":5}' },
    );
    const response = await sdk.responses.create({
      model: 'hds-flash',
      mode: 'model',
      input: 'meh',
      text: { format: { type: 'json_schema', name: 'mood', schema, strict: true } },
    } as any);
    expect(JSON.parse(response.output_text)).toEqual({ mood: 'ok', score: 5 });
    expect(upstream.requests.at(-1)!.body.response_format).toEqual({ type: 'json_object' });
  });

  it('answers 502 when the model output breaks the schema', async () => {
    upstream.script({ content: '{"mood":"ok"}' });
    const err = await sdk.responses
      .create({
        model: 'hds-flash',
        mode: 'model',
        input: 'meh',
        text: { format: { type: 'json_schema', name: 'mood', schema, strict: true } },
      } as any)
      .catch((e) => e);
    expect(err.status).toBe(502);
  });
});
