import { describe, expect, it } from 'vitest';
import mapping from '../../../shared/domain/apple-health/healthkit-mapping.json' with { type: 'json' };
import {
  activityName,
  dayEpisode,
  HEALTHKIT_TYPES,
  parseExportTime,
  toTypeUnit,
} from '../../../shared/domain/apple-health/healthkit-types';
import { standardizeReading } from '../../../shared/domain/standardization';

const codeOf = (indicator: string, unit: string | null, value: string | number = 1) =>
  standardizeReading({ indicator, value, unit })[0]?.loincCode ?? null;

/** What each written indicator must resolve to: daily names to the day's code, point identifiers to the sample's. */
const PINNED: Record<string, string | null> = {
  'Daily steps': '41950-7',
  'Active energy burned': '41981-2',
  'Basal energy burned': null,
  'Walking and running distance': null,
  'Cycling distance': null,
  'Flights climbed': '100304-5',
  'Exercise time': null,
  'Heart rate': '8867-4',
  'Respiratory rate': '9279-1',
  'Oxygen saturation': '59408-5',
  'Walking heart rate average': null,
  'Resting heart rate': '40443-4',
  'Heart rate variability SDNN': '80404-7',
  HKQuantityTypeIdentifierBodyMass: '29463-7',
  HKQuantityTypeIdentifierBodyFatPercentage: '41982-0',
  HKQuantityTypeIdentifierLeanBodyMass: '91557-9',
  HKQuantityTypeIdentifierHeight: '8302-2',
  HKQuantityTypeIdentifierBodyMassIndex: '39156-5',
  HKQuantityTypeIdentifierBodyTemperature: '8310-5',
  HKQuantityTypeIdentifierBloodGlucose: '41653-7',
  HKQuantityTypeIdentifierBloodPressureSystolic: '8480-6',
  HKQuantityTypeIdentifierBloodPressureDiastolic: '8462-4',
  HKQuantityTypeIdentifierWaistCircumference: '8280-0',
  HKQuantityTypeIdentifierVO2Max: null,
  HKQuantityTypeIdentifierPeakExpiratoryFlowRate: '19935-6',
  HKQuantityTypeIdentifierForcedVitalCapacity: '19870-5',
  HKQuantityTypeIdentifierForcedExpiratoryVolume1: '20150-9',
  'Sleep duration': '93832-4',
  'Workout distance': null,
};

describe('HealthKit types', () => {
  it.each(Object.entries(HEALTHKIT_TYPES))('%s resolves to its pinned code', (_type, t) => {
    expect(t.indicator in PINNED).toBe(true);
    expect(codeOf(t.indicator, t.unit)).toBe(PINNED[t.indicator]);
  });

  it('a point sample resolves to the code healthkit-mapping.json gives its type (the table and the resolver agree)', () => {
    const samples = mapping.HKQuantitySamples as Record<string, { codings: { system: string; code: string }[] }>;
    for (const [type, t] of Object.entries(HEALTHKIT_TYPES)) {
      if (t.aggregation !== 'point') continue;
      const loinc = samples[type]?.codings.find((c) => c.system === 'http://loinc.org')?.code ?? null;
      expect([type, codeOf(t.indicator, t.unit)]).toEqual([type, loinc]);
    }
  });

  it('sleep and the workout activity resolve as the design pins them', () => {
    expect(codeOf('Sleep duration', 'h')).toBe('93832-4');
    expect(codeOf('Workout distance', 'm')).toBeNull();
    expect(mapping.HKWorkout.codings[0]?.code).toBe('73985-4');
    expect(codeOf('Exercise activity', null, 'Running')).toBe('73985-4');
  });

  it('converts HealthKit units through UCUM, and fractions of a whole to percent', () => {
    const t = (type: string) => HEALTHKIT_TYPES[`HKQuantityTypeIdentifier${type}`]!;
    expect(toTypeUnit(165, 'lb', t('BodyMass'))).toBeCloseTo(74.84274, 5);
    expect(toTypeUnit(98.6, 'degF', t('BodyTemperature'))).toBeCloseTo(37, 9);
    expect(toTypeUnit(3.1, 'mi', t('DistanceWalkingRunning'))).toBeCloseTo(4988.97, 2);
    expect(toTypeUnit(1.2, 'km', t('DistanceWalkingRunning'))).toBeCloseTo(1200, 9);
    expect(toTypeUnit(0.97, '%', t('OxygenSaturation'))).toBeCloseTo(97, 9);
    expect(toTypeUnit(97, '%', t('OxygenSaturation'))).toBe(97);
    expect(toTypeUnit(0.215, '%', t('BodyFatPercentage'))).toBeCloseTo(21.5, 9);
    expect(toTypeUnit(5000, 'count', t('StepCount'))).toBe(5000);
    expect(toTypeUnit(72, 'count/min', t('HeartRate'))).toBe(72);
    expect(toTypeUnit(5.5, 'mmol<180.15588000005408>/L', t('BloodGlucose'))).toBeCloseTo(99.09, 2);
    expect(toTypeUnit(250, 'Cal', t('ActiveEnergyBurned'))).toBe(250);
    expect(toTypeUnit(70, 'kg', t('HeartRate'))).toBeNull();
    expect(toTypeUnit(70, 'count', t('BodyMass'))).toBeNull();
  });

  it('reads export dates as written: the local day, the offset and the instant', () => {
    expect(parseExportTime('2021-12-11 18:04:47 -0700')).toEqual({
      day: '2021-12-11',
      offset: '-07:00',
      iso: '2021-12-12T01:04:47.000Z',
    });
    expect(parseExportTime('2021-12-11T18:04:47')).toBeNull();
    expect(parseExportTime(undefined)).toBeNull();
    expect(dayEpisode('2026-11-18', '+01:00')).toEqual({
      time: '2026-11-17T23:00:00.000Z',
      endTime: '2026-11-18T23:00:00.000Z',
    });
  });

  it('names workout activities in words', () => {
    expect(activityName('HKWorkoutActivityTypeRunning')).toBe('Running');
    expect(activityName('HKWorkoutActivityTypeTraditionalStrengthTraining')).toBe('Traditional strength training');
  });
});
