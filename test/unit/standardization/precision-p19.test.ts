import { describe, expect, it } from 'vitest';
import { readMethodAxis } from '../../../shared/domain/standardization/method-axis';
import { writesOtherAnalyte } from '../../../shared/domain/standardization/other-analytes';
import { resolveIndicatorUncached } from '../../../shared/domain/standardization/resolver';
import { respellingsOf } from '../../../shared/domain/standardization/respell';
import { resolveReadingIndicator } from '../../../shared/domain/standardization/unitless-siblings';

const code = (name: string, unit: string | null = null) => resolveReadingIndicator(name, unit).loincCode;

describe('a real substance a slip from a corpus test is not that test (other-analytes.ts)', () => {
  it('each listed word is one the respelling stage would turn into another corpus word', () => {
    // The list is what the slip stages get wrong: a word they leave alone does not belong in it.
    for (const word of ['inulin', 'lectin', 'nitrate', 'androsterone', 'dioxin', 'glutaric'])
      expect(respellingsOf(word).length, word).toBeGreaterThan(0);
  });

  it('gives null for the substance, alone, with a unit, in other words or languages', () => {
    expect(code('Inulin', 'µIU/mL')).toBeNull();
    expect(code('Inulin clearance', 'mL/min')).toBeNull();
    expect(code('Inulina', 'µUI/mL')).toBeNull();
    expect(code('Lectin')).toBeNull();
    expect(code('Nitrate, Urine')).toBeNull();
    expect(code('Androsterone', 'ng/mL')).toBeNull();
  });

  it('keeps the corpus tests and their own slips', () => {
    expect(code('Insulin', 'µIU/mL')).toBe('20448-7');
    expect(code('Insluin', 'µIU/mL')).toBe('20448-7');
    expect(code('Leptn', 'ng/mL')).toBe('21365-2');
    expect(code('Nitrite, Urine')).toBe('5802-4');
    expect(code('Aldosterone', 'ng/dL')).toBe('1763-2');
  });

  it('a name kept null stays null in the other languages the reports use (curated ambiguousTerms)', () => {
    expect(code('Kreatin', 'mg/dL')).toBeNull();
    expect(code('Kortison', 'ug/dL')).toBeNull();
    expect(code('Kreatinin', 'mg/dL')).toBe('2160-0');
    expect(code('Kortisol', 'ug/dL')).toBe('2143-6');
    expect(code('Lactase', 'U/g')).toBeNull();
    expect(code('Lactat', 'mmol/L')).toBe('2524-7');
  });

  it('reads words, not substrings, and never throws on odd input', () => {
    expect(writesOtherAnalyte('Insulin')).toBe(false);
    expect(writesOtherAnalyte('INULIN')).toBe(true);
    expect(writesOtherAnalyte('')).toBe(false);
    expect(writesOtherAnalyte('x'.repeat(100_000))).toBe(false);
    expect(resolveIndicatorUncached(`Inulin ${'a '.repeat(5_000)}`, null).loincCode).toBeNull();
  });
});

describe('methods written in the name (method-axis.ts): immunoassay, point of care', () => {
  it('an immunoassay written picks the immunoassay code where LOINC has one', () => {
    expect(code('Ferritin (Immunoassay)', 'ng/mL')).toBe('20567-4');
    expect(code('Ferritin, immunoassay', 'ng/mL')).toBe('20567-4');
    expect(code('Ferritin', 'ng/mL')).toBe('2276-4');
  });

  it('POC says where, not how: the written specimen or the curated POC name decides', () => {
    expect(readMethodAxis('Glucose, capillary (POC)')?.component).toBe('Glucose capillary');
    expect(code('Glucose, capillary (POC)', 'mg/dL')).toBe('32016-8');
    expect(code('Glucose POC', 'mg/dL')).toBe('41653-7');
    expect(code('Glucose POC fingerstick glucometer', 'mg/dL')).toBe('41653-7');
    expect(code('Potassium (POC)', 'mmol/L')).toBe('2823-3');
  });
});

describe('a urine word (-uria, -urie) is never filed under another specimen (ambiguity.ts)', () => {
  // Session 24's `-uria` decision (README *Labelling decisions*): the urine code by the unit, never the serum one.
  it('never gives the serum concept the slip stages found, gives the urine one', () => {
    expect(code('Creatininuria', 'mg/dL')).toBe('2161-8');
    expect(code('Créatininurie', 'mmol/L')).toBe('14683-7');
    expect(code('Protéinurie', 'g/L')).toBe('2888-6');
    expect(code('Creatinine', 'mg/dL')).toBe('2160-0');
  });
});

describe('README Labelling decisions of session 19 (helper P)', () => {
  it('a blood count with no method written takes the flowsheet row code', () => {
    expect(code('Plaquetas', '10^3/µL')).toBe('26515-7');
    expect(code('Leucocitos', '10^3/µL')).toBe('26464-8');
    expect(code('Hematorcit', '%')).toBe('20570-8');
    expect(code('Hct Auto', '%')).toBe('4544-3');
  });

  it('blood glucose is the serum/plasma glucose; whole blood only when written', () => {
    expect(code('Blood Glucose', 'mg/dL')).toBe('2345-7');
    expect(code('Blood Glucose', 'mmol/L')).toBe('14749-6');
    expect(code('Glucose, Whole Blood', 'mg/dL')).toBe('2339-0');
  });

  it('TSH beside a mass unit is another column unless the name writes the mass property', () => {
    expect(code('TSH', 'ng/mL')).toBeNull();
    expect(code('Thyrotropin', 'ug/L')).toBeNull();
    expect(code('TSH SerPl-mCnc', 'ng/mL')).toBe('27975-2');
    expect(code('TSH', 'mIU/L')).toBe('3016-3');
    expect(code('Prolactin', 'ng/mL')).toBe('2842-3');
    // The question path still lists both codes: a stored mass series stays findable.
    expect(resolveIndicatorUncached('TSH', 'ng/mL').loincCode).toBe('27975-2');
  });

  it('PCT, RR, Hb and prolactin need a unit', () => {
    expect(code('PCT')).toBeNull();
    expect(code('PCT', 'ng/mL')).toBe('33959-8');
    expect(code('Hb')).toBeNull();
    expect(code('Hemoglobin')).toBeNull();
    expect(code('Hb', 'mmol/L')).toBe('59260-0');
    expect(code('RR')).toBeNull();
    expect(code('Prolactin')).toBeNull();
    expect(code('AMH')).toBeNull();
    expect(code('Prolactin', 'ng/mL')).toBe('2842-3');
    expect(code('Prolactin SerPl-mCnc')).toBe('2842-3');
    expect(code('RR', '/min')).toBe('9279-1');
  });
});
