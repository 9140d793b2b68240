import { describe, expect, it } from 'vitest';
import { isMassRowBesideUnits } from '../../../shared/domain/standardization/ambiguity';
import { conceptByCode } from '../../../shared/domain/standardization/corpus';
import { resolveReadingIndicator } from '../../../shared/domain/standardization/unitless-siblings';

/**
 * Session 23, helper u23: abstentions on names the corpus knows, where the guard that refused counted a sibling no
 * bare name means (README *Labelling decisions*, session 23 rows), and the near misses that must stay null.
 */
const code = (name: string, unit: string | null = null) => resolveReadingIndicator(name, unit).loincCode;

describe('a bare TSH is the units code: its mass sibling is the old RIA row (session 23 decision)', () => {
  it.each([
    ['TSH'],
    ['Thyrotropin'],
    ['T.S.H.'],
    ['TSH basal'],
    ['Serum TSH level'],
    ['Tirotropina (TSH)'],
    ['促甲状腺激素'],
    ['thyréostimuline'],
  ])('%s without a unit → 3016-3', (name) => {
    expect(code(name)).toBe('3016-3');
  });

  it('reads the RIA row from the long names', () => {
    expect(isMassRowBesideUnits(conceptByCode('27975-2')!)).toBe(true);
    expect(isMassRowBesideUnits(conceptByCode('3016-3')!)).toBe(false);
    expect(isMassRowBesideUnits(conceptByCode('2842-3')!)).toBe(false);
  });

  it.each([
    ['TSH', 'ng/mL'],
    ['TSH', 'ug/L'],
    ['Thyrotropin', 'ng/mL'],
    ['Prolactin', null],
    ['AMH', null],
    ['Hb', null],
    ['Hemoglobin', null],
    ['Growth hormone', null],
  ])('%s [%s] stays null (mass unit beside TSH; two scales for the others)', (name, unit) => {
    expect(code(name, unit)).toBeNull();
  });
});

describe('a point-of-care whole-blood twin does not hold a bare name back (session 23 decision)', () => {
  it.each([
    ['BNP'],
    ['B-type natriuretic peptide'],
    ['natriuretic peptide B'],
    ['péptido natriurético tipo B'],
    ['脑钠肽'],
  ])('%s without a unit → 30934-4', (name) => {
    expect(code(name)).toBe('30934-4');
  });

  it.each([
    ['CO2', 'total CO2 or the blood gas pCO2: its blood twin is the gas analyser, not a point-of-care cartridge'],
    ['Total CO2', 'as CO2'],
    ['Amylase', 'a urine sibling on the same U/L scale'],
    ['Sodium', 'urine sodium shares mmol/L'],
    ['Potassium', 'urine and blood-gas potassium'],
    ['Lactate', 'mass and molar siblings'],
  ])('%s without a unit stays null: %s', (name) => {
    expect(code(name)).toBeNull();
  });
});

describe('an isolate susceptibility or a multiple of the median is no sibling of a bare name (session 23 decision)', () => {
  it.each([
    ['Vancomycin Trough', '4092-3'],
    ['Vancomycin, trough', '4092-3'],
    ['Gentamicin Trough', '3665-7'],
    ['Gentamicin Peak', '3663-2'],
    ['Tobramycin trough', '4059-2'],
    ['vanco level', '20578-1'],
    ['AFP', '1834-1'],
    ['Alpha-fetoprotein', '1834-1'],
    ['alfafetoproteína', '1834-1'],
    ['AFP MoM', '20450-3'],
    ['hCG MoM', '20465-1'],
  ])('%s without a unit → %s', (name, expected) => {
    expect(code(name)).toBe(expected);
  });

  it.each([
    ['hCG', 'the pregnancy test (a presence) is its sibling'],
    ['Vancomycin MIC', 'an isolate result, not a reading'],
    ['Estriol', 'an ambiguous term'],
    ['unconjugated estriol', 'ng/mL or nmol/L'],
    ['Lamotrigine', 'no code a labeller would give'],
  ])('%s without a unit stays null: %s', (name) => {
    expect(code(name)).toBeNull();
  });

  it('keeps a written quantity and a pregnancy test apart', () => {
    expect(code('hCG, Quantitative')).toBe('19080-1');
    expect(code('Serum hCG, qualitative')).toBe('2118-8');
    expect(code('pregnancy test urine')).toBe('2106-3');
  });
});

describe('a saturation already in % is not held back by a % name of another specimen', () => {
  it.each([
    ['SaO2', '2708-6'],
    ['SvO2', '2711-0'],
    ['SaO2 % Bld', '20564-1'],
  ])('%s without a unit → %s', (name, expected) => {
    expect(code(name)).toBe(expected);
  });

  it.each([['PT'], ['TP']])('%s without a unit stays null: the % name is another test', (name) => {
    expect(code(name)).toBeNull();
  });
});

describe('`Lvl` frames a drug or analyte level as `level` does (retrieval)', () => {
  it.each([
    ['Vancomycin Lvl', 'mcg/mL', '20578-1'],
    ['Digoxin Lvl', 'ng/mL', '10535-3'],
    ['Lithium Lvl', 'mmol/L', '14334-7'],
    ['Tacrolimus Lvl', 'ng/mL', '11253-2'],
    ['Fibrinogen Lvl', 'mg/dL', '3255-7'],
    ['FERRITIN LVL', 'ng/mL', '2276-4'],
  ])('%s [%s] → %s', (name, unit, expected) => {
    expect(code(name, unit)).toBe(expected);
  });

  it.each([
    ['Vancomycin Lvl', 'mg/dL', 'a unit no vancomycin concept takes'],
    ['Glucose Lvl', null, 'mass or molar, no unit'],
    ['Creatinine Lvl', null, 'mass or molar, serum or urine'],
  ])('%s [%s] stays null: %s', (name, unit, _why) => {
    expect(code(name, unit)).toBeNull();
  });
});

describe('a word left over that the candidate own LOINC long name writes restates it (retrieval)', () => {
  it.each([
    ['LDL-Chol (Friedewald)', 'mg/dl', '13457-7'],
    ['Cardiolipin IgM Ab', "[MPL'U]", '8067-1'],
    ['Cardiolipin IgG Ab', "[GPL'U]", '8065-5'],
    ['Hemoglobin A1c by HPLC', null, '17856-6'],
    ['SpO2 on room air', null, '59410-1'],
    ['Heparin Anti-Xa (LMWH)', 'IU/mL', '32684-3'],
  ])('%s [%s] → %s', (name, unit, expected) => {
    expect(code(name, unit)).toBe(expected);
  });

  it.each([
    // `C-Reactive Protein, Cardiac` is hs-CRP by n23's method words (names-n23.test.ts), not by a restated word.
    ['Glucose, Cardiac', 'mg/dL', 'serum glucose does not write cardiac'],
    ['Prothrombin Time - INR', null, 'the PT in seconds does not write INR'],
    ['Thyroglobulin Ab', 'ng/mL', 'thyroglobulin does not write antibody'],
    ['Insulin Ab', 'uU/mL', 'insulin does not write antibody'],
    ['Glucose mean value', 'mg/dL', 'serum glucose does not write mean'],
  ])('%s [%s] stays null: %s', (name, unit, _why) => {
    expect(code(name, unit)).toBeNull();
  });
});
