import { describe, expect, it } from 'vitest';
import { joinedLineBreaks } from '../../../shared/domain/standardization/hyphenation';
import { normalizeIndicatorText } from '../../../shared/domain/standardization/normalize-text';
import { resolveIndicatorUncached } from '../../../shared/domain/standardization/resolver';
import { resolveReadingIndicator } from '../../../shared/domain/standardization/unitless-siblings';

/** Milliseconds one call takes. */
function timed(run: () => unknown): number {
  const start = performance.now();
  run();
  return performance.now() - start;
}

describe('long names stay linear (review of session 19)', () => {
  it('splits vendor camelCase as before', () => {
    expect(normalizeIndicatorText('restingHeartRate')).toBe(normalizeIndicatorText('resting heart rate'));
    expect(normalizeIndicatorText('HDLCholesterol')).toBe(normalizeIndicatorText('HDL Cholesterol'));
    expect(normalizeIndicatorText('hsCRP')).toBe(normalizeIndicatorText('hs CRP'));
  });

  it('joins a line-broken word as before', () => {
    expect(joinedLineBreaks('Creati-nine')).toBe('Creatinine');
    expect(joinedLineBreaks('Gamma-GT')).toBe('Gamma-GT');
  });

  it('a 100k-letter run without a capital or hyphen is not quadratic', () => {
    const run = 'a'.repeat(100_000);
    expect(timed(() => normalizeIndicatorText(run))).toBeLessThan(1000);
    expect(timed(() => joinedLineBreaks(run))).toBeLessThan(1000);
    expect(timed(() => normalizeIndicatorText('A'.repeat(100_000)))).toBeLessThan(1000);
  });

  it('a text far longer than any LOINC name resolves to nothing, quickly', () => {
    for (const text of ['a'.repeat(100_000), 'x '.repeat(50_000), 'Hemoglobin '.repeat(2_000)]) {
      let code: string | null = 'unset';
      expect(timed(() => (code = resolveReadingIndicator(text, null).loincCode))).toBeLessThan(1000);
      expect(code).toBeNull();
      expect(resolveIndicatorUncached(text, 'g/dL').loincCode).toBeNull();
    }
  });
});
