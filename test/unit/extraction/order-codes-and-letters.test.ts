import { describe, expect, it } from 'vitest';
import { extractReadingsOffline } from '../../../shared/domain/extraction/index';
import { introducingDate, LetterDates } from '../../../shared/domain/extraction/letter-dates';
import { isNoiseLine } from '../../../shared/domain/extraction/lines';
import { withoutOrderCode } from '../../../shared/domain/extraction/order-codes';
import { rangeInWordsAfter } from '../../../shared/domain/extraction/prose-ranges';
import { isEntryTitle, withoutTrailingNote } from '../../../shared/domain/extraction/record-entries';
import { readAs } from './support/read-fields';

const read = (text: string) => readAs(text, 'indicator', 'value');
const dated = (text: string) => readAs(text, 'indicator', 'value', 'measuredAt');

describe('an order code after a test name is not part of the name', () => {
  it('drops the shapes labs print: (L69), [1234], (KOD 0345), #A12', () => {
    expect(withoutOrderCode('TSH III generacji (L69)')).toBe('TSH III generacji');
    expect(withoutOrderCode('Ferrytyna (L19)')).toBe('Ferrytyna');
    expect(withoutOrderCode('Glucose [1234]')).toBe('Glucose');
    expect(withoutOrderCode('Kreatinin (KOD 0345)')).toBe('Kreatinin');
    expect(withoutOrderCode('HbA1c #A12')).toBe('HbA1c');
    expect(withoutOrderCode('Cholesterol HDL [K01]')).toBe('Cholesterol HDL');
  });

  it('keeps brackets that name the test, a method or nothing else', () => {
    for (const name of [
      'Hemoglobin (HbA1c)',
      'LDL (LDL-C)',
      'Vitamin (B12)',
      'Vitamin D (25-OH)',
      'Thyroxine (T4)',
      'eGFR (CKD-EPI)',
      'HbA1c (IFCC)',
      'HbA1c (NGSP)',
      'LDL (calc)',
      'Coenzyme (Q10)',
      'Cancer antigen (CA125)',
      'CD34 cells (CD34)',
      '(L19)',
    ]) {
      expect(withoutOrderCode(name)).toBe(name);
    }
  });

  it('keeps a qualifier that only begins like a code caption, and takes captioned codes with a digit', () => {
    for (const name of ['Cholesterol (non-HDL)', 'Glucose (nonfasting)', 'Cortisol (nocte)', 'Opiates (codeine)']) {
      expect(withoutOrderCode(name)).toBe(name);
    }
    expect(withoutOrderCode('Sodium (normal)')).toBe('Sodium (normal)');
    expect(withoutOrderCode('Kalium [Code: A-12]')).toBe('Kalium');
    expect(withoutOrderCode('Glukoza (Nr 117)')).toBe('Glukoza');
    expect(withoutOrderCode('Ferritin (No. 5)')).toBe('Ferritin');
    expect(withoutOrderCode('Urea (cod.12)')).toBe('Urea');
    expect(read('Cholesterol (non-HDL) 3.2 mmol/L 0.0-4.0')).toEqual([['Cholesterol (non-HDL)', '3.2']]);
  });

  it('reads a stacked Diagnostyka result under the name without its code', () => {
    const text = 'Ferrytyna (L19)\n  Wynik:   23,4 ng/ml\n  Zakres referencyjny: 13 - 150';
    expect(read(text)).toEqual([['Ferrytyna', '23,4']]);
  });

  it('reads a table row with a catalogue code in square brackets', () => {
    const text =
      'Badanie            Wynik   Jednostka   Wartości referencyjne\nGlukoza [L43]      104     mg/dl       70 - 99';
    expect(read(text)).toEqual([['Glukoza', '104']]);
  });
});

describe('GP record entries (EMIS, SystmOne, Vision)', () => {
  it('dates the results under an entry title with the entry date, not the print date', () => {
    const text = [
      'Printed: 03-Mar-2026 11:04',
      '20-Feb-2026   Blood test - Urea and electrolytes          Dr R Chaudhry',
      '  Serum sodium level                      138 mmol/L      [133.0 - 146.0]',
      '08 Nov 2025  Liver function tests',
      '    Serum albumin level                      33 g/L [35 - 50] Below low reference limit',
    ].join('\n');
    expect(dated(text)).toEqual([
      ['Serum sodium level', '138', '2026-02-20'],
      ['Serum albumin level', '33', '2025-11-08'],
    ]);
  });

  it('takes a title of words only; a caption or a line with numbers is no entry', () => {
    expect(isEntryTitle('Blood test - Urea and electrolytes   Dr R Chaudhry')).toBe(true);
    expect(isEntryTitle('Printed by Patient Access')).toBe(false);
    expect(isEntryTitle('Comment: repeat in 2 weeks')).toBe(false);
  });

  it('reads long SNOMED names in their own column with a unit and a range', () => {
    const text = [
      '20-Feb-2026   Haemoglobin A1c level - IFCC standardised     49 mmol/mol     [20.0 - 41.0]   Above high reference limit',
      '  eGFR using creatinine (CKD-EPI) per 1.73 square metres   38 mL/min/1.73m*2   [>90]',
    ].join('\n');
    expect(read(text)).toEqual([
      ['Haemoglobin A1c level - IFCC standardised', '49'],
      ['eGFR using creatinine (CKD-EPI) per 1.73 square metres', '38'],
    ]);
  });

  it('reads O/E findings and drops a note of who took them', () => {
    const text = [
      '20-Feb-2026   O/E - blood pressure reading        146/84 mmHg       (Practice nurse)',
      '03-Mar-2026   O/E - weight                        92.4 kg',
    ].join('\n');
    expect(dated(text)).toEqual([
      ['O/E - blood pressure reading', '146/84', '2026-02-20'],
      ['O/E - weight', '92.4', '2026-03-03'],
    ]);
    expect(withoutTrailingNote('BP   128/80 mmHg   (H)')).toBe('BP   128/80 mmHg   (H)');
  });

  it('does not read a goal named before its test as a reading', () => {
    expect(read('Target HbA1c 53 mmol/mol or below.')).toEqual([]);
    expect(read('Target BP for this patient: <140/90 mmHg (NICE NG136)')).toEqual([]);
  });
});

describe('readings in letters take the date the letter gives them', () => {
  it('gives an arrival account the written time for its sentence, and its day after', () => {
    const text = [
      'Sent to GP: 13/01/2026',
      'Admitted: 07/01/2026 via ED',
      '',
      'He presented with rigors. On arrival (07/01/2026',
      '22:40) temperature 38.9°C, HR 118 bpm. Urine dipstick in ED:',
      'leucocytes 3+, nitrites positive. Admission bloods showed a raised CRP; venous lactate',
      '4.1 mmol/L, which cleared with fluids.',
      '',
      'Signed 13/01/2026 15:22',
    ].join('\n');
    expect(dated(text)).toEqual([
      ['temperature', '38.9', '2026-01-07T22:40:00'],
      ['HR', '118', '2026-01-07T22:40:00'],
      ['leucocytes', '3+', '2026-01-07'],
      ['nitrites', 'positive', '2026-01-07'],
      ['venous lactate', '4.1', '2026-01-07'],
    ]);
  });

  it('dates "on arrival" readings with the admission date when the phrase has none', () => {
    const text = [
      'Date typed: 22/02/2026',
      'Admitted 19/02/2026, discharged 22/02/2026.',
      '',
      'On arrival her pulse was 96 bpm and her potassium',
      '3.6 mmol/L.',
    ].join('\n');
    expect(dated(text)).toEqual([
      ['pulse', '96', '2026-02-19'],
      ['potassium', '3.6', '2026-02-19'],
    ]);
  });

  it('ends the account at the paragraph and dates a block introduced with its own date', () => {
    const text = [
      'Admitted: 14/05/2026',
      'On admission (14/05/2026) her CRP was 48 mg/L.',
      '',
      'Bloods on the day of discharge (18/05/2026):',
      'Sodium          139       mmol/L    135-145',
    ].join('\n');
    expect(dated(text)).toEqual([
      ['CRP', '48', '2026-05-14'],
      ['Sodium', '139', '2026-05-18'],
    ]);
    expect(introducingDate('Bloods on 05/03/2026:', 'day-first')).toBe('2026-03-05');
    expect(introducingDate('Date of birth: 05/03/1950', 'day-first')).toBeNull();
  });

  it('reads both readings of a part whose first holds a value', () => {
    expect(read('creatinine was 412 umol/L and his potassium 6.4 mmol/L; he was treated')).toEqual([
      ['creatinine', '412'],
      ['potassium', '6.4'],
    ]);
  });

  it('reads a sentence with the doctor as subject; a signature stays furniture', () => {
    expect(isNoiseLine('Dr Hughes has looked at your bloods. Your HbA1c is 52 mmol/mol, a little')).toBe(false);
    expect(isNoiseLine('Dr R Chaudhry')).toBe(true);
    expect(read('Dr Hughes has looked at your bloods. Your HbA1c is 52 mmol/mol, a little')).toEqual([['HbA1c', '52']]);
  });

  it('reads a later value of the same test joined by "and" in the same unit', () => {
    expect(read('Troponin T was <3 ng/L on arrival and 5 ng/L at three hours, below the 14 ng/L threshold.')).toEqual([
      ['Troponin T', '<3'],
      ['Troponin T', '5'],
    ]);
    expect(read('Her potassium was 3.6 mmol/L and 5 doses were given.')).toEqual([['potassium', '3.6']]);
  });

  it('takes a range and a flag stated in words after a prose reading', () => {
    const fields = (text: string) => readAs(text, 'indicator', 'value', 'referenceRange', 'flag');
    expect(fields('Your result for Hemoglobin A1c is 6.4 %. The standard range is 4.0 - 5.6 %.')).toEqual([
      ['Hemoglobin A1c', '6.4', '4.0 - 5.6', null],
    ]);
    expect(fields('Your result for Cholesterol, Total is 212 mg/dL (standard range: less than 200 mg/dL).')).toEqual([
      ['Cholesterol, Total', '212', 'less than 200', null],
    ]);
    expect(
      fields('Your result for Vitamin D, 25-Hydroxy is 22 ng/mL, which is below the standard range of 30 - 100 ng/mL.'),
    ).toEqual([['Vitamin D, 25-Hydroxy', '22', '30 - 100', 'below the standard range']]);
    expect(rangeInWordsAfter(' mmol/L; aim for an LDL below 1.8')).toBeNull();
    expect(rangeInWordsAfter(` ${'normal range '.repeat(100)}`)).toBeNull();
  });

  it('does not read a number of weeks as a result', () => {
    expect(read('Dr. Chen would like you to repeat the potassium in 2 weeks (no appointment needed, just')).toEqual([]);
  });
});

describe('malformed and huge input', () => {
  it('never throws and stays linear', () => {
    const account = new LetterDates('day-first');
    account.see(0, `On arrival (${'('.repeat(5000)}`);
    expect(account.dateAt({ line: 1, column: 0 })).toBeNull();
    expect(withoutOrderCode(`Glucose ${'('.repeat(100000)}L19)`)).toContain('Glucose');
    expect(withoutTrailingNote(`${'1 '.repeat(50000)}(note)`)).toHaveLength(100006);
    const huge = `20-Feb-2026   Blood test\n${'  Serum sodium level   138 mmol/L   [133 - 146]   (Practice nurse)\n'.repeat(3000)}`;
    const started = Date.now();
    expect(() => extractReadingsOffline(huge)).not.toThrow();
    expect(Date.now() - started).toBeLessThan(10000);
    expect(() => extractReadingsOffline('On arrival (07/01/2026\n')).not.toThrow();
    expect(() => extractReadingsOffline('Admitted:\nOn admission (\n22:40)')).not.toThrow();
  });
});
