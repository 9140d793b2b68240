import { describe, expect, it } from 'vitest';
import { resolveIndicator } from '../../../shared/domain/standardization/resolver';
import { joinedSpacedWords } from '../../../shared/domain/standardization/spaced-words';
import { resolveReadingIndicator } from '../../../shared/domain/standardization/unitless-siblings';

describe('joinedSpacedWords: a word OCR or a fax spaced apart', () => {
  it('joins pieces that make a corpus word when one piece is no word', () => {
    expect(joinedSpacedWords('Potass ium')).toBe('Potassium');
    expect(joinedSpacedWords('Choleste ro l HDL')).toBe('Cholesterol HDL');
    expect(joinedSpacedWords('Chol esterol, Total')).toBe('Cholesterol, Total');
  });

  it('joins a run of single letters and one letter before its number, OCR digits read as digits', () => {
    expect(joinedSpacedWords('T S H')).toBe('TSH');
    expect(joinedSpacedWords('Free T 4')).toBe('Free T4');
    expect(joinedSpacedWords('Vitamina B l2')).toBe('Vitamina B12');
  });

  it('keeps words that are words apart, and pieces a comma or a wide gap separates', () => {
    expect(joinedSpacedWords('Apo B')).toBe('Apo B');
    expect(joinedSpacedWords('Pro calcitonin')).toBe('Pro calcitonin');
    expect(joinedSpacedWords('Potass, ium')).toBe('Potass, ium');
    expect(joinedSpacedWords('Potass  ium')).toBe('Potass  ium');
  });

  it('is linear on long input and never throws', () => {
    const long = 'a b '.repeat(50_000);
    const start = performance.now();
    expect(joinedSpacedWords(long)).toBe(long);
    expect(joinedSpacedWords('')).toBe('');
    expect(performance.now() - start).toBeLessThan(500);
  });
});

describe('the resolver reads spaced-apart names', () => {
  it.each([
    ['Potass ium', 'mmol/L', '2823-3'],
    ['Gl ucose', 'mg/dL', '2345-7'],
    ['Hemo globina', 'g/dL', '718-7'],
    ['T S H', 'uIU/mL', '3016-3'],
    ['Vitamin B 12', 'pg/mL', '2132-9'],
  ])('%s [%s] → %s', (name, unit, code) => {
    expect(resolveIndicator(name, unit).loincCode).toBe(code);
  });

  it('keeps the unit rules: a spaced bare name without a unit stays null', () => {
    expect(resolveReadingIndicator('Sod ium', null).loincCode).toBeNull();
    expect(resolveReadingIndicator('Creat inine', null).loincCode).toBeNull();
  });
});

describe('units as OCR reads them', () => {
  it('reads rn as m before a litre and a one as the l of mol', async () => {
    const { normalizeUnit } = await import('../../../shared/domain/standardization/units');
    expect(normalizeUnit('ng/rnL')).toBe('ng/mL');
    expect(normalizeUnit('mmo1/mo1')).toBe('mmol/mol');
    expect(normalizeUnit('µmo1/L')).toBe('umol/L');
    expect(normalizeUnit('mo')).toBe('mo');
    expect(resolveReadingIndicator('Ferritina sérica', 'ng/rnL').loincCode).toBe('2276-4');
  });
});

describe('a hormone in plain units where UCUM writes international units', () => {
  it('takes mU/L as m[IU]/L, on the concept’s own scale only', () => {
    expect(resolveReadingIndicator('TSH', 'mU/L').loincCode).toBe('3016-3');
    expect(resolveReadingIndicator('Insulin', 'µU/mL').loincCode).toBe('20448-7');
    expect(resolveReadingIndicator('TSH', 'U/L').loincCode).toBeNull();
    expect(resolveReadingIndicator('ALT', 'U/L').loincCode).toBe('1742-6');
  });
});
