import { describe, expect, it } from 'vitest';
import { extractReadingsOffline } from '../../../shared/domain/extraction/index';
import {
  isSecondUnitLine,
  splitTrailingEarlier,
  unitInNameCell,
} from '../../../shared/domain/extraction/result-columns';
import { readAs } from './support/read-fields';

const rows = (text: string) => readAs(text, 'indicator', 'value', 'unit', 'referenceRange', 'measuredAt');

describe('an earlier-results column (antériorités) at the end of a row', () => {
  it('reads the earlier value as the same test, in its unit, on its own date, without the current range', () => {
    const text = [
      'Prélevé le 04/02/2026',
      '                                   Valeurs de référence   Antériorités',
      'Créatinine ..............  9,8 mg/L     (5,7-11,1)             9,1 le 15/03/25',
      'ALAT (TGP) ..............  41 UI/L      (<35)                  29 du 15/03/2025',
    ].join('\n');
    expect(rows(text)).toEqual([
      ['Créatinine', '9,8', 'mg/L', '5,7-11,1', '2026-02-04'],
      ['Créatinine', '9,1', 'mg/L', null, '2025-03-15'],
      ['ALAT (TGP)', '41', 'UI/L', '<35', '2026-02-04'],
      ['ALAT (TGP)', '29', 'UI/L', null, '2025-03-15'],
    ]);
  });

  it('is cut off a headed table row before the row is read by column', () => {
    const text = [
      'Date de prélèvement : 18/03/2026',
      'Analyse                          Résultat        Normes               Antérieur',
      'Potassium                        4,6 mmol/L      3,5 - 5,1            4,2 du 02/10/2025',
      'Sodium                           139 mmol/L      136 - 145',
    ].join('\n');
    expect(rows(text)).toEqual([
      ['Potassium', '4,6', 'mmol/L', '3,5 - 5,1', '2026-03-18'],
      ['Potassium', '4,2', 'mmol/L', null, '2025-10-02'],
      ['Sodium', '139', 'mmol/L', '136 - 145', '2026-03-18'],
    ]);
  });

  it('needs a joiner word: a trailing date alone is a stamp, and a lone earlier cell is no row', () => {
    expect(splitTrailingEarlier('Glucose  104 mg/dL   (70-99)   15/03/25', 'day-first')).toBeNull();
    expect(splitTrailingEarlier('   9,1 le 15/03/25', 'day-first')).toBeNull();
    expect(splitTrailingEarlier('Glucose  104 mg/dL   (70-99)   97 on 15/03/25', 'day-first')?.rest).toBe(
      'Glucose  104 mg/dL   (70-99)',
    );
  });
});

describe('a qualitative result after dot leaders', () => {
  it('is a row (leaders stand only between a test and its result); a word without leaders is not', () => {
    expect(rows('Aspect du sérum ........................  Limpide').map((r) => [r[0], r[1]])).toEqual([
      ['Aspect du sérum', 'Limpide'],
    ]);
    expect(rows('Aspect du sérum   Limpide')).toEqual([]);
    expect(rows('Biologiste responsable ............  Dr Martin')).toEqual([]);
  });
});

describe('a second-unit line under a result', () => {
  it('is the same reading in SI units, not a row of its own (with or without a method in brackets)', () => {
    const text = [
      'Glycémie à jeun .........  1,08 g/L      (0,70-1,10)',
      '  (Hexokinase)             6,00 mmol/L   (3,89-6,11)',
      'Cholestérol total .......  2,31 g/L      (<2,00)',
      '                           5,97 mmol/L   (<5,17)',
      'Triglycérides ...........  1,22 g/L      (<1,50)',
    ].join('\n');
    expect(rows(text).map((r) => [r[0], r[1], r[2]])).toEqual([
      ['Glycémie à jeun', '1,08', 'g/L'],
      ['Cholestérol total', '2,31', 'g/L'],
      ['Triglycérides', '1,22', 'g/L'],
    ]);
  });

  it('keeps a named row, a row at the same indent, and a value in the same unit', () => {
    expect(isSecondUnitLine('Urea   5,2 mmol/L', 0, 'g/L')).toBe(false);
    expect(isSecondUnitLine('5,97 mmol/L', 0, 'g/L')).toBe(false);
    expect(isSecondUnitLine('    1,10 g/L', 0, 'g/L')).toBe(false);
    expect(isSecondUnitLine('    5,97 mmol/L (<5,17)', 0, 'g/L')).toBe(true);
  });
});

describe('a unit written in the test-name cell of a results table', () => {
  it('gives each dated column its unit and the name without it', () => {
    const text = [
      'KEY RESULTS',
      '                          07/01/26      13/01/26      Ref range',
      'Hb (g/L)                    128           119         130-180',
      'WCC (x10^9/L)               21.4          8.1         4.0-11.0',
    ].join('\n');
    expect(rows(text)).toEqual([
      ['Hb', '128', 'g/L', null, '2026-01-07'], // session 23 decision
      ['Hb', '119', 'g/L', '130-180', '2026-01-13'],
      ['WCC', '21.4', 'x10^9/L', null, '2026-01-07'], // session 23 decision
      ['WCC', '8.1', 'x10^9/L', '4.0-11.0', '2026-01-13'],
    ]);
  });

  it('takes only a unit from the bracket, never a band or a method', () => {
    expect(unitInNameCell('CRP (mg/L)')).toEqual({ name: 'CRP', unit: 'mg/L' });
    expect(unitInNameCell('High (10.1-13.9 mmol/L)')).toBeNull();
    expect(unitInNameCell('ALAT (TGP)')).toBeNull();
  });
});

describe('prose in a letter', () => {
  it('reads a value wrapped onto the next line after its name, and the rest of that line', () => {
    const text = [
      'Admission bloods showed a raised CRP and AKI; venous lactate',
      '4.1 mmol/L, which cleared with 2 L IV fluid; potassium 5.2 mmol/L.',
    ].join('\n');
    expect(rows(text).map((r) => [r[0], r[1], r[2]])).toEqual([
      ['venous lactate', '4.1', 'mmol/L'],
      ['potassium', '5.2', 'mmol/L'],
    ]);
  });

  it('reads a wrapped value written with a thousands comma, after linking words', () => {
    const text = 'Her first troponin I was 58 ng/L, rising to a peak troponin I of\n1,240 ng/L at six hours.';
    expect(rows(text).map((r) => [r[0], r[1], r[2]])).toEqual([
      ['troponin I', '58', 'ng/L'],
      ['troponin I', '1,240', 'ng/L'],
    ]);
  });

  it('reads a short reading that ends a sentence followed by another in the same part', () => {
    const text = 'Urine dipstick in ED: leucocytes 3+, nitrites positive. Admission bloods showed a raised CRP.';
    expect(rows(text).map((r) => [r[0], r[1]])).toEqual([
      ['leucocytes', '3+'],
      ['nitrites', 'positive'],
    ]);
    expect(rows('He felt positive. Family were informed, all agreed.')).toEqual([]);
  });

  it('takes no wrapped value for a name that ends no clause, nor a number that is a dose or a count', () => {
    expect(rows('Seen in clinic today with his daughter and\n3 grandchildren, all well.')).toEqual([]);
    expect(rows('He was given IV fluids; co-amoxiclav\n625 mg TDS for 7 days.')).toEqual([]);
  });

  it('never reads a threshold in a condition as a result', () => {
    expect(rows('- Please repeat U&E in 1 week and restart ramipril if creatinine <110.')).toEqual([]);
    expect(rows('Withhold metformin unless eGFR >45 on repeat.')).toEqual([]);
  });
});

describe('malformed and huge input', () => {
  it('never throws nor goes quadratic', () => {
    const huge = `Créatinine ${'. '.repeat(20000)} 9,8 mg/L ${' '.repeat(20000)} 9,1 le 15/03/25\n${'   6,0 mmol/L\n'.repeat(2000)}`;
    const started = Date.now();
    expect(() => extractReadingsOffline(huge)).not.toThrow();
    expect(splitTrailingEarlier(`x${' '.repeat(50000)}1 le 1/1`, 'day-first')).toBeNull();
    expect(Date.now() - started).toBeLessThan(3000);
  });
});
