import { describe, expect, it } from 'vitest';
import { spelledOutCutWords } from '../../../shared/domain/standardization/dotted-abbreviations';
import { methodNotedAfterUnit } from '../../../shared/domain/standardization/method-axis';
import { droppedLetterWord } from '../../../shared/domain/standardization/short-word-slips';
import { resolveReadingIndicator } from '../../../shared/domain/standardization/unitless-siblings';
import { samsungTypeField } from '../../../shared/domain/standardization/vendor-field-names';

/** Families of names-s22-h (English-speaking LIS, point-of-care devices, wearable exports), each read in general. */
const code = (name: string, unit: string | null = null) => resolveReadingIndicator(name, unit).loincCode;

describe('a method note after the unit (Quest: `mg/dL (calc)`)', () => {
  it('moves the code to the sibling by calculation where the corpus has one', () => {
    expect(code('LDL-CHOLESTEROL', 'mg/dL (calc)')).toBe('13457-7');
    expect(code('LDL Cholesterol', 'mmol/L (calc)')).toBe('39469-2');
    expect(code('Cholesterol in LDL', 'mg/dL (calculated)')).toBe('13457-7');
  });

  it('keeps the method-less code without the note, and where no sibling carries the method', () => {
    expect(code('LDL-CHOLESTEROL', 'mg/dL')).toBe('2089-1');
    expect(code('NON HDL CHOLESTEROL', 'mg/dL (calc)')).toBe('43396-1');
    expect(code('CHOLESTEROL, TOTAL', 'mg/dL (calc)')).toBe('2093-3');
  });

  it('reads only a method word in brackets after a unit', () => {
    expect(methodNotedAfterUnit('mg/dL (calc)')?.methods).toContain('calculation');
    expect(methodNotedAfterUnit('mg/dL')).toBeNull();
    expect(methodNotedAfterUnit('(calc)')).toBeNull();
    expect(methodNotedAfterUnit('mL/min (est.)')).toBeNull();
    expect(methodNotedAfterUnit('mg/dL (POC)')).toBeNull();
  });
});

describe('a Samsung Health export column: data type and property', () => {
  it.each([
    ['com.samsung.health.blood_pressure.systolic', 'mmHg', '8480-6'],
    ['com.samsung.health.blood_pressure.diastolic', 'mmHg', '8462-4'],
    ['com.samsung.shealth.blood_pressure.systolic', 'mmHg', '8480-6'],
    ['com.samsung.health.blood_pressure.pulse', 'bpm', '8867-4'],
    ['com.samsung.health.heart_rate.heart_rate', 'bpm', '8867-4'],
    ['com.samsung.health.weight.height', 'cm', '8302-2'],
  ])('%s [%s] → %s', (name, unit, loinc) => {
    expect(code(name, unit)).toBe(loinc);
  });

  it.each([
    // A period's statistic stays null (README Labelling decisions).
    ['com.samsung.health.heart_rate.max', 'bpm'],
    ['com.samsung.health.exercise.mean_heart_rate', 'bpm'],
    // A record's bookkeeping, and a laboratory analyte whose specimen the type leaves open.
    ['com.samsung.health.blood_pressure.create_time', null],
    ['com.samsung.health.blood_glucose.glucose', 'mmol/L'],
    ['com.samsung.health.weight.skeletal_muscle', 'kg'],
  ])('%s [%s] gives null', (name, unit) => {
    expect(code(name, unit)).toBeNull();
  });

  it('reads only the reverse-DNS shape of a Samsung type and one property', () => {
    expect(samsungTypeField('com.samsung.health.weight.body_fat')).toEqual({
      dataType: null,
      typeAndField: 'weight body_fat',
      field: 'body_fat',
    });
    expect(samsungTypeField('com.samsung.health.weight')).toBeNull();
    expect(samsungTypeField('com.google.blood_pressure.systolic')).toBeNull();
  });
});

describe('breaths per minute written `rpm` or `brpm` in a column header', () => {
  it('reads the unit out of the name', () => {
    expect(code('Respiratory rate (rpm)', 'rpm')).toBe('9279-1');
    expect(code('Breathing rate (brpm)', null)).toBe('9279-1');
    expect(code('respiratory_rate_rpm', null)).toBe('9279-1');
  });

  it('keeps a statistic null', () => {
    expect(code('Average respiratory rate (rpm)', 'rpm')).toBeNull();
  });
});

describe('UK, Australian and EHR flowsheet abbreviations', () => {
  it('reads WCC, RCC and Resp with a unit that fits', () => {
    expect(code('WCC', 'x10^9/L')).toBe('26464-8');
    expect(code('Total WCC', '10*9/L')).toBe('26464-8');
    expect(code('RCC', 'x10^12/L')).toBe('789-8');
    expect(code('Resp', 'breaths/min')).toBe('9279-1');
    expect(code('Resp', '/min')).toBe('9279-1');
  });

  it('keeps Resp null without a rate unit (a unit-required term, as RR)', () => {
    expect(code('Resp', null)).toBeNull();
    expect(code('Resp', '%')).toBeNull();
    expect(code('WCC', null)).toBeNull();
  });
});

describe('a count word beside a test whose unit is a share', () => {
  it('lets the unit pick the share the corpus itself names a count (`Reticulocyte count`)', () => {
    expect(code('Retic Count', '%')).toBe('4679-7');
    expect(code('RETIC COUNT', '%')).toBe('4679-7');
    expect(code('Retic Count', 'x10^9/L')).toBe('14196-0');
  });

  it('keeps `Ct`, `#` and a share no corpus name calls a count refused (probes/null-right-c4.tsv)', () => {
    expect(code('Retic Ct', '%')).toBeNull();
    expect(code('Retic #', '%')).toBeNull();
    expect(code('Lymph Count', '%')).toBeNull();
    expect(code('Plt Count', '%')).toBeNull();
    expect(code('Plt Count', 'fL')).toBeNull();
  });
});

describe('a ratio of cut words (`Microalb/Creat Ratio`)', () => {
  it('spells out each side of the slash', () => {
    expect(code('Microalb/Creat Ratio', 'mg/g')).toBe('14959-1');
    expect(code('Albumin/Creat Ratio', 'mg/g')).toBe('9318-7');
    expect(code('Prot/Creat Ratio', 'mg/mg')).toBe('2890-2');
    expect(code('BUN/Creat Ratio', null)).toBe('3097-3');
  });

  it('still refuses a ratio written the other way round', () => {
    expect(code('HDL/Chol Ratio', null)).toBeNull();
  });
});

describe('a short word cut without a dot (`Adj Calcium`)', () => {
  it('spells it out beside whole corpus words', () => {
    expect(code('Adj Calcium', 'mmol/L')).toBe('29265-6');
    expect(code('Calcium Adj', 'mmol/L')).toBe('29265-6');
    expect(code('Tot Protein', 'g/dL')).toBe('2885-2');
  });

  it('reads no acronym, no two-letter symbol and no name of only cut words', () => {
    expect(spelledOutCutWords('ALT Serum')).toEqual([]);
    expect(spelledOutCutWords('Ca Adj')).toEqual([]);
    expect(spelledOutCutWords('Tot Adj')).toEqual([]);
    expect(code('Adj Sodium', 'mmol/L')).toBeNull();
  });
});

describe('a short word with a dropped letter (`Uric Acd`)', () => {
  it('puts back the one letter a corpus word needs', () => {
    expect(code('Uric Acd', 'mg/dL')).toBe('3084-1');
    expect(code('Ttal Protein', 'g/dL')).toBe('2885-2');
  });

  it('leaves a first letter, a known word and a word alone as written', () => {
    const known = new Set(['acid', 'acids', 'urea', 'iron']);
    expect(droppedLetterWord('acd', known)).toBe('acid');
    expect(droppedLetterWord('cid', known)).toBeNull();
    expect(droppedLetterWord('urea', known)).toBeNull();
    expect(droppedLetterWord('ac', known)).toBeNull();
    expect(code('Acd', 'mg/dL')).toBeNull();
  });
});

describe('corpus concepts and bare names added for names-s22-h', () => {
  it('reads direct bilirubin in µmol/L as its molar code (14629-0) and keeps it null without a unit', () => {
    expect(code('Bilirubin Direct', 'umol/L')).toBe('14629-0');
    expect(code('Bilirubin, conjugated', 'µmol/L')).toBe('14629-0');
    expect(code('Direct Bilirubin', 'mg/dL')).toBe('1968-7');
    expect(code('Direct Bilirubin', null)).toBeNull();
  });

  it('reads a bare specific gravity as the urinalysis row (only urine is reported without its specimen)', () => {
    expect(code('SPECIFIC GRAVITY', null)).toBe('5811-5');
    expect(code('Specific Gravity, Urine', null)).toBe('5811-5');
    expect(code('Specific gravity, body fluid', null)).not.toBe('5811-5');
  });
});
