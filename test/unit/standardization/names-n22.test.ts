import { describe, expect, it } from 'vitest';
import { withoutAbsoluteWord } from '../../../shared/domain/standardization/absolute-count';
import { rejoinedSpelling, withLongWordsCut } from '../../../shared/domain/standardization/joined-spellings';
import { resolveReadingIndicator } from '../../../shared/domain/standardization/unitless-siblings';

/** Session 22, helper n22: names the resolver still missed (design §8, end of session 21, item 3). */
const code = (name: string, unit: string | null = null) => resolveReadingIndicator(name, unit).loincCode;

describe('the Quick value is the PT actual/normal; factor II activity stays apart (session 22 decision)', () => {
  it.each([
    ['Quick', '%'],
    ['Quick', null],
    ['Quick-Wert', '%'],
    ['Taux de prothrombine', '%'],
    ['TP (taux de prothrombine)', '%'],
    ['Actividad de protrombina', '%'],
    ['Prothrombinzeit (Quick)', '%'],
    ['Attività protrombinica', '%'],
    ['凝血酶原活动度', '%'],
  ])('%s [%s] → 5894-1', (name, unit) => {
    expect(code(name, unit)).toBe('5894-1');
  });

  it.each([
    ['Factor II', '%'],
    ['Facteur II', '%'],
    ['Faktor II', '%'],
    ['Prothrombin activity', '%'],
    ['Prothrom Act/Nor PPP', '%'],
  ])('%s [%s] → 3289-6 (factor II activity)', (name, unit) => {
    expect(code(name, unit)).toBe('3289-6');
  });

  it('keeps the prothrombin time in seconds, the INR and total protein apart', () => {
    expect(code('Prothrombin Time')).toBe('5902-2');
    expect(code('Tiempo de protrombina', 's')).toBe('5902-2');
    expect(code('INR')).toBe('6301-6');
    expect(code('TP', 'g/dL')).toBe('2885-2');
    expect(code('TP')).toBeNull();
  });
});

describe("a device's respiratory-rate field with no statistic is the respiratory rate (session 22 decision)", () => {
  it.each([
    ['breathingRate', 'breaths/min'],
    ['breathingRate', null],
    ['respiratoryRate', '/min'],
    ['HKQuantityTypeIdentifierRespiratoryRate', 'count/min'],
  ])('%s [%s] → 9279-1', (name, unit) => {
    expect(code(name, unit)).toBe('9279-1');
  });

  it.each([
    ['breathing_rate_avg', 'br/min'],
    ['average_breath', 'breaths/min'],
    ['Average respiratory rate', '/min'],
  ])('a field that writes its statistic stays null: %s', (name, unit) => {
    expect(code(name, unit)).toBeNull();
  });
});

describe('glued and cut spellings are read as a report prints them (joined-spellings.ts)', () => {
  it('rewrites acronym dots, camelCase, snake_case and a hyphen inside a corpus word', () => {
    expect(rejoinedSpelling('A.P.T.T.')).toBe('APTT');
    expect(rejoinedSpelling('C.R.P')).toBe('CRP');
    expect(rejoinedSpelling('N.T.-pro BNP')).toBe('NT-pro BNP');
    expect(rejoinedSpelling('CReactiveProtein')).toBe('C Reactive Protein');
    expect(rejoinedSpelling('serumCreatinine')).toBe('serum Creatinine');
    expect(rejoinedSpelling('NON_HDL_CHOL')).toBe('NON HDL CHOL');
    expect(rejoinedSpelling('Pro-Calcitonin')).toBe('Procalcitonin');
    expect(withLongWordsCut('NON HDL CHOL')).toBe('NON HDL CHOL.');
  });

  it('leaves case-mixed symbols, real hyphenated names and short dotted words alone', () => {
    expect(rejoinedSpelling('pH')).toBeNull();
    expect(rejoinedSpelling('eGFR')).toBeNull();
    expect(rejoinedSpelling('HbA1c')).toBeNull();
    expect(rejoinedSpelling('D-Dimer')).toBeNull();
    expect(rejoinedSpelling('Ac. Urico')).toBeNull();
  });

  it.each([
    ['A.P.T.T.', null, '14979-9'],
    ['A.P.T.T', 'sec', '14979-9'],
    ['C.R.P.', 'mg/L', '1988-5'],
    ['C.R.P', 'mg/dL', '1988-5'],
    ['P.T.', 'sec', '5902-2'],
    ['T.S.H.', 'mIU/L', '3016-3'],
    ['N.T.-pro BNP', 'pg/mL', '33762-6'],
    ['CReactiveProtein', 'mg/dL', '1988-5'],
    ['cReactiveProtein', 'mg/L', '1988-5'],
    ['SerumCreatinine', 'mg/dL', '2160-0'],
    ['NON_HDL_CHOL', 'mg/dL', '43396-1'],
    ['NON_HDL_CHOLESTEROL', 'mg/dL', '43396-1'],
    ['Pro-Calcitonin', 'ng/mL', '33959-8'],
    ['Procalci-tonin', 'ng/mL', '33959-8'],
    ['Hemo-Globin', 'g/dL', '718-7'],
    ['Vitamin B-12', 'pg/mL', '2132-9'],
    ['Free T-4', 'ng/dL', '3024-7'],
    ['CA 19-9', 'U/mL', '24108-3'],
  ])('%s [%s] → %s', (name, unit, loinc) => {
    expect(code(name, unit)).toBe(loinc);
  });

  it.each([
    ['H.P.', 'mg/dL'],
    ['A.B.C.D.', 'mg/dL'],
    ['Anti-Body', 'IU/mL'],
    ['C.R.P.', 'mmHg'],
    ['Pro-Calcitonin', '%'],
  ])('a near miss stays null: %s [%s]', (name, unit) => {
    expect(code(name, unit)).toBeNull();
  });
});

describe('cardiac troponin I without a unit takes the method-less code (troponin decision)', () => {
  it.each(['cTnI', 'TnI', 'Troponin I', 'TROPONIN-I', 'Troponina I'])('%s → 10839-9', (name) => {
    expect(code(name)).toBe('10839-9');
  });

  it('keeps the assay, the device and the bare word apart', () => {
    expect(code('hs-cTnI')).toBe('89579-7');
    expect(code('Troponin I, high sensitive', 'ng/L')).toBe('89579-7');
    expect(code('Troponin T, high sensitive', 'ng/L')).toBe('67151-1');
    expect(code('Troponin T high sensitive', 'ng/L')).toBe('67151-1');
    expect(code('Troponin')).toBeNull();
    expect(code('Troponin I', 'mg/dL')).toBeNull();
  });
});

describe('a name ending in `, UA` is a urinalysis line', () => {
  it.each([
    ['BLOOD, UA', 'mg/dL'],
    ['Blood, UA', 'mg/dL'],
    ['BILIRUBIN, UA', 'mmol/L'],
  ])('never a code outside urine: %s [%s]', (name, unit) => {
    const found = code(name, unit);
    expect(found === null || !['3084-1', '1975-2', '14631-6'].includes(found)).toBe(true);
  });

  it('keeps urine strip items and uric acid written as such', () => {
    expect(code('GLUCOSE, UA', 'mg/dL')).toBe('5792-7');
    expect(code('KETONES, UA', 'mg/dL')).toBe('5797-6');
    expect(code('UA', 'mg/dL')).toBe('3084-1');
    expect(code('Uric acid, blood', 'mg/dL')).toBe('3084-1');
  });
});

describe('counts written with a count word (absolute-count.ts)', () => {
  it('drops the count word only', () => {
    expect(withoutAbsoluteWord('CD19 Absolute')).toBe('CD19');
    expect(withoutAbsoluteWord('Monocytes(Absolute)')).toBe('Monocytes');
    expect(withoutAbsoluteWord('NK cells (CD16+CD56+) #')).toBe('NK cells (CD16+CD56+)');
    expect(withoutAbsoluteWord('Linfocitos absolutos')).toBe('Linfocitos');
    expect(withoutAbsoluteWord('Absolutely')).toBeNull();
    expect(withoutAbsoluteWord('Glucose')).toBeNull();
  });

  it.each([
    ['MONOCYTES ABSOLUTE', 'K/uL', '26484-6'],
    ['Monocytes(Absolute)', 'x10E3/uL', '26484-6'],
    ['Mono #', '10^3/uL', '26484-6'],
    ['Monozyten absolut', '/nL', '26484-6'],
    ['Baso (Absolute)', 'x10E3/uL', '26444-0'],
    ['ABSOLUTE LYMPHOCYTES', 'cells/uL', '26474-7'],
    ['Linfocitos absolutos', '10*3/uL', '26474-7'],
    ['CD19 Absolute', 'cells/uL', '8116-6'],
    ['CD19 absolute', 'cells/µL', '8116-6'],
    ['NK Cells (CD16+56) Absolute', 'cells/uL', '20402-4'],
    ['NK cells (CD16+CD56+) #', 'cells/uL', '20402-4'],
    ['CD4 absolute', 'cells/uL', '24467-3'],
  ])('%s [%s] → %s', (name, unit, loinc) => {
    expect(code(name, unit)).toBe(loinc);
  });

  it('keeps shares apart and leaves a count without a unit to its unit', () => {
    expect(code('NK cells', '%')).toBe('18267-5');
    expect(code('CD19', '%')).toBe('20593-0');
    expect(code('Neutrophils absolute', '%')).toBeNull();
    expect(code('CD19 absolute', '%')).toBeNull();
    expect(code('NK cells')).toBeNull();
    expect(code('CD19')).toBeNull();
  });
});

describe('qualifiers and modern orders', () => {
  it.each([
    ['CORTISOL, RANDOM', 'mcg/dL', '2143-6'],
    ['Cortisol random', 'ug/dL', '2143-6'],
    ['Creatinine, random urine', 'mg/dL', '2161-8'],
    ['VITAMIN D,25-OH,TOTAL', 'ng/mL', '62292-8'],
    ['VITAMIN D,25-OH,TOTAL,IA', 'ng/mL', '62292-8'],
    ['Vitamin D, 25-Hydroxy, Total', 'ng/mL', '62292-8'],
    ['Vitamina D 25 OH totale', 'ng/mL', '62292-8'],
    ['TSH, IA', 'mIU/L', '3016-3'],
    ['Anti-dsDNA IgG', 'IU/mL', '33800-4'],
    ['Anti-dsDNA Ab (IgG)', null, '33800-4'],
    ['ADAMTS13 activity', '%', '53622-7'],
    ['Lead, Venous, Blood', 'mcg/dL', '5671-3'],
    ['Lead venous blood', 'ug/dL', '5671-3'],
    ['Mercury, venous blood', 'ug/L', '5685-3'],
    ['Glucose BldC Glucomtr-mCnc', null, '41653-7'],
  ])('%s [%s] → %s', (name, unit, loinc) => {
    expect(code(name, unit)).toBe(loinc);
  });

  it('keeps 25-OH vitamin D without total, venous blood gases and a bare qualifier as they were', () => {
    expect(code('25-OH Vitamin D', 'ng/mL')).toBe('1989-3');
    expect(code('pO2 venous', 'mmHg')).toBe('2705-2');
    expect(code('Random', 'mg/dL')).toBeNull();
    expect(code('Glucose BldC Glucomtr-sCnc', 'mmol/L')).toBeNull();
  });
});

describe('French blood counts and Taiwanese names with a unit', () => {
  it.each([
    ['GR', 'T/L', '789-8'],
    ['GR', '10*12/L', '789-8'],
    ['GB', 'G/L', '26464-8'],
    ['GB', '10*9/L', '26464-8'],
    ['麩丙酮酸轉胺酶', 'U/L', '1742-6'],
    ['血糖(飯前)', 'mg/dL', '1558-6'],
    ['糖化血色素', '%', '4548-4'],
    ['醣化血色素', null, '4548-4'],
    ['尿液酸鹼值', null, '5803-2'],
    ['γ-麩胺醯轉移酶', 'U/L', '2324-2'],
  ])('%s [%s] → %s', (name, unit, loinc) => {
    expect(code(name, unit)).toBe(loinc);
  });

  it.each([
    ['GR', null],
    ['GB', null],
    ['GR', 'mg/dL'],
    ['GB', 'mg/dL'],
  ])('the bare letters or a unit of no count stay null: %s [%s]', (name, unit) => {
    expect(code(name, unit)).toBeNull();
  });
});
