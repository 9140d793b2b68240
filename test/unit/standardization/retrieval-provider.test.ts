import { Readable } from 'node:stream';
import OpenAI from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OpenAITextEmbedder } from '../../../shared/adapters/model/openai-text-embedder';
import { standardizeReading } from '../../../shared/domain/standardization/standardize';
import type { ReadingInput } from '../../../shared/domain/standardization/types';
import type { BlobStore } from '../../../shared/ports/blob-store';
import { EmbeddingRetrieval, forgetCorpusVectors } from '../../../shared/services/standardization/embedding-retrieval';
import { embeddingSettings } from '../../../shared/services/standardization/embedding-settings';
import { captureLogs } from '../../support/log-capture';
import { type ScriptedOpenAI, startScriptedOpenAI } from '../../support/scripted-openai';

/**
 * A stand-in for a provider's model: a bag of hashed words, after a small table of what the model "knows" that the
 * corpus does not (`zuckerwert` is German for blood sugar). Deterministic, so scores are exact.
 */
const KNOWS: Record<string, string> = { zuckerwert: 'glucose', b7: 'b12' };
const DIMENSIONS = 256;
/** Each word sets three hashed dimensions, so two different words rarely share them all. */
const SEEDS = [2166136261, 374761393, 668265263];
function fakeEmbedding(text: string): number[] {
  const vector = new Array<number>(DIMENSIONS).fill(0);
  for (const raw of text.toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
    if (!raw) continue;
    const word = KNOWS[raw] ?? raw;
    for (const seed of SEEDS) {
      let hash = seed;
      for (const ch of word) hash = Math.imul(hash ^ (ch.codePointAt(0) as number), 16777619);
      const at = (hash >>> 0) % DIMENSIONS;
      vector[at] = (vector[at] as number) + 1;
    }
  }
  return vector;
}

class MemoryBlobs implements Pick<BlobStore, 'get' | 'put'> {
  readonly objects = new Map<string, Buffer>();
  async put(key: string, body: Buffer | Readable): Promise<void> {
    this.objects.set(key, Buffer.isBuffer(body) ? body : Buffer.from(''));
  }
  async get(key: string): Promise<Readable | null> {
    const bytes = this.objects.get(key);
    return bytes ? Readable.from([bytes]) : null;
  }
}

let upstream: ScriptedOpenAI;
let blobs: MemoryBlobs;

function prePass(timeoutMs = 5_000): EmbeddingRetrieval {
  const client = new OpenAI({ baseURL: upstream.url, apiKey: 'test-key', maxRetries: 0 });
  const settings = { ...embeddingSettings({}), timeoutMs };
  return new EmbeddingRetrieval(new OpenAITextEmbedder(client, settings.model), settings, blobs);
}

function embeddingInputs(): string[][] {
  return upstream.requests.filter((r) => r.path.endsWith('/embeddings')).map((r) => r.body.input as string[]);
}

beforeAll(async () => {
  upstream = await startScriptedOpenAI({ embed: fakeEmbedding });
});
afterAll(async () => {
  await upstream.stop();
});
beforeEach(() => {
  forgetCorpusVectors();
  upstream.requests.length = 0;
  blobs = new MemoryBlobs();
});

const sugar: ReadingInput = { indicator: 'Zuckerwert', value: '95', unit: 'mg/dL' };

describe('provider embeddings pre-pass', () => {
  it('codes a name the corpus does not know through /v1/embeddings, the corpus giving the code', async () => {
    expect(standardizeReading(sugar)[0]?.loincCode).toBeNull();
    const retrieved = await prePass().retrieve([sugar]);
    const [row] = standardizeReading(sugar, retrieved);
    expect(row?.loincCode).toBe('2345-7');
    expect(row?.confidence).toBeGreaterThanOrEqual(0.7);
    expect(row?.confidence).toBeLessThanOrEqual(0.95);
    expect(upstream.requests.every((r) => r.body.model === 'text-embedding-3-small')).toBe(true);
  });

  it('lets the unit choose the sibling and veto a concept', async () => {
    const molar: ReadingInput = { indicator: 'Zuckerwert', value: '5.3', unit: 'mmol/L' };
    const enzyme: ReadingInput = { indicator: 'Zuckerwert', value: '5.3', unit: 'U/L' };
    const retrieved = await prePass().retrieve([molar, enzyme]);
    expect(standardizeReading(molar, retrieved)[0]?.loincCode).toBe('14749-6');
    expect(standardizeReading(enzyme, retrieved)[0]?.loincCode).toBeNull();
  });

  it('keeps digits exact however near the provider puts two names', async () => {
    const biotin: ReadingInput = { indicator: 'Vitamin B7', value: '400', unit: 'ng/L' };
    const retrieved = await prePass().retrieve([biotin]);
    expect(standardizeReading(biotin, retrieved)[0]?.loincCode).toBeNull();
  });

  it('sends only the names the resolver leaves uncoded', async () => {
    await prePass().retrieve([{ indicator: 'Glucose', value: '95', unit: 'mg/dL' }, sugar]);
    const queries = embeddingInputs().filter((inputs) => inputs.length < 10);
    expect(queries).toEqual([['Zuckerwert']]);
    upstream.requests.length = 0;
    await prePass().retrieve([{ indicator: 'Glucose', value: '95', unit: 'mg/dL' }]);
    expect(upstream.requests).toHaveLength(0);
  });

  it('embeds the corpus once, then loads it from the BlobStore on a cold start', async () => {
    await prePass().retrieve([sugar]);
    const corpusCalls = embeddingInputs().filter((inputs) => inputs.length >= 10).length;
    expect(corpusCalls).toBeGreaterThan(0);
    const [stored] = [...blobs.objects.keys()];
    expect(stored).toMatch(/^standardization\/embeddings\/text-embedding-3-small\/corpus-.+\.f32$/);

    upstream.requests.length = 0;
    await prePass().retrieve([sugar]);
    expect(embeddingInputs()).toEqual([['Zuckerwert']]);

    forgetCorpusVectors();
    upstream.requests.length = 0;
    const retrieved = await prePass().retrieve([sugar]);
    expect(embeddingInputs()).toEqual([['Zuckerwert']]);
    expect(standardizeReading(sugar, retrieved)[0]?.loincCode).toBe('2345-7');
  });

  it('gives no codes, and no error, when the provider fails, and logs nothing of the reading', async () => {
    upstream.script({ status: 500 });
    let retrieved: Awaited<ReturnType<EmbeddingRetrieval['retrieve']>> = new Map();
    const lines = await captureLogs('debug', async () => {
      retrieved = await prePass().retrieve([sugar]);
    });
    expect(retrieved.size).toBe(0);
    expect(standardizeReading(sugar, retrieved)[0]?.loincCode).toBeNull();
    expect(lines.some((line) => line.includes('embedding pre-pass unavailable'))).toBe(true);
    expect(lines.join('\n')).not.toMatch(/Zuckerwert|mg\/dL/);
  });

  it('gives up within its time budget when the provider is slow', async () => {
    upstream.script({ delayMs: 3_000 });
    const started = performance.now();
    const retrieved = await prePass(300).retrieve([sugar]);
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(retrieved.size).toBe(0);
  });
});

describe('embedding settings', () => {
  it('defaults to text-embedding-3-small at 0.8 and reads the environment', () => {
    expect(embeddingSettings({})).toMatchObject({ model: 'text-embedding-3-small', threshold: 0.8 });
    expect(
      embeddingSettings({
        HDS_EMBEDDING_MODEL: 'bge-m3',
        HDS_EMBEDDING_THRESHOLD: '0.7',
        HDS_EMBEDDING_TIMEOUT_MS: '900',
      }),
    ).toEqual({ model: 'bge-m3', threshold: 0.7, timeoutMs: 900 });
    expect(embeddingSettings({ HDS_EMBEDDING_THRESHOLD: '7' }).threshold).toBe(0.8);
  });
});
