import { describe, expect, it } from 'vitest';
import { extractReadingsOffline } from '../../../shared/domain/extraction/extract';

const rows = (text: string) =>
  extractReadingsOffline(text).map((r) => [r.indicator, r.value, r.unit, r.referenceRange]);

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
