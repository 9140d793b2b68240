import { describe, expect, it } from 'vitest';
import { resolveReadingIndicator } from '../../../shared/domain/standardization/unitless-siblings';

const code = (name: string, unit: string | null = null) => resolveReadingIndicator(name, unit).loincCode;

/** A bracketed short form of the name that alone names another kind of test (bracketed-abbreviation.ts). */
describe('a bracket that repeats the name in short does not veto it', () => {
  it('keeps the written name where the bracket alone is a body measurement', () => {
    expect(code('Hématocrite (Ht)', '%')).toBe('20570-8');
    expect(code('Hematocrit (HT)', '%')).toBe('20570-8');
    expect(code('Height (Ht)', 'cm')).toBe('8302-2');
    expect(code('Ht', 'cm')).toBe('8302-2');
  });

  it('a bracket that is no short form of the name is still a conflict', () => {
    expect(code('Glucose (Ht)', 'mg/dL')).toBeNull();
    expect(code('Sodium (Ht)', 'mmol/L')).toBeNull();
    expect(code('心率(Cl)', '/min')).toBeNull();
  });
});
