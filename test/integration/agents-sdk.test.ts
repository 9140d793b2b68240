import { Agent, OpenAIProvider, Runner, tool } from '@openai/agents';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { client, type Harness, startHarness } from '../support/harness';
import { startScriptedOpenAI } from '../support/scripted-openai';

/** `@openai/agents` pointed at HDS by base URL only, the upstream model played by a scripted server. */
let h: Harness;
let upstream: Awaited<ReturnType<typeof startScriptedOpenAI>>;
let api: ReturnType<typeof client>;
let runner: Runner;

const getWeather = tool({
  name: 'get_weather',
  description: 'Current weather of a city',
  parameters: z.object({ city: z.string() }),
  execute: async ({ city }) => `3 °C and cloudy in ${city}`,
});

beforeAll(async () => {
  upstream = await startScriptedOpenAI();
  h = await startHarness({ env: { OPENAI_BASE_URL: upstream.url, OPENAI_API_KEY: 'sk-test' } });
  const { key } = await h.newAccount();
  api = client(h.url, key);
  const openAIClient = new OpenAI({ baseURL: `${h.url}/v1`, apiKey: key, maxRetries: 0 });
  runner = new Runner({
    modelProvider: new OpenAIProvider({ openAIClient, useResponses: true }),
    tracingDisabled: true,
  });
});
afterAll(async () => {
  await h?.stop();
  await upstream?.stop();
});

const agent = (extra: Partial<ConstructorParameters<typeof Agent>[0]> = {}) =>
  new Agent({
    name: 'hds',
    model: 'hds-flash',
    instructions: 'Be brief.',
    tools: [getWeather],
    modelSettings: { providerData: { user: 'ann' } },
    ...extra,
  });

describe('@openai/agents against HDS', () => {
  it('runs a function tool the model hands off and finishes with its answer', async () => {
    upstream.script(
      { toolCalls: [{ name: 'get_weather', arguments: '{"city":"Oslo"}' }] },
      { content: 'It is 3 °C in Oslo.' },
    );
    const result = await runner.run(agent(), 'Weather in Oslo?');
    expect(result.finalOutput).toBe('It is 3 °C in Oslo.');
    const second = upstream.requests.at(-1)!.body.messages as any[];
    expect(second.at(-1)).toMatchObject({ role: 'tool', content: '3 °C and cloudy in Oslo' });
    // `user` rode as provider data: the stored response belongs to Subject ann.
    expect((await api.get(`/v1/responses/${result.lastResponseId}?user=ann`)).status).toBe(200);
    expect((await api.get(`/v1/responses/${result.lastResponseId}`)).status).toBe(404);
  });

  it('does the same streamed', async () => {
    upstream.script(
      { toolCalls: [{ name: 'get_weather', arguments: '{"city":"Rome"}' }] },
      { content: 'Rome is 3 °C today, and the answer is long enough to stream in several pieces.' },
    );
    const result = await runner.run(agent(), 'Weather in Rome?', { stream: true });
    let text = '';
    for await (const chunk of result.toTextStream()) text += chunk;
    await result.completed;
    expect(result.finalOutput).toBe('Rome is 3 °C today, and the answer is long enough to stream in several pieces.');
    expect(text).toBe(result.finalOutput);
  });

  it('continues with previousResponseId: only the tool output is sent, HDS rebuilds the context', async () => {
    upstream.script({ content: 'Hello Ann.' });
    const first = await runner.run(agent(), 'Hi, I am Ann.');
    upstream.script({ toolCalls: [{ name: 'get_weather', arguments: '{"city":"Oslo"}' }] }, { content: 'Oslo: 3 °C.' });
    const second = await runner.run(agent(), 'Weather in Oslo?', { previousResponseId: first.lastResponseId });
    expect(second.finalOutput).toBe('Oslo: 3 °C.');
    const sent = upstream.requests.at(-1)!.body.messages as any[];
    expect(sent.some((m) => m.role === 'user' && m.content === 'Hi, I am Ann.')).toBe(true);
    expect(sent.some((m) => m.role === 'assistant' && m.content === 'Hello Ann.')).toBe(true);
    expect(sent.at(-1)).toMatchObject({ role: 'tool', content: '3 °C and cloudy in Oslo' });
  });

  it('gets a typed outputType through mode "model"', async () => {
    upstream.script({ content: '{"mood":"good","score":7}' });
    const typed = new Agent({
      name: 'mood',
      model: 'hds-flash',
      instructions: 'Rate the mood of the text.',
      outputType: z.object({ mood: z.string(), score: z.number() }),
      modelSettings: { providerData: { user: 'ann', mode: 'model' } },
    });
    const result = await runner.run(typed, 'I feel great today');
    expect(result.finalOutput).toEqual({ mood: 'good', score: 7 });
    expect(upstream.requests.at(-1)!.body.response_format).toMatchObject({ type: 'json_schema' });
  });

  it('ignores the service_tool_call side channel of built-in tool runs in a streamed run', async () => {
    upstream.script(
      { toolCalls: [{ name: 'query_health_data', arguments: '{"indicator":"glucose"}' }] },
      { content: 'No glucose readings are recorded for you yet, so there is nothing to compare.' },
    );
    const result = await runner.run(agent(), 'How is my glucose?', { stream: true });
    for await (const _ of result.toStream()) {
    }
    await result.completed;
    expect(result.finalOutput).toBe('No glucose readings are recorded for you yet, so there is nothing to compare.');
  });

  it('works with only the base URL changed: an agent with no model set', async () => {
    upstream.script({ content: 'Hello from HDS.' });
    const plain = new Agent({ name: 'plain', instructions: 'Greet.' });
    const result = await runner.run(plain, 'hi');
    expect(result.finalOutput).toBe('Hello from HDS.');
  });
});
