import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectedReports, runExtractionBenchmark } from '../../../bench/standardize-extraction';
import { extractReadingsOffline, OfflineReadingExtractor } from '../../../shared/domain/extraction/index';

describe('evaluation set (eval/extraction, dev split)', () => {
  // Quality only: its speed (ms per report, a three-page report) is measured by `npm run bench:standardize`.
  const result = runExtractionBenchmark({ timingRuns: 0 });

  it('meets the product targets: precision ≥ 95 %, recall ≥ 90 %', () => {
    expect(result.dev.reports).toBeGreaterThanOrEqual(15);
    expect(result.dev.precision).toBeGreaterThanOrEqual(0.95);
    expect(result.dev.recall).toBeGreaterThanOrEqual(0.9);
  });

  it('keeps the spent blind splits in dev, each report saying what it was', () => {
    const groups = Object.keys(result.formerly);
    for (const was of [
      'unseen holdout (session 13)',
      'fresh (session 14)',
      'fresh2 (session 15)',
      'fresh3 (session 16)',
    ]) {
      expect(groups, was).toContain(was);
    }
    expect(result.formerly['fresh3 (session 16)']?.expected).toBeGreaterThanOrEqual(150);
    const spent = Object.values(result.formerly).reduce((n, f) => n + f.reports, 0);
    expect(spent).toBeLessThanOrEqual(result.dev.reports);
  });

  it('scores every blind freshN split apart, from its own expectations file (figures in the bench only)', () => {
    const dir = join(__dirname, '../../../eval/extraction');
    for (const name of Object.keys(result.blind)) {
      expect(name).toMatch(/^fresh\d+$/);
      const own = JSON.parse(readFileSync(join(dir, `${name}-expected.json`), 'utf8')) as {
        reports: Record<string, { source?: string; rows: unknown[] }>;
      };
      expect(result.blind[name]?.reports).toBe(Object.keys(own.reports).length);
      for (const [file, spec] of Object.entries(own.reports)) {
        expect(file, `${name} reports are the ${name}-* files`).toMatch(new RegExp(`^${name}-`));
        expect(spec.source, file).toEqual(expect.any(String));
        expect(spec.rows.length, file).toBeGreaterThan(0);
      }
    }
  });

  it('has an existing report file for every expectation, and a named source for every blind one', () => {
    const dir = join(__dirname, '../../../eval/extraction');
    for (const [file, spec] of Object.entries(expectedReports())) {
      expect(existsSync(join(dir, 'reports', file)), file).toBe(true);
      expect(spec.split, file).toMatch(/^(dev|fresh\d+)$/);
      if (spec.split !== 'dev') {
        expect(spec.source, file).toEqual(expect.any(String));
        expect(spec.rows.length, file).toBeGreaterThan(0);
      }
    }
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
