import { describe, expect, it } from 'vitest';
import { extractReadingsOffline } from '../../../shared/domain/extraction/index';

function only(text: string) {
  const readings = extractReadingsOffline(text);
  expect(readings).toHaveLength(1);
  return readings[0]!;
}

describe('values as written', () => {
  it.each([
    ['Glucose 5,4 mmol/l', '5,4', 'mmol/l'],
    ['Platelets 250,000 /uL', '250,000', '/uL'],
    ['Triglyzeride 1.120 mg/dl (<150)', '1.120', 'mg/dl'],
    ["Leukozyten 6'200 /µl", "6'200", '/µl'],
    ['CRP <0.1 mg/dL', '<0.1', 'mg/dL'],
    ['eGFR > 90 mL/min/1.73m2', '> 90', 'mL/min/1.73m2'],
    ['Vitamin D ≥ 30 ng/mL', '≥ 30', 'ng/mL'],
    ['Blood pressure 128/82 mmHg', '128/82', 'mmHg'],
    ['SpO2 98%', '98', '%'],
  ])('%s → value %s, unit %s', (text, value, unit) => {
    const reading = only(text);
    expect(reading.value).toBe(value);
    expect(reading.unit).toBe(unit);
  });

  it('keeps comparators of values and of ranges apart', () => {
    const reading = only('Thyroglobulin Ab: < 1.0 IU/mL (< 4.0)');
    expect(reading).toMatchObject({ value: '< 1.0', unit: 'IU/mL', referenceRange: '< 4.0' });
  });
});

describe('flags as written', () => {
  it.each([
    ['Potassium 5.6 mmol/L (3.5 - 5.3) H', 'H'],
    ['Potassium 6.9 mmol/L (3.5 - 5.3) HH', 'HH'],
    ['Sodium 121 mmol/L (133 - 146) LL', 'LL'],
    ['Sodium 131 mmol/L (133 - 146) L', 'L'],
    ['Glucose 104 mg/dL 70-99 High', 'High'],
    ['Glucose 61 mg/dL 70-99 Low', 'Low'],
    ['Glucose 104 mg/dL 70-99 *', '*'],
    ['Glucose 104* mg/dL 70-99', '*'],
    ['Glucose 104 (H) mg/dL', 'H'],
    ['Hämoglobin 11,8 ↓ g/dl 12,0 - 15,4', '↓'],
    ['GPT 38 ↑ U/l < 35', '↑'],
    ['Ketones 1+ A Negative', 'A'],
  ])('%s → flag %s', (text, flag) => {
    expect(only(text).flag).toBe(flag);
  });

  it('gives no flag when none is written', () => {
    expect(only('Sodium 139 mmol/L (133 - 146)').flag).toBeNull();
  });
});

describe('qualitative results', () => {
  it('reads negative, positive, trace, dipstick grades and "not detected" with qualitative ranges', () => {
    const text = [
      'Test                      Result          Reference Range',
      'Glucose                   Negative        Negative',
      'Protein                   Trace           Negative',
      'Nitrite                   Positive        Negative',
      'Leukocyte Esterase        2+              Negative',
      'Bacteria                  Not detected    Not detected',
    ].join('\n');
    expect(extractReadingsOffline(text).map((r) => [r.indicator, r.value, r.referenceRange])).toEqual([
      ['Glucose', 'Negative', 'Negative'],
      ['Protein', 'Trace', 'Negative'],
      ['Nitrite', 'Positive', 'Negative'],
      ['Leukocyte Esterase', '2+', 'Negative'],
      ['Bacteria', 'Not detected', 'Not detected'],
    ]);
  });

  it('reads "Name: result" urinalysis lines without a table', () => {
    expect(extractReadingsOffline('Protein: negative\nKetones: trace\nNitrite: positive').map((r) => r.value)).toEqual([
      'negative',
      'trace',
      'positive',
    ]);
  });

  it('does not take a qualitative word in an unknown context as a reading', () => {
    expect(extractReadingsOffline('Weather: clear\nMood: positive')).toEqual([]);
  });
});
