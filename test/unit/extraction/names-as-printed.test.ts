import { describe, expect, it } from 'vitest';
import { extractReadingsOffline } from '../../../shared/domain/extraction';

const rows = (text: string) =>
  extractReadingsOffline(text).map((r) => [r.indicator, r.value, r.unit, r.referenceRange, r.flag]);

describe('GP record exports (EMIS, SystmOne): long descriptive names, phrase flags', () => {
  it('reads the phrase flag and keeps the name whole', () => {
    const text = [
      '12-Feb-2026  Urea and electrolytes',
      '  Total white cell count 11.8 10*9/L [4 - 11] Above high reference limit',
      '  Red blood cell count 4.41 10*12/L [4.5 - 6.5] Below low reference limit',
    ].join('\n');
    expect(rows(text)).toEqual([
      ['Total white cell count', '11.8', '10*9/L', '4 - 11', 'Above high reference limit'],
      ['Red blood cell count', '4.41', '10*12/L', '4.5 - 6.5', 'Below low reference limit'],
    ]);
  });

  it('keeps an open band `[90 - ]` as written and reads the EMIS surface unit `/1.73m*2`', () => {
    expect(rows('  GFR calculated by CKD-EPI equation 56 mL/min/1.73m*2 [90 - ]')).toEqual([
      ['GFR calculated by CKD-EPI equation', '56', 'mL/min/1.73m*2', '90 - ', null],
    ]);
  });

  it('takes a long name alone on its line for the value line under it, with unit and range', () => {
    const text = [
      'Diabetes review',
      '    Haemoglobin A1c level - IFCC standardised',
      '                                  49 mmol/mol       (20 - 41)       Above high reference limit',
    ].join('\n');
    expect(rows(text)).toEqual([
      ['Haemoglobin A1c level - IFCC standardised', '49', 'mmol/mol', '20 - 41', 'Above high reference limit'],
    ]);
  });

  it('does not take a sentence line for a name, nor a bare number for a reading', () => {
    const text = ['Please book a review appointment with the nurse in two weeks', '   49'].join('\n');
    expect(rows(text)).toEqual([]);
  });
});
