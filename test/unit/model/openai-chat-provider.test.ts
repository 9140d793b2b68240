import { setTimeout as sleep } from 'node:timers/promises';
import OpenAI from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OpenAIChatProvider } from '../../../shared/adapters/model/openai-chat-provider';
import { createOpenAIClient } from '../../../shared/adapters/model/openai-client';
import { model } from '../../../shared/composition/model';
import { type ModelConfig, readConfig } from '../../../shared/config/config';
import { type ModelCall, type ModelEvent, ModelProviderError } from '../../../shared/ports/model-provider';
import { closedPort } from '../../support/closed-port';
import { type ScriptedOpenAI, startScriptedOpenAI } from '../../support/scripted-openai';

const API_KEY = 'sk-test-0123456789abcdef';
/** Keeps the SDK's backoff short where the retry itself is not under test. */
const FAST_RETRY = { 'retry-after-ms': '5' };

let upstream: ScriptedOpenAI;
beforeAll(async () => {
  upstream = await startScriptedOpenAI();
});
afterAll(async () => {
  await upstream?.stop();
});
beforeEach(() => {
  upstream.requests.length = 0;
});

function modelConfig(over: Partial<ModelConfig> = {}): ModelConfig {
  return { baseUrl: upstream.url, apiKey: API_KEY, flash: 'up-flash', expert: 'up-expert', timeoutMs: 5_000, ...over };
}

function provider(over: Partial<ModelConfig> = {}): OpenAIChatProvider {
  const cfg = modelConfig(over);
  return new OpenAIChatProvider(createOpenAIClient(cfg), cfg);
}

function call(over: Partial<ModelCall> = {}): ModelCall {
  return { tier: 'hds-flash', messages: [{ role: 'user', content: 'How is my glucose?' }], tools: [], ...over };
}

async function collect(events: AsyncIterable<ModelEvent>, into: ModelEvent[] = []): Promise<ModelEvent[]> {
  for await (const e of events) into.push(e);
  return into;
}

function finishOf(events: ModelEvent[]) {
  const last = events.at(-1);
  if (last?.type !== 'finish') throw new Error(`last event is ${last?.type}, not finish`);
  return last;
}

const text = (events: ModelEvent[], type: 'text' | 'reasoning' = 'text') =>
  events.map((e) => (e.type === type ? e.delta : '')).join('');

const chunk = (delta: Record<string, unknown>, finishReason: string | null = null) => ({
  choices: [{ index: 0, delta, finish_reason: finishReason }],
});

async function failure(promise: Promise<unknown>): Promise<ModelProviderError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ModelProviderError);
  return err as ModelProviderError;
}

describe('OpenAIChatProvider streaming', () => {
  it('streams text deltas in order, then one finish with the usage of the empty-choices chunk', async () => {
    upstream.script({ content: 'Your glucose is in range.' });
    const events = await collect(provider().stream(call()));
    expect(events.map((e) => e.type)).toEqual(['text', 'text', 'text', 'finish']);
    expect(text(events)).toBe('Your glucose is in range.');
    expect(finishOf(events)).toEqual({
      type: 'finish',
      reason: 'stop',
      toolCalls: [],
      usage: { inputTokens: 10, outputTokens: 10, reasoningTokens: 0, cachedTokens: 0 },
    });
    const sent = upstream.requests[0]!.body;
    expect(sent).toMatchObject({ model: 'up-flash', stream: true, stream_options: { include_usage: true } });
    expect(sent).not.toHaveProperty('tools');
    expect(sent).not.toHaveProperty('tool_choice');
    expect(sent).not.toHaveProperty('response_format');
  });

  it('yields reasoning_content deltas before the text and maps reasoning and cached tokens', async () => {
    upstream.script({
      reasoning: 'The user asks about glucose.',
      content: 'It is fine.',
      usage: {
        prompt_tokens: 120,
        completion_tokens: 40,
        completion_tokens_details: { reasoning_tokens: 25 },
        prompt_tokens_details: { cached_tokens: 64 },
      },
    });
    const events = await collect(provider().stream(call()));
    const types = events.map((e) => e.type);
    expect(types.lastIndexOf('reasoning')).toBeLessThan(types.indexOf('text'));
    expect(text(events, 'reasoning')).toBe('The user asks about glucose.');
    expect(text(events)).toBe('It is fine.');
    expect(finishOf(events).usage).toEqual({
      inputTokens: 120,
      outputTokens: 40,
      reasoningTokens: 25,
      cachedTokens: 64,
    });
  });

  it('reads OpenRouter-style `reasoning` and yields a thought sent under both names only once', async () => {
    upstream.script({
      chunks: [
        chunk({ role: 'assistant', reasoning: 'first ' }),
        chunk({ reasoning_content: 'second', reasoning: 'second' }),
        chunk({ content: 'done' }, 'stop'),
      ],
    });
    const events = await collect(provider().stream(call()));
    expect(text(events, 'reasoning')).toBe('first second');
    expect(text(events)).toBe('done');
  });

  it('assembles one tool call streamed as start then argument fragments', async () => {
    const args = '{"indicator":"glucose","limit":5}';
    upstream.script({ toolCalls: [{ id: 'call_one', name: 'list_data', arguments: args }] });
    const events = await collect(provider().stream(call()));
    expect(events[0]).toEqual({ type: 'tool_call_start', index: 0, id: 'call_one', name: 'list_data' });
    const fragments = events.filter((e) => e.type === 'tool_call_arguments');
    expect(fragments.length).toBeGreaterThan(1);
    expect(fragments.map((e) => (e.type === 'tool_call_arguments' ? e.delta : '')).join('')).toBe(args);
    expect(finishOf(events)).toMatchObject({
      reason: 'tool_calls',
      toolCalls: [{ id: 'call_one', name: 'list_data', arguments: args }],
    });
  });

  it('assembles parallel tool calls by index, in order', async () => {
    upstream.script({
      content: 'Let me look.',
      toolCalls: [
        { id: 'call_a', name: 'list_data', arguments: '{"indicator":"glucose"}' },
        { id: 'call_b', name: 'list_files', arguments: '{"limit":3}' },
      ],
    });
    const events = await collect(provider().stream(call()));
    const starts = events.filter((e) => e.type === 'tool_call_start');
    expect(starts).toEqual([
      { type: 'tool_call_start', index: 0, id: 'call_a', name: 'list_data' },
      { type: 'tool_call_start', index: 1, id: 'call_b', name: 'list_files' },
    ]);
    const argsOf = (index: number) =>
      events.map((e) => (e.type === 'tool_call_arguments' && e.index === index ? e.delta : '')).join('');
    expect(argsOf(0)).toBe('{"indicator":"glucose"}');
    expect(argsOf(1)).toBe('{"limit":3}');
    expect(text(events)).toBe('Let me look.');
    expect(finishOf(events).toolCalls).toEqual([
      { id: 'call_a', name: 'list_data', arguments: '{"indicator":"glucose"}' },
      { id: 'call_b', name: 'list_files', arguments: '{"limit":3}' },
    ]);
  });
});

describe('OpenAIChatProvider upstream quirks', () => {
  it('takes a whole call in one delta without `type`', async () => {
    upstream.script({
      chunks: [
        chunk({
          role: 'assistant',
          tool_calls: [{ index: 0, id: 'call_w', function: { name: 'f', arguments: '{"a":1}' } }],
        }),
        chunk({}, 'tool_calls'),
      ],
    });
    const events = await collect(provider().stream(call()));
    expect(events.slice(0, 2)).toEqual([
      { type: 'tool_call_start', index: 0, id: 'call_w', name: 'f' },
      { type: 'tool_call_arguments', index: 0, delta: '{"a":1}' },
    ]);
    expect(finishOf(events).toolCalls).toEqual([{ id: 'call_w', name: 'f', arguments: '{"a":1}' }]);
  });

  it('treats an index reused with a new id as the next parallel call (Ollama), and `stop` after calls as tool_calls', async () => {
    upstream.script({
      chunks: [
        chunk({ tool_calls: [{ index: 0, id: 'call_x', function: { name: 'a', arguments: '{"x":1}' } }] }),
        chunk({ tool_calls: [{ index: 0, id: 'call_y', function: { name: 'b', arguments: '{"y":2}' } }] }),
        chunk({}, 'stop'),
      ],
    });
    const events = await collect(provider().stream(call()));
    expect(
      events.filter((e) => e.type === 'tool_call_start').map((e) => e.type === 'tool_call_start' && e.index),
    ).toEqual([0, 1]);
    expect(finishOf(events)).toMatchObject({
      reason: 'tool_calls',
      toolCalls: [
        { id: 'call_x', name: 'a', arguments: '{"x":1}' },
        { id: 'call_y', name: 'b', arguments: '{"y":2}' },
      ],
    });
  });

  it('continues a call whose id is repeated on every delta', async () => {
    upstream.script({
      chunks: [
        chunk({
          tool_calls: [{ index: 0, id: 'call_r', type: 'function', function: { name: 'f', arguments: '{"a"' } }],
        }),
        chunk({ tool_calls: [{ index: 0, id: 'call_r', function: { arguments: ':1}' } }] }),
        chunk({}, 'tool_calls'),
      ],
    });
    const events = await collect(provider().stream(call()));
    expect(finishOf(events).toolCalls).toEqual([{ id: 'call_r', name: 'f', arguments: '{"a":1}' }]);
  });

  it('uses the position when `index` is missing, mints ids, defaults empty arguments to {}, infers the finish', async () => {
    upstream.script({
      chunks: [chunk({ tool_calls: [{ function: { name: 'now', arguments: '' } }, { function: { name: 'today' } }] })],
    });
    const events = await collect(provider().stream(call()));
    const finish = finishOf(events);
    expect(finish.reason).toBe('tool_calls');
    expect(finish.toolCalls.map((c) => [c.name, c.arguments])).toEqual([
      ['now', '{}'],
      ['today', '{}'],
    ]);
    for (const c of finish.toolCalls) expect(c.id).toMatch(/^call_[0-9a-f]{24}$/);
    expect(new Set(finish.toolCalls.map((c) => c.id)).size).toBe(2);
    expect(finish.usage).toEqual({ inputTokens: 0, outputTokens: 0, reasoningTokens: 0, cachedTokens: 0 });
  });

  it('infers `stop` when a text answer ends without finish_reason or usage', async () => {
    upstream.script({ chunks: [chunk({ role: 'assistant', content: 'Hi' }), chunk({ content: ' there' })] });
    const events = await collect(provider().stream(call()));
    expect(text(events)).toBe('Hi there');
    expect(finishOf(events)).toMatchObject({ reason: 'stop', toolCalls: [] });
  });

  it('keeps `length`, and takes usage sent on a chunk that still has choices', async () => {
    upstream.script({
      chunks: [
        chunk({ content: 'Trunc' }),
        { ...chunk({}, 'length'), usage: { prompt_tokens: 7, completion_tokens: 1, total_tokens: 8 } },
      ],
    });
    const finish = finishOf(await collect(provider().stream(call())));
    expect(finish.reason).toBe('length');
    expect(finish.usage).toMatchObject({ inputTokens: 7, outputTokens: 1 });
  });

  it('fails with ModelProviderError on a malformed frame', async () => {
    upstream.script({ chunks: [chunk({ content: 'ok' }), '{"choices": [{'] });
    const err = await failure(collect(provider().stream(call())));
    expect(err.message).toMatch(/malformed/);
  });

  it('fails with ModelProviderError when a stream request is answered without any chunk', async () => {
    upstream.script({ body: { id: 'x', object: 'chat.completion', choices: [] } });
    const err = await failure(collect(provider().stream(call())));
    expect(err.message).toMatch(/without a single chunk/);
  });
});

describe('OpenAIChatProvider request mapping', () => {
  it('maps tier, messages with tool calls and results, nested tools, tool_choice and max_tokens', async () => {
    upstream.script({ content: 'ok' });
    await collect(
      provider().stream({
        tier: 'hds-expert',
        messages: [
          { role: 'system', content: 'You are HDS.' },
          { role: 'user', content: 'Latest glucose?' },
          { role: 'assistant', content: null, toolCalls: [{ id: 'call_1', name: 'list_data', arguments: '{"n":1}' }] },
          { role: 'tool', toolCallId: 'call_1', content: '[{"value":"5.4"}]' },
          { role: 'assistant', content: '5.4 mmol/L' },
        ],
        tools: [
          { name: 'list_data', description: 'List readings', parameters: { type: 'object', properties: {} } },
          { name: 'list_files', description: 'List files', parameters: { type: 'object' } },
        ],
        toolChoice: { name: 'list_data' },
        maxTokens: 256,
      }),
    );
    const sent = upstream.requests[0]!.body;
    expect(sent.model).toBe('up-expert');
    expect(sent.messages).toEqual([
      { role: 'system', content: 'You are HDS.' },
      { role: 'user', content: 'Latest glucose?' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'list_data', arguments: '{"n":1}' } }],
      },
      { role: 'tool', tool_call_id: 'call_1', content: '[{"value":"5.4"}]' },
      { role: 'assistant', content: '5.4 mmol/L' },
    ]);
    expect(sent.tools).toEqual([
      {
        type: 'function',
        function: { name: 'list_data', description: 'List readings', parameters: { type: 'object', properties: {} } },
      },
      { type: 'function', function: { name: 'list_files', description: 'List files', parameters: { type: 'object' } } },
    ]);
    expect(sent.tool_choice).toEqual({ type: 'function', function: { name: 'list_data' } });
    expect(sent.max_tokens).toBe(256);
    expect(sent).not.toHaveProperty('max_completion_tokens');
  });

  it('passes string tool choices, and drops tool_choice when there are no tools', async () => {
    upstream.script({ content: 'a' }, { content: 'b' });
    const tools = [{ name: 'f', description: 'f', parameters: { type: 'object' } }];
    await collect(provider().stream(call({ tools, toolChoice: 'required' })));
    await collect(provider().stream(call({ toolChoice: 'none' })));
    expect(upstream.requests[0]!.body.tool_choice).toBe('required');
    expect(upstream.requests[1]!.body).not.toHaveProperty('tool_choice');
  });

  it('sends max_completion_tokens to api.openai.com', async () => {
    upstream.script({ content: 'ok' });
    // The client still talks to the scripted server; only the configured base URL says "OpenAI itself".
    const p = new OpenAIChatProvider(createOpenAIClient(modelConfig()), modelConfig({ baseUrl: undefined }));
    await collect(p.stream(call({ maxTokens: 64 })));
    expect(upstream.requests[0]!.body.max_completion_tokens).toBe(64);
    expect(upstream.requests[0]!.body).not.toHaveProperty('max_tokens');
  });

  it('retries once with max_completion_tokens when the upstream refuses max_tokens', async () => {
    upstream.script(
      {
        status: 400,
        body: {
          error: {
            message:
              "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.",
            type: 'invalid_request_error',
            param: 'max_tokens',
            code: 'unsupported_parameter',
          },
        },
      },
      { content: 'ok' },
    );
    const events = await collect(provider().stream(call({ maxTokens: 64 })));
    expect(text(events)).toBe('ok');
    expect(upstream.requests).toHaveLength(2);
    expect(upstream.requests[1]!.body.max_completion_tokens).toBe(64);
    expect(upstream.requests[1]!.body).not.toHaveProperty('max_tokens');
  });
});

describe('OpenAIChatProvider response formats', () => {
  const schema = { type: 'object', properties: { a: { type: 'number' } }, required: ['a'] };
  const jsonSchema = { type: 'json_schema', name: 'answer', schema, strict: true } as const;

  it('sends json_schema natively and says so on finish', async () => {
    upstream.script({ content: '{"a":1}' });
    const events = await collect(provider().stream(call({ responseFormat: jsonSchema })));
    expect(upstream.requests[0]!.body.response_format).toEqual({
      type: 'json_schema',
      json_schema: { name: 'answer', schema, strict: true },
    });
    expect(finishOf(events).nativeSchema).toBe(true);
  });

  it('sends json_object as such, with no schema flag on finish', async () => {
    upstream.script({ content: '{}' });
    const events = await collect(provider().stream(call({ responseFormat: { type: 'json_object' } })));
    expect(upstream.requests[0]!.body.response_format).toEqual({ type: 'json_object' });
    expect(finishOf(events)).not.toHaveProperty('nativeSchema');
  });

  it('falls back once to json_object with the schema in a system message when json_schema is refused', async () => {
    upstream.script(
      {
        status: 400,
        body: {
          error: {
            message: "Invalid parameter: 'response_format' of type 'json_schema' is not supported with this model.",
            type: 'invalid_request_error',
            param: 'response_format',
            code: null,
          },
        },
      },
      { content: '{"a":1}' },
    );
    const messages = [
      { role: 'system', content: 'You are HDS.' },
      { role: 'user', content: 'Give me a.' },
    ] as const;
    const events = await collect(provider().stream(call({ messages: [...messages], responseFormat: jsonSchema })));
    expect(upstream.requests).toHaveLength(2);
    const retried = upstream.requests[1]!.body;
    expect(retried.response_format).toEqual({ type: 'json_object' });
    expect(retried.messages).toHaveLength(3);
    expect(retried.messages[0]).toEqual(messages[0]);
    expect(retried.messages[1].role).toBe('system');
    expect(retried.messages[1].content).toContain(JSON.stringify(schema));
    expect(retried.messages[2]).toEqual(messages[1]);
    expect(text(events)).toBe('{"a":1}');
    expect(finishOf(events).nativeSchema).toBe(false);
  });

  it('does not fall back on a 400 about something else', async () => {
    upstream.script({ status: 400, body: { error: { message: 'messages: too long', type: 'invalid_request_error' } } });
    const err = await failure(collect(provider().stream(call({ responseFormat: jsonSchema }))));
    expect(err.status).toBe(400);
    expect(upstream.requests).toHaveLength(1);
  });
});

describe('OpenAIChatProvider failures', () => {
  it('retries a 429 with the SDK backoff, then streams', async () => {
    upstream.script({ status: 429 }, { content: 'after the wait' });
    const events = await collect(provider().stream(call()));
    expect(text(events)).toBe('after the wait');
    expect(upstream.requests).toHaveLength(2);
  });

  it('gives up after three 500s with ModelProviderError status 500', async () => {
    upstream.script({ status: 500, headers: FAST_RETRY }, { status: 500, headers: FAST_RETRY }, { status: 500 });
    const err = await failure(collect(provider().stream(call())));
    expect(err.status).toBe(500);
    expect(err.message).toContain('scripted 500');
    expect(upstream.requests).toHaveLength(3);
  });

  it('does not retry a 400', async () => {
    upstream.script({ status: 400 });
    const err = await failure(collect(provider().stream(call())));
    expect(err.status).toBe(400);
    expect(upstream.requests).toHaveLength(1);
  });

  it('never repeats the API key from an upstream message', async () => {
    upstream.script({
      status: 401,
      body: { error: { message: `Incorrect API key provided: ${API_KEY}.`, type: 'invalid_request_error' } },
    });
    const err = await failure(collect(provider().stream(call())));
    expect(err.status).toBe(401);
    expect(err.message).not.toContain(API_KEY);
    expect(err.message).not.toContain('0123456789abcdef');
  });

  it('fails after the text already yielded when the stream carries an error frame, without retrying', async () => {
    upstream.script({ content: 'Partial answer', failMidStream: { message: 'The server is overloaded' } });
    const events: ModelEvent[] = [];
    const err = await failure(collect(provider().stream(call()), events));
    expect(text(events)).toBe('Partial answer');
    expect(events.some((e) => e.type === 'finish')).toBe(false);
    expect(err.status).toBeUndefined();
    expect(err.message).toContain('The server is overloaded');
    expect(upstream.requests).toHaveLength(1);
  });

  it('fails when the upstream goes quiet for longer than the timeout', async () => {
    upstream.script({ content: 'slow', delayMs: 400 });
    const events: ModelEvent[] = [];
    const err = await failure(collect(provider({ timeoutMs: 100 }).stream(call()), events));
    expect(err.message).toMatch(/nothing for 100 ms/);
    // It gave up on the stall itself, before the upstream's first frame came, not after waiting the answer out.
    expect(events).toEqual([]);
  });

  it('does not count a slow consumer against the upstream timeout', async () => {
    upstream.script({ content: 'a steady answer' });
    const events: ModelEvent[] = [];
    for await (const e of provider({ timeoutMs: 100 }).stream(call())) {
      events.push(e);
      await sleep(150);
    }
    expect(text(events)).toBe('a steady answer');
  });

  it('reports an unreachable upstream as ModelProviderError', async () => {
    const port = await closedPort();
    const cfg = modelConfig({ baseUrl: `http://127.0.0.1:${port}/v1` });
    const p = new OpenAIChatProvider(new OpenAI({ baseURL: cfg.baseUrl, apiKey: API_KEY, maxRetries: 0 }), cfg);
    const err = await failure(collect(p.stream(call())));
    expect(err.message).toMatch(/unreachable/);
    expect(err.status).toBeUndefined();
  });
});

describe('OpenAIChatProvider cancellation', () => {
  it("rejects with the caller's AbortError when the caller aborts mid-stream", async () => {
    upstream.script({ content: 'a long answer that keeps coming', delayMs: 50 });
    const controller = new AbortController();
    const events: ModelEvent[] = [];
    const err = await (async () => {
      for await (const e of provider().stream(call({ signal: controller.signal }))) {
        events.push(e);
        if (e.type === 'text') controller.abort();
      }
    })().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(Error);
    expect((err as Error).name).toBe('AbortError');
    expect(err).not.toBeInstanceOf(ModelProviderError);
    expect(events.filter((e) => e.type === 'text')).toHaveLength(1);
  });

  it('rejects with the AbortError before sending anything when the signal is already aborted', async () => {
    const err = await collect(provider().stream(call({ signal: AbortSignal.abort() }))).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect((err as Error).name).toBe('AbortError');
    expect(upstream.requests).toHaveLength(0);
  });

  it("rejects with the caller's own reason when it gave one, also while the SDK waits to retry", async () => {
    upstream.script({ status: 429 });
    const reason = new Error('client went away');
    const signal = AbortSignal.timeout(50);
    const controller = new AbortController();
    signal.addEventListener('abort', () => controller.abort(reason));
    const err = await collect(provider().stream(call({ signal: controller.signal }))).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBe(reason);
    expect(upstream.requests).toHaveLength(1);
  });
});

describe('the model part', () => {
  it('builds the upstream provider only when a model is configured, once per config', () => {
    expect(model(readConfig({})).chat.kind).not.toBe('upstream');
    const cfg = readConfig({ OPENAI_BASE_URL: upstream.url, HDS_MODEL_FLASH: 'm' });
    const p = model(cfg).chat;
    expect(p).toBeInstanceOf(OpenAIChatProvider);
    expect(p.kind).toBe('upstream');
    expect(model(cfg).chat).toBe(p);
  });
});
