import { describe, expect, it } from 'vitest';
import { resolveReadingIndicator } from '../../../shared/domain/standardization/unitless-siblings';

/**
 * Session 27, helper a27: English LIS and test-catalogue names (eval/standardization/realworld/lis-catalogues-s27.tsv),
 * with variations of each family no catalogue row writes and near misses that must stay unread.
 */
const code = (name: string, unit: string | null = null) => resolveReadingIndicator(name, unit).loincCode;

describe("Mayo Clinic Labs' specimen code after a comma is the specimen", () => {
  it.each([
    ['Sodium, S', 'mmol/L', '2951-2'],
    ['Potassium, P', 'mmol/L', '2823-3'],
    ['Bilirubin, Direct, S', 'mg/dL', '1968-7'],
    ['Ferritin, S', 'mcg/L', '2276-4'],
    ['Cholesterol, Total, S', 'mg/dL', '2093-3'],
    ['Hemoglobin A1c, B', '%', '4548-4'],
    ['Creatinine, Random, U', 'mg/dL', '2161-8'],
    ['Magnesium,S', 'mg/dL', '19123-9'],
    ['Thyroxine (T4), Free, Direct, S', 'ng/dL', '3024-7'],
  ])('%s [%s] → %s', (name, unit, expected) => {
    expect(code(name, unit)).toBe(expected);
  });

  it('reads a capital letter only after a comma, as the last segment, from the closed set', () => {
    // Protein S is a coagulation protein, not total protein in serum; hepatitis B and vitamin B are names.
    expect(code('Protein S', '%')).not.toBe('2885-2');
    expect(code('Hepatitis B')).toBeNull();
    expect(code('Vitamin B')).toBeNull();
    // X is no specimen code; a random collection is only ever urine.
    expect(code('Glucose, X', 'mg/dL')).toBeNull();
    expect(code('Sodium, Random, S', 'mmol/L')).toBeNull();
  });
});

describe('"Direct" on a free hormone is the direct immunoassay, the method-less code', () => {
  it.each([
    ['T4,Free(Direct)', 'ng/dL', '3024-7'],
    ['FT4 (DIRECT)', 'ng/dL', '3024-7'],
    ['Free T4 Direct', 'ng/dL', '3024-7'],
    ['Free T4 (Direct)', 'pmol/L', '14920-3'],
    ['Free T3 direct', 'pg/mL', '3051-0'],
    ['Testosterone, Free, Direct', 'pg/mL', '2991-8'],
  ])('%s [%s] → %s', (name, unit, expected) => {
    expect(code(name, unit)).toBe(expected);
  });

  it('keeps direct bilirubin and direct LDL apart, and reads no free T4 from a dialysis or a total T4', () => {
    expect(code('Bilirubin, Direct', 'mg/dL')).toBe('1968-7');
    expect(code('LDL Direct', 'mg/dL')).toBe('18262-6');
    expect(code('T4 Free Direct Dialysis', 'ng/dL')).not.toBe('3024-7');
    expect(code('T4 direct', 'ug/dL')).toBeNull();
  });
});

describe('catalogue abbreviations and purpose words', () => {
  it.each([
    ['PSA SCRN', 'ng/mL', '2857-1'],
    ['PSA, Screening', 'ng/mL', '2857-1'],
    ['Screening PSA', 'ug/L', '2857-1'],
    ['PSA Diagnostic', 'ng/mL', '2857-1'],
    ['EST AVG GLUCOSE', 'mg/dL', '27353-2'],
    ['Average Blood Glucose (ABG)', 'mg/dL', '27353-2'],
    ['Fe Sat', '%', '2502-3'],
    ['Tfn Sat', '%', '2502-3'],
    ['Corr Ca', 'mmol/L', '29265-6'],
    ['Corrected Ca', 'mmol/L', '29265-6'],
    ['CRP HIGH SENS', 'mg/L', '30522-7'],
    ['Haemoglobin estimation', 'g/L', '718-7'],
    ['TBILI', 'mg/dL', '1975-2'],
    ['DBILI', 'mg/dL', '1968-7'],
    ['I BILI', 'mg/dL', '1971-1'],
    ['Monocyte count', '10*9/L', '26484-6'],
    ['Basophil count', '10*9/L', '26444-0'],
    ['Valproic Acid, Total', 'ug/mL', '4086-5'],
  ])('%s [%s] → %s', (name, unit, expected) => {
    expect(code(name, unit)).toBe(expected);
  });

  it.each([
    ['PSA SCRN', 'U/L'],
    ['Average glucose', 'mg/dL'],
    ['Mean Glucose', 'mg/dL'],
    ['Hb', null],
    ['PCT', null],
    ['TG', null],
    ['ACE', null],
    ['CO2', null],
    ['eGFR', 'mL/min/1.73m2'],
    ['Drug screen', 'ng/mL'],
    ['Antibody screen', null],
  ])('%s [%s] stays null', (name, unit) => {
    expect(code(name, unit)).toBeNull();
  });
});

describe('a reflex order after the test is the test before it', () => {
  it.each([
    ['TSH W/REFLEX TO FT4', 'uIU/mL', '3016-3'],
    ['TSH w/Reflex to Free T4', 'mIU/L', '3016-3'],
    ['TSH with reflex FT4', 'mIU/L', '3016-3'],
    ['HCV Antibody with Reflex to RNA', null, '16128-1'],
    ['FREE T4 (REFLEX)', 'ng/dL', '3024-7'],
  ])('%s [%s] → %s', (name, unit, expected) => {
    expect(code(name, unit)).toBe(expected);
  });

  it.each([
    ['Urinalysis w/reflex to culture', null],
    ['Reflex FT4', 'ng/dL'],
    ['Deep tendon reflex', null],
  ])('%s [%s] stays null', (name, unit) => {
    expect(code(name, unit)).toBeNull();
  });
});
