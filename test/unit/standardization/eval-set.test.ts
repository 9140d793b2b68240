import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LOINC_CORPUS } from '../../../shared/domain/standardization/corpus';
import { resolveReadingIndicator } from '../../../shared/domain/standardization/unitless-siblings';
import { normalizeUnit } from '../../../shared/domain/standardization/units';

interface IndicatorCase {
  input: string;
  unit?: string;
  expected: string | null;
  split: 'dev' | 'holdout';
}

const evalDir = join(dirname(fileURLToPath(import.meta.url)), '../../../eval/standardization');
const indicators = (JSON.parse(readFileSync(join(evalDir, 'indicators.json'), 'utf8')) as { cases: IndicatorCase[] })
  .cases;
const units = (
  JSON.parse(readFileSync(join(evalDir, 'units.json'), 'utf8')) as {
    cases: { input: string; expected: string | null }[];
  }
).cases;

describe('labelled evaluation set', () => {
  it('is large enough, split about 70/30, with enough must-be-null cases and codes the corpus curates', () => {
    expect(indicators.length).toBeGreaterThanOrEqual(600);
    expect(indicators.filter((c) => c.expected === null).length).toBeGreaterThanOrEqual(120);
    const holdout = indicators.filter((c) => c.split === 'holdout').length / indicators.length;
    expect(holdout).toBeGreaterThan(0.25);
    expect(holdout).toBeLessThan(0.35);
    const codes = new Set(LOINC_CORPUS.concepts.map((c) => c.code));
    for (const c of indicators) if (c.expected !== null) expect(codes.has(c.expected), c.expected).toBe(true);
    expect(units.length).toBeGreaterThanOrEqual(150);
  });

  describe('dev split meets the product targets', () => {
    const dev = indicators.filter((c) => c.split === 'dev');
    const got = dev.map((c) => resolveReadingIndicator(c.input, c.unit ?? null).loincCode);

    it('never returns a code where null is expected', () => {
      const wrong = dev.filter((c, i) => c.expected === null && got[i] !== null).map((c) => c.input);
      expect(wrong).toEqual([]);
    });

    it('returns the expected code for at least 97 % of the codes it returns, and covers at least 90 %', () => {
      let returned = 0;
      let correct = 0;
      let withCode = 0;
      dev.forEach((c, i) => {
        if (c.expected === null) return;
        withCode++;
        if (got[i] !== null) {
          returned++;
          if (got[i] === c.expected) correct++;
        }
      });
      expect(correct / returned).toBeGreaterThanOrEqual(0.97);
      expect(correct / withCode).toBeGreaterThanOrEqual(0.9);
    });
  });

  it('normalises the unit spellings of the unit set', () => {
    const wrong = units.filter((c) => normalizeUnit(c.input) !== c.expected).map((c) => c.input);
    expect(wrong).toEqual([]);
  });
});
