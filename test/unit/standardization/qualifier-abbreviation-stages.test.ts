import { describe, expect, it } from 'vitest';
import { expansionsOf, spelledOutNames } from '../../../shared/domain/standardization/component-abbreviations';
import { readMethodAxis } from '../../../shared/domain/standardization/method-axis';
import { resolveIndicator } from '../../../shared/domain/standardization/resolver';
import { readTimingAxis, timingMatches } from '../../../shared/domain/standardization/timing-axis';

function code(name: string, unit?: string | null): string | null {
  return resolveIndicator(name, unit).loincCode;
}

describe('a challenge timing written after the test', () => {
  it('reads hours or minutes, the dose and the challenge, and leaves the rest as the component', () => {
    expect(readTimingAxis('Glucose, 2 h post 75 g OGTT')).toEqual({
      component: 'Glucose',
      timing: { minutes: 120, dose: 75, challenge: 'glucose' },
    });
    expect(readTimingAxis('Glucose 2 hr post 75g load')).toMatchObject({
      component: 'Glucose',
      timing: { minutes: 120, dose: 75 },
    });
    expect(readTimingAxis('Glucose 30 min p glucose')).toMatchObject({ timing: { minutes: 30, dose: null } });
    expect(readTimingAxis('Glucose 2 hrs after meal')).toMatchObject({ timing: { challenge: 'meal' } });
  });

  it('reads no timing without a challenge or a dose, nor one with nothing before it', () => {
    expect(readTimingAxis('Glucose 2 h post')).toBeNull();
    expect(readTimingAxis('2 h post 75 g OGTT')).toBeNull();
    expect(readTimingAxis('Glucose')).toBeNull();
  });

  it("matches LOINC's timing by time, dose and challenge", () => {
    const written = { minutes: 120, dose: 75, challenge: 'glucose' } as const;
    expect(timingMatches('2 hours post 75 g glucose po', written)).toBe(true);
    expect(timingMatches('2 hours post dose glucose', written)).toBe(false);
    expect(timingMatches('1 hour post 75 g glucose po', written)).toBe(false);
    expect(timingMatches('2 hours post dose glucose', { ...written, dose: null })).toBe(true);
    expect(timingMatches('2 hours post meal', { ...written, dose: null, challenge: 'meal' })).toBe(true);
  });

  it('chooses the timed sibling of the test, by the unit', () => {
    expect(code('Glucose, 2 h post 75 g OGTT', 'mg/dL')).toBe('1518-0');
    expect(code('Glucose 2 hr post 75g load', 'mg/dL')).toBe('1518-0');
    expect(code('Glucose 2 hr post 75g load', 'mmol/L')).toBe('14995-5');
    expect(code('Glucose 1 hour post 75 g OGTT', 'mg/dL')).toBe('1507-3');
    expect(code('Glucose 2 h post glucose load', 'mg/dL')).toBe('20436-2');
  });

  it('gives null for a timing no sibling carries, an unread one, or a unit no timed sibling takes', () => {
    expect(code('Glucose 3 h post 75 g OGTT', 'mg/dL')).toBeNull();
    expect(code('Glucose 2 h post 100 g OGTT', 'mg/dL')).toBeNull();
    expect(code('Glucose 2 h post', 'mg/dL')).toBeNull();
    expect(code('Glucose 2 h post 75 g OGTT', 'U/L')).toBeNull();
    expect(code('Potassium 2 h post 75 g OGTT', 'mmol/L')).toBeNull();
  });
});

describe('method words and equations written after the test', () => {
  it('reads several method words that agree, and an equation word after one', () => {
    expect(readMethodAxis('LDL cholesterol (calculated, Friedewald)')).toMatchObject({
      component: 'LDL cholesterol',
      method: { methods: ['calculation', 'calculated'] },
    });
    expect(readMethodAxis('Estimated GFR (MDRD equation)')).toMatchObject({
      component: 'Estimated GFR',
      written: 'MDRD',
      filler: true,
    });
    expect(readMethodAxis('Bilirubin, total (diazo)')).toMatchObject({ component: 'Bilirubin total' });
  });

  it('chooses the sibling carrying the method, or the usual code for a chemistry LOINC does not code apart', () => {
    expect(code('LDL cholesterol (calculated, Friedewald)', 'mg/dL')).toBe('13457-7');
    expect(code('LDL cholesterl (calculated, Friedewald)', 'mg/dL')).toBe('13457-7');
    expect(code('Estimated GFR (MDRD equation)', 'mL/min/1.73m2')).toBe('33914-3');
    expect(code('Albumin SerPl Qn Elph', 'g/dL')).toBe('2862-1');
    expect(code('Bilirubin, total (diazo)', 'mg/dL')).toBe('1975-2');
    expect(code('IGF 1 Ser (RIA) Qn', 'ng/mL')).toBe('2484-4');
    expect(code('Hemoglobin A1c, DCCT aligned', '%')).toBe('4548-4');
    expect(code('Hemoglobn A1c, DCCT aligned', '%')).toBe('4548-4');
  });

  it('stays null where the method names no sibling or the test alone stays ambiguous', () => {
    // Friedewald is a calculation; glucose has no calculated code.
    expect(code('Glucose (Friedewald)', 'mg/dL')).toBeNull();
    // An equation word alone names no method.
    expect(code('Estimated GFR (equation)', 'mL/min/1.73m2')).toBeNull();
    expect(code('Estimated GFR (CKD equation)', 'mL/min/1.73m2')).toBeNull();
    // Electrophoresis of a test LOINC does not code by electrophoresis.
    expect(code('Sodium SerPl Qn Elp', 'mmol/L')).toBeNull();
    // `3rd generation` names LOINC's detection-limit method for TSH (README Labelling decisions, session 23): a curated
    // name of 11580-8, not a method word read on other tests.
    expect(code('TSH, 3rd generation', 'uIU/mL')).toBe('11580-8');
    expect(code('Glucose, 3rd generation', 'mg/dL')).toBeNull();
    // A method-bound unit the written method's sibling takes is that sibling (respell-and-unit-sibling.test.ts).
    expect(code('Hb A1c IFCC', 'mmol/mol')).toBe('59261-8');
    // The NGSP scale is a percent: in mmol/mol it is not read.
    expect(code('Hemoglobin A1c, DCCT aligned', 'mmol/mol')).toBeNull();
  });
});

describe('abbreviated component words', () => {
  it('spells out the abbreviations LOINC short names write, else a unique prefix of a component word', () => {
    expect(expansionsOf('Bilirub')).toEqual(['bilirubin']);
    expect(expansionsOf('Prot')).toEqual(['protein']);
    expect(expansionsOf('Gluc')).toEqual(['glucose']);
    expect(expansionsOf('Tot')).toEqual(['total']);
    expect(expansionsOf('Chol')).toEqual(expect.arrayContaining(['cholesterol', 'cholinesterase']));
  });

  it('never reads a whole component, a symbol of two letters or a word with digits as an abbreviation', () => {
    expect(expansionsOf('glucose')).toEqual([]);
    expect(expansionsOf('Ca')).toEqual([]);
    expect(expansionsOf('A1c')).toEqual([]);
    expect(spelledOutNames('Glucose')).toEqual([]);
  });

  it('resolves a spelled-out name when every reading that resolves agrees, with the unit', () => {
    expect(code('Gluc', 'mg/dL')).toBe('2345-7');
    expect(code('Bili, Tot', 'mg/dL')).toBe('1975-2');
    expect(code('Chol, HDL', 'mg/dL')).toBe('2085-9');
    expect(code('Tot Prot', 'g/dL')).toBe('2885-2');
    expect(code('Tot Pr0t', 'g/dL')).toBe('2885-2');
  });

  it('stays null when the unit fits no reading or two readings resolve', () => {
    expect(code('Gluc', 'U/L')).toBeNull();
    expect(code('Bili, Tot', 'U/L')).toBeNull();
    // `CHOL` is curated as cholesterol: a unit that refuses it is not read as cholinesterase instead.
    expect(code('Chol', 'mg/dL')).toBe('2093-3');
    expect(code('Chol', 'U/L')).toBeNull();
    expect(code('Xyzq Tot', 'mg/dL')).toBeNull();
    // `Calc` in pg/mL: calcitonin and calcitriol both resolve; LOINC's own `Calcit` names calcitonin alone.
    expect(code('Calc', 'pg/mL')).toBeNull();
    expect(code('Calcit', 'pg/mL')).toBe('1992-7');
  });

  it('never reads a three-letter word of prose alone as an abbreviation', () => {
    // Narrative lines (`palpitations for 3 months`) reach the resolver with `for` as the name.
    expect(code('for', null)).toBeNull();
    expect(code('and', null)).toBeNull();
    expect(code('Tot', 'g/dL')).toBeNull();
  });
});

describe('short forms added to the curated data', () => {
  it('reads CPK-MB and the isoenzyme spelled out as CK-MB, the unit choosing mass or activity', () => {
    expect(code('CPK-MB', 'ng/mL')).toBe('13969-1');
    expect(code('Creatine Kinase, MB Isoenzyme', 'ng/mL')).toBe('13969-1');
    expect(code('CPK-MB', 'U/L')).toBe('32673-6');
    expect(code('CPK-MB', '%')).toBeNull();
  });

  it('knows the creatinine–cystatin C CKD-EPI 2021 equation apart from the creatinine one', () => {
    expect(code('eGFRcr-cys CKD-EPI 2021', 'mL/min/1.73m2')).toBe('98980-6');
    expect(code('eGFR CKD-EPI 2021', 'mL/min/1.73m2')).toBe('98979-8');
  });

  it('takes urine output in cm3', () => {
    expect(code('Output Ur', 'cm3')).toBe('9187-6');
    expect(code('Output Ur', 'mg/dL')).toBeNull();
  });
});

describe('an ambiguous test name with a written system', () => {
  it('reads the one LOINC component the name stands for, on the first system written', () => {
    expect(code('HCO3 Bld-sCnc', 'mmol/L')).toBe('1959-6');
    expect(code('Protein Ur', 'mg/dL')).toBe('2888-6');
    expect(code('pH Ur')).toBe('5803-2');
  });

  it('stays null without a system, or when only a later, rarer system has the component', () => {
    expect(code('HCO3', 'mmol/L')).toBeNull();
    expect(code('Globulin SerPl', 'g/dL')).toBeNull();
    expect(code('eGFR SerPl', 'mL/min/1.73m2')).toBeNull();
  });
});
