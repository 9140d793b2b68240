import { describe, expect, it } from 'vitest';
import { readTimingWord } from '../../../shared/domain/standardization/timing-axis';
import { resolveReadingIndicator } from '../../../shared/domain/standardization/unitless-siblings';

/**
 * Session 23, helper n23: the four new *Labelling decisions* and the English/vendor families the resolver missed,
 * each with variations of its own (another lab's spelling, other spacing or order) and near misses that stay null.
 */
const code = (name: string, unit: string | null = null) => resolveReadingIndicator(name, unit).loincCode;

describe('README decisions of session 23', () => {
  it('reads an anion gap with no formula as the method-less code, a written formula as its own', () => {
    for (const name of ['ANION GAP', 'Anion gap', 'AGAP', 'Anionenlücke', 'Trou anionique'])
      expect(code(name, 'mmol/L')).toBe('33037-3');
    expect(code('Anion gap', 'mEq/L')).toBe('33037-3');
    expect(code('Anion gap 3', 'mmol/L')).toBe('10466-1');
    expect(code('Anion Gap (Na - (Cl + HCO3))', 'mmol/L')).toBe('10466-1');
    expect(code('Anion gap (K)', 'mmol/L')).toBe('1863-0');
    expect(code('Anion gap with potassium', 'mmol/L')).toBe('1863-0');
    // A unit no anion gap is reported in.
    expect(code('Anion gap', 'mg/dL')).toBeNull();
  });

  it('reads a written third generation as the detection-limit TSH, any other TSH as the method-less code', () => {
    for (const name of ['TSH, 3RD GENERATION', 'TSH  3rd Generation', 'TSH 3rd gen', 'TSH (third generation)'])
      expect(code(name, 'uIU/mL')).toBe('11580-8');
    expect(code('3rd Generation TSH', 'mIU/L')).toBe('11580-8');
    for (const name of ['TSH', 'Ultrasensitive TSH', 'TSH, sensitive']) expect(code(name, 'uIU/mL')).toBe('3016-3');
    // A bracketed abbreviation of the same analyte keeps the name's narrower code (a report wraps it so).
    expect(code('Thyroid Stimulating Hormone (TSH), 3rd Generation', 'uIU/mL')).toBe('11580-8');
    expect(code('Thyroid Stimulating Hormone (TSH)', 'uIU/mL')).toBe('3016-3');
    // An alias of another specimen, or narrower than the name, is still a conflict.
    expect(code('Urine glucose (Glucose)', 'mg/dL')).toBeNull();
    expect(code('Glucose (Fasting glucose)', 'mmol/L')).toBeNull();
    // A mass unit is no TSH unit, whatever the generation; a generation on another test is no method.
    expect(code('TSH 3rd generation', 'ng/mL')).toBeNull();
    expect(code('Glucose, 3rd generation', 'mg/dL')).toBeNull();
  });

  it('reads CKD-EPI without a year as 62238-1, with 2021 as 98979-8, a race split as null', () => {
    for (const name of ['eGFR (CKD-EPI)', 'eGFR CKD-EPI', 'GFR CKD-EPI', 'eGFR by CKD-EPI', 'DFG (CKD-EPI)'])
      expect(code(name, 'mL/min/1.73m2')).toBe('62238-1');
    expect(code('eGFR (CKD-EPI) per 1.73 square metres', 'mL/min')).toBe('62238-1');
    expect(code('CKD-EPI (2021)', 'mL/min/1.73m2')).toBe('98979-8');
    expect(code('eGFR CKD-EPI 2021', 'mL/min/1.73m2')).toBe('98979-8');
    expect(code('eGFR CKD-EPI African American', 'mL/min/1.73m2')).toBeNull();
    expect(code('eGFR', 'mL/min/1.73m2')).toBeNull();
    // The equation's name alone is no test: `CKD-EPI 2009` beside an eGFR line must not read as CKD-EPI = 2009.
    expect(code('CKD-EPI')).toBeNull();
  });

  it('reads urine protein in mg/dL under a strip name as the strip, under a chemistry name as the chemistry', () => {
    for (const name of ['Protein, UA', 'Urine Protein (Dipstick)', 'Prot Ur Strip', 'UA Protein'])
      expect(code(name, 'mg/dL')).toBe('5804-0');
    expect(code('Protein, UA')).toBe('20454-5');
    expect(code('Protein, UA', '1+')).toBe('20454-5');
    for (const name of ['Protein, Urine', 'Urine total protein']) expect(code(name, 'mg/dL')).toBe('2888-6');
    expect(code('Protein', 'mg/dL')).toBeNull();
  });
});

describe('a ratio written as its two tests (ratio-of-parts.ts)', () => {
  it('finds the corpus ratio of the two sides in the written order, however each side is spelled', () => {
    for (const name of ['CHOL/HDLC RATIO', 'TC/ HDL CHOLESTEROL RATIO', 'Total Chol / HDL-C Ratio', 'TC/HDL-C ratio'])
      expect(code(name)).toBe('9830-1');
    expect(code('CHOL/HDLC RATIO', '(calc)')).toBe('9830-1');
    expect(code('LDL / HDL RATIO', 'Ratio')).toBe('11054-4');
    expect(code('LDL-C/HDL-C Ratio')).toBe('11054-4');
    expect(code('BUN / SR.CREATININE RATIO', 'Ratio')).toBe('3097-3');
    expect(code('BUN / Sr. Creatinine Ratio')).toBe('3097-3');
    expect(code('APO B / APO A1 RATIO (APO B/A1)', 'Ratio')).toBe('1874-7');
    expect(code('Apo A1/Apo B')).toBe('13462-7');
  });

  it('leaves the reverse order, two tests in a caption and a ratio the corpus lacks null', () => {
    for (const name of ['HDL-C/CHOL RATIO', 'HDL/LDL ratio', 'Creatinine/BUN ratio', 'HDL/Cholesterol Ratio'])
      expect(code(name)).toBeNull();
    // Two tests without a ratio word or a unit: a caption of both.
    for (const name of ['CK/CK-MB', 'PT/INR', 'Hgb/Hct']) expect(code(name)).toBeNull();
    // A unit no ratio takes.
    expect(code('LDL/HDL ratio', 'mg/dL')).toBeNull();
  });
});

describe("a draw's moment or the patient's position written as a word (timing-axis.ts)", () => {
  it('reads the word as LOINC timing, before or after the test', () => {
    expect(readTimingWord('Vancomycin Trough')).toEqual({ component: 'Vancomycin', timing: 'trough' });
    expect(readTimingWord('BP Systolic (Sitting)')).toEqual({ component: 'BP Systolic', timing: 'sitting' });
    expect(readTimingWord('SpO2 on room air')).toEqual({ component: 'SpO2', timing: 'on room air' });
    expect(readTimingWord('Peak Gentamicin')).toEqual({ component: 'Gentamicin', timing: 'peak' });
    expect(readTimingWord('Trough')).toBeNull();
    expect(readTimingWord('Glucose')).toBeNull();
  });

  it("chooses the sibling carrying the timing among the concept's own", () => {
    expect(code('Vancomycin Trough', 'ug/mL')).toBe('4092-3');
    expect(code('Trough Vancomycin', 'mg/L')).toBe('4092-3');
    expect(code('Gentamicin Peak', 'mg/L')).toBe('3663-2');
    expect(code('Gentamicin Trough', 'ug/mL')).toBe('3665-7');
    expect(code('Tobramycin pre-dose', 'mg/L')).toBe('4059-2');
    expect(code('BP Systolic (Sitting)', 'mmHg')).toBe('8459-0');
    expect(code('BP Diastolic Standing')).toBe('8454-1');
    expect(code('Systolic BP Standing', 'mmHg')).toBe('8460-8');
    expect(code('Diastolic BP Seated', 'mmHg')).toBe('8453-3');
    expect(code('BP Systolic Supine')).toBe('8461-6');
    expect(code('Diastolic BP Lying', 'mmHg')).toBe('8455-8');
    expect(code('aPTT Baseline', 'sec')).toBe('40100-0');
    expect(code('SpO2 on room air')).toBe('59410-1');
  });

  it('stays null where no sibling carries the timing or the unit fits none', () => {
    expect(code('Glucose peak', 'mg/dL')).toBeNull();
    expect(code('Heart rate sitting', 'bpm')).toBeNull();
    expect(code('Vancomycin Trough', 'mg/dL')).toBeNull();
    expect(code('BP Systolic Standing', 'mmol/L')).toBeNull();
  });
});

describe('drug levels and the words around them', () => {
  it("reads `Lvl` as `level` and a drug's bare name in its usual specimen with a unit", () => {
    expect(code('Digoxin Lvl', 'ng/mL')).toBe('10535-3');
    expect(code('Lithium Lvl', 'mmol/L')).toBe('14334-7');
    expect(code('Gentamicin Lvl', 'mg/L')).toBe('35668-3');
    expect(code('Fibrinogen Lvl', 'mg/dL')).toBe('3255-7');
    expect(code('Gentamicin', 'ug/mL')).toBe('35668-3');
    expect(code('Tobramycin level', 'mg/L')).toBe('35670-9');
    // Whole blood is where cyclosporine is measured (bare-name decision, as tacrolimus); serum only when written.
    expect(code('Cyclosporine', 'ng/mL')).toBe('3520-4');
    expect(code('Cyclosporine, Blood', 'ng/mL')).toBe('3520-4');
    expect(code('Cyclosporine, Serum', 'ng/mL')).toBe('3521-2');
    expect(code('Lamotrigine', 'ug/mL')).toBe('6948-4');
    expect(code('Lamotrigine', 'umol/L')).toBe('25458-1');
  });

  it('keeps a susceptibility, a bare mass-or-molar drug without a unit and `Sr` alone apart', () => {
    expect(code('Gentamicin MIC', 'ug/mL')).not.toBe('35668-3');
    expect(code('Lamotrigine')).toBeNull();
    expect(code('Sr', 'mg/dL')).toBeNull();
    expect(code('Sr. Creatinine', 'mg/dL')).toBe('2160-0');
  });
});

describe('method words after a test (method-axis.ts)', () => {
  it('reads activity, cardiac, an arterial line and `by` before a method', () => {
    expect(code('Fibrinogen Activity', 'mg/dL')).toBe('3255-7');
    expect(code('C-Reactive Protein, Cardiac')).toBe('30522-7');
    expect(code('CRP (cardiac)', 'mg/L')).toBe('30522-7');
    expect(code('MAP (Arterial Line)')).toBe('8478-0');
    expect(code('BP Systolic (A-line)', 'mmHg')).toBe('8480-6');
    expect(code('Hemoglobin A1c by HPLC')).toBe('17856-6');
  });

  it("reads calculated as the calculation sibling, else a body measure's method-less code", () => {
    expect(code('LDL Cholesterol, Calculated', 'mg/dL')).toBe('13457-7');
    expect(code('VLDL Cholesterol, Calculated', 'mg/dL')).toBe('13458-5');
    expect(code('Globulin, calculated', 'g/dL')).toBe('10834-0');
    expect(code('BMI (Calculated)')).toBe('39156-5');
    expect(code('BSA (Calculated)', 'm2')).toBe('8277-6');
    // Session 27 (n27): a laboratory test with no calculation sibling is its method-less code, which covers a derived
    // result (`Hematocrit, Calculated` from RBC and MCV): blind writers label it so (was null here).
    expect(code('Sodium, calculated', 'mmol/L')).toBe('2951-2');
    expect(code('Hematocrit, Calculated', '%')).toBe('20570-8');
    // A calculated clearance is the predicted estimate, another test than the timed urine clearance.
    expect(code('Creatinine clearance (calculated)', 'mL/min')).toBeNull();
  });

  it('leaves the words on tests they name no method of', () => {
    expect(code('Troponin I, cardiac', 'ng/mL')).toBe('10839-9');
    expect(code('Glucose (Friedewald)', 'mg/dL')).toBeNull();
    expect(code('Sodium SerPl Qn Elp', 'mmol/L')).toBeNull();
  });
});

describe('concepts new in session 23', () => {
  it('VLDL, blood group and anti-HBc', () => {
    expect(code('VLDL CHOLESTEROL', 'mg/dL')).toBe('2091-7');
    expect(code('VLDL-C calc', 'mg/dL')).toBe('13458-5');
    expect(code('ABO group')).toBe('883-9');
    expect(code('Rh(D) type')).toBe('10331-7');
    expect(code('ABO/Rh')).toBe('882-1');
    expect(code('BLOOD GROUP (ABO & Rh TYPING)')).toBe('882-1');
    expect(code('Anti HBc total')).toBe('16933-4');
    expect(code('Hepatitis B core antibody')).toBe('16933-4');
  });

  it('stays null on the near names', () => {
    expect(code('Anti-HBc IgM')).toBeNull();
    expect(code('Blood group')).toBeNull();
    expect(code('VLDL', 'mmol/L')).toBeNull();
  });
});

describe('OCR slips in acronyms and locants (ocr-confusions.ts)', () => {
  it('reads a lower-case l opening a capitals acronym as I, and 0H after a locant as OH', () => {
    expect(code('lNR')).toBe('6301-6');
    expect(code('lGF-1', 'ng/mL')).toBe('2484-4');
    expect(code('Vitarnin D 25-0H', 'ng/mL')).toBe('1989-3');
    expect(code('Vitamin D 25(0H)', 'ng/mL')).toBe('1989-3');
  });

  it('keeps a litre, a lone l and a zero that is a number', () => {
    expect(code('l')).toBeNull();
    expect(code('mmol/l')).toBeNull();
    expect(code('Vitamin D 10H', 'ng/mL')).toBeNull();
  });
});
