import { describe, expect, it } from 'vitest';
import { standardizeReading } from '../../../shared/domain/standardization/index';
import type { ReadingInput } from '../../../shared/domain/standardization/types';
import { parseBloodPressure, parseDecimal, parseValue } from '../../../shared/domain/standardization/values';

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

  it.each([
    ['seventy-eight', '78'],
    ['seventy eight', '78'],
    ['one hundred forty two', '142'],
    ['a hundred and five', '105'],
    ['two thousand', '2000'],
    ['ninety eight point six', '98.6'],
    ['six point two', '6.2'],
    ['point five', '0.5'],
    ['zero', '0'],
    ['7 point 2', '7.2'],
  ])('a value in words: %s → %s', (text, parsed) => {
    expect(parseValue(text, null)).toEqual({
      parsedValue: parsed,
      comparator: null,
      qualitative: null,
      inlineUnit: null,
      durationUnit: null,
    });
    expect(one({ indicator: 'Temperature', value: text })).toMatchObject({ value: text, parsedValue: parsed });
  });

  it.each(['twice daily', 'seventy-something', 'one forty', 'one forty-two', 'about seventy', 'five mg', 'six point'])(
    'words that are not wholly a number stay text: %s',
    (text) => {
      expect(parseValue(text, null)).toMatchObject({ parsedValue: null, qualitative: text, inlineUnit: null });
    },
  );

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

  it.each([
    ['142 over 91', '142', '91'],
    ['142 OVER 91', '142', '91'],
    ['142 over 91 mmHg', '142', '91'],
    ['one hundred forty two over ninety one', '142', '91'],
    ['one hundred and forty-two over ninety-one', '142', '91'],
    ['ninety over sixty', '90', '60'],
    ['120 over eighty', '120', '80'],
  ])('"%s" splits exactly as the slash form does', (text, systolic, diastolic) => {
    const spoken = standardizeReading({ indicator: 'BP', value: text, referenceRange: '90-120/60-80' });
    const slashed = standardizeReading({
      indicator: 'BP',
      value: `${systolic}/${diastolic}`,
      referenceRange: '90-120/60-80',
    });
    expect(spoken).toHaveLength(2);
    expect(spoken).toEqual(slashed.map((r) => ({ ...r, value: text })));
    expect(spoken.map((r) => r.parsedValue)).toEqual([systolic, diastolic]);
    expect(parseBloodPressure(text)).toEqual({ systolic, diastolic });
  });

  it('"N over M" under another name reads as "N/M" does', () => {
    expect(parseValue('142 over 91', null)).toEqual(parseValue('142/91', null));
    expect(standardizeReading({ indicator: 'Glucose', value: '142 over 91' })[0]).toEqual({
      ...standardizeReading({ indicator: 'Glucose', value: '142/91' })[0],
      value: '142 over 91',
    });
  });

  it.each([
    'one forty over ninety',
    'one forty-two over ninety-one',
    'seventy-something over ninety',
    '5 over 3',
    'five over three',
    '142 over',
    'over 91',
    '142 over 91 over 60',
    'twice over',
  ])('"%s" is no blood pressure and no number', (text) => {
    expect(parseBloodPressure(text)).toBeNull();
    expect(standardizeReading({ indicator: 'BP', value: text })).toHaveLength(1);
    if (!/^\d/.test(text)) expect(parseValue(text, null)).toMatchObject({ parsedValue: null, qualitative: text });
  });

  it('"N over M" that is not a blood pressure keeps the reading it had before words were read', () => {
    // As before: the leading digits are the value and the rest trails as written.
    expect(parseValue('5 over 3', null)).toMatchObject({ parsedValue: '5', inlineUnit: 'over 3' });
    expect(parseValue('142 over', null)).toMatchObject({ parsedValue: '142', inlineUnit: 'over' });
  });

  it('does not split other indicators or single numbers', () => {
    expect(standardizeReading({ indicator: 'blood pressure', value: '120' })).toHaveLength(1);
    expect(standardizeReading({ indicator: 'blood pressure', value: '120' })[0]?.loincCode).toBeNull();
    expect(standardizeReading({ indicator: 'Glucose', value: '120/80' })).toHaveLength(1);
  });
});
