import { describe, expect, it } from 'vitest';
import {
  resolveIndicator,
  resolveReadingIndicator,
  resolveSeriesIndicator,
} from '../../../shared/domain/standardization/index';

// Session 27 (n27): the module's `resolveIndicator` gave 718-7 for a bare `Hemoglobin` while the reading path gave
// null, as the README row decides. One place decides a reading's answer now; the series lookup has its own name.
describe('n27: one answer for a name and unit', () => {
  const cases: [string, string | null][] = [
    ['Hemoglobin', null],
    ['Hb', null],
    ['Hämoglobin', null],
    ['Hemoglobin', 'g/dL'],
    ['Hemoglobin', 'mmol/L'],
    ['Creatinine', null],
    ['Creatinine', 'mg/dL'],
    ['Prolactin', null],
    ['Glucose', 'mmol/L'],
    ['Steps', null],
  ];

  it.each(cases)('%s [%s]: the exported resolveIndicator is the reading answer', (name, unit) => {
    expect(resolveIndicator(name, unit)).toEqual(resolveReadingIndicator(name, unit));
  });

  it('a bare haemoglobin is null for a reading, the series for a question', () => {
    expect(resolveIndicator('Hemoglobin', null).loincCode).toBeNull();
    expect(resolveIndicator('Hgb', null).loincCode).toBeNull();
    expect(resolveIndicator('Hemoglobin', 'g/dL').loincCode).toBe('718-7');
    expect(resolveIndicator('Hemoglobin', 'mmol/L').loincCode).toBe('59260-0');
    expect(resolveSeriesIndicator('Hemoglobin').loincCode).toBe('718-7');
  });
});
