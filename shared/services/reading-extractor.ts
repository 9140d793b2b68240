import { createOpenAIClient, modelConfigured } from '../adapters/model/openai-client';
import { OpenAIReadingExtractor } from '../adapters/model/openai-reading-extractor';
import type { Config } from '../config/config';
import { OfflineReadingExtractor } from '../domain/extraction';
import type { ReadingExtractor } from '../domain/extraction/types';

let cached: { cfg: Config; extractor: ReadingExtractor } | undefined;

/**
 * Reads readings out of text: a schema-constrained call to the configured model, else the offline
 * deterministic extractor. Kept out of the shared container so only the functions that extract bundle
 * the model SDK.
 */
export function readingExtractor(cfg: Config): ReadingExtractor {
  if (cached?.cfg !== cfg) {
    cached = {
      cfg,
      extractor: modelConfigured(cfg.model)
        ? new OpenAIReadingExtractor(createOpenAIClient(cfg.model), cfg.model.flash)
        : new OfflineReadingExtractor(),
    };
  }
  return cached.extractor;
}
