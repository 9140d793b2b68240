import { createOpenAI } from '@ai-sdk/openai';
import { Agent, OpenAIProvider, Runner, tool } from '@openai/agents';
import { tool as aiTool, generateText, stepCountIs } from 'ai';
import Ajv from 'ajv';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { client, type Harness, startHarness } from '../support/harness';

/**
 * Client tools with no model configured: the offline engine calls a caller's function tool when the question plainly
 * asks for it, or when `tool_choice` names it or requires one, with arguments valid against the tool's schema; the
 * handoff, resume and replay then work as with a model, and the answer relays what the tool returned.
 */

let h: Harness;
let api: ReturnType<typeof client>;
let key: string;
const ajv = new Ajv({ strict: false });

const weatherSchema = {
  type: 'object',
  properties: { city: { type: 'string' }, unit: { type: 'string', enum: ['celsius', 'fahrenheit'] } },
  required: ['city', 'unit'],
  additionalProperties: false,
};
const weather = { type: 'function', name: 'get_weather', description: 'Weather of a city', parameters: weatherSchema };
const pager = {
  type: 'function',
  name: 'page_nurse',
  description: 'Pages the on-call nurse',
  parameters: {
    type: 'object',
    properties: { urgency: { type: 'integer', minimum: 1, maximum: 5 }, note: { type: 'string', maxLength: 30 } },
    required: ['urgency', 'note'],
  },
};

beforeAll(async () => {
  h = await startHarness();
  key = (await h.newAccount()).key;
  api = client(h.url, key);
});
afterAll(() => h?.stop());

function functionCall(body: any) {
  const call = body.output.find((i: any) => i.type === 'function_call');
  expect(call, JSON.stringify(body.output)).toBeDefined();
  return { ...call, args: JSON.parse(call.arguments) };
}

describe('offline client tools over /v1/responses', () => {
  it('auto: a question that asks for the tool hands it off with schema-valid arguments; the resume relays the output', async () => {
    const handoff = await api.post('/v1/responses', {
      user: 'tess',
      input: "What's the weather in Oslo today?",
      tools: [weather, pager],
    });
    expect(handoff.status).toBe(200);
    const call = functionCall(handoff.body);
    expect(call).toMatchObject({ name: 'get_weather', args: { city: 'Oslo', unit: 'celsius' } });
    expect(ajv.validate(weatherSchema, call.args)).toBe(true);

    const resumed = await api.post('/v1/responses', {
      user: 'tess',
      previous_response_id: handoff.body.id,
      input: [{ type: 'function_call_output', call_id: call.call_id, output: '{"temperature":3,"sky":"cloudy"}' }],
      tools: [weather, pager],
    });
    expect(resumed.status).toBe(200);
    expect(resumed.body.output_text).toContain('get_weather');
    expect(resumed.body.output_text).toContain('- temperature: 3');
    expect(resumed.body.output_text).toContain('- sky: cloudy');
  });

  it('a question about health data does not call a client tool; a named tool_choice or required does', async () => {
    const data = await api.post('/v1/responses', { user: 'tess', input: 'How is my glucose?', tools: [weather] });
    expect(data.body.output.some((i: any) => i.type === 'function_call')).toBe(false);

    const named = await api.post('/v1/responses', {
      user: 'tess',
      input: 'urgent: I feel dizzy',
      tools: [weather, pager],
      tool_choice: { type: 'function', name: 'page_nurse' },
    });
    const paged = functionCall(named.body);
    expect(paged.name).toBe('page_nurse');
    expect(ajv.validate(pager.parameters, paged.args), JSON.stringify(ajv.errors)).toBe(true);

    const replay = await api.post('/v1/responses', {
      user: 'tess',
      store: false,
      input: [
        { role: 'user', content: 'urgent: I feel dizzy' },
        { type: 'function_call', call_id: paged.call_id, name: 'page_nurse', arguments: paged.arguments },
        { type: 'function_call_output', call_id: paged.call_id, output: 'Nurse paged, ETA 5 min' },
      ],
      tools: [pager],
    });
    expect(replay.body.output_text).toContain('> Nurse paged, ETA 5 min');
  });
});

describe('offline client tools through the SDKs', () => {
  it('@openai/agents: a tool round trip runs the SDK’s own function and finishes with its output', async () => {
    const runner = new Runner({
      modelProvider: new OpenAIProvider({
        openAIClient: new OpenAI({ baseURL: `${h.url}/v1`, apiKey: key, maxRetries: 0 }),
        useResponses: true,
      }),
      tracingDisabled: true,
    });
    const getWeather = tool({
      name: 'get_weather',
      description: 'Current weather of a city',
      parameters: z.object({ city: z.string() }),
      execute: async ({ city }) => `3 °C and cloudy in ${city}`,
    });
    const agent = new Agent({ name: 'hds', model: 'hds-flash', tools: [getWeather] });
    const result = await runner.run(agent, 'What is the weather in Bergen?');
    expect(result.finalOutput).toContain('3 °C and cloudy in Bergen');
  });

  it('AI SDK: tool() with stopWhen runs the tool and answers from its output', async () => {
    const openai = createOpenAI({ baseURL: `${h.url}/v1`, apiKey: key });
    const result = await generateText({
      model: openai.responses('hds-flash'),
      prompt: 'What is the weather in Tromsø?',
      tools: {
        get_weather: aiTool({
          description: 'Current weather of a city',
          inputSchema: z.object({ city: z.string() }),
          execute: async ({ city }) => ({ city, temperature: -4 }),
        }),
      },
      stopWhen: stepCountIs(3),
      maxRetries: 0,
    });
    expect(result.steps).toHaveLength(2);
    expect(result.steps[0]!.toolCalls[0]).toMatchObject({ toolName: 'get_weather', input: { city: 'Tromsø' } });
    expect(result.text).toContain('temperature: -4');
  });
});
