import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setClock } from '../../shared/clock';
import { client, type Harness, startHarness } from '../support/harness';
import { startMcpServer, type TestMcpServer } from '../support/mcp-server';
import { startScriptedOpenAI } from '../support/scripted-openai';

let h: Harness;
let upstream: Awaited<ReturnType<typeof startScriptedOpenAI>>;
let api: ReturnType<typeof client>;
let sdk: OpenAI;
let accountId: string;
let mcp: TestMcpServer;

const LDL = [
  { value: 162, time: '2026-01-15T08:00:00Z' },
  { value: 148, time: '2026-05-10T08:00:00Z' },
  { value: 131, time: '2026-10-02T08:00:00Z' },
];

beforeAll(async () => {
  upstream = await startScriptedOpenAI();
  mcp = await startMcpServer({ token: 'tok-123' });
  h = await startHarness({
    env: {
      OPENAI_BASE_URL: upstream.url,
      OPENAI_API_KEY: 'sk-test',
      HDS_MODEL_FLASH: 'upstream-mini',
      HDS_MCP_ALLOW_HOSTS: `127.0.0.1:${mcp.port}`,
    },
  });
  const account = await h.newAccount();
  const key = account.key;
  accountId = account.accountId;
  api = client(h.url, key);
  // The SDK's own retries would hide how many times HDS answered; every case below counts requests itself.
  sdk = new OpenAI({ baseURL: `${h.url}/v1`, apiKey: key, maxRetries: 0 });
  const seeded = await api.post('/v1/data', {
    user: 'Ann',
    retention: 'permanent',
    records: [
      ...LDL.map((r) => ({ indicator: 'LDL cholesterol', value: r.value, unit: 'mg/dL', time: r.time })),
      { indicator: 'Glucose', value: 97, unit: 'mg/dL', time: '2026-10-02T08:00:00Z' },
    ],
  });
  expect(seeded.status).toBe(200);
  await api.post('/v1/data', {
    user: 'bob',
    retention: 'permanent',
    records: [{ indicator: 'LDL cholesterol', value: 201, unit: 'mg/dL', time: '2026-09-01T08:00:00Z' }],
  });
});
afterAll(async () => {
  await h?.stop();
  await upstream?.stop();
  await mcp?.close();
});

const ask = (content: string) => [
  { role: 'system' as const, content: 'Answer in one short paragraph.' },
  { role: 'user' as const, content },
];

function toolResult(request: { body: any }, name: string): string {
  const messages = request.body.messages as any[];
  const assistant = messages.find(
    (m) => m.role === 'assistant' && m.tool_calls?.some((c: any) => c.function.name === name),
  );
  const id = assistant.tool_calls.find((c: any) => c.function.name === name).id;
  return messages.find((m) => m.role === 'tool' && m.tool_call_id === id).content;
}

describe('POST /v1/chat/completions with an upstream model, through the openai client', () => {
  it('runs the tool the model calls on the Subject own records and returns one grounded answer', async () => {
    const before = upstream.requests.length;
    upstream.script(
      { toolCalls: [{ name: 'query_health_data', arguments: JSON.stringify({ indicator: 'LDL' }) }] },
      { content: 'Your LDL fell from 162 to 131 mg/dL this year.' },
    );
    const completion = await sdk.chat.completions.create({
      model: 'hds-flash',
      messages: ask('What happened to my LDL this year?'),
      user: 'ann',
      include_tool_steps: true,
    } as any);
    expect(completion.object).toBe('chat.completion');
    expect(completion.choices).toHaveLength(1);
    const message = completion.choices[0]!.message as any;
    expect(message.content).toBe('Your LDL fell from 162 to 131 mg/dL this year.');
    expect(completion.choices[0]!.finish_reason).toBe('stop');
    expect(message.tool_steps).toHaveLength(1);
    expect(message.tool_steps[0]).toMatchObject({ name: 'query_health_data', arguments: { indicator: 'LDL' } });
    const result = JSON.parse(message.tool_steps[0].result);
    expect(result.records.map((r: any) => r.parsed_value)).toEqual([131, 148, 162]);
    expect((completion as any).health_records).toEqual([]);
    expect((completion as any).citations).toEqual([]);

    const [first, second] = upstream.requests.slice(before);
    expect(first!.body.model).toBe('upstream-mini');
    expect(first!.body.messages[0].role).toBe('system');
    expect(first!.body.messages[0].content).toContain('<style>\nAnswer in one short paragraph.\n</style>');
    expect(first!.body.tools.map((t: any) => t.function.name)).toContain('query_health_data');
    // The model read Ann's readings and nothing of Bob's.
    const fed = toolResult(second!, 'query_health_data');
    expect(fed).toContain('162');
    expect(fed).not.toContain('201');
  });

  it('counts only the caller input as prompt tokens; platform overhead goes to system_tokens, summed over calls', async () => {
    upstream.script(
      {
        toolCalls: [{ name: 'summarize_health_data', arguments: '{"indicator":"LDL"}' }],
        usage: { prompt_tokens: 900, completion_tokens: 20, total_tokens: 920 },
      },
      {
        content: 'Falling.',
        usage: {
          prompt_tokens: 1400,
          completion_tokens: 30,
          total_tokens: 1430,
          completion_tokens_details: { reasoning_tokens: 12 },
        },
      },
    );
    const completion = await sdk.chat.completions.create({
      model: 'hds-flash',
      messages: ask('Is my LDL going down?'),
      user: 'ann',
    });
    const usage = completion.usage as any;
    expect(usage.prompt_tokens).toBeGreaterThan(5);
    expect(usage.prompt_tokens).toBeLessThan(40);
    expect(usage.prompt_tokens + usage.prompt_tokens_details.system_tokens).toBe(900 + 1400);
    expect(usage.completion_tokens).toBe(50);
    expect(usage.completion_tokens_details.reasoning_tokens).toBe(12);
    expect(usage.total_tokens).toBe(usage.prompt_tokens + usage.completion_tokens);
  });

  it('runs parallel tool calls and keeps each step', async () => {
    upstream.script(
      {
        toolCalls: [
          { name: 'query_health_data', arguments: '{"indicator":"LDL"}' },
          { name: 'query_health_data', arguments: '{"indicator":"glucose"}' },
        ],
      },
      { content: 'LDL 131 mg/dL and glucose 97 mg/dL.' },
    );
    const completion = await sdk.chat.completions.create({
      model: 'hds-flash',
      messages: ask('Compare my LDL and glucose'),
      user: 'ann',
    });
    const steps = (completion.choices[0]!.message as any).tool_steps;
    expect(steps.map((s: any) => s.arguments.indicator)).toEqual(['LDL', 'glucose']);
    expect(new Set(steps.map((s: any) => s.id)).size).toBe(2);
    expect(JSON.parse(steps[1].result).records[0].parsed_value).toBe(97);
  });

  it('another Subject sees only its own data', async () => {
    upstream.script(
      { toolCalls: [{ name: 'query_health_data', arguments: '{"indicator":"LDL"}' }] },
      { content: 'Your LDL was 201 mg/dL.' },
    );
    const completion = await sdk.chat.completions.create({ model: 'hds-flash', messages: ask('My LDL?'), user: 'BOB' });
    const result = JSON.parse((completion.choices[0]!.message as any).tool_steps[0].result);
    expect(result.records.map((r: any) => r.parsed_value)).toEqual([201]);
  });

  it('never shows a tool expired data', async () => {
    await api.post('/v1/data', {
      user: 'eve',
      retention: '1h',
      records: [{ indicator: 'Glucose', value: 140, unit: 'mg/dL', time: '2026-11-01T08:00:00Z' }],
    });
    const restore = setClock(() => Date.now() + 2 * 3600_000);
    try {
      upstream.script(
        { toolCalls: [{ name: 'query_health_data', arguments: '{"indicator":"glucose"}' }] },
        { content: 'No glucose readings are recorded.' },
      );
      const completion = await sdk.chat.completions.create({
        model: 'hds-flash',
        messages: ask('My glucose?'),
        user: 'eve',
      });
      const result = JSON.parse((completion.choices[0]!.message as any).tool_steps[0].result);
      expect(result.records).toEqual([]);
    } finally {
      restore();
    }
  });

  it('streams with create({stream: true}): role first, tool steps merged by id, one answer, usage, [DONE]', async () => {
    upstream.script(
      {
        reasoning: 'Need the LDL series.',
        toolCalls: [{ name: 'query_health_data', arguments: '{"indicator":"LDL"}' }],
      },
      { content: 'Your LDL fell from 162 to 131 mg/dL.' },
    );
    const stream = await sdk.chat.completions.create({
      model: 'hds-flash',
      messages: ask('LDL trend?'),
      user: 'ann',
      stream: true,
      stream_options: { include_usage: true },
    });
    const chunks: any[] = [];
    for await (const c of stream) chunks.push(c);
    expect(chunks[0].choices[0].delta.role).toBe('assistant');
    const answer = chunks.map((c) => c.choices[0]?.delta?.content ?? '').join('');
    expect(answer).toBe('Your LDL fell from 162 to 131 mg/dL.');
    const reasoning = chunks.map((c) => c.choices[0]?.delta?.reasoning_content ?? '').join('');
    expect(reasoning).toContain('Need the LDL series.');
    const steps = new Map<string, any>();
    for (const c of chunks)
      for (const s of c.choices[0]?.delta?.tool_steps ?? []) steps.set(s.id, { ...steps.get(s.id), ...s });
    expect([...steps.values()]).toHaveLength(1);
    expect([...steps.values()][0]).toMatchObject({ name: 'query_health_data', arguments: { indicator: 'LDL' } });
    expect([...steps.values()][0].result).toContain('162');
    // Answer deltas come uninterrupted after every tool step.
    const firstContent = chunks.findIndex((c) => c.choices[0]?.delta?.content);
    const lastStep = chunks.findLastIndex((c) => c.choices[0]?.delta?.tool_steps);
    expect(firstContent).toBeGreaterThan(lastStep);
    const finish = chunks.find((c) => c.choices[0]?.finish_reason);
    expect(finish.choices[0].finish_reason).toBe('stop');
    const last = chunks.at(-1);
    expect(last.choices).toEqual([]);
    expect(last.usage.prompt_tokens).toBeGreaterThan(0);
    expect(last.health_records).toEqual([]);
    expect(last.citations).toEqual([]);
  });

  it('finishes the chat.completions.stream() helper with the final message', async () => {
    upstream.script(
      { toolCalls: [{ name: 'query_health_data', arguments: '{"indicator":"glucose"}' }] },
      { content: 'Your latest glucose is 97 mg/dL.' },
    );
    const runner = sdk.chat.completions.stream({
      model: 'hds-flash',
      messages: ask('Latest glucose?'),
      user: 'ann',
    } as any);
    const final = await runner.finalChatCompletion();
    expect(final.choices[0]!.message.content).toBe('Your latest glucose is 97 mg/dL.');
  });

  it('sends keep-alives as comments only and streams for real (frames arrive before the answer ends)', async () => {
    // Long enough to be taken for the answer at once (shorter text is held until the model shows it is answering).
    upstream.script({ content: 'Your readings look steady. '.repeat(30), delayMs: 60 });
    const res = await fetch(`${h.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${(sdk as any).apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ messages: [{ role: 'user', content: 'hi' }], stream: true }),
    });
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    // The answer the client holds after each read: the content deltas of the complete frames received so far.
    const held: string[] = [];
    let text = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
      held.push(contentSoFar(text));
    }
    expect(held.length).toBeGreaterThan(3);
    const answer = held.at(-1)!;
    expect(answer).toContain('Your readings look steady.');
    // Streamed for real: at some point the client held a part of the answer and not yet the rest.
    expect(held.some((part) => part.length > 0 && part.length < answer.length)).toBe(true);
    for (const line of text.split('\n').filter(Boolean))
      expect(line.startsWith('data: ') || line.startsWith(':')).toBe(true);
    expect(text.trimEnd().endsWith('data: [DONE]')).toBe(true);
  });

  it('retries an upstream 429 and answers', async () => {
    const before = upstream.requests.length;
    upstream.script(
      { status: 429, body: { error: { message: 'slow down', type: 'rate_limit_error' } } },
      { content: 'Fine.' },
    );
    const completion = await sdk.chat.completions.create({ model: 'hds-flash', messages: ask('hello') });
    expect(completion.choices[0]!.message.content).toBe('Fine.');
    expect(upstream.requests.length - before).toBe(2);
  });

  it('answers 502 in the envelope when the upstream keeps failing', async () => {
    const failing = { status: 500, body: { error: { message: 'boom', type: 'server_error' } } };
    upstream.script(failing, failing, failing);
    const err = await sdk.chat.completions.create({ model: 'hds-flash', messages: ask('hello') }).catch((e) => e);
    expect(err).toBeInstanceOf(OpenAI.APIError);
    expect(err.status).toBe(502);
    expect(err.error.type).toBe('invalid_request_error');
  });

  it('raises a typed APIError when the upstream fails mid-stream', async () => {
    upstream.script({ content: 'Your LDL', failMidStream: { message: 'upstream exploded' } });
    const stream = await sdk.chat.completions.create({ model: 'hds-flash', messages: ask('LDL?'), stream: true });
    const seen: string[] = [];
    const err = await (async () => {
      for await (const c of stream) seen.push(c.choices[0]?.delta?.content ?? '');
    })().catch((e) => e);
    expect(err).toBeInstanceOf(OpenAI.APIError);
    expect(err.message).toContain('model');
  });

  it.each([
    ['tools', { tools: [{ type: 'function', function: { name: 'x', parameters: {} } }] }],
    ['functions', { functions: [{ name: 'x' }] }],
    ['tool_choice', { tool_choice: 'auto' }],
    ['function_call', { function_call: 'auto' }],
    ['response_format', { response_format: { type: 'json_object' } }],
  ])('refuses %s with unsupported_parameter', async (param, extra) => {
    const err = await sdk.chat.completions
      .create({ model: 'hds-flash', messages: ask('hi'), ...(extra as any) })
      .catch((e) => e);
    expect(err).toBeInstanceOf(OpenAI.BadRequestError);
    expect(err.code).toBe('unsupported_parameter');
    expect(err.param).toBe(param);
  });

  it('names the field of a bad model or messages', async () => {
    const model = await sdk.chat.completions.create({ model: 'gpt-4o', messages: ask('hi') }).catch((e) => e);
    expect(model).toBeInstanceOf(OpenAI.BadRequestError);
    expect(model.param).toBe('model');
    const empty = await sdk.chat.completions.create({ model: 'hds-flash', messages: [] }).catch((e) => e);
    expect(empty.param).toBe('messages');
    const bad = await sdk.chat.completions
      .create({ model: 'hds-flash', messages: [{ role: 'wizard', content: 'x' }] as any })
      .catch((e) => e);
    expect(bad.param).toBe('messages[0].role');
  });

  it('accepts and ignores sampling parameters', async () => {
    upstream.script({ content: 'Ok.' });
    const completion = await sdk.chat.completions.create({
      model: 'hds-expert',
      messages: ask('hi'),
      max_tokens: 5,
      temperature: 0.2,
      top_p: 0.9,
      stop: ['x'],
      seed: 7,
      n: 2,
    });
    expect(completion.choices).toHaveLength(1);
    expect(completion.model).toBe('hds-expert');
  });

  it('uses inline health_context with retention none for this request only', async () => {
    upstream.script(
      { toolCalls: [{ name: 'query_health_data', arguments: '{"indicator":"heart rate"}' }] },
      { content: 'Your heart rate was 88 /min.' },
    );
    const completion = await sdk.chat.completions.create({
      model: 'hds-flash',
      messages: ask('My heart rate?'),
      user: 'carl',
      retention: 'none',
      health_context: [{ indicator: 'Heart rate', value: 88, unit: 'bpm', time: '2026-11-20T07:00:00Z' }],
    } as any);
    const result = JSON.parse((completion.choices[0]!.message as any).tool_steps[0].result);
    expect(result.records[0]).toMatchObject({ parsed_value: 88, loinc_code: '8867-4' });
    expect((await api.get('/v1/data?user=carl')).body.data).toEqual([]);
    // The write tool is not offered when nothing may be kept.
    expect(upstream.requests.at(-2)!.body.tools.map((t: any) => t.function.name)).not.toContain(
      'write_fhir_observation',
    );
  });

  it('stores inline health_context with a retention grain, standardized like /v1/data', async () => {
    upstream.script({ content: 'Noted.' });
    await sdk.chat.completions.create({
      model: 'hds-flash',
      messages: ask('Here is my weight'),
      user: 'dana',
      health_context: [{ indicator: 'Body weight', value: 71.5, unit: 'kg', time: '2026-11-20T07:00:00Z' }],
    } as any);
    const rows = (await api.get('/v1/data?user=dana')).body.data;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ loinc_code: '29463-7', source: 'api' });
  });

  it('accounts requests and tokens per account, tier and day for the console', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const before = await h.runtime.services.usage.days(accountId, today, today);
    upstream.script({ content: 'Counted.', usage: { prompt_tokens: 700, completion_tokens: 9, total_tokens: 709 } });
    await sdk.chat.completions.create({ model: 'hds-expert', messages: ask('count me') });
    const after = await h.runtime.services.usage.days(accountId, today, today);
    const expert = (days: typeof after) => days.find((d) => d.tier === 'hds-expert');
    expect((expert(after)?.requests ?? 0) - (expert(before)?.requests ?? 0)).toBe(1);
    expect((expert(after)?.outputTokens ?? 0) - (expert(before)?.outputTokens ?? 0)).toBe(9);
    expect((expert(after)?.inputTokens ?? 0) + (expert(after)?.systemTokens ?? 0)).toBeGreaterThanOrEqual(700);
  });

  it('runs remote MCP tools from mcp_servers server-side, as tool steps', async () => {
    upstream.script(
      { toolCalls: [{ name: 'mcp__labs__echo', arguments: '{"text":"hello"}' }] },
      { content: 'The lab server said hello.' },
    );
    const completion = await sdk.chat.completions.create({
      model: 'hds-flash',
      messages: ask('Ask the lab server'),
      mcp_servers: [{ name: 'labs', url: mcp.url, access_token: 'tok-123' }],
      include_tool_steps: true,
    } as any);
    const offered = upstream.requests.at(-2)!.body.tools.map((t: any) => t.function.name);
    expect(offered).toContain('mcp__labs__echo');
    expect(offered).toContain('query_health_data');
    const step = (completion.choices[0]!.message as any).tool_steps[0];
    expect(step).toMatchObject({ name: 'mcp__labs__echo', arguments: { text: 'hello' } });
    expect(step.result).toContain('echo: hello');
    expect(mcp.authorizations).toContain('Bearer tok-123');
    expect(completion.choices[0]!.message.content).toBe('The lab server said hello.');
  });

  it('refuses an unusable or non-public MCP server with a 400 naming it', async () => {
    const closed = await sdk.chat.completions
      .create({
        model: 'hds-flash',
        messages: ask('x'),
        mcp_servers: [{ name: 'gone', url: 'http://127.0.0.1:1/mcp' }],
      } as any)
      .catch((e) => e);
    expect(closed).toBeInstanceOf(OpenAI.BadRequestError);
    expect(closed.param).toBe('mcp_servers[0].url');
    const internal = await sdk.chat.completions
      .create({
        model: 'hds-flash',
        messages: ask('x'),
        mcp_servers: [{ name: 'lan', url: 'http://10.0.0.5/mcp' }],
      } as any)
      .catch((e) => e);
    expect(internal.message).toContain('non-public address');
  });

  it('opens the chat session that DELETE /v1/sessions closes, with its session-scoped context', async () => {
    upstream.script({ content: 'Noted for this session.' });
    await sdk.chat.completions.create({
      model: 'hds-flash',
      messages: ask('Here is my temperature'),
      user: 'sam',
      session_id: 'chat-sess-1',
      retention: 'session',
      health_context: [{ indicator: 'Body temperature', value: 37.9, unit: 'Cel', time: '2026-11-20T07:00:00Z' }],
    } as any);
    expect((await api.get('/v1/data?user=sam')).body.data).toHaveLength(1);
    const closed = await api.delete('/v1/sessions/chat-sess-1?user=sam');
    expect(closed.body).toMatchObject({ status: 'ok', session_id: 'chat-sess-1', deleted: 2 });
    expect((await api.get('/v1/data?user=sam')).body.data).toEqual([]);
    const missing = await sdk.chat.completions
      .create({ model: 'hds-flash', messages: ask('x'), retention: 'session' } as any)
      .catch((e) => e);
    expect(missing.code).toBe('invalid_session');
  });

  it('stores inline context only once the answer succeeded, so client retries of a failure store nothing', async () => {
    const retrying = new OpenAI({ baseURL: `${h.url}/v1`, apiKey: (sdk as any).apiKey, maxRetries: 2 });
    const failing = {
      status: 500,
      body: { error: { message: 'boom', type: 'server_error' } },
      headers: { 'retry-after-ms': '1' },
    };
    upstream.script(...Array.from({ length: 9 }, () => failing));
    const err = await retrying.chat.completions
      .create({
        model: 'hds-flash',
        messages: ask('Weight noted?'),
        user: 'dup',
        health_context: [{ indicator: 'Body weight', value: 72, unit: 'kg', time: '2026-01-01T08:00:00Z' }],
      } as any)
      .catch((e) => e);
    expect(err.status).toBe(502);
    expect((await api.get('/v1/data?user=dup')).body.data).toEqual([]);
    upstream.script({ content: 'Noted.' });
    await sdk.chat.completions.create({
      model: 'hds-flash',
      messages: ask('Weight noted?'),
      user: 'dup',
      health_context: [{ indicator: 'Body weight', value: 72, unit: 'kg', time: '2026-01-01T08:00:00Z' }],
    } as any);
    expect((await api.get('/v1/data?user=dup')).body.data).toHaveLength(1);
  });

  it('writes a recorded reading with the request retention', async () => {
    upstream.script(
      {
        toolCalls: [
          { name: 'write_fhir_observation', arguments: '{"indicator":"Body weight","value":70,"unit":"kg"}' },
        ],
      },
      { content: 'Recorded.' },
    );
    await sdk.chat.completions.create({
      model: 'hds-flash',
      messages: ask('Record my weight: 70 kg'),
      user: 'ret',
      retention: '1h',
      health_context: [{ indicator: 'Heart rate', value: 60, unit: 'bpm', time: '2026-11-20T07:00:00Z' }],
    } as any);
    const rows = (await api.get('/v1/data?user=ret')).body.data;
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row.retention).toBe('1h');
  });
});

/** The content deltas of the complete `data:` frames in an event stream read so far, joined. */
function contentSoFar(stream: string): string {
  return stream
    .split('\n\n')
    .slice(0, -1)
    .filter((frame) => frame.startsWith('data: {'))
    .map((frame) => JSON.parse(frame.slice('data: '.length)).choices?.[0]?.delta?.content ?? '')
    .join('');
}
