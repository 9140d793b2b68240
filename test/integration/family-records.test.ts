import { afterAll, beforeAll, expect, it } from 'vitest';
import { client, type Harness, startHarness } from '../support/harness';

/** A family member "has their own records" only when their own Subject holds readings. */
let h: Harness;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  h = await startHarness({ env: { OPENAI_BASE_URL: '', OPENAI_API_KEY: '' } });
  api = client(h.url, (await h.newAccount()).key);
  expect(
    (
      await api.post('/v1/data', {
        user: 'bob',
        retention: 'permanent',
        records: [{ indicator: 'Glucose', value: 95, unit: 'mg/dL', time: '2026-11-01T08:00:00Z' }],
      })
    ).status,
  ).toBe(200);
  for (const member of [
    { user: 'carla', name: 'Bob Rossi', relationship: 'father', member_user: 'bob' },
    { user: 'carla', name: 'Maria Rossi', relationship: 'mother', member_user: 'maria' },
    { user: 'carla', name: 'Sam Rossi', relationship: 'brother' },
  ])
    expect((await api.post('/v1/family-members', member)).status).toBe(201);
});
afterAll(() => h?.stop());

it('says so for the member whose Subject holds readings, and not for one linked to an empty or no Subject', async () => {
  const res = await api.post('/v1/chat/completions', {
    model: 'hds-flash',
    user: 'carla',
    messages: [{ role: 'user', content: 'Who is in my family?' }],
  });
  expect(res.status).toBe(200);
  const answer: string = res.body.choices[0].message.content;
  expect(answer).toContain('**Bob Rossi** — father (has their own records in HDS)');
  expect(answer).toContain('**Maria Rossi** — mother');
  expect(answer).not.toContain('**Maria Rossi** — mother (has their own records');
  expect(answer).not.toContain('**Sam Rossi** — brother (has their own records');
  // Bob's readings themselves never reach Carla's answer.
  expect(answer).not.toContain('95');
});
