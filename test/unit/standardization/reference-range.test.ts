import { describe, expect, it } from 'vitest';
import { standardizeReading } from '../../../shared/domain/standardization/index';
import { interpretFlag, parseReferenceRange } from '../../../shared/domain/standardization/reference-range';
import type { ReadingInput } from '../../../shared/domain/standardization/types';

function one(input: ReadingInput) {
  return standardizeReading(input)[0] as NonNullable<ReturnType<typeof standardizeReading>[0]>;
}

describe('reference ranges', () => {
  it.each([
    ['70-99', 70, 99],
    ['70 - 99', 70, 99],
    ['3.5–5.1', 3.5, 5.1],
    ['3,5-5,1', 3.5, 5.1],
    ['3.5 to 5.1', 3.5, 5.1],
    ['70-99 mg/dL', 70, 99],
    ['-2 - 2', -2, 2],
    ['< 200', null, 200],
    ['<200', null, 200],
    ['> 40', 40, null],
    ['<=5', null, 5],
    ['≥ 60', 60, null],
  ])('%s → low %s, high %s', (text, low, high) => {
    const range = parseReferenceRange(text);
    expect(range?.low).toBe(low);
    expect(range?.high).toBe(high);
    expect(range?.text).toBe(text);
  });

  it('keeps text it cannot read, with no bounds', () => {
    expect(parseReferenceRange('see interpretation')).toMatchObject({
      low: null,
      high: null,
      text: 'see interpretation',
    });
    expect(parseReferenceRange('99-70')).toMatchObject({ low: null, high: null });
    expect(parseReferenceRange('')).toBeNull();
    expect(parseReferenceRange(null)).toBeNull();
  });

  it('fills referenceLow, referenceHigh and referenceText on the reading', () => {
    expect(one({ indicator: 'Glucose', value: '85', unit: 'mg/dL', referenceRange: '70 - 99' })).toMatchObject({
      referenceLow: 70,
      referenceHigh: 99,
      referenceText: '70 - 99',
    });
  });
});

describe('flags and abnormality', () => {
  it.each([
    ['H', 'H', true],
    ['L', 'L', true],
    ['HH', 'HH', true],
    ['LL', 'LL', true],
    ['A', 'A', true],
    ['*', 'A', true],
    ['high', 'H', true],
    ['Low', 'L', true],
    ['N', 'N', false],
  ])('flag %s → %s, abnormal %s', (flag, interpretation, abnormal) => {
    const r = one({ indicator: 'Glucose', value: '85', unit: 'mg/dL', flag });
    expect(r.interpretation).toBe(interpretation);
    expect(r.abnormal).toBe(abnormal);
  });

  it('trusts the lab flag over the range', () => {
    expect(one({ indicator: 'Glucose', value: '85', referenceRange: '70-99', flag: 'H' })).toMatchObject({
      abnormal: true,
      interpretation: 'H',
    });
    expect(interpretFlag('?')).toBeNull();
  });

  it.each([
    ['120', '70-99', true, 'H'],
    ['60', '70-99', true, 'L'],
    ['85', '70-99', false, 'N'],
    ['99', '70-99', false, 'N'],
    ['250', '< 200', true, 'H'],
    ['200', '< 200', true, 'H'],
    ['5', '<=5', false, 'N'],
    ['35', '> 40', true, 'L'],
    ['55', '> 40', false, 'N'],
    ['<0.01', '0-0.04', false, 'N'],
    ['<1', '3.5-5.1', true, 'L'],
    ['>90', '> 60', false, 'N'],
    ['>500', '70-99', true, 'H'],
  ])('derives from the range without a flag: %s in %s → %s', (value, referenceRange, abnormal, interpretation) => {
    expect(one({ indicator: 'Glucose', value, unit: 'mg/dL', referenceRange })).toMatchObject({
      abnormal,
      interpretation,
    });
  });

  it('is unknown when a comparator value straddles the range', () => {
    expect(one({ indicator: 'x', value: '<5', referenceRange: '3-10' }).abnormal).toBeNull();
  });

  it('no range and no flag → abnormal null; unknown flag is ignored', () => {
    expect(one({ indicator: 'Glucose', value: '85', unit: 'mg/dL' })).toMatchObject({
      abnormal: null,
      interpretation: null,
      referenceLow: null,
      referenceHigh: null,
      referenceText: null,
    });
    expect(one({ indicator: 'Glucose', value: 'positive', referenceRange: '70-99' }).abnormal).toBeNull();
    expect(one({ indicator: 'Glucose', value: '85', flag: 'zz' }).abnormal).toBeNull();
  });
});
