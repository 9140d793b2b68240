import { describe, expect, it } from 'vitest';
import { extractReadingsOffline } from '../../../shared/domain/extraction/extract';
import { readAs } from './support/read-fields';

const rows = (text: string) => readAs(text, 'indicator', 'value', 'unit', 'referenceRange');

describe('diagnostic criteria: a result with its own value and range is no criterion (review of session 20)', () => {
  it('reads a flag or problem caption before a result with its range', () => {
    expect(
      rows('Abnormal results\nHigh: LDL cholesterol 160 mg/dL (0-99)\nLow: Hemoglobin 9.8 g/dL (12.0-16.0)'),
    ).toEqual([
      ['LDL cholesterol', '160', 'mg/dL', '0-99'],
      ['Hemoglobin', '9.8', 'g/dL', '12.0-16.0'],
    ]);
    expect(rows('Problem list\nDiabetes: HbA1c 58 mmol/mol (20-41)')).toEqual([['HbA1c', '58', 'mmol/mol', '20-41']]);
  });

  it('still drops the criteria themselves', () => {
    const text =
      'Interpretation\nNormal: HbA1c < 5.7 %\nPrediabetes: HbA1c 5.7 - 6.4 %\nDiabetes: HbA1c >= 6.5 %\nDiabetes: OGTT 2h glucose >= 200 mg/dL';
    expect(rows(text)).toEqual([]);
  });
});

describe('a validity date never dates a reading (review of session 20)', () => {
  it('does not take `Sample valid until` for the collection date', () => {
    const text =
      'Crossmatch result  Compatible\nSample valid until 14/10/2026\nKell  K negative\nCollected: 11/10/2026 08:15';
    const dates = extractReadingsOffline(text).map((r) => r.measuredAt);
    expect(dates.length).toBeGreaterThan(0);
    expect(dates.every((d) => d?.startsWith('2026-10-11'))).toBe(true);
    const undated = extractReadingsOffline('Crossmatch result  Compatible\nSample valid until: 14/10/2026 23:59');
    expect(undated.map((r) => r.measuredAt)).toEqual([null]);
  });
});
