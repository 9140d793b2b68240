import type OpenAI from 'openai';
import type { TextEmbedder } from '../../ports/text-embedder';

/** Inputs per request: well under the API's 2,048 and small enough that one slow batch does not hold up the rest. */
const BATCH = 512;

/** `POST /v1/embeddings` through the `openai` SDK, in batches, float vectors. */
export class OpenAITextEmbedder implements TextEmbedder {
  constructor(
    private readonly client: OpenAI,
    readonly model: string,
  ) {}

  async embed(texts: readonly string[], signal?: AbortSignal): Promise<Float32Array[]> {
    const vectors: Float32Array[] = [];
    for (let start = 0; start < texts.length; start += BATCH) {
      const input = texts.slice(start, start + BATCH);
      const response = await this.client.embeddings.create(
        { model: this.model, input, encoding_format: 'float' },
        { signal },
      );
      const ordered = [...response.data].sort((a, b) => a.index - b.index);
      if (ordered.length !== input.length) throw new Error('embeddings: answer count differs from input count');
      for (const item of ordered) vectors.push(Float32Array.from(item.embedding));
    }
    return vectors;
  }
}
