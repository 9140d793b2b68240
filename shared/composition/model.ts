import { OfflineEngine } from '../adapters/model/offline-engine/offline-engine';
import { OpenAIChatProvider } from '../adapters/model/openai-chat-provider';
import { createOpenAIClient, modelConfigured } from '../adapters/model/openai-client';
import { OpenAIMemoryExtractor } from '../adapters/model/openai-memory-extractor';
import { OpenAIReadingExtractor } from '../adapters/model/openai-reading-extractor';
import { OfflineReadingExtractor } from '../domain/extraction';
import { OfflineMemoryExtractor } from '../domain/memory/offline-memory-extractor';
import type { ModelServices } from '../services/container';
import { perConfig } from './per-config';

/**
 * The configured OpenAI-compatible upstream (`OPENAI_BASE_URL` or `OPENAI_API_KEY`) behind the agent and both
 * extractors, else the offline engines, which keep no state between calls. The part of functions that name `usesModel`;
 * only they bundle the model SDK.
 */
export const model = perConfig((cfg): ModelServices => {
  if (!modelConfigured(cfg.model)) {
    return {
      chat: new OfflineEngine(),
      readingExtractor: new OfflineReadingExtractor(),
      memoryExtractor: new OfflineMemoryExtractor(),
    };
  }
  const client = createOpenAIClient(cfg.model);
  return {
    chat: new OpenAIChatProvider(client, cfg.model),
    readingExtractor: new OpenAIReadingExtractor(client, cfg.model.flash),
    memoryExtractor: new OpenAIMemoryExtractor(client, cfg.model.flash),
  };
});
