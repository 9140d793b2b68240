import { describe, expect, it } from 'vitest';
import { extractReadingsOffline } from '../../../shared/domain/extraction/index';
import {
  joinSplitRangeCell,
  joinSplitResultCell,
  repairNumberSpacing,
} from '../../../shared/domain/extraction/number-spacing';

const HEADER = 'Test                         Result  Units           Reference';

function rows(text: string) {
  return extractReadingsOffline(text).map((r) => ({
    indicator: r.indicator,
    value: r.value,
    unit: r.unit,
    referenceRange: r.referenceRange,
  }));
}

describe('names wrapped over two lines', () => {
  it('joins a continuation line under a reading line (values on the first line)', () => {
    const text = [HEADER, 'Alanine                      32      U/L             7-56', 'aminotransferase (ALT)'].join(
      '\n',
    );
    expect(rows(text)).toEqual([
      { indicator: 'Alanine aminotransferase (ALT)', value: '32', unit: 'U/L', referenceRange: '7-56' },
    ]);
  });

  it('joins a name-only line to the reading line under it (values on the second line)', () => {
    const text = [
      HEADER,
      'Estimated glomerular',
      'filtration rate (eGFR)       >90     mL/min/1.73m2   >60',
      'Thyroid stimulating hormone',
      '(TSH)                        2.1     mIU/L           0.4-4.0',
    ].join('\n');
    expect(rows(text)).toEqual([
      {
        indicator: 'Estimated glomerular filtration rate (eGFR)',
        value: '>90',
        unit: 'mL/min/1.73m2',
        referenceRange: '>60',
      },
      { indicator: 'Thyroid stimulating hormone (TSH)', value: '2.1', unit: 'mIU/L', referenceRange: '0.4-4.0' },
    ]);
  });

  it('joins without a table header, and a continuation indented under the name column', () => {
    const text = [
      'Thyroid stimulating hormone  2.1 mIU/L (0.4-4.0)',
      '   (TSH)',
      'Mean corpuscular hemoglobin  33.1 g/dL (32.0-36.0)',
      '  concentration',
    ].join('\n');
    expect(rows(text).map((r) => r.indicator)).toEqual([
      'Thyroid stimulating hormone (TSH)',
      'Mean corpuscular hemoglobin concentration',
    ]);
  });

  it('joins a name wrapped over three lines, and a lower-case known name that has no values of its own', () => {
    const text = [
      HEADER,
      'Mean corpuscular             33.0    g/dL            32.0-36.0',
      'hemoglobin concentration',
      '(MCHC)',
      'Platelet count               262     x10^3/uL        150-400',
    ].join('\n');
    expect(rows(text).map((r) => r.indicator)).toEqual([
      'Mean corpuscular hemoglobin concentration (MCHC)',
      'Platelet count',
    ]);
  });

  it('never glues a section heading to the test under it', () => {
    const text = ['CHEMISTRY', 'Glucose 104 mg/dL (70-99)', 'LIVER PANEL', '(ALT) 32 U/L (7-56)'].join('\n');
    expect(rows(text).map((r) => r.indicator)).toEqual(['Glucose', '(ALT)']);
  });

  it('never glues a comment line to a name', () => {
    const text = [
      'Cholesterol 5.2 mmol/L (<5.0) H',
      'desirable < 5.0',
      'Potassium 5.9 mmol/L (3.5-5.1)',
      '(haemolysed sample)',
      'Glucose 104 mg/dL (70-99)',
      'fasting',
      'Sodium 140 mmol/L (135-145)',
      'Note: repeat advised',
    ].join('\n');
    expect(rows(text).map((r) => r.indicator)).toEqual(['Cholesterol', 'Potassium', 'Glucose', 'Sodium']);
  });

  it('does not take a lower-case caption under a known test as the rest of its name', () => {
    expect(rows('Glucose 104 mg/dL (70-99)\nlipids\nCholesterol 5.2 mmol/L (<5.0)').map((r) => r.indicator)).toEqual([
      'Glucose',
      'Cholesterol',
    ]);
  });

  it('does not join a known test on the second line (`Urinalysis` / `pH 6.0`)', () => {
    expect(rows('Urinalysis\npH 6.0 (5.0-8.0)').map((r) => r.indicator)).toEqual(['pH']);
  });

  it('does not continue a line that gave several readings, nor across a blank line', () => {
    expect(rows('Na 140 mmol/L, K 4.2 mmol/L\naminotransferase (ALT)').map((r) => r.indicator)).toEqual(['Na', 'K']);
    expect(rows('Alanine 32 U/L (7-56)\n\naminotransferase (ALT)').map((r) => r.indicator)).toEqual(['Alanine']);
  });

  it('does not take a note placed under the value columns as part of the name', () => {
    const text = ['Alanine                      32      U/L  7-56', '                                     (ALT)'].join(
      '\n',
    );
    expect(rows(text).map((r) => r.indicator)).toEqual(['Alanine']);
  });
});

describe('fax/OCR spacing inside numbers', () => {
  it.each([
    ['Glucose 1 04 mg/dL', '104', 'mg/dL'],
    ['HbA1c 5. 4 %', '5.4', '%'],
    ['Hemoglobin 13 .2 g/dL', '13.2', 'g/dL'],
    ['Kreatinin 0 ,9 mg/dl', '0,9', 'mg/dl'],
    ['Hemoglobin 1 2.5 g/dL', '12.5', 'g/dL'],
  ])('%s → value %s', (text, value, unit) => {
    const [reading, ...others] = extractReadingsOffline(text);
    expect(others).toEqual([]);
    expect(reading).toMatchObject({ value, unit });
  });

  it('repairs a range with a decimal gap, and a split range cell in a table', () => {
    expect(rows('Potassium 4.2 mmol/L 3.5 - 5. 1')[0]).toMatchObject({ value: '4.2', referenceRange: '3.5 - 5.1' });
    const table = [HEADER, 'Glucose                      1 04    mg/dL           7 0-99'].join('\n');
    expect(rows(table)).toEqual([{ indicator: 'Glucose', value: '104', unit: 'mg/dL', referenceRange: '70-99' }]);
  });

  it('joins two digit groups in the single value column of a table', () => {
    const table = [HEADER, 'Hemoglobin                   1 2.5   g/dL            12.0-16.0'].join('\n');
    expect(rows(table)[0]).toMatchObject({ value: '12.5', referenceRange: '12.0-16.0' });
  });

  it('never joins two real values', () => {
    expect(repairNumberSpacing('BP 120 80')).toBe('BP 120 80');
    expect(repairNumberSpacing('Blood pressure 120 80 mmHg')).toBe('Blood pressure 120 80 mmHg');
    expect(repairNumberSpacing('Sodium   131 128 mmol/L')).toBe('Sodium   131 128 mmol/L');
    expect(repairNumberSpacing('Values 5 7')).toBe('Values 5 7');
    expect(repairNumberSpacing('Potassium  5 7    mmol/L')).toBe('Potassium  5 7    mmol/L');
    expect(repairNumberSpacing('Na 140, 142 mmol/L')).toBe('Na 140, 142 mmol/L');
    expect(repairNumberSpacing('Basophils 1 0-2 %')).toBe('Basophils 1 0-2 %');
    expect(repairNumberSpacing('WBC 7 10^9/L')).toBe('WBC 7 10^9/L');
    const withPrevious = ['Test          Result  Previous  Units', 'Sodium        131 128           mmol/L'].join('\n');
    expect(rows(withPrevious).every((r) => r.value !== '131128' && r.value !== '131 128')).toBe(true);
    const twoColumns = ['Test          Result  Prior     Units', 'Potassium     5 7               mmol/L'].join('\n');
    expect(rows(twoColumns).every((r) => r.value !== '57')).toBe(true);
    const cumulative = ['Test        12/03/2024  19/03/2024', 'Sodium      131 128'].join('\n');
    expect(rows(cumulative).every((r) => r.value !== '131128')).toBe(true);
  });

  it('leaves dates with spaces alone', () => {
    expect(repairNumberSpacing('Datum: 12. 03. 2024')).toBe('Datum: 12. 03. 2024');
  });

  it('keeps the width of a fixed-width row', () => {
    const line = 'Glucose      1 04   mg/dL';
    expect(repairNumberSpacing(line)).toHaveLength(line.length);
    // In single-spaced text the space is simply dropped.
    expect(repairNumberSpacing('(3.5-5. 1)')).toBe('(3.5-5.1)');
    expect(repairNumberSpacing('Potassium 4.2 mmol/L 3.5 - 5. 1 H')).toBe('Potassium 4.2 mmol/L 3.5 - 5.1 H');
  });

  it('joins table cells only in the strong forms', () => {
    expect(joinSplitResultCell('1 04')).toBe('104');
    expect(joinSplitResultCell('1 04 H')).toBe('104 H');
    expect(joinSplitResultCell('131 128')).toBe('131 128');
    expect(joinSplitResultCell('104')).toBe('104');
    expect(joinSplitRangeCell('7 0-99')).toBe('70-99');
    expect(joinSplitRangeCell('70-99')).toBe('70-99');
    expect(joinSplitRangeCell('1 0')).toBe('1 0');
  });

  it('never throws on truncated or garbled input', () => {
    for (const text of [
      '1 0',
      '5. ',
      ' ,9',
      'Alanine\n(',
      '(ALT)\n',
      '1 04 mg/',
      'Estimated glomerular\n(',
      '. . 1 ,',
    ]) {
      expect(() => extractReadingsOffline(text)).not.toThrow();
      expect(() => repairNumberSpacing(text)).not.toThrow();
    }
  });
});

describe('a numbered line is not a decimal gap', () => {
  it('keeps `1. 25-OH Vitamin D` apart: the list number is not the start of a value', () => {
    expect(repairNumberSpacing('1. 25-OH Vitamin D   30 ng/mL')).toBe('1. 25-OH Vitamin D   30 ng/mL');
    expect(repairNumberSpacing('Glucose 5. 4 mmol/L')).toBe('Glucose 5.4 mmol/L');
  });
});

describe('a wrapped name on a row with several readings', () => {
  it('gives every date column of a cumulative row the whole name', () => {
    const text = [
      'Test                         27/03/2026   12/01/2026   Units           Ref range',
      'Estimated glomerular',
      'filtration rate (eGFR)       >90          85           mL/min/1.73m2   >60',
    ].join('\n');
    expect(extractReadingsOffline(text).map((r) => [r.indicator, r.value])).toEqual([
      ['Estimated glomerular filtration rate (eGFR)', '>90'],
      ['Estimated glomerular filtration rate (eGFR)', '85'],
    ]);
  });
});
