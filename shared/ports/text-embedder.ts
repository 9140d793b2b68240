/** Text embeddings from a model provider (`/v1/embeddings` of an OpenAI-compatible API). */
export interface TextEmbedder {
  /** The model's name, part of every cache key: vectors of two models are not comparable. */
  readonly model: string;
  /** One vector per text, in order. */
  embed(texts: readonly string[], signal?: AbortSignal): Promise<Float32Array[]>;
}
