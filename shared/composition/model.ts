import { OpenAIChatProvider } from '../adapters/model/openai-chat-provider';
import { createOpenAIClient, modelConfigured } from '../adapters/model/openai-client';
import { OpenAIMemoryExtractor } from '../adapters/model/openai-memory-extractor';
import { OpenAIReadingExtractor } from '../adapters/model/openai-reading-extractor';
import { OpenAITextEmbedder } from '../adapters/model/openai-text-embedder';
import type { ExtractedReading, ExtractionOptions, ReadingExtractor } from '../domain/extraction/types';
import { OfflineMemoryExtractor } from '../domain/memory/offline-memory-extractor';
import type { ModelCall, ModelEvent, ModelProvider } from '../ports/model-provider';
import type { ModelServices } from '../services/container';
import { EmbeddingRetrieval } from '../services/standardization/embedding-retrieval';
import { embeddingSettings } from '../services/standardization/embedding-settings';
import { perConfig } from './per-config';

/**
 * The configured OpenAI-compatible upstream (`OPENAI_BASE_URL` or `OPENAI_API_KEY`) behind the agent and both
 * extractors, else the offline engines, which keep no state between calls. The part of functions that name `usesModel`;
 * only they bundle the model SDK.
 */
export const model = perConfig((cfg): ModelServices => {
  if (!modelConfigured(cfg.model)) {
    return {
      chat: new LazyOfflineEngine(),
      readingExtractor: new LazyOfflineReadingExtractor(),
      memoryExtractor: new OfflineMemoryExtractor(),
    };
  }
  const client = createOpenAIClient(cfg.model);
  const embeddings = embeddingSettings();
  return {
    chat: new OpenAIChatProvider(client, cfg.model),
    readingExtractor: new OpenAIReadingExtractor(client, cfg.model.flash),
    memoryExtractor: new OpenAIMemoryExtractor(client, cfg.model.flash),
    nameRetrieval: new EmbeddingRetrieval(new OpenAITextEmbedder(client, embeddings.model), embeddings),
  };
});

/**
 * The offline engine, loaded on its first question: a deployment with a model configured never runs it, so its
 * rules, lexicons and messages stay out of the answering functions' cold start (`#offline-engine` is bundled apart).
 */
class LazyOfflineEngine implements ModelProvider {
  readonly kind = 'offline' as const;
  private engine?: Promise<ModelProvider>;

  async *stream(call: ModelCall): AsyncIterable<ModelEvent> {
    this.engine ??= import('#offline-engine').then(
      (m) => new m.OfflineEngine(),
      (err) => {
        this.engine = undefined; // the next question tries again
        throw err;
      },
    );
    yield* (await this.engine).stream(call);
  }
}

/**
 * The offline reading extractor, loaded on its first document for the same reason: its layout readers are ~170 KB of
 * the answering functions' bundle, which a deployment with a model configured never runs (`#offline-extractor`).
 */
class LazyOfflineReadingExtractor implements ReadingExtractor {
  private extractor?: Promise<ReadingExtractor>;

  async extract(text: string, options?: ExtractionOptions): Promise<ExtractedReading[]> {
    this.extractor ??= import('#offline-extractor').then(
      (m) => new m.OfflineReadingExtractor(),
      (err) => {
        this.extractor = undefined; // the next document tries again
        throw err;
      },
    );
    return (await this.extractor).extract(text, options);
  }
}
