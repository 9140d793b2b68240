import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadTsvCases } from '../../../bench/standardize-resolver';
import { isValidLoincCode } from '../../../shared/domain/standardization/loinc-code';
import { resolveReadingIndicator } from '../../../shared/domain/standardization/unitless-siblings';
import { huaweiDataType, recordFieldOf } from '../../../shared/domain/standardization/vendor-field-names';

const code = (name: string, unit: string | null = null) => resolveReadingIndicator(name, unit).loincCode;

const realworld = join(dirname(fileURLToPath(import.meta.url)), '../../../eval/standardization/realworld');

describe('vendor-fields-s27.tsv (vendor API field names, session 27)', () => {
  const cases = loadTsvCases(realworld, 'dev', (file) => file === 'vendor-fields-s27.tsv');

  it('holds 200+ vendor names, about half of them null-right, with valid codes', () => {
    expect(cases.length).toBeGreaterThanOrEqual(200);
    expect(cases.filter((c) => c.expected === null).length / cases.length).toBeGreaterThan(0.3);
    for (const c of cases) {
      expect(c.class).toBe('vendor');
      expect(c.source, c.input).not.toBe('');
      if (c.expected !== null) expect(isValidLoincCode(c.expected), c.input).toBe(true);
    }
  });

  it('gives no code to a field that must stay null (scores, statistics, stages, metadata)', () => {
    const wrong = cases
      .filter((c) => c.expected === null)
      .map((c) => ({ input: c.input, got: code(c.input, c.unit ?? null) }))
      .filter((c) => c.got !== null);
    expect(wrong).toEqual([]);
  });

  it('reads every coded field but the Clarity column and a meter glucose in mmol/L', () => {
    // `Glucose Value`: `value` is a noise word of the key, so the Clarity column is `Glucose`; its header unit is not
    // read (null, not serum glucose), and the sensor's interstitial code needs the export's context (left).
    const known = new Set(['Glucose Value (mg/dL)', 'Glucose Value (mmol/L)']);
    expect([...known].map((name) => code(name))).toEqual([null, null]);
    // Nightscout's `mbg` is listed in mg/dL only (vendor-fields.json): in mmol/L it stays null, never another code.
    expect(code('mbg', 'mmol/L')).toBeNull();
    const missed = cases
      .filter((c) => c.expected !== null && !known.has(c.input) && !(c.input === 'mbg' && c.unit === 'mmol/L'))
      .map((c) => ({ input: c.input, expected: c.expected, got: code(c.input, c.unit ?? null) }))
      .filter((c) => c.got !== c.expected);
    expect(missed).toEqual([]);
  });
});

describe('Huawei Health Kit data types', () => {
  it('reads a moment or interval type as the words it names', () => {
    expect(huaweiDataType('DT_INSTANTANEOUS_HEART_RATE')).toBe('heart rate');
    expect(huaweiDataType('DT_CONTINUOUS_STEPS_DELTA')).toBe('steps');
    expect(huaweiDataType('DT_STATISTICS_SLEEP')).toBeNull();
    expect(huaweiDataType('POLYMERIZE_CONTINUOUS_HEART_RATE_STATISTICS')).toBeNull();
  });

  it.each([
    ['DT_INSTANTANEOUS_HEART_RATE', 'bpm', '8867-4'],
    ['DT_INSTANTANEOUS_RESTING_HEART_RATE', '/min', '40443-4'],
    ['DT_INSTANTANEOUS_SPO2', '%', '59408-5'],
    ['DT_INSTANTANEOUS_BODY_TEMPERATURE', 'Cel', '8310-5'],
    ['DT_INSTANTANEOUS_BODY_WEIGHT', 'kg', '29463-7'],
    ['DT_INSTANTANEOUS_HEIGHT', 'cm', '8302-2'],
    ['DT_CONTINUOUS_STEPS_DELTA', null, '55423-8'],
    ['BODY_FAT_RATE', '%', '41982-0'],
    // Near-misses: a panel, a score, a period's aggregate, sleep segments.
    ['DT_INSTANTANEOUS_BLOOD_PRESSURE', 'mmHg', null],
    ['DT_INSTANTANEOUS_STRESS', null, null],
    ['DT_STATISTICS_SLEEP', null, null],
    ['DT_CONTINUOUS_SLEEP', null, null],
    ['POLYMERIZE_CONTINUOUS_HEART_RATE_STATISTICS', 'bpm', null],
  ])('%s [%s] → %s', (name, unit, expected) => {
    expect(code(name, unit)).toBe(expected);
  });
});

describe('Health Connect aggregate metrics and value slots', () => {
  it('reads a total as the record and no other aggregate', () => {
    expect(recordFieldOf('StepsRecord.COUNT_TOTAL')?.recordType).toBe('StepsRecord');
    expect(recordFieldOf('HeartRateRecord.BPM_AVG')).toBeNull();
  });

  it.each([
    ['StepsRecord.COUNT_TOTAL', null, '55423-8'],
    ['ActiveCaloriesBurnedRecord.ACTIVE_CALORIES_TOTAL', 'kcal', '41981-2'],
    ['FloorsClimbedRecord.FLOORS_CLIMBED_TOTAL', null, '100304-5'],
    ['WheelchairPushesRecord.COUNT_TOTAL', null, '96502-0'],
    // README step-count decision: a count whose name writes no period, with or without a unit.
    ['StepsRecord.count', null, '55423-8'],
    ['WheelchairPushesRecord.count', null, '96502-0'],
    // Statistics and totals that include basal energy stay null.
    ['HeartRateRecord.BPM_AVG', '/min', null],
    ['HeartRateRecord.BPM_MIN', '/min', null],
    ['RestingHeartRateRecord.BPM_MAX', '/min', null],
    ['WeightRecord.WEIGHT_MAX', 'kg', null],
    ['BloodPressureRecord.DIASTOLIC_MIN', 'mmHg', null],
    ['TotalCaloriesBurnedRecord.ENERGY_TOTAL', 'kcal', null],
    ['DistanceRecord.DISTANCE_TOTAL', 'm', null],
    ['SleepSessionRecord.SLEEP_DURATION_TOTAL', null, null],
  ])('%s [%s] → %s', (name, unit, expected) => {
    expect(code(name, unit)).toBe(expected);
  });
});

describe('a unit written in a column header decides as a unit column does', () => {
  it.each([
    ['Historic Glucose (mmol/L)', '105272-9'],
    ['Scan Glucose [mg/dL]', '99504-3'],
    ['Historic Glucose mg/dL', '99504-3'],
    ['Glucose (mmol/L)', '14749-6'],
    ['Hb (mmol/L)', '59260-0'],
    ['Hemoglobin (g/dL)', '718-7'],
    ['ACE (U/L)', '2742-5'],
    // HealthKit's no-unit written in the header (README decision, session 26).
    ['Body Mass Index (count)', '39156-5'],
    ['Body Mass Index [count]', '39156-5'],
    // Near-misses: a unit only another specimen or another scale is reported in.
    ['Prolactin (mIU/L)', null],
    ['TSH (ng/mL)', null],
    ['Lead (µg/mL)', null],
    ['Hb', null],
    ['Step Count (count)', '55423-8'],
  ])('%s → %s', (name, expected) => {
    expect(code(name)).toBe(expected);
  });
});

describe('vendor names added as data (fat rate, night resting heart rate)', () => {
  it.each([
    ['fatRate', '%', '41982-0'],
    ['Body Fat Rate', '%', '41982-0'],
    ['body_fat_rate', '%', '41982-0'],
    ['night_rhr', 'bpm', '40443-4'],
    ['supplemental_oxygen_flow_rate', 'L/min', '3151-8'],
    ['com.samsung.health.exercise.calorie', 'kcal', '41981-2'],
    // Near-misses: dietary fat, another rate, a score, a statistic.
    ['fat rate', 'g', null],
    ['fat', 'g', null],
    ['bodyWaterRate', '%', null],
    ['muscleRate', '%', null],
    ['avg_sleep_hrv', 'ms', null],
    ['sleep_index', null, null],
    ['com.samsung.health.exercise.mean_heart_rate', 'bpm', null],
  ])('%s [%s] → %s', (name, unit, expected) => {
    expect(code(name, unit)).toBe(expected);
  });
});

describe('Nightscout entries and the British `burnt`', () => {
  it.each([
    ['sgv', 'mg/dL', '99504-3'],
    ['SGV', 'mmol/L', '105272-9'],
    ['mbg', 'mg/dL', '41653-7'],
    ['Calories burnt', 'kcal', '41981-2'],
    ['Active calories burnt', 'kcal', '41981-2'],
    ['DT_CONTINUOUS_CALORIES_BURNT', 'kcal', '41981-2'],
    // Near-misses: no unit to choose the scale, basal energy, a trend.
    ['sgv', null, null],
    ['Basal calories burnt', 'kcal', null],
    ['direction', null, null],
    ['delta', 'mg/dL', null],
  ])('%s [%s] → %s', (name, unit, expected) => {
    expect(code(name, unit)).toBe(expected);
  });
});
