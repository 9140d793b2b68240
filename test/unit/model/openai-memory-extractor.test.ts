import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOpenAIClient } from '../../../shared/adapters/model/openai-client';
import { OpenAIMemoryExtractor } from '../../../shared/adapters/model/openai-memory-extractor';
import { UpstreamError } from '../../../shared/errors';
import { type ScriptedOpenAI, startScriptedOpenAI } from '../../support/scripted-openai';

let upstream: ScriptedOpenAI;
let extractor: OpenAIMemoryExtractor;
beforeAll(async () => {
  process.env.HDS_LOG_LEVEL ??= 'silent';
  upstream = await startScriptedOpenAI();
  const client = createOpenAIClient({
    baseUrl: upstream.url,
    apiKey: 'sk-test',
    flash: 'up-flash',
    expert: 'up-expert',
    timeoutMs: 5_000,
  });
  extractor = new OpenAIMemoryExtractor(client, 'up-flash');
});
afterAll(() => upstream?.stop());

describe('OpenAIMemoryExtractor', () => {
  it('asks for the memories schema with the text as the user message, and bounds the answer', async () => {
    upstream.script({
      content: JSON.stringify({
        memories: [
          { text: ' I am vegetarian ', kind: 'diet' },
          { text: 'I am vegetarian', kind: 'diet' },
          { text: 'I sleep on my left side', kind: 'sleep' },
          ...Array.from({ length: 15 }, (_, i) => ({ text: `fact ${i}`, kind: null })),
        ],
      }),
    });
    const found = await extractor.extract('I am vegetarian.');
    const request = upstream.requests.at(-1)!.body;
    expect(request.model).toBe('up-flash');
    expect(request.response_format).toMatchObject({
      type: 'json_schema',
      json_schema: { name: 'memories', strict: true },
    });
    expect(request.messages.at(-1)).toEqual({ role: 'user', content: 'I am vegetarian.' });
    expect(found[0]).toEqual({ text: 'I am vegetarian', kind: 'diet' });
    // A kind outside the list is kept as no kind.
    expect(found[1]).toEqual({ text: 'I sleep on my left side', kind: null });
    expect(found).toHaveLength(10);
  });

  it('fails as an upstream error on an unreadable answer or a failing model', async () => {
    upstream.script({ content: 'Sure! The person is vegetarian.' });
    await expect(extractor.extract('I am vegetarian')).rejects.toBeInstanceOf(UpstreamError);
    const fail = { status: 400 };
    upstream.script(fail);
    await expect(extractor.extract('I am vegetarian')).rejects.toBeInstanceOf(UpstreamError);
  });
});
