import { createOpenAIClient, modelConfigured } from '../adapters/model/openai-client';
import { OpenAIMemoryExtractor } from '../adapters/model/openai-memory-extractor';
import type { Config } from '../config/config';
import { OfflineMemoryExtractor } from '../domain/memory/offline-memory-extractor';
import type { MemoryExtractor } from '../domain/memory/types';

let cached: { cfg: Config; extractor: MemoryExtractor } | undefined;

/**
 * Reads durable personal facts out of what a person wrote: a schema-constrained call to the configured model, else
 * the conservative offline rules. Kept out of the shared container, as `readingExtractor` is, so only the
 * consolidation worker bundles it.
 */
export function memoryExtractor(cfg: Config): MemoryExtractor {
  if (cached?.cfg !== cfg) {
    cached = {
      cfg,
      extractor: modelConfigured(cfg.model)
        ? new OpenAIMemoryExtractor(createOpenAIClient(cfg.model), cfg.model.flash)
        : new OfflineMemoryExtractor(),
    };
  }
  return cached.extractor;
}
