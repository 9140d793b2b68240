import { describe, expect, it } from 'vitest';
import { readClockTiming } from '../../../shared/domain/standardization/clock-timing';
import { resolveReadingIndicator } from '../../../shared/domain/standardization/unitless-siblings';

const code = (name: string, unit: string | null = null) => resolveReadingIndicator(name, unit).loincCode;

/** Session 23's leftovers read in session 24 (helper a24). */
describe('a draw hour written with h and no minutes (clock-timing.ts)', () => {
  it('Cortisol 16h is the 4 PM specimen, 8h the morning peak', () => {
    expect(code('Cortisol 16h', 'µg/dL')).toBe('21226-6');
    expect(code('Cortisol 16 h', 'µg/dL')).toBe('21226-6');
    expect(code('Cortisol 8h', 'µg/dL')).toBe('9813-7');
    expect(code('Cortisol 8h', 'nmol/L')).toBe('14679-5');
  });

  it('a collection period or a load time is no draw hour', () => {
    expect(readClockTiming('Cortisol 24h')).toBeNull();
    expect(readClockTiming('Urine 12 h')).toBeNull();
    expect(readClockTiming('Glucose 2h')).toBeNull();
    expect(code('Cortisol 12h', 'µg/dL')).toBeNull();
    expect(code('Cortisol 23h', 'µg/dL')).toBeNull();
    expect(code('Creatinine 16h', 'mg/dL')).toBeNull();
  });
});

describe('PT by its unit: total protein in g/dL or g/L, prothrombin time in seconds', () => {
  it('the unit picks, no unit stays null', () => {
    expect(code('PT', 'g/dL')).toBe('2885-2');
    expect(code('PT', 'g/L')).toBe('2885-2');
    expect(code('PT', 's')).toBe('5902-2');
    expect(code('PT')).toBeNull();
    expect(code('PT', 'mmol/L')).toBeNull();
  });
});

describe('ASO in the WHO international units current assays report', () => {
  it('IU/mL and UI/mL as Todd units', () => {
    expect(code('ASO', 'IU/mL')).toBe('5370-2');
    expect(code('ASO', 'UI/mL')).toBe('5370-2');
    expect(code('ASLO', 'IU/mL')).toBe('5370-2');
    expect(code('ASO', 'mg/dL')).toBeNull();
  });
});
