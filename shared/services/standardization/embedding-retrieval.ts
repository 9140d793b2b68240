import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  corpusIndex,
  type RetrievedResolutions,
  resolveFromNeighbours,
  resolverUnitOf,
  resolveSeriesIndicator,
  retrievalKey,
} from '#standardization';
import { EMBEDDINGS_CACHE_PREFIX } from '../../config/resources';
import { normalizeIndicatorText } from '../../domain/standardization/normalize-text';
import type { KeyNeighbour } from '../../domain/standardization/retrieval/retrieve';
import type { ReadingInput } from '../../domain/standardization/types';
import { log } from '../../log';
import type { BlobStore } from '../../ports/blob-store';
import type { TextEmbedder } from '../../ports/text-embedder';
import type { EmbeddingSettings } from './embedding-settings';

/** Neighbours handed to the domain's re-ranking: enough to see the runner-up of another meaning. */
const NEIGHBOURS = 8;
/** Stored vector file: magic, dimensions, count, then float32 rows. */
const MAGIC = 0x45534448; // "HDSE", little-endian
const HEADER_BYTES = 12;

/** The corpus keys and their unit-length vectors, row after row. */
interface CorpusVectors {
  keys: readonly string[];
  dimensions: number;
  vectors: Float32Array;
}

/** Loaded or in-flight corpus vectors per model and corpus, shared by every write of this process. */
const corpusVectorsByKey = new Map<string, Promise<CorpusVectors>>();

function unitLength(vector: Float32Array): Float32Array {
  let norm = 0;
  for (const x of vector) norm += x * x;
  norm = Math.sqrt(norm);
  return norm > 0 ? vector.map((x) => x / norm) : vector;
}

async function bytesOf(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function encode(corpus: CorpusVectors): Buffer {
  const header = Buffer.alloc(HEADER_BYTES);
  header.writeUInt32LE(MAGIC, 0);
  header.writeUInt32LE(corpus.dimensions, 4);
  header.writeUInt32LE(corpus.keys.length, 8);
  return Buffer.concat([
    header,
    Buffer.from(corpus.vectors.buffer, corpus.vectors.byteOffset, corpus.vectors.byteLength),
  ]);
}

function decode(bytes: Buffer, keys: readonly string[]): CorpusVectors | null {
  if (bytes.length < HEADER_BYTES || bytes.readUInt32LE(0) !== MAGIC) return null;
  const dimensions = bytes.readUInt32LE(4);
  const count = bytes.readUInt32LE(8);
  if (count !== keys.length || bytes.length !== HEADER_BYTES + count * dimensions * 4) return null;
  const vectors = new Float32Array(count * dimensions);
  new Uint8Array(vectors.buffer).set(bytes.subarray(HEADER_BYTES));
  return { keys, dimensions, vectors };
}

function nearest(corpus: CorpusVectors, query: Float32Array, k: number): KeyNeighbour[] {
  const { dimensions, vectors, keys } = corpus;
  if (query.length !== dimensions) return [];
  const top: KeyNeighbour[] = [];
  for (let row = 0; row < keys.length; row++) {
    let dot = 0;
    const base = row * dimensions;
    for (let d = 0; d < dimensions; d++) dot += (query[d] as number) * (vectors[base + d] as number);
    if (top.length < k || dot > (top[top.length - 1] as KeyNeighbour).score) {
      top.push({ key: keys[row] as string, score: dot });
      top.sort((a, b) => b.score - a.score);
      if (top.length > k) top.pop();
    }
  }
  return top;
}

class PrePassTimeout extends Error {
  override name = 'PrePassTimeout';
}

/** What a write path asks before standardizing: resolutions for the names the deterministic resolver leaves null. */
export interface NameRetrieval {
  /** `blobs`: where the corpus vectors are cached across cold starts, when the caller has the bucket. */
  retrieve(inputs: readonly ReadingInput[], blobs?: Pick<BlobStore, 'get' | 'put'>): Promise<RetrievedResolutions>;
}

/**
 * Provider-embeddings pre-pass for the names the deterministic resolver leaves uncoded: their embeddings from the
 * provider's `/v1/embeddings`, cosine neighbours among the corpus keys (embedded once per model and corpus version,
 * kept in memory and in the BlobStore so a cold start loads instead of re-embedding), then the domain's own
 * re-ranking and threshold (`resolveFromNeighbours`). Hands `standardizeReading` a map of resolutions; the provider
 * proposes keys, only the corpus gives codes. A failing or slow provider gives an empty map, never a failed write, and
 * nothing about the readings is logged.
 */
export class EmbeddingRetrieval implements NameRetrieval {
  constructor(
    private readonly embedder: TextEmbedder,
    private readonly settings: EmbeddingSettings,
    private readonly blobs?: Pick<BlobStore, 'get' | 'put'>,
  ) {}

  async retrieve(
    inputs: readonly ReadingInput[],
    blobs: Pick<BlobStore, 'get' | 'put'> | undefined = this.blobs,
  ): Promise<RetrievedResolutions> {
    const pending = new Map<string, { indicator: string; unit: string | null }>();
    for (const input of inputs) {
      const unit = resolverUnitOf(input);
      if (resolveSeriesIndicator(input.indicator, unit).loincCode !== null) continue;
      if (!normalizeIndicatorText(input.indicator)) continue;
      pending.set(retrievalKey(input.indicator, input.unit), { indicator: input.indicator, unit });
    }
    if (pending.size === 0) return new Map();

    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        controller.abort();
        reject(new PrePassTimeout('embedding pre-pass over its time budget'));
      }, this.settings.timeoutMs);
    });
    try {
      const names = [...pending];
      const [corpus, queries] = await Promise.race([
        Promise.all([
          this.corpusVectors(blobs),
          this.embedder.embed(
            names.map(([, n]) => n.indicator),
            controller.signal,
          ),
        ]),
        deadline,
      ]);
      const resolutions = new Map<string, ReturnType<typeof resolveFromNeighbours>>();
      names.forEach(([key, { indicator, unit }], i) => {
        const query = queries[i];
        if (!query) return;
        const neighbours = nearest(corpus, unitLength(query), NEIGHBOURS);
        const resolution = resolveFromNeighbours(indicator, unit, neighbours, this.settings.threshold);
        if (resolution.loincCode !== null) resolutions.set(key, resolution);
      });
      return resolutions;
    } catch (err) {
      log('warn', 'embedding pre-pass unavailable; the names stay uncoded', {
        names: pending.size,
        error: err instanceof Error ? err.name : 'unknown',
      });
      return new Map();
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * The corpus vectors, started once per process and not tied to one write's budget: a write that cannot wait for the
   * first embedding goes on without codes while the vectors keep coming for the next. A failure is forgotten so the
   * next write tries again.
   */
  private corpusVectors(blobs: Pick<BlobStore, 'get' | 'put'> | undefined): Promise<CorpusVectors> {
    const keys = [...corpusIndex.exact.keys()];
    const digest = createHash('sha256').update(keys.join('\n')).digest('hex').slice(0, 16);
    const cacheKey = `${EMBEDDINGS_CACHE_PREFIX}${encodeURIComponent(this.embedder.model)}/corpus-${corpusIndex.version}-${digest}.f32`;
    let vectors = corpusVectorsByKey.get(cacheKey);
    if (!vectors) {
      vectors = this.loadOrEmbed(cacheKey, keys, blobs);
      corpusVectorsByKey.set(cacheKey, vectors);
      vectors.catch(() => corpusVectorsByKey.delete(cacheKey));
    }
    return vectors;
  }

  private async loadOrEmbed(
    cacheKey: string,
    keys: readonly string[],
    blobs: Pick<BlobStore, 'get' | 'put'> | undefined,
  ): Promise<CorpusVectors> {
    const stored = await blobs?.get(cacheKey).catch(() => null);
    if (stored) {
      const decoded = decode(await bytesOf(stored), keys);
      if (decoded) return decoded;
    }
    const embedded = await this.embedder.embed(keys);
    const dimensions = embedded[0]?.length ?? 0;
    const vectors = new Float32Array(keys.length * dimensions);
    embedded.forEach((v, row) => {
      if (v.length !== dimensions) throw new Error('embeddings: vectors of different lengths');
      vectors.set(unitLength(v), row * dimensions);
    });
    const corpus = { keys, dimensions, vectors };
    await blobs?.put(cacheKey, encode(corpus), 'application/octet-stream').catch((err: unknown) => {
      log('warn', 'embedding cache not stored', { error: err instanceof Error ? err.name : 'unknown' });
    });
    return corpus;
  }
}

/** Forgets the corpus vectors held in memory (tests of the cold-start path). */
export function forgetCorpusVectors(): void {
  corpusVectorsByKey.clear();
}
