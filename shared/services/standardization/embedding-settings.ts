/**
 * Settings of the provider-embeddings pre-pass, from the environment; the provider itself (base URL, key) is the
 * model configuration every other model call uses (`shared/config/config.ts`).
 */
export interface EmbeddingSettings {
  /** `HDS_EMBEDDING_MODEL`, default `text-embedding-3-small`. */
  model: string;
  /**
   * `HDS_EMBEDDING_THRESHOLD`, cosine similarity between a name and a corpus key below which the pre-pass gives no
   * code. Default 0.8: with OpenAI's `text-embedding-3-*` models, unrelated short medical terms commonly sit between
   * 0.3 and 0.6 and spellings of one test above 0.8, and no dev split has been scored against a provider yet, so the
   * default errs towards null (a wrong code is worse than none). Calibrate with a provider before lowering it.
   */
  threshold: number;
  /** `HDS_EMBEDDING_TIMEOUT_MS`, the whole pre-pass's budget on a write: past it the write goes on without codes. */
  timeoutMs: number;
}

export const DEFAULT_EMBEDDING_MODEL = 'text-embedding-3-small';
export const DEFAULT_EMBEDDING_THRESHOLD = 0.8;
const DEFAULT_TIMEOUT_MS = 3_000;

function fraction(text: string | undefined, fallback: number): number {
  const value = Number(text);
  return text !== undefined && text !== '' && Number.isFinite(value) && value > 0 && value <= 1 ? value : fallback;
}

function positive(text: string | undefined, fallback: number): number {
  const value = Number(text);
  return Number.isInteger(value) && value > 0 ? value : fallback;
}

export function embeddingSettings(env: NodeJS.ProcessEnv = process.env): EmbeddingSettings {
  return {
    model: env.HDS_EMBEDDING_MODEL?.trim() || DEFAULT_EMBEDDING_MODEL,
    threshold: fraction(env.HDS_EMBEDDING_THRESHOLD, DEFAULT_EMBEDDING_THRESHOLD),
    timeoutMs: positive(env.HDS_EMBEDDING_TIMEOUT_MS, DEFAULT_TIMEOUT_MS),
  };
}
