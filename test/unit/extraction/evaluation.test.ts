import { describe, expect, it } from 'vitest';
import { runExtractionBenchmark } from '../../../bench/standardize-extraction';
import { extractReadingsOffline, OfflineReadingExtractor } from '../../../shared/domain/extraction/index';

describe('evaluation set (eval/extraction, dev split)', () => {
  // Quality only: its speed (ms per report, a three-page report) is measured by `npm run bench:standardize`.
  const result = runExtractionBenchmark({ timingRuns: 0 });

  it('meets the product targets: precision ≥ 95 %, recall ≥ 90 %', () => {
    expect(result.dev.reports).toBeGreaterThanOrEqual(15);
    expect(result.dev.precision).toBeGreaterThanOrEqual(0.95);
    expect(result.dev.recall).toBeGreaterThanOrEqual(0.9);
  });

  it('keeps a holdout of at least 8 reports whose layouts no rule was written for (figures in the bench only)', () => {
    const holdout = result.outcomes.filter((o) => o.split === 'holdout');
    expect(holdout.length).toBeGreaterThanOrEqual(8);
    for (const o of holdout) expect(o.file, 'holdout reports are the unseen-* layouts').toMatch(/^unseen-/);
  });

  it('yields nothing for the narrative-only reports', () => {
    for (const outcome of result.outcomes.filter((o) => o.file.startsWith('narrative-only'))) {
      expect(outcome.spurious, outcome.file).toEqual([]);
    }
  });
});

describe('OfflineReadingExtractor', () => {
  it('is deterministic and wraps the synchronous extractor', async () => {
    const text = 'Collected: 12.03.2026\nGlucose 104 mg/dL (70-99) H\nBP 128/82, HR 72';
    const first = await new OfflineReadingExtractor().extract(text);
    expect(first).toEqual(extractReadingsOffline(text));
    expect(extractReadingsOffline(text)).toEqual(first);
    expect(first.map((r) => r.indicator)).toEqual(['Glucose', 'BP', 'HR']);
    expect(first.every((r) => r.measuredAt === '2026-03-12')).toBe(true);
  });
});
