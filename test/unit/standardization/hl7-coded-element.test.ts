import { describe, expect, it } from 'vitest';
import { codedElementOf } from '../../../shared/domain/standardization/hl7-coded-element';
import { resolveIndicatorUncached } from '../../../shared/domain/standardization/resolver';

const code = (name: string, unit?: string | null) => resolveIndicatorUncached(name, unit).loincCode;

describe('an HL7 v2 coded element (OBX-3 identifier^text^coding system) written as a name', () => {
  it.each([
    // local codes of several LIS vendors: the text is the name
    ['K^Potassium^L', 'mmol/L', '2823-3'],
    ['CREAT^Creatinine^L', 'mg/dL', '2160-0'],
    ['HGB^Hemoglobin^L', 'g/dL', '718-7'],
    ['NA^Sodium^99LAB', 'mmol/L', '2951-2'],
    ['1001^Leukozyten^L', 'G/L', '26464-8'],
    ['GLU^^L', 'mg/dL', '2345-7'],
    ['TSH ^ TSH ^ LOCAL', 'mIU/L', '3016-3'],
    // a LOINC triplet names its code, first or as the alternate identifier
    ['2823-3^Potassium^LN', 'mmol/L', '2823-3'],
    ['GLU^Glucose, fasting^L^1558-6^Fasting glucose^LN', 'mg/dL', '1558-6'],
    // a LOINC code whose unit the concept is not reported in: the text decides
    ['2345-7^Glucose^LN', 'mmol/L', '14749-6'],
  ])('%s [%s] → %s', (name, unit, expected) => {
    expect(code(name, unit)).toBe(expected);
  });

  it('does not trust a LOINC code whose check digit fails; the text still decides', () => {
    expect(codedElementOf('2823-4^Potassium^LN')).toEqual({ text: 'Potassium', loincCode: null });
    expect(code('2823-4^Sodium^LN', 'mmol/L')).toBe('2951-2');
  });

  it.each([['WBC 10^9/L'], ['WBC^10^9'], ['^^L'], ['x^2'], ['K^Potassium^not a system!']])(
    'is no coded element: %s',
    (name) => {
      expect(codedElementOf(name)).toBeNull();
    },
  );

  it('keeps a field whose text is no test null', () => {
    expect(code('CMT^Comment^L')).toBeNull();
    expect(code('XYZ^Specimen type^L')).toBeNull();
  });
});
