/**
 * Reading extraction: report text in, the readings it states out, as written. `extractReadingsOffline` is the
 * deterministic, dependency-free reader used when no language model is configured (and in every test).
 */
import { extractReadingsOffline } from './extract';
import type { ExtractedReading, ExtractionOptions, ReadingExtractor } from './types';

export { extractReadingsOffline } from './extract';
export type { ExtractedReading, ExtractionOptions, ReadingExtractor } from './types';

/** The offline extractor behind the `ReadingExtractor` interface the model-backed extractor also implements. */
export class OfflineReadingExtractor implements ReadingExtractor {
  async extract(text: string, options?: ExtractionOptions): Promise<ExtractedReading[]> {
    return extractReadingsOffline(text, options);
  }
}
