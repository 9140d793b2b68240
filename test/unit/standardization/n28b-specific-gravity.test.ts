import { describe, expect, it } from 'vitest';
import { resolveReadingIndicator } from '../../../shared/domain/standardization/unitless-siblings';

// Session 28 (n28b): Portuguese and Spanish urinalyses print specific gravity as "peso específico" (German as a bare
// "spezifisches Gewicht"), often with the specimen in brackets and no unit at all.
const code = (name: string, unit: string | null = null) => resolveReadingIndicator(name, unit).loincCode;

describe('n28b: specific gravity as "peso específico" / "spezifisches Gewicht"', () => {
  it.each([
    ['Peso específico (urina)', null],
    ['Peso específico', null],
    ['Peso específico (orina)', null],
    ['PESO ESPECÍFICO', ''],
    ['Peso especifico urina', null],
    ['Spezifisches Gewicht', null],
  ])('%s [%s] → 5811-5', (name, unit) => {
    expect(code(name, unit)).toBe('5811-5');
  });

  it.each([
    // Body weight is not a gravity reading.
    ['Peso', 'kg'],
    ['Peso corporal', null],
    ['Gewicht', null],
  ])('%s [%s] is not specific gravity', (name, unit) => {
    expect(code(name, unit)).not.toBe('5811-5');
  });
});
