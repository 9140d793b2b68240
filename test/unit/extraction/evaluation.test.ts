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

  it('keeps a holdout of at least 8 reports whose layouts no rule was written for (figures in the bench only)', () => {
    const holdout = result.outcomes.filter((o) => o.split === 'holdout');
    expect(holdout.length).toBeGreaterThanOrEqual(8);
    for (const o of holdout) expect(o.file, 'holdout reports are the unseen-* layouts').toMatch(/^unseen-/);
  });

  it('scores the fresh split (session 14) apart: at least 10 fresh-* reports, none in overall (figures in the bench only)', () => {
    const fresh = result.outcomes.filter((o) => o.split === 'fresh');
    expect(fresh.length).toBeGreaterThanOrEqual(10);
    for (const o of fresh) expect(o.file, 'fresh reports are the fresh-* layouts').toMatch(/^fresh-/);
    expect(result.fresh.reports).toBe(fresh.length);
    expect(result.fresh.expected).toBeGreaterThanOrEqual(60);
    expect(result.overall.reports).toBe(result.dev.reports + result.holdout.reports);
  });

  it('scores the blind fresh2 split (session 15) apart, from its own expectations file (figures in the bench only)', () => {
    const fresh2 = result.outcomes.filter((o) => o.split === 'fresh2');
    expect(fresh2.length).toBeGreaterThanOrEqual(12);
    for (const o of fresh2) expect(o.file, 'fresh2 reports are the fresh2-* files').toMatch(/^fresh2-/);
    expect(result.fresh2.expected).toBeGreaterThanOrEqual(120);
    const dir = join(__dirname, '../../../eval/extraction');
    const own = JSON.parse(readFileSync(join(dir, 'fresh2-expected.json'), 'utf8')) as {
      reports: Record<string, { source?: string; rows: unknown[] }>;
    };
    for (const [file, spec] of Object.entries(own.reports)) {
      expect(existsSync(join(dir, 'reports', file)), file).toBe(true);
      expect(spec.source, file).toEqual(expect.any(String));
      expect(spec.rows.length, file).toBeGreaterThan(0);
    }
  });

  it('scores the blind fresh3 split (session 16) apart, from its own expectations file (figures in the bench only)', () => {
    const fresh3 = result.outcomes.filter((o) => o.split === 'fresh3');
    expect(fresh3.length).toBeGreaterThanOrEqual(14);
    for (const o of fresh3) expect(o.file, 'fresh3 reports are the fresh3-* files').toMatch(/^fresh3-/);
    expect(result.fresh3.expected).toBeGreaterThanOrEqual(150);
    expect(result.overall.reports).toBe(result.dev.reports + result.holdout.reports);
  });

  it('has an existing report file for every expectation, and a named source for every fresh one', () => {
    const dir = join(__dirname, '../../../eval/extraction');
    for (const [file, spec] of Object.entries(expectedReports())) {
      expect(existsSync(join(dir, 'reports', file)), file).toBe(true);
      expect(['dev', 'holdout', 'fresh', 'fresh2', 'fresh3'], file).toContain(spec.split);
      if (spec.split.startsWith('fresh')) {
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
