import { describe, expect, it } from 'vitest';
import { withoutSecondUnitCell } from '../../../shared/domain/extraction/second-unit-cell';
import { sideBySideGroups } from '../../../shared/domain/extraction/side-by-side';
import { readAs } from './support/read-fields';

const rows = (text: string) => readAs(text, 'indicator', 'value', 'unit');
const dated = (text: string) => readAs(text, 'indicator', 'measuredAt');

describe("a report's print time is no collection time (review of session 21)", () => {
  it('leaves the readings under `Date printed:` / `Time:` on the day', () => {
    const text = 'Date printed: 10/02/2026\nTime: 16:45\nGlucose 5.4 mmol/L\nHbA1c 48 mmol/mol\nCholesterol 5.2 mmol/L';
    const read = dated(text);
    expect(read.length).toBeGreaterThan(0);
    for (const [, at] of read) expect(String(at)).not.toContain('T16:45');
  });
});

describe('goals, bands, conditions and earlier results side by side are no readings (review of session 21)', () => {
  it('does not cut such lines into groups', () => {
    for (const line of [
      'LDL goal 70 mg/dL HbA1c goal 7 %',
      'Goal LDL 70 mg/dL Goal A1c 7 %',
      'Aim for Ferritin 30 ug/L Vitamin D 50 nmol/L',
      'Optimal LDL 2.6 mmol/L Desirable HDL 1.0 mmol/L',
      'Previous HbA1c 52 mmol/mol Previous LDL 3.1 mmol/L',
      'If Potassium 6.0 mmol/L Creatinine 200 umol/L',
      'Reference LDL 3.0 mmol/L HDL 1.0 mmol/L',
    ])
      expect(sideBySideGroups(line), line).toBeNull();
    expect(sideBySideGroups('Na 139 mmol/L  K 4.1 mmol/L  Cl 101 mmol/L')).toEqual([
      'Na 139 mmol/L',
      'K 4.1 mmol/L',
      'Cl 101 mmol/L',
    ]);
  });

  it('reads no goal as a reading, and no name with a leading word', () => {
    const names = (text: string) => rows(text).map(([name]) => name);
    expect(names('LDL goal 70 mg/dL HbA1c goal 7 %')).not.toContain('LDL goal');
    expect(names('Aim for Ferritin 30 ug/L Vitamin D 50 nmol/L')).not.toContain('Aim for Ferritin');
    expect(names('Previous HbA1c 52 mmol/mol Previous LDL 3.1 mmol/L')).not.toContain('Previous HbA1c');
  });
});

describe('a second unit cell restates the reading only for the same quantity (review of session 21)', () => {
  it('keeps a ratio beside a concentration', () => {
    const line = 'Urine albumin   25 mg/L   2.5 mg/mmol   (<3.0)';
    expect(withoutSecondUnitCell(line)).toBe(line);
  });

  it('still cuts an SI conversion', () => {
    expect(withoutSecondUnitCell('Glycémie à jeun ....  0,97 g/L    5,38 mmol/L     (0,70 - 1,05)')).toBe(
      'Glycémie à jeun ....  0,97 g/L     (0,70 - 1,05)',
    );
  });
});

describe('a date still to come dates no result (review of session 21)', () => {
  it('ignores a `Date:` line under a next appointment or a recall', () => {
    const appointment =
      'Patient\nDate: 3 September 2026\nHaemoglobin 135 g/L\nNext appointment\nDate: 18 June 2027\nHbA1c 48 mmol/mol';
    for (const [, at] of dated(appointment)) expect(String(at)).not.toMatch(/^2027/);
    const recall =
      'Results\nDate: 3 September 2026\nHaemoglobin 135 g/L\nRecall\nDate: 18 March 2027\nGlucose 5.3 mmol/L';
    for (const [, at] of dated(recall)) expect(String(at)).not.toMatch(/^2027/);
  });
});
