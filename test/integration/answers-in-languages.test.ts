import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setClock } from '../../shared/clock';
import { client, type Harness, startHarness } from '../support/harness';

/**
 * Issue 11's case from outside, offline: "¿Cómo ha estado mi frecuencia cardíaca esta semana?" is grounded in this
 * week's eight resting-heart-rate readings (not a one-reading series, not all time), and answered in Spanish; the
 * same holds on the Agent API and in the other languages the engine reads.
 */
let h: Harness;
let sdk: OpenAI;
let restoreClock: () => void;

beforeAll(async () => {
  // Saturday 21 Nov 2026: "this week" is Monday 16 Nov onwards.
  restoreClock = setClock(() => Date.UTC(2026, 10, 21, 9));
  h = await startHarness({ env: { OPENAI_BASE_URL: '', OPENAI_API_KEY: '' } });
  const { key } = await h.newAccount();
  sdk = new OpenAI({ baseURL: `${h.url}/v1`, apiKey: key, maxRetries: 0 });
  const resting = [58, 61, 60, 57, 59, 62, 60, 58].map((value, i) => ({
    indicator: 'Resting heart rate',
    value,
    unit: 'bpm',
    time: new Date(Date.UTC(2026, 10, 16 + Math.min(i, 5), 6 + i)).toISOString(),
  }));
  const res = await client(h.url, key).post('/v1/data', {
    user: 'lucia',
    retention: 'permanent',
    records: [
      ...resting,
      { indicator: 'Heart rate', value: 95, unit: 'bpm', time: '2026-10-02T12:00:00Z' },
      { indicator: 'Resting heart rate', value: 70, unit: 'bpm', time: '2026-09-01T06:00:00Z' },
    ],
  });
  expect(res.status).toBe(200);
});
afterAll(async () => {
  await h?.stop();
  restoreClock?.();
});

describe('answers in the question’s language, grounded like the English question', () => {
  it('Spanish on the Answers API: this week’s eight resting readings, in Spanish', async () => {
    const completion = await sdk.chat.completions.create({
      model: 'hds-flash',
      messages: [{ role: 'user', content: '¿Cómo ha estado mi frecuencia cardíaca esta semana?' }],
      user: 'lucia',
    } as never);
    const text = completion.choices[0]!.message.content!;
    expect(text).toContain('8 mediciones esta semana');
    expect(text).toMatch(/\b62\b/);
    expect(text).not.toMatch(/\b95\b|\b70\b/);
    expect(text).not.toMatch(/readings|this week/);
  });

  it.each([
    ['Wie war mein Ruhepuls diese Woche?', '8 Messwerte'],
    ['Comment était ma fréquence cardiaque cette semaine ?', '8 mesures'],
    ['Como esteve minha frequência cardíaca esta semana?', '8 medições'],
    ['Com’è andata la mia frequenza cardiaca questa settimana?', '8 misurazioni'],
    ['我这周的心率怎么样？', '8'],
  ])('%s → on the Agent API, in that language', async (question, phrase) => {
    const response = await sdk.responses.create({ model: 'hds-flash', input: question, user: 'lucia' });
    expect(response.output_text).toContain(phrase);
    expect(response.output_text).not.toMatch(/\b95\b|\b70\b/);
    expect(response.output_text).not.toContain('readings');
  });
});
