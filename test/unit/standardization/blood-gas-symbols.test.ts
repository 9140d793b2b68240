import { describe, expect, it } from 'vitest';
import { bloodGasSymbolName } from '../../../shared/domain/standardization/blood-gas-symbols';
import { resolveIndicatorUncached } from '../../../shared/domain/standardization/resolver';

const code = (name: string, unit?: string | null) => resolveIndicatorUncached(name, unit).loincCode;

describe("a blood-gas analyser's quantity symbol (c, ct, F before the analyte; the ion's charge after it)", () => {
  it.each([
    ['cK+', 'mmol/L', '6298-4'],
    ['cNa+', 'mmol/L', '2947-0'],
    ['cCl-', 'mmol/L', '2069-3'],
    ['cCa2+', 'mmol/L', '1994-3'],
    ['cHCO3-', 'mmol/L', '1959-6'],
    ['cHCO3-(P,st)', 'mmol/L', '1959-6'],
    ['cGlu', 'mg/dL', '2339-0'],
    ['cGlu', 'mmol/L', '15074-8'],
    ['cLac', 'mmol/L', '32693-4'],
    ['ctCO2', 'mmol/L', '20565-8'],
    ['FCOHb', '%', '20563-3'],
    ['FMetHb', '%', '2614-6'],
  ])('%s [%s] → %s', (name, unit, expected) => {
    expect(code(name, unit)).toBe(expected);
  });

  it.each([['FK+'], ['cTnI'], ['FT4'], ['FSH'], ['CK'], ['cHb'], ['ctBil']])('%s is no symbol this reads', (name) => {
    expect(bloodGasSymbolName(name)).toBeNull();
  });

  it('leaves the abbreviations the letters also spell to their own tests', () => {
    expect(code('CK', 'U/L')).toBe('2157-6');
    expect(code('cTnI', 'ng/L')).toBe('10839-9');
    expect(code('FT4', 'pmol/L')).toBe('14920-3');
  });

  it('gives no code where the unit is not the analyte’s', () => {
    expect(code('cK+', 'U/L')).toBeNull();
    expect(code('FCOHb', 'mmol/L')).toBeNull();
  });
});
