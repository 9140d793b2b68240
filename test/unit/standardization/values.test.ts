import { describe, expect, it } from 'vitest';
import { standardizeReading } from '../../../shared/domain/standardization/index';
import type { ReadingInput } from '../../../shared/domain/standardization/types';
import { parseDecimal, parseValue } from '../../../shared/domain/standardization/values';

function one(input: ReadingInput) {
  const readings = standardizeReading(input);
  expect(readings).toHaveLength(1);
  return readings[0] as NonNullable<(typeof readings)[0]>;
}

describe('value parsing', () => {
  it.each([
    ['5.4', '5.4'],
    ['5,4', '5.4'],
    ['1,234', '1234'],
    ['1,234.5', '1234.5'],
    ['1.234,5', '1234.5'],
    ['.5', '0.5'],
    ['007', '7'],
    ['-2', '-2'],
    ['+3', '3'],
    ['0.10', '0.10'],
  ])('%s → %s', (text, expected) => {
    expect(parseDecimal(text)).toBe(expected);
  });

  it.each(['abc', '1.2.3', '5,4,3', '', '1..2'])('%s is not a number', (text) => {
    expect(parseDecimal(text)).toBeNull();
  });

  it('takes numbers as numbers and keeps the written value as a string', () => {
    const r = one({ indicator: 'Glucose', value: 97, unit: 'mg/dL' });
    expect(r.value).toBe('97');
    expect(r.parsedValue).toBe('97');
    expect(one({ indicator: 'x', value: 1e-7 }).parsedValue).toBe('0.0000001');
    expect(one({ indicator: 'Potassium', value: '5,4', unit: 'mmol/L' })).toMatchObject({
      value: '5,4',
      parsedValue: '5.4',
    });
    expect(one({ indicator: 'steps', value: '1,234' }).parsedValue).toBe('1234');
  });

  it.each([
    ['<0.1', '<', '0.1'],
    ['< 0.1', '<', '0.1'],
    ['>90', '>', '90'],
    ['<=5', '<=', '5'],
    ['>=60', '>=', '60'],
    ['≤5', '<=', '5'],
    ['≥ 60', '>=', '60'],
  ])('comparator %s → %s %s', (text, comparator, parsed) => {
    const r = one({ indicator: 'CRP', value: text, unit: 'mg/L' });
    expect(r.comparator).toBe(comparator);
    expect(r.parsedValue).toBe(parsed);
    expect(r.value).toBe(text);
  });

  it.each([
    ['positive', 'positive'],
    ['Negative', 'negative'],
    ['trace', 'trace'],
    ['detected', 'detected'],
    ['Not Detected', 'not detected'],
    ['NEG', 'negative'],
    ['positiv', 'positive'],
    ['阴性', 'negative'],
  ])('qualitative %s → %s', (text, qualitative) => {
    const r = one({ indicator: 'urine ketones', value: text });
    expect(r.qualitative).toBe(qualitative);
    expect(r.parsedValue).toBeNull();
    expect(r.comparator).toBeNull();
  });

  it('keeps unrecognised text as written in qualitative, never as a number', () => {
    const r = one({ indicator: 'comment', value: 'see note 3' });
    expect(r.parsedValue).toBeNull();
    expect(r.qualitative).toBe('see note 3');
  });

  it('reads a unit written inline with the value when no unit is given', () => {
    const r = one({ indicator: 'Glucose', value: '97 mg/dL' });
    expect(r.parsedValue).toBe('97');
    expect(r.parsedUnit).toBe('mg/dL');
    expect(r.loincCode).toBe('2345-7');
    expect(one({ indicator: 'Creatinine', value: '88 µmol/L' })).toMatchObject({
      parsedValue: '88',
      parsedUnit: 'umol/L',
      loincCode: '14682-9',
    });
    expect(one({ indicator: 'heart rate', value: '72 bpm' }).parsedUnit).toBe('/min');
    // An explicit unit wins over trailing text.
    expect(one({ indicator: 'Glucose', value: '5.4 mmol', unit: 'mmol/L' }).parsedUnit).toBe('mmol/L');
    // A trailing flag letter is not a unit.
    expect(one({ indicator: 'Glucose', value: '140 H' }).parsedUnit).toBeNull();
  });

  it('durations: hours unless the unit says minutes or seconds', () => {
    expect(one({ indicator: 'sleep duration', value: '7h 30m' })).toMatchObject({
      parsedValue: '7.5',
      parsedUnit: 'h',
      loincCode: '93832-4',
    });
    expect(one({ indicator: 'sleep duration', value: '7h 30m', unit: 'min' })).toMatchObject({
      parsedValue: '450',
      parsedUnit: 'min',
    });
    expect(one({ indicator: 'sleep duration', value: '7 hours 15 minutes' }).parsedValue).toBe('7.25');
    expect(one({ indicator: 'sleep duration', value: 'PT6H45M' }).parsedValue).toBe('6.75');
    expect(one({ indicator: 'sleep duration', value: '450 min', unit: 'h' }).parsedValue).toBe('7.5');
    expect(one({ indicator: 'sleep duration', value: '45 min' })).toMatchObject({
      parsedValue: '45',
      parsedUnit: 'min',
    });
  });

  it('parseValue reports an inline unit only for text values', () => {
    expect(parseValue('97 mg/dL', null).inlineUnit).toBe('mg/dL');
    expect(parseValue(97, null).inlineUnit).toBeNull();
    expect(parseValue('', null)).toMatchObject({ parsedValue: null, qualitative: null });
  });
});

describe('blood pressure split', () => {
  it.each(['blood pressure', 'BP', 'Blutdruck', 'HKCorrelationTypeIdentifierBloodPressure'])(
    '"120/80" under %s → systolic and diastolic',
    (indicator) => {
      const readings = standardizeReading({ indicator, value: '120/80', unit: 'mmHg' });
      expect(readings).toHaveLength(2);
      const [systolic, diastolic] = readings;
      expect(systolic).toMatchObject({
        indicator,
        value: '120/80',
        parsedValue: '120',
        parsedUnit: 'mm[Hg]',
        loincCode: '8480-6',
        canonicalName: 'Systolic blood pressure',
        category: 'vital-signs',
        confidence: 1,
      });
      expect(diastolic).toMatchObject({
        indicator,
        value: '120/80',
        parsedValue: '80',
        parsedUnit: 'mm[Hg]',
        loincCode: '8462-4',
      });
    },
  );

  it('assumes mm[Hg] without a unit and judges each half against its own range', () => {
    const [systolic, diastolic] = standardizeReading({
      indicator: 'BP',
      value: '145/85',
      referenceRange: '90-120/60-80',
    });
    expect(systolic?.parsedUnit).toBe('mm[Hg]');
    expect(systolic).toMatchObject({ referenceLow: 90, referenceHigh: 120, abnormal: true, interpretation: 'H' });
    expect(diastolic).toMatchObject({ referenceLow: 60, referenceHigh: 80, abnormal: true, interpretation: 'H' });
    expect(systolic?.referenceText).toBe('90-120/60-80');
  });

  it('does not split other indicators or single numbers', () => {
    expect(standardizeReading({ indicator: 'blood pressure', value: '120' })).toHaveLength(1);
    expect(standardizeReading({ indicator: 'blood pressure', value: '120' })[0]?.loincCode).toBeNull();
    expect(standardizeReading({ indicator: 'Glucose', value: '120/80' })).toHaveLength(1);
  });
});
