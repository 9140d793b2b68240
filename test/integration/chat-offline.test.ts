import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setClock } from '../../shared/clock';
import { client, type Harness, startHarness } from '../support/harness';

/** No model is configured: the Answers API runs the offline rule-based engine over the same tools. */
let h: Harness;
let api: ReturnType<typeof client>;
let sdk: OpenAI;
let restoreClock: () => void;

const at = (m: number, d = 10) => new Date(Date.UTC(2026, m, d, 8)).toISOString();

beforeAll(async () => {
  restoreClock = setClock(() => Date.UTC(2026, 10, 21, 9));
  h = await startHarness({ env: { OPENAI_BASE_URL: '', OPENAI_API_KEY: '' } });
  const { key } = await h.newAccount();
  api = client(h.url, key);
  sdk = new OpenAI({ baseURL: `${h.url}/v1`, apiKey: key, maxRetries: 0 });
  const res = await api.post('/v1/data', {
    user: 'olga',
    retention: 'permanent',
    records: [
      { indicator: 'LDL cholesterol', value: 162, unit: 'mg/dL', time: at(0, 15) },
      { indicator: 'LDL-C', value: 148, unit: 'mg/dl', time: at(4) },
      { indicator: 'LDL cholesterol', value: 131, unit: 'mg/dL', time: at(9, 2) },
      { indicator: 'LDL cholesterol', value: 190, unit: 'mg/dL', time: '2025-06-01T08:00:00Z' },
      { indicator: 'HbA1c', value: 5.9, unit: '%', reference_range: '4.0-5.6', time: at(1) },
      { indicator: 'Hemoglobin A1c', value: 6.4, unit: '%', reference_range: '4.0-5.6', time: at(8) },
      { indicator: 'Fasting glucose', value: 92, unit: 'mg/dL', reference_range: '70-99', time: at(1) },
      { indicator: 'Fasting glucose', value: 118, unit: 'mg/dL', reference_range: '70-99', time: at(8) },
      { indicator: 'TSH', value: 2.1, unit: 'mIU/L', reference_range: '0.4-4.0', time: at(6) },
    ],
  });
  expect(res.status).toBe(200);
});
afterAll(async () => {
  await h?.stop();
  restoreClock?.();
});

async function answer(question: string, user = 'olga') {
  const completion = await sdk.chat.completions.create({
    model: 'hds-flash',
    messages: [{ role: 'user', content: question }],
    user,
    include_tool_steps: true,
  } as any);
  return completion;
}

describe('the offline engine answers common questions from the Subject data', () => {
  it('latest value, with unit and date', async () => {
    const completion = await answer('What is my latest HbA1c?');
    const text = completion.choices[0]!.message.content!;
    expect(text).toContain('6.4');
    expect(text).toContain('%');
    expect(text).toMatch(/Sep(tember)? 2026|2026-09-10/);
    expect((completion.choices[0]!.message as any).tool_steps.length).toBeGreaterThan(0);
  });

  it('trend over a period: only that period, first to last, with a chart', async () => {
    const text = (await answer('What happened to my LDL this year?')).choices[0]!.message.content!;
    expect(text).toContain('162');
    expect(text).toContain('131');
    expect(text).not.toContain('190');
    const chart = /```vis-chart\n([\s\S]*?)\n```/.exec(text);
    expect(chart).not.toBeNull();
    const spec = JSON.parse(chart![1]!);
    expect(spec.type).toBe('line');
    expect(spec.data.map((d: any) => d.value)).toEqual([162, 148, 131]);
  });

  it('comparison of two tests', async () => {
    const text = (await answer('Compare my fasting glucose and HbA1c')).choices[0]!.message.content!;
    expect(text).toContain('118');
    expect(text).toContain('6.4');
  });

  it('abnormal results, with their ranges, and nothing normal', async () => {
    const text = (await answer('Do I have any abnormal results?')).choices[0]!.message.content!;
    expect(text).toContain('118');
    expect(text).toContain('6.4');
    expect(text).not.toContain('2.1 mIU/L');
  });

  it('says plainly when there is no data', async () => {
    const text = (await answer('What is my vitamin D level?')).choices[0]!.message.content!;
    expect(text.toLowerCase()).toMatch(/no .*vitamin d|not find|no readings/);
    const empty = (await answer('What is my latest LDL?', 'nobody')).choices[0]!.message.content!;
    expect(empty.toLowerCase()).toMatch(/no |not find/);
  });

  it('streams the same answer deterministically', async () => {
    const stream = await sdk.chat.completions.create({
      model: 'hds-flash',
      messages: [{ role: 'user', content: 'What is my latest HbA1c?' }],
      user: 'olga',
      stream: true,
    });
    let text = '';
    for await (const c of stream) text += c.choices[0]?.delta?.content ?? '';
    expect(text).toBe((await answer('What is my latest HbA1c?')).choices[0]!.message.content);
  });
});
