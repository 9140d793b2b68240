import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forgetCorpusVectors } from '../../shared/services/standardization/embedding-retrieval';
import { client, type Harness, startHarness } from '../support/harness';
import { type ScriptedOpenAI, startScriptedOpenAI } from '../support/scripted-openai';

/** The provider's "model": bags of hashed words, after what it knows that the corpus does not (German for sugar). */
const KNOWS: Record<string, string> = { zuckerwert: 'glucose' };
const SEEDS = [2166136261, 374761393, 668265263];
function fakeEmbedding(text: string): number[] {
  const vector = new Array<number>(256).fill(0);
  for (const raw of text.toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
    if (!raw) continue;
    const word = KNOWS[raw] ?? raw;
    for (const seed of SEEDS) {
      let hash = seed;
      for (const ch of word) hash = Math.imul(hash ^ (ch.codePointAt(0) as number), 16777619);
      const at = (hash >>> 0) % 256;
      vector[at] = (vector[at] as number) + 1;
    }
  }
  return vector;
}

let h: Harness;
let upstream: ScriptedOpenAI;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  forgetCorpusVectors();
  upstream = await startScriptedOpenAI({ embed: fakeEmbedding });
  h = await startHarness({
    env: { OPENAI_BASE_URL: upstream.url, OPENAI_API_KEY: 'sk-test', HDS_MODEL_FLASH: 'upstream-mini' },
  });
  api = client(h.url, (await h.newAccount()).key);
});
afterAll(async () => {
  await h?.stop();
  await upstream?.stop();
});

const TEXT = 'Zuckerwert 95 mg/dL (70-99), Glucose 96 mg/dL.';
const reading = (indicator: string, value: string) => ({
  indicator,
  value,
  unit: 'mg/dL',
  reference_range: '70-99',
  flag: null,
  measured_at: '2026-11-20',
});

describe('POST /v1/standardize with provider embeddings', () => {
  it('codes a name the corpus does not know through /v1/embeddings, and stores the coded row', async () => {
    upstream.script({ content: JSON.stringify({ readings: [reading('Zuckerwert', '95'), reading('Glucose', '96')] }) });
    const res = await api.post('/v1/standardize', { user: 'emb', text: TEXT, store: true, retention: 'permanent' });
    expect(res.status).toBe(200);
    const [sugar, glucose] = res.body.data;
    expect(sugar).toMatchObject({ indicator_raw: 'Zuckerwert', loinc_code: '2345-7' });
    expect(sugar.confidence).toBeGreaterThanOrEqual(0.7);
    expect(sugar.confidence).toBeLessThan(1);
    expect(glucose).toMatchObject({ indicator_raw: 'Glucose', loinc_code: '2345-7', confidence: 1 });
    // Only the uncoded name went to the provider as a query (the corpus keys go in their own large batches).
    const queries = upstream.requests
      .filter((r) => r.path.endsWith('/embeddings') && r.body.input.length < 10)
      .map((r) => r.body.input);
    expect(queries).toEqual([['Zuckerwert']]);
    const stored = (await api.get('/v1/data?user=emb')).body.data;
    expect(stored.map((r: any) => r.loinc_code).sort()).toEqual(['2345-7', '2345-7']);
  });

  it('still answers, the name uncoded, when the embeddings call fails', async () => {
    upstream.script(
      { content: JSON.stringify({ readings: [reading('Zuckerwert', '95')] }) },
      { status: 500, body: { error: { message: 'embeddings down', type: 'server_error', param: null, code: null } } },
      { status: 500, body: { error: { message: 'embeddings down', type: 'server_error', param: null, code: null } } },
      { status: 500, body: { error: { message: 'embeddings down', type: 'server_error', param: null, code: null } } },
    );
    const res = await api.post('/v1/standardize', { user: 'down', text: TEXT, store: true, retention: 'permanent' });
    expect(res.status).toBe(200);
    expect(res.body.data[0]).toMatchObject({ indicator_raw: 'Zuckerwert', loinc_code: null, confidence: 0 });
    expect((await api.get('/v1/data?user=down')).body.data).toHaveLength(1);
  });
});
