import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manifest } from '../../functions/routes';
import { loadHandler } from '../../infra/local/handlers';
import { lambdaContext } from '../../infra/local/lambda-context';
import { invokeOnce } from '../../infra/local/response-stream';
import { client, type Harness, startHarness } from '../support/harness';
import { startScriptedOpenAI } from '../support/scripted-openai';

let h: Harness;
let upstream: Awaited<ReturnType<typeof startScriptedOpenAI>>;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  upstream = await startScriptedOpenAI();
  h = await startHarness({
    env: { OPENAI_BASE_URL: upstream.url, OPENAI_API_KEY: 'sk-test', HDS_MODEL_FLASH: 'upstream-mini' },
  });
  api = client(h.url, (await h.newAccount()).key);
});
afterAll(async () => {
  await h?.stop();
  await upstream?.stop();
});

const TEXT = 'Fasting glucose this morning 5,4 mmol/L (ref 3.9-5.5). Feeling fine.';
const reading = (over: Record<string, unknown> = {}) => ({
  indicator: 'Fasting glucose',
  value: '5,4',
  unit: 'mmol/L',
  reference_range: '3.9-5.5',
  flag: null,
  measured_at: '2026-11-20',
  ...over,
});

describe('POST /v1/standardize with a configured model', () => {
  it('asks for schema-constrained readings and standardizes what comes back, never a model-given code', async () => {
    upstream.script({ content: JSON.stringify({ readings: [reading()] }) });
    const res = await api.post('/v1/standardize', { text: TEXT });
    expect(res.status).toBe(200);
    const sent = upstream.requests.at(-1)!.body;
    expect(sent.model).toBe('upstream-mini');
    expect(sent.response_format).toMatchObject({ type: 'json_schema', json_schema: { strict: true } });
    expect(JSON.stringify(sent.messages)).toContain('5,4 mmol/L');
    expect(res.body.data).toHaveLength(1);
    expect(res.body.data[0]).toMatchObject({
      indicator_raw: 'Fasting glucose',
      value_raw: '5,4',
      parsed_value: '5.4',
      unit_ucum: 'mmol/L',
      measured_at: '2026-11-20T00:00:00.000Z',
    });
  });

  it('drops a reading whose value the document does not contain', async () => {
    upstream.script({
      content: JSON.stringify({ readings: [reading(), reading({ indicator: 'HbA1c', value: '6.1', unit: '%' })] }),
    });
    const res = await api.post('/v1/standardize', { text: TEXT });
    expect(res.body.data.map((r: any) => r.indicator_raw)).toEqual(['Fasting glucose']);
  });

  it('answers 502 in the envelope when the model fails, after the SDK retries, and stores nothing', async () => {
    const before = upstream.requests.length;
    upstream.script(
      { status: 500, body: { error: { message: 'boom' } } },
      { status: 500, body: { error: { message: 'boom' } } },
      { status: 500, body: { error: { message: 'boom' } } },
    );
    const res = await api.post('/v1/standardize', { user: 'up', text: TEXT, store: true, retention: 'permanent' });
    expect(res.status).toBe(502);
    expect(res.body.error.type).toBe('invalid_request_error');
    expect(upstream.requests.length - before).toBe(3);
    expect((await api.get('/v1/data?user=up')).body.data).toEqual([]);
  });

  it('answers 502 when the model returns something other than the schema', async () => {
    upstream.script({ content: 'Sure! Here are the readings: glucose 5.4' });
    const res = await api.post('/v1/standardize', { text: TEXT });
    expect(res.status).toBe(502);
  });
});

describe('POST /v1/standardize within the request time', () => {
  it('answers 504 in the envelope, pointing at the background path, when the model would outlast the function', async () => {
    const key = (await h.newAccount('deadline')).key;
    // The upstream stalls longer than the function has left; the abort also ends the SDK's retries.
    upstream.script({ delayMs: 20_000, content: JSON.stringify({ readings: [reading()] }) });
    const requestsBefore = upstream.requests.length;
    const event = JSON.parse(
      readFileSync(new URL('../../events/create-standardization.json', import.meta.url), 'utf8'),
    );
    event.headers.authorization = `Bearer ${key}`;
    // As the REST API delivers every body: base64 (binaryMediaTypes */*).
    event.body = Buffer.from(
      JSON.stringify({ text: TEXT, store: true, retention: 'permanent', user: 'late' }),
    ).toString('base64');
    event.isBase64Encoded = true;
    const handler = await loadHandler(manifest.find((e) => e.id === 'create-standardization')!);
    // The function has 6 s left: 4 s are kept for storing and answering, so the model gets 2.
    const res = (await invokeOnce(handler, event, lambdaContext('create-standardization', 6))) as {
      statusCode: number;
      body: string;
    };
    expect(res.statusCode).toBe(504);
    const { error } = JSON.parse(res.body);
    expect(error).toMatchObject({ type: 'invalid_request_error', code: 'deadline_exceeded' });
    expect(error.message).toContain('POST /v1/files');
    expect((await client(h.url, key).get('/v1/data?user=late')).body.data).toEqual([]);
    expect(upstream.requests.length - requestsBefore).toBe(1);
  });
});
