import { describe, expect, it } from 'vitest';
import { normalizeUnit } from '../../../shared/domain/standardization/units';

describe('normalizeUnit → UCUM', () => {
  it.each([
    ['mg/dl', 'mg/dL'],
    ['mg/dL', 'mg/dL'],
    ['g/dl', 'g/dL'],
    ['bpm', '/min'],
    ['beats/min', '/min'],
    ['x10^3/µL', '10*3/uL'],
    ['K/uL', '10*3/uL'],
    ['K/µL', '10*3/uL'],
    ['10^3/uL', '10*3/uL'],
    ['10*3/uL', '10*3/uL'],
    ['10^9/L', '10*9/L'],
    ['G/L', '10*9/L'],
    ['x10^12/L', '10*12/L'],
    ['°C', 'Cel'],
    ['°F', '[degF]'],
    ['lbs', '[lb_av]'],
    ['lb', '[lb_av]'],
    ['kg', 'kg'],
    ['mcg', 'ug'],
    ['mcg/dL', 'ug/dL'],
    ['IU', '[IU]'],
    ['IU/L', '[IU]/L'],
    ['mIU/L', 'm[IU]/L'],
    ['uIU/mL', 'u[IU]/mL'],
    ['µIU/mL', 'u[IU]/mL'],
    ['mEq/L', 'meq/L'],
    ['hrs', 'h'],
    ['min', 'min'],
    ['steps', '{steps}'],
    ['kcal', 'kcal'],
    ['%', '%'],
    ['mmHg', 'mm[Hg]'],
    ['µmol/L', 'umol/L'],
    ['umol/L', 'umol/L'],
    ['μmol/l', 'umol/L'],
    ['mmol/l', 'mmol/L'],
    ['ng/ml', 'ng/mL'],
    ['fl', 'fL'],
    ['/hpf', '/[HPF]'],
    ['mL/min/1.73m2', 'mL/min/{1.73_m2}'],
    ['kg/m²', 'kg/m2'],
    ['ms', 'ms'],
    ['U/L', 'U/L'],
  ])('%s → %s', (input, expected) => {
    expect(normalizeUnit(input)).toBe(expected);
  });

  it.each([[null], [undefined], [''], ['   '], ['foo'], ['xyz/abc'], ['K'], ['mg/dL/%%']])(
    'unknown, invalid or empty %s → null',
    (input) => {
      expect(normalizeUnit(input)).toBeNull();
    },
  );

  it('maps K/uL to thousands per microlitre although it is valid UCUM kelvin per microlitre', () => {
    expect(normalizeUnit('K/uL')).not.toBe('K/uL');
  });

  it('is stable when fed its own output', () => {
    for (const unit of ['mg/dL', '10*3/uL', 'Cel', '[lb_av]', 'm[IU]/L', '{steps}', 'mm[Hg]']) {
      expect(normalizeUnit(normalizeUnit(unit))).toBe(unit);
    }
  });
});
