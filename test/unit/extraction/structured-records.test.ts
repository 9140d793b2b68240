import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractReadingsOffline } from '../../../shared/domain/extraction/extract';

/** Fixtures written from the vendors' public export and API formats, none of them a dev report. */
function read(name: string) {
  const text = readFileSync(join(__dirname, 'fixtures', 'x25', name), 'utf8');
  return extractReadingsOffline(text).map((r) => [r.indicator, r.value, r.unit, r.measuredAt]);
}

describe('XML records read by their shape', () => {
  it('reads an Apple Health workout statistic by its sum or average, not a category sample', () => {
    expect(read('apple-health-workout.xml')).toEqual([
      ['HKQuantityTypeIdentifierDistanceWalkingRunning', '5.12', 'km', '2026-05-05T18:38:40'],
      ['HKQuantityTypeIdentifierHeartRate', '148', 'count/min', '2026-05-05T18:38:40'],
      ['HKQuantityTypeIdentifierRestingHeartRate', '54', 'count/min', '2026-05-06T00:01:10'],
    ]);
  });

  it('reads records written as child elements, the offset dropped', () => {
    expect(read('samsung-health-measurements.xml')).toEqual([
      ['weight', '72.4', 'kg', '2026-05-02T07:30:00'],
      ['heart_rate', '66', 'bpm', '2026-05-02T07:31:12'],
    ]);
  });

  it('dates a record by the element holding it, with other attribute names', () => {
    expect(read('garmin-style-daily.xml')).toEqual([
      ['restingHeartRate', '52', 'bpm', '2026-05-03'],
      ['averageStressLevel', '31', null, '2026-05-03'],
    ]);
  });

  it('reads an HL7 compact effectiveTime', () => {
    expect(read('cda-effective-time-entries.xml')).toEqual([
      ['Body weight', '81.2', 'kg', '2026-03-11T07:30:00'],
      ['Systolic blood pressure', '128', 'mm[Hg]', '2026-03-11T07:30:00'],
    ]);
  });

  it('reads nothing from a configuration file with names and values but no dates', () => {
    expect(read('adversarial-config.xml')).toEqual([]);
  });
});

describe('API JSON records', () => {
  it('reads figures grouped one level down, dated by the summary day (Oura v2)', () => {
    expect(read('oura-v2-daily-readiness.json')).toEqual([
      ['score', '82', null, '2026-05-01'],
      ['temperature_deviation', '-0.07', null, '2026-05-01'],
      ['hrv_balance', '71', null, '2026-05-01'],
      ['previous_night', '88', null, '2026-05-01'],
      ['resting_heart_rate', '94', null, '2026-05-01'],
    ]);
  });

  it('leaves status codes out (Polar AccessLink)', () => {
    expect(read('polar-accesslink-nightly-recharge.json').map((r) => r[0])).toEqual([
      'heart_rate_avg',
      'beat_to_beat_avg',
      'heart_rate_variability_avg',
      'breathing_rate_avg',
      'ans_charge',
    ]);
  });

  it('reads a Google Fit typed value dated by its epoch in nanoseconds', () => {
    expect(read('google-fit-weight-dataset.json')).toEqual([
      ['com.google.weight', '72.5', null, '2024-05-01T08:00:00'],
    ]);
  });

  it('leaves a period’s figures undated, reading the points of a bucket', () => {
    expect(read('google-fit-steps-bucket.json')).toEqual([['com.google.step_count.delta', '9412', null, null]]);
    expect(read('whoop-v2-sleep-and-recovery.json')).toEqual([
      ['respiratory_rate', '15.2', null, null],
      ['sleep_performance_percentage', '91', null, null],
      ['sleep_efficiency_percentage', '88.4', null, null],
    ]);
  });

  it('reads nothing from invoices or settings with value and date fields', () => {
    expect(read('adversarial-invoices.json')).toEqual([]);
    expect(read('adversarial-settings.json')).toEqual([]);
  });
});
