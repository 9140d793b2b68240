import { afterAll, beforeAll, expect, it } from 'vitest';
import { labTxt } from '../support/document-fixtures';
import { client, type Harness, startHarness } from '../support/harness';
import { type ScriptedOpenAI, startScriptedOpenAI } from '../support/scripted-openai';

/** A file whose extraction waits on an unreachable model says why it is still processing. */
let h: Harness;
let upstream: ScriptedOpenAI;
let api: ReturnType<typeof client>;
let key: string;

beforeAll(async () => {
  // Every model call fails (an unscripted request is a 500), and a failed job comes back only after a minute.
  upstream = await startScriptedOpenAI();
  h = await startHarness({
    queueRetryDelayMs: 60_000,
    env: { OPENAI_BASE_URL: upstream.url, OPENAI_API_KEY: 'sk-test', HDS_MODEL_FLASH: 'm' },
  });
  key = (await h.newAccount('retry')).key;
  api = client(h.url, key);
});
afterAll(async () => {
  await h?.stop();
  await upstream?.stop();
});

it('shows processing_note while the job is retried, and nothing of the file or its text in it', async () => {
  const form = new FormData();
  form.append('user', 'waiting');
  form.append('file', new Blob([new Uint8Array(labTxt())], { type: 'text/plain' }), 'jane-doe-results.txt');
  const res = await fetch(`${h.url}/v1/files`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}` },
    body: form,
  });
  expect(res.status).toBe(200);
  const { id } = (await res.json()) as { id: string };
  expect((await api.get(`/v1/files/${id}?user=waiting`)).body.processing_note).toBeUndefined();

  await h.runtime.drainQueues();
  expect(upstream.requests.length).toBeGreaterThan(0);
  const file = (await api.get(`/v1/files/${id}?user=waiting`)).body;
  expect(file.status).toBe('processing');
  expect(file.processing_note).toBe(
    'processing hit the reading model did not answer (attempt 1 of 5); it is retried automatically',
  );
  const listed = (await api.get('/v1/files?user=waiting')).body.data[0];
  expect(listed.processing_note).toBe(file.processing_note);
  expect(file.processing_note).not.toContain('jane');
});
