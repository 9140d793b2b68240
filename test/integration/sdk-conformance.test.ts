import { createOpenAI as createOpenAI4 } from '@ai-sdk/openai';
import { createOpenAI as createOpenAI3 } from '@ai-sdk/openai-v3';
import { ChatOpenAI } from '@langchain/openai';
import { Agent, OpenAIResponsesModel, Runner } from '@openai/agents';
import * as ai7 from 'ai';
import * as ai6 from 'ai-v6';
import OpenAI from 'openai';
import { zodTextFormat } from 'openai/helpers/zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { client, type Harness, startHarness } from '../support/harness';
import { type ScriptedOpenAI, startScriptedOpenAI } from '../support/scripted-openai';

/**
 * Issue 12, "proven from outside": the Node clients partners already use, each pointed at HDS with only its base
 * URL, API key and (for structured output) the default header `X-HDS-Mode: model` changed — the AI SDK (`ai` 6 and 7,
 * each with its `@ai-sdk/openai`), LangChain's `ChatOpenAI`, `@openai/agents` and openai-node. The upstream model is a
 * scripted chat-completions server, so what HDS forwarded can be read back and every run is the same.
 */

let h: Harness;
let upstream: ScriptedOpenAI;
let api: ReturnType<typeof client>;
let key: string;
let baseURL: string;

const MODEL_MODE = { 'X-HDS-Mode': 'model' };
const Reading = z.object({ name: z.string(), value: z.number(), unit: z.string() });
const GLUCOSE = { name: 'glucose', value: 112, unit: 'mg/dL' };

// `generateObject` is deprecated in ai 7 yet is what partners' code calls; its warning would only clutter the run.
globalThis.AI_SDK_LOG_WARNINGS = false;

beforeAll(async () => {
  upstream = await startScriptedOpenAI();
  h = await startHarness({
    env: { OPENAI_BASE_URL: upstream.url, OPENAI_API_KEY: 'sk-test', HDS_MODEL_FLASH: 'upstream-mini' },
  });
  key = (await h.newAccount()).key;
  api = client(h.url, key);
  baseURL = `${h.url}/v1`;
});
afterAll(async () => {
  await h?.stop();
  await upstream?.stop();
});

function lastUpstreamBody(): Record<string, any> {
  return upstream.requests.at(-1)!.body;
}

/** HDS ran the plain model on the configured upstream, asking it natively for the SDK's schema of a `Reading`. */
function expectReadingSchemaForwarded() {
  const sent = lastUpstreamBody();
  expect(sent.model).toBe('upstream-mini');
  expect(sent.tools).toBeUndefined();
  expect(sent.response_format).toMatchObject({
    type: 'json_schema',
    json_schema: { schema: { type: 'object', properties: { name: {}, value: {}, unit: {} } } },
  });
}

/** The chat messages of the last upstream request, platform prompt left out, as `role: text`. */
function lastUpstreamTurns(): string[] {
  const messages = lastUpstreamBody().messages as { role: string; content: string | null }[];
  return messages.filter((m) => m.role !== 'system').map((m) => `${m.role}: ${m.content ?? ''}`);
}

/**
 * Both AI SDK majors make the same calls. Each `ai` major pairs with the `@ai-sdk/openai` major built on the same
 * `@ai-sdk/provider` (ai 6 and openai 3 on provider 3, ai 7 and openai 4 on provider 4). The v6 pair is typed as
 * v7's: every call below is valid in both, and running it is what this file checks.
 */
const aiSdks = [
  { name: 'ai 7 + @ai-sdk/openai 4', ai: ai7, createOpenAI: createOpenAI4 },
  {
    name: 'ai 6 + @ai-sdk/openai 3',
    ai: ai6 as unknown as typeof ai7,
    createOpenAI: createOpenAI3 as unknown as typeof createOpenAI4,
  },
];

describe.each(aiSdks)('AI SDK ($name)', ({ ai, createOpenAI }) => {
  const responsesModel = (headers?: Record<string, string>) =>
    createOpenAI({ baseURL, apiKey: key, headers }).responses('hds-flash');

  it('generateObject returns the parsed object, the schema forwarded as a json_schema response_format', async () => {
    upstream.script({ content: JSON.stringify(GLUCOSE) });
    const { object } = await ai.generateObject({
      model: responsesModel(MODEL_MODE),
      schema: Reading,
      prompt: 'Glucose 112 mg/dL as a reading',
      maxRetries: 0,
    });
    expect(object).toEqual(GLUCOSE);
    expectReadingSchemaForwarded();
  });

  it('generateText with Output.object returns the parsed output', async () => {
    upstream.script({ content: JSON.stringify(GLUCOSE) });
    const { output } = await ai.generateText({
      model: responsesModel(MODEL_MODE),
      output: ai.Output.object({ schema: Reading }),
      prompt: 'Glucose 112 mg/dL as a reading',
      maxRetries: 0,
    });
    expect(output).toEqual(GLUCOSE);
    expectReadingSchemaForwarded();
  });

  it('a three-turn chat in agent mode: earlier assistant turns go as item_references, the upstream gets them all', async () => {
    const model = responsesModel();
    const providerOptions = { openai: { user: 'ivy' } };
    const messages: ai7.ModelMessage[] = [];
    const sentInputs: unknown[] = [];
    let lastResponseId = '';
    for (const [question, answer] of [
      ['Hi, I am Ivy.', 'Hello Ivy.'],
      ['What did I say my name was?', 'You said you are Ivy.'],
      ['And again?', 'Still Ivy.'],
    ] as const) {
      messages.push({ role: 'user', content: question });
      upstream.script({ content: answer });
      const result = await ai.generateText({
        model,
        messages,
        providerOptions,
        maxRetries: 0,
        include: { requestBody: true },
      });
      expect(result.text).toBe(answer);
      messages.push(...result.response.messages);
      const body = result.request.body;
      sentInputs.push((typeof body === 'string' ? JSON.parse(body) : body).input);
      lastResponseId = result.response.id;
    }

    const transcript = [
      'user: Hi, I am Ivy.',
      'assistant: Hello Ivy.',
      'user: What did I say my name was?',
      'assistant: You said you are Ivy.',
      'user: And again?',
    ];
    expect(lastUpstreamTurns()).toEqual(transcript);
    // The SDK sent the earlier assistant turns by reference (store is on by default), not as text ...
    expect(sentInputs[2]).toMatchObject([
      { role: 'user' },
      { type: 'item_reference', id: expect.stringMatching(/^msg_/) },
      { role: 'user' },
      { type: 'item_reference', id: expect.stringMatching(/^msg_/) },
      { role: 'user' },
    ]);
    // ... and HDS stored the turn under the Subject the SDK named, the references resolved.
    const items = await api.get(`/v1/responses/${lastResponseId}/input_items?user=ivy&order=asc`);
    expect(items.status).toBe(200);
    expect(items.body.data.map((i: any) => `${i.role}: ${i.content[0].text}`)).toEqual(transcript);
  });

  it('streamText runs through a built-in tool step to the answer, the side-channel event tolerated', async () => {
    upstream.script(
      { toolCalls: [{ name: 'query_health_data', arguments: '{"indicator":"glucose"}' }] },
      { content: 'No glucose readings are recorded for you yet.' },
    );
    const errors: unknown[] = [];
    const result = ai.streamText({
      model: responsesModel(),
      prompt: 'How is my glucose?',
      maxRetries: 0,
      onError: ({ error }) => {
        errors.push(error);
      },
    });
    expect(await result.text).toBe('No glucose readings are recorded for you yet.');
    expect(errors).toEqual([]);
    expect(lastUpstreamBody().messages.at(-1)).toMatchObject({ role: 'tool' });
  });

  it('a client tool the model hands off runs in the SDK’s own loop, its output reaching the upstream', async () => {
    upstream.script(
      { toolCalls: [{ name: 'get_weather', arguments: '{"city":"Oslo"}' }] },
      { content: 'It is 3 °C in Oslo.' },
    );
    const getWeather = ai.tool({
      description: 'Current weather of a city',
      inputSchema: z.object({ city: z.string() }),
      execute: async ({ city }) => `3 °C and cloudy in ${city}`,
    });
    const result = await ai.generateText({
      model: responsesModel(),
      prompt: 'Weather in Oslo?',
      tools: { get_weather: getWeather },
      stopWhen: ai.stepCountIs(3),
      maxRetries: 0,
    });
    expect(result.text).toBe('It is 3 °C in Oslo.');
    expect(result.steps).toHaveLength(2);
    expect(lastUpstreamBody().messages.at(-1)).toMatchObject({ role: 'tool', content: '3 °C and cloudy in Oslo' });
  });
});

describe('LangChain ChatOpenAI', () => {
  const responsesModel = (defaultHeaders?: Record<string, string>) =>
    new ChatOpenAI({
      model: 'hds-flash',
      apiKey: key,
      maxRetries: 0,
      useResponsesApi: true,
      configuration: { baseURL, defaultHeaders },
    });
  const chatModel = () =>
    new ChatOpenAI({ model: 'hds-flash', apiKey: key, maxRetries: 0, configuration: { baseURL } });

  it('with useResponsesApi, withStructuredOutput returns the parsed object', async () => {
    upstream.script({ content: JSON.stringify(GLUCOSE) });
    const reading = await responsesModel(MODEL_MODE).withStructuredOutput(Reading).invoke('Glucose 112 mg/dL');
    expect(reading).toEqual(GLUCOSE);
    expectReadingSchemaForwarded();
  });

  it('with useResponsesApi, a second turn replays the first as output items (reasoning echoed) and keeps it', async () => {
    const model = responsesModel();
    upstream.script({ reasoning: 'A greeting.', content: 'Hello Ivy.' }, { content: 'Ivy.' });
    const first = await model.invoke([{ role: 'user', content: 'Hi, I am Ivy.' }]);
    const second = await model.invoke([
      { role: 'user', content: 'Hi, I am Ivy.' },
      first,
      { role: 'user', content: 'What is my name?' },
    ]);
    expect(second.text).toBe('Ivy.');
    expect(lastUpstreamTurns()).toEqual(['user: Hi, I am Ivy.', 'assistant: Hello Ivy.', 'user: What is my name?']);
  });

  it('without useResponsesApi, a plain invoke is answered over chat completions (the Answers API)', async () => {
    upstream.script({ content: 'No readings are recorded for you yet.' });
    const message = await chatModel().invoke('How is my glucose?');
    expect(message.content).toBe('No readings are recorded for you yet.');
    expect(lastUpstreamTurns().at(-1)).toBe('user: How is my glucose?');
  });

  it('without useResponsesApi, structured output throws the Answers API’s 400 naming response_format', async () => {
    const before = upstream.requests.length;
    const error = await chatModel()
      .withStructuredOutput(Reading)
      .invoke('Glucose 112 mg/dL')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    expect(error).toMatchObject({
      status: 400,
      error: { code: 'unsupported_parameter', param: 'response_format' },
      message: expect.stringContaining('use POST /v1/responses'),
    });
    expect(upstream.requests.length).toBe(before);
  });
});

describe('@openai/agents', () => {
  it('an Agent with outputType, its model client carrying the header, finishes with the parsed object', async () => {
    const openAIClient = new OpenAI({ baseURL, apiKey: key, maxRetries: 0, defaultHeaders: MODEL_MODE });
    const agent = new Agent({
      name: 'reader',
      instructions: 'Turn the text into a reading.',
      model: new OpenAIResponsesModel(openAIClient, 'hds-flash'),
      outputType: Reading,
    });
    upstream.script({ content: JSON.stringify(GLUCOSE) });
    const result = await new Runner({ tracingDisabled: true }).run(agent, 'Glucose 112 mg/dL');
    expect(result.finalOutput).toEqual(GLUCOSE);
    expectReadingSchemaForwarded();
  });
});

describe('openai-node', () => {
  it('responses.parse, then inputItems.list paged by the SDK’s own cursor with for await', async () => {
    const sdk = new OpenAI({ baseURL, apiKey: key, maxRetries: 0, defaultHeaders: MODEL_MODE });
    const turns = ['one', 'two', 'three', 'four', 'five'];
    upstream.script({ content: JSON.stringify(GLUCOSE) });
    const parsed = await sdk.responses.parse({
      model: 'hds-flash',
      user: 'kai',
      input: turns.map((text, i) => ({ role: i % 2 ? ('assistant' as const) : ('user' as const), content: text })),
      text: { format: zodTextFormat(Reading, 'reading') },
    });
    expect(parsed.output_parsed).toEqual(GLUCOSE);

    // `user` is HDS's, not in the SDK's types; the SDK keeps it on every next-page request.
    const query = { limit: 2, order: 'asc', user: 'kai' } as OpenAI.Responses.InputItemListParams;
    const texts: string[] = [];
    for await (const item of sdk.responses.inputItems.list(parsed.id, query)) {
      if (item.type === 'message') texts.push((item.content[0] as { text: string }).text);
    }
    expect(texts).toEqual(turns);
    const pageSizes: number[] = [];
    for await (const page of (await sdk.responses.inputItems.list(parsed.id, query)).iterPages()) {
      pageSizes.push(page.data.length);
    }
    expect(pageSizes).toEqual([2, 2, 1]);
  });
});
