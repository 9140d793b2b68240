import { describe, expect, it } from 'vitest';
import { englishQualifiers } from '../../../shared/domain/standardization/foreign-qualifiers';
import { resolveReadingIndicator } from '../../../shared/domain/standardization/unitless-siblings';
import { normalizeUnit } from '../../../shared/domain/standardization/units';

// Families behind the misses of names-s22-f (continental Europe, Latin America) and names-s22-g (East and South Asia,
// Middle East), session 22. Each case is a variation of a family, not a name of the set.
const code = (name: string, unit: string | null = null) => resolveReadingIndicator(name, unit).loincCode;

describe('a component reported on two scales the corpus carries one of (unitless-siblings.ts)', () => {
  it('keeps the platelet distribution width null without a unit, in any language', () => {
    expect(code('Platelet distribution width')).toBeNull();
    expect(code('Thrombozytenverteilungsbreite')).toBeNull();
  });

  it('still reads it in fL, and finds nothing in % (the GSD scale, outside the corpus)', () => {
    expect(code('PDW', 'fL')).toBe('32207-3');
    expect(code('PDW', '%')).toBeNull();
    expect(code('Prolactin', 'ng/mL')).toBe('2842-3');
  });
});

describe('Han names beside Latin abbreviations (cjk-abbreviation.ts, resolver.ts)', () => {
  it('reads PCT beside procalcitonin as its abbreviation, not a percent', () => {
    expect(code('降钙素原(PCT)', 'ng/mL')).toBe('33959-8');
    expect(code('降鈣素原 PCT', 'µg/L')).toBe('33959-8');
    expect(code('降钙素原 PCT', '%')).toBeNull();
  });

  it('keeps a slash between Latin letters as one abbreviation', () => {
    expect(code('白球比(A/G)')).toBe('1759-0');
    expect(code('白蛋白/球蛋白比值 A/G')).toBe('1759-0');
    expect(code('白球比 A/B')).toBeNull();
  });

  it('reads Latin pieces that together are one name as that name, and still refuses a contradiction', () => {
    expect(code('空腹血糖 Glucose AC', 'mg/dL')).toBe('1558-6');
    expect(code('肌酸激酶同工酶质量(CK-MB mass)', 'ng/mL')).toBe('13969-1');
    expect(code('肌酸激酶同工酶', 'U/L')).toBe('32673-6');
    expect(code('餐后血糖 Glucose AC', 'mg/dL')).toBeNull();
  });
});

describe('Japanese and Korean check-up names', () => {
  it('reads 最高/最低血圧 as the systolic and diastolic pressure, not a maximum over a period', () => {
    expect(code('最低血圧', 'mmHg')).toBe('8462-4');
    expect(code('平均最高血圧', 'mmHg')).toBeNull();
    expect(code('最高心拍数', '/min')).toBeNull();
  });

  it('reads a Korean urine prefix as the specimen, but not in uric acid', () => {
    expect(code('요잠혈')).toBe('5794-3');
    expect(code('요단백', 'mg/dL')).toBe('5804-0');
    expect(code('요산')).toBeNull();
    expect(code('허리둘레', 'cm')).toBe('8280-0');
    expect(code('체질량지수', 'kg/m2')).toBe('39156-5');
  });

  it('reads a method written after a Latin name in Japanese or Chinese', () => {
    expect(englishQualifiers('LDL-C（直接法）')).toContain('direct');
    expect(code('LDL-C（直接法）', 'mmol/L')).toBe('69419-0');
    expect(code('LDL-C(计算值)', 'mg/dL')).toBe('13457-7');
    expect(code('HDL-C(直接法)', 'mg/dL')).toBeNull();
  });
});

describe('names in Greek, Dutch and Arabic, and words the other languages lacked (synonyms-i18n.json)', () => {
  it('reads the commonest tests, the unit still picking mass or molar', () => {
    expect(code('Κρεατινίνη', 'µmol/L')).toBe('14682-9');
    expect(code('Ουρικό οξύ', 'mg/dL')).toBe('3084-1');
    expect(code('Kreatinine', 'µmol/L')).toBe('14682-9');
    expect(code('Ureum', 'mmol/L')).toBe('22664-7');
    expect(code('الكرياتينين', 'mg/dL')).toBe('2160-0');
    expect(code('Ουρία')).toBeNull();
  });

  it('reads a 24-hour excretion word only in a unit per day', () => {
    expect(code('Natriuria', 'mmol/24h')).toBe('2956-1');
    expect(code('Calciurie', 'mmol/24 h')).toBe('14637-3');
    expect(code('Kaliurèse', 'mmol/L')).toBeNull();
  });

  it('reads coagulation factors and serum adjectives in the report language', () => {
    expect(code('Faktor IX', '%')).toBe('3187-2');
    expect(code('Fattore VII', '%')).toBe('3198-9');
    expect(code('Folato sérico', 'nmol/L')).toBe('14732-2');
    expect(code('Ferritine sérique', 'ng/mL')).toBe('2276-4');
  });

  it('reads `urinary` as the urine', () => {
    expect(code('Urinary albumin', 'mg/L')).toBe('14957-5');
    expect(code('Urinary creatinine', 'mg/dL')).toBe('2161-8');
  });
});

describe('units in Polish, Turkish, Spanish and German (units.ts)', () => {
  it('maps thousands, seconds and millimetres an hour', () => {
    expect(normalizeUnit('tys/µl')).toBe('10*3/uL');
    expect(normalizeUnit('mln/µl')).toBe('10*6/uL');
    expect(normalizeUnit('mm/saat')).toBe('mm/h');
    expect(normalizeUnit('mm/1.Std')).toBe('mm/h');
    expect(normalizeUnit('seg')).toBe('s');
    expect(code('Leukocyty', 'tys/µl')).toBe('26464-8');
    expect(code('aPTT', 'seg')).toBe('14979-9');
    expect(code('VSG', 'mm/saat')).toBe('30341-2');
  });
});

describe('a count per microscope field (resolver.ts)', () => {
  it('reads a name that is no blood test as the urine sediment', () => {
    expect(code('Pus cells', '/hpf')).toBe('5821-4');
    expect(code('Pus cells', '/campo')).toBe('5821-4');
  });

  it('reads a blood count beside a field unit as the sediment (session 26 decision), a low-power field off a high-power concept', () => {
    expect(code('WBC', '/hpf')).toBe('5821-4');
    expect(code('Pus cells', '/lpf')).toBeNull();
    expect(code('Hyaline casts', '/lpf')).toBe('5796-8');
  });
});
