import { describe, expect, it } from 'vitest';
import { gfrEquationName } from '../../../shared/domain/standardization/gfr-equation';
import { withTrailingSystemAsPrefix } from '../../../shared/domain/standardization/reading-prefixes';
import { resolveReadingIndicator } from '../../../shared/domain/standardization/unitless-siblings';

// Session 27 (n27): the retired holdout names-s25's misses read as classes. Each table holds variations written for
// the mechanism (other labs, languages, spacing) and names that must stay null.
const code = (name: string, unit: string | null = null) => resolveReadingIndicator(name, unit).loincCode;

describe('n27: Danish NPU names with the specimen after a semicolon', () => {
  it.each([
    ['Hæmoglobin;B', 'mmol/L', '59260-0'],
    ['Kolesterol;P', 'mmol/L', '14647-2'],
    ['Kreatinin;P', 'µmol/L', '14682-9'],
    ['Kalium;P', 'mmol/L', '2823-3'],
    ['Natrium ; P', 'mmol/L', '2951-2'],
    ['Leukocytter;B', '10^9/L', '26464-8'],
    ['Trombocytter;B', '10^9/L', '26515-7'],
    ['Hæmoglobin A1c (IFCC);Hb(B)', 'mmol/mol', '59261-8'],
    ['Triglycerid;P', 'mmol/L', '14927-8'],
    ['Kolesterol HDL;P', 'mmol/L', '14646-4'],
    ['Thyrotropin [TSH];P', 'mIU/L', '3016-3'],
    ['C-reaktivt protein [CRP];P', 'mg/L', '1988-5'],
  ])('%s [%s] → %s', (name, unit, expected) => {
    expect(code(name, unit)).toBe(expected);
  });

  it('reads only an NPU specimen after the semicolon', () => {
    expect(withTrailingSystemAsPrefix('Kolesterol;P')).toBe('P-Kolesterol');
    expect(withTrailingSystemAsPrefix('Glucose;fP')).toBe('fP-Glucose');
    expect(withTrailingSystemAsPrefix('Legemsvægt;Pt')).toBe('Legemsvægt');
    expect(withTrailingSystemAsPrefix('Glucose; fasting')).toBeNull();
    expect(withTrailingSystemAsPrefix('Na;K')).toBeNull();
    expect(withTrailingSystemAsPrefix('A;B;P')).toBeNull();
    expect(code('Na;K')).toBeNull();
    // The semicolon form keeps the unit rule: a bare haemoglobin is still null.
    expect(code('Hæmoglobin;B')).toBeNull();
  });
});

describe('n27: a name whose key is a specimen alone names no test', () => {
  it('a protein or glucose beside the urine in brackets is not haemoglobin in urine', () => {
    // `sangre en orina` keyed as `orina` read every `X (orina)` as 5794-3.
    expect(code('Proteína (orina)')).not.toBe('5794-3');
    expect(code('Glucosa (orina)')).not.toBe('5794-3');
    expect(code('Cetonas (orina)')).not.toBe('5794-3');
    expect(code('orina')).toBeNull();
  });

  it.each([
    ['sangre en orina', '5794-3'],
    ['Sangre en orina (tira)', '5794-3'],
    ['Sangue na urina', '5794-3'],
    ['Blut im Urin', '5794-3'],
    ['sang dans les urines', '5794-3'],
  ])('blood in urine still reads: %s → %s', (name, expected) => {
    expect(code(name)).toBe(expected);
  });
});

describe('n27: the urine strip in other languages, and a strip name without a unit as its grade', () => {
  it.each([
    ['Eiweiß (Urinstreifen)', null, '20454-5'],
    ['Eiweiß (Teststreifen)', null, '20454-5'],
    ['Eiweiß Urinstix', null, '20454-5'],
    ['Protein (Stix)', null, '20454-5'],
    ['Proteína (tira reactiva)', null, '20454-5'],
    ['Proteínas (tira)', null, '20454-5'],
    ['Proteínas (urina)', null, '20454-5'],
    ['Protéines (bandelette urinaire)', null, '20454-5'],
    ['Proteine (striscia reattiva)', null, '20454-5'],
    ['요단백', null, '20454-5'],
    ['Eiweiß (Urinstreifen)', 'mg/dL', '5804-0'],
    ['Glucose (Urinstreifen)', null, '25428-4'],
    ['Glucosa (tira reactiva)', null, '25428-4'],
    ['Glucose, UA', 'mg/dL', '5792-7'],
    ['Ketone (Urinstreifen)', null, '2514-8'],
    ['Cetonas (tira reactiva)', null, '2514-8'],
    ['Ketones, UA', 'mg/dL', '5797-6'],
    ['Bilirrubina (tira)', null, '5770-3'],
    ['Leukozyten (Urinstreifen)', null, '5799-2'],
    ['Leukozyten (Urinstreifen)', '/µL', '20408-1'],
    ['Nitrit (Urinstreifen)', null, '5802-4'],
  ])('%s [%s] → %s', (name, unit, expected) => {
    expect(code(name, unit)).toBe(expected);
  });

  it.each([
    ['Protein', null],
    ['Eiweiß', null],
    ['Proteínas', null],
    ['Urine glucose', null],
    ['Urine ketones', null],
    // The urinalysis alone (no strip word): its reader may print the amount (probe null-right-s6).
    ['Ketones, UA', null],
    ['GLUCOSE, UA', null],
    ['UA Ketones', null],
    ['Ketones', null],
    ['Tira', null],
    ['Stick', null],
    ['Gesamteiweiß', 'g/dL'],
  ])('stays off the strip: %s [%s]', (name, unit) => {
    const got = code(name, unit);
    expect(got === null || !['20454-5', '25428-4', '2514-8'].includes(got)).toBe(true);
  });
});

describe('n27: an eGFR name read as its GFR word and one creatinine equation', () => {
  it.each([
    ['eGFR/1.73m2 (CKD-EPI)', 'mL/min', '62238-1'],
    ['DFGe (CKD-EPI)', 'mL/min/1,73 m²', '62238-1'],
    ['DFG estimé (CKD-EPI)', 'mL/min/1.73m2', '62238-1'],
    ['TFGe CKD-EPI', 'mL/min/1.73m2', '62238-1'],
    ['GFR/BSA (CKD-EPI)', 'mL/min/1.73m2', '62238-1'],
    ['Glomeruläre Filtrationsrate (CKD-EPI)', 'mL/min/1.73m2', '62238-1'],
    ['eGFR CKD-EPI Cr 2021', 'mL/min/1.73m2', '98979-8'],
    ['GFR calculated abbreviated MDRD', 'mL/min/1.73m2', '33914-3'],
    ['GFR estimated by creatinine (MDRD)', 'mL/min/1.73m2', '33914-3'],
    ['eGFR (MDRD) non-African American', 'mL/min/1.73m2', '48642-3'],
    ['eGFR MDRD Afr. Amer.', 'mL/min/1.73m2', '48643-1'],
  ])('%s [%s] → %s', (name, unit, expected) => {
    expect(code(name, unit)).toBe(expected);
  });

  it.each([
    ['eGFR', 'mL/min/1.73m2'],
    ['EGFR NON-AFR. AMERICAN', null],
    ['eGFR cystatin C (CKD-EPI 2012)', 'mL/min/1.73m2'],
    ['Kreatinin-Clearance (CKD-EPI)', 'mL/min/1.73m2'],
    ['eGFR Schwartz', 'mL/min/1.73m2'],
    ['eGFR CKD-EPI African American', 'mL/min/1.73m2'],
    ['eGFR MDRD / CKD-EPI', 'mL/min/1.73m2'],
    ['EGFR mutation', null],
    // A sentence about the equation, or a method line the extraction keeps apart from the name, is no name.
    ['eGFR calculated using CKD-EPI', null],
    ['eGFR: berekend met CKD-EPI', null],
    ['eGFR wg  CKD-EPI', 'ml/min/1,73m2'],
    ['GFR ESTIMATED (CKD-EPI Equation 2021)', 'mL/min/1.73m2'],
  ])('stays null: %s [%s]', (name, unit) => {
    expect(code(name, unit)).toBeNull();
  });

  it('writes the equation as the corpus names it, and refuses a figure it cannot check', () => {
    expect(gfrEquationName('DFGe (CKD-EPI)')).toBe('eGFR CKD-EPI');
    expect(gfrEquationName('GFR/1.73 sq M predicted among non-blacks MDRD')).toBe('eGFR MDRD non-African American');
    expect(gfrEquationName('GFR/1.73 sq M predicted among blacks MDRD')).toBe('eGFR MDRD African American');
    expect(gfrEquationName('eGFR CKD-EPI 202l')).toBeNull();
    expect(gfrEquationName('GFR/1.73 5q M predicted among black5 MDRD')).toBeNull();
    expect(gfrEquationName('eGFR MDRD 2009')).toBeNull();
    expect(gfrEquationName('Egfr receptor')).toBeNull();
  });
});

describe('n27: the prothrombin time written in % is the Quick activity', () => {
  it.each([
    ['TP', '%', '5894-1'],
    ['PT', '%', '5894-1'],
    ['Tiempo de protrombina', '%', '5894-1'],
    ['Tempo de protrombina', '%', '5894-1'],
    ['Temps de prothrombine', '%', '5894-1'],
    ['Prothrombinzeit', '%', '5894-1'],
    ['TP', 's', '5902-2'],
    ['TP', 'g/dL', '2885-2'],
  ])('%s [%s] → %s', (name, unit, expected) => {
    expect(code(name, unit)).toBe(expected);
  });

  it.each([
    ['APTT', '%'],
    ['INR', '%'],
    ['TT', '%'],
    ['TP', null],
  ])('no other time is read so: %s [%s]', (name, unit) => {
    expect(code(name, unit)).toBeNull();
  });
});

describe('n27: short abbreviations the unit decides', () => {
  it.each([
    ['AP', 'U/L', '6768-6'],
    ['AP', 'U/l', '6768-6'],
    ['FA', 'U/L', '6768-6'],
    ['ALKP', 'U/L', '6768-6'],
    ['ALKP', 'µkat/L', '6768-6'],
    ['TRG', 'mg/dL', '2571-8'],
    ['TRG', 'mmol/L', '14927-8'],
    ['RBS', 'mg/dL', '2345-7'],
    ['RBS', 'mmol/L', '14749-6'],
    ['Random Blood Sugar', 'mg/dL', '2345-7'],
    ['HGT', 'mg/dL', '41653-7'],
  ])('%s [%s] → %s', (name, unit, expected) => {
    expect(code(name, unit)).toBe(expected);
  });

  it.each([
    ['AP', null],
    ['AP', 'mmHg'],
    ['FA', null],
    ['FA', 'ng/mL'],
    ['TRG', null],
    ['RBS', null],
    ['HGT', null],
    // A post-meal glucose without its hours: LOINC codes each interval apart (blind-dev names-s22-g).
    ['Glucose PC', 'mg/dL'],
    ['飯後血糖 Glucose(PC)', 'mg/dL'],
  ])('stays null: %s [%s]', (name, unit) => {
    expect(code(name, unit)).toBeNull();
  });
});

describe('n27: a bare beta-hCG is the pregnancy test or the amount', () => {
  it.each([
    ['Beta HCG', null, null],
    ['β-hCG', null, null],
    ['hCG beta', null, null],
    ['Beta-hCG, Quantitative', null, '21198-7'],
    ['Beta-HCG cuantitativa', null, '21198-7'],
    ['Beta HCG', 'mIU/mL', '21198-7'],
    ['β-hCG', 'UI/L', '21198-7'],
  ])('%s [%s] → %s', (name, unit, expected) => {
    expect(code(name, unit)).toBe(expected);
  });
});

describe('n27: calculated written out on a derived laboratory result', () => {
  it.each([
    ['Hematocrit, Calculated', '%', '20570-8'],
    ['Hematocrito (calculado)', '%', '20570-8'],
    ['UREA (CALCULATED)', 'mg/dL', '3091-6'],
    ['Urea calculated', 'mmol/L', '22664-7'],
    ['LDL (calc)', 'mg/dL', '13457-7'],
  ])('%s [%s] → %s', (name, unit, expected) => {
    expect(code(name, unit)).toBe(expected);
  });

  it.each([
    ['Albumin (Calc)', 'g/dL'],
    ['Creatinine clearance (calculated)', 'mL/min'],
    ['Glucose (Friedewald)', 'mg/dL'],
  ])('stays null: %s [%s]', (name, unit) => {
    expect(code(name, unit)).toBeNull();
  });
});
