import { describe, expect, it } from 'vitest';
import { conceptByCode } from '../../../shared/domain/standardization/corpus';
import { resolveIndicator } from '../../../shared/domain/standardization/resolver';
import { conceptOnUnitScale } from '../../../shared/domain/standardization/same-scale-unit';
import { resolveReadingIndicator } from '../../../shared/domain/standardization/unitless-siblings';

const code = (name: string, unit: string | null) => resolveReadingIndicator(name, unit).loincCode;
const concept = (loinc: string) => {
  const c = conceptByCode(loinc);
  if (!c) throw new Error(`${loinc} not in the corpus`);
  return c;
};

describe('a unit is a scale: an exact name in another spelling of its concept’s unit', () => {
  it('µg/mL reads as mg/L for an exactly named test reported in mg/L', () => {
    expect(code('CRP', 'µg/mL')).toBe('1988-5');
    expect(code('CRP', 'mg/L')).toBe('1988-5');
    expect(code('Microalbumin', 'µg/mL')).toBe('14957-5');
    // A little less sure than the unit as the concept lists it.
    expect(resolveIndicator('CRP', 'µg/mL').confidence).toBeLessThan(1);
  });

  it('two concepts of the group on the scale leave it undecided (D-dimer FEU and DDU are both µg/mL)', () => {
    expect(code('D-dimer', 'µg/mL')).toBeNull();
    expect(conceptOnUnitScale([concept('1988-5'), concept('30522-7')], 'ug/mL')).toBeNull();
    expect(conceptOnUnitScale([concept('1988-5')], 'ug/mL')?.code).toBe('1988-5');
  });

  it('another scale never moves a value to a concept, and a unit only another specimen uses stays null', () => {
    expect(conceptOnUnitScale([concept('2143-6')], 'ng/mL')).toBeNull(); // cortisol µg/dL: ng/mL is ten times smaller
    expect(code('Cortisol', 'ng/mL')).toBeNull();
    expect(code('Albumin', 'µg/mL')).toBeNull(); // urine albumin's scale, not serum albumin's g/dL
  });

  it('a plain U reads as the international unit against a concept reported in [IU], never against an enzyme', () => {
    expect(code('TSH', 'µU/mL')).toBe('3016-3');
    expect(code('Insulin', 'mU/L')).toBe('20448-7');
    expect(code('LH', 'mU/mL')).toBe('10501-5');
    expect(code('TSH', 'µU/L')).toBeNull(); // a thousand times smaller: another scale
    expect(code('Prolactin', 'mU/L')).toBeNull(); // HDS carries prolactin only as a mass concentration
    expect(code('ALT', 'U/L')).toBe('1742-6');
  });

  it('a name found only by retrieval or repair keeps the strict spelling check', () => {
    // `C-reactiv protien` is no synonym: its unit's spelling must be one the concept lists.
    expect(code('C-reactiv protien', 'µg/mL')).toBeNull();
  });
});
