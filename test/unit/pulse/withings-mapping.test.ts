import { describe, expect, it } from 'vitest';
import {
  mapWithingsActivity,
  mapWithingsMeasures,
  mapWithingsSleep,
  mapWithingsWorkouts,
  measureValue,
} from '../../../shared/domain/pulse/mapping/withings';
import { fixtureJson, golden } from './fixtures';

describe('Withings mapping (design §4.4)', () => {
  it('getmeas: value × 10^unit per known type, at the group`s date; objectives and unknown types skipped', () => {
    const readings = mapWithingsMeasures(fixtureJson('withings', 'getmeas.json'));
    expect(golden(readings)).toEqual([
      ['withings|meas|5149666502|1', 'Body weight', 72.345, 'kg', '2026-11-19T07:00:00.000Z', null],
      ['withings|meas|5149666502|6', 'Body fat percentage', 22.15, '%', '2026-11-19T07:00:00.000Z', null],
      ['withings|meas|5149666502|5', 'Lean body mass', 56.32, 'kg', '2026-11-19T07:00:00.000Z', null],
      ['withings|meas|5149666502|8', 'Fat mass', 16.025, 'kg', '2026-11-19T07:00:00.000Z', null],
      ['withings|meas|5149666503|9', 'Diastolic blood pressure', 78, 'mm[Hg]', '2026-11-19T07:05:00.000Z', null],
      ['withings|meas|5149666503|10', 'Systolic blood pressure', 121, 'mm[Hg]', '2026-11-19T07:05:00.000Z', null],
      ['withings|meas|5149666503|11', 'Heart rate', 64, '/min', '2026-11-19T07:05:00.000Z', null],
      ['withings|meas|5149666505|54', 'Oxygen saturation', 97, '%', '2026-11-20T07:10:00.000Z', null],
      ['withings|meas|5149666505|71', 'Body temperature', 36.75, 'Cel', '2026-11-20T07:10:00.000Z', null],
    ]);
    for (const { reading } of readings) expect(reading.comment).toBe('withings');
  });

  it('measureValue keeps the decimal exact', () => {
    expect(measureValue(72345, -3)).toBe(72.345);
    expect(measureValue(3675, -2)).toBe(36.75);
    expect(measureValue(7, 1)).toBe(70);
  });

  it('getactivity: steps and active calories as day episodes in the day`s IANA zone', () => {
    expect(golden(mapWithingsActivity(fixtureJson('withings', 'getactivity.json')))).toEqual([
      [
        'withings|activity|2026-11-19|steps',
        'Daily steps',
        8123,
        '{steps}',
        '2026-11-18T23:00:00.000Z',
        '2026-11-19T23:00:00.000Z',
      ],
      [
        'withings|activity|2026-11-19|active_energy',
        'Active energy burned',
        356.42,
        'kcal',
        '2026-11-18T23:00:00.000Z',
        '2026-11-19T23:00:00.000Z',
      ],
      [
        'withings|activity|2026-11-20|steps',
        'Daily steps',
        10004,
        '{steps}',
        '2026-11-19T23:00:00.000Z',
        '2026-11-20T23:00:00.000Z',
      ],
      [
        'withings|activity|2026-11-20|active_energy',
        'Active energy burned',
        402.5,
        'kcal',
        '2026-11-19T23:00:00.000Z',
        '2026-11-20T23:00:00.000Z',
      ],
    ]);
  });

  it('sleep getsummary: asleep hours and mean heart rate over the night', () => {
    expect(golden(mapWithingsSleep(fixtureJson('withings', 'sleep-getsummary.json')))).toEqual([
      [
        'withings|sleep|1795041000|duration',
        'Sleep duration',
        7,
        'h',
        '2026-11-18T22:30:00.000Z',
        '2026-11-19T06:10:00.000Z',
      ],
      [
        'withings|sleep|1795041000|heart_rate',
        'Heart rate',
        56,
        '/min',
        '2026-11-18T22:30:00.000Z',
        '2026-11-19T06:10:00.000Z',
      ],
    ]);
  });

  it('getworkouts: the category`s name and calories over the workout; an unknown category keeps its number', () => {
    expect(golden(mapWithingsWorkouts(fixtureJson('withings', 'getworkouts.json')))).toEqual([
      [
        'withings|workout|1795104000-6|activity',
        'Exercise activity',
        'Cycling',
        null,
        '2026-11-19T16:00:00.000Z',
        '2026-11-19T16:50:00.000Z',
      ],
      [
        'withings|workout|1795104000-6|energy',
        'Active energy burned',
        410.2,
        'kcal',
        '2026-11-19T16:00:00.000Z',
        '2026-11-19T16:50:00.000Z',
      ],
      [
        'withings|workout|1795176000-999|activity',
        'Exercise activity',
        'Withings category 999',
        null,
        '2026-11-20T12:00:00.000Z',
        '2026-11-20T12:30:00.000Z',
      ],
    ]);
  });

  it('refuses an error answer (status ≠ 0), an unknown zone and a malformed measure', () => {
    expect(() => mapWithingsMeasures(fixtureJson('withings', 'error-invalid-token.json'))).toThrow(
      /withings meas: status 401/,
    );
    expect(() =>
      mapWithingsActivity({
        status: 0,
        body: { activities: [{ date: '2026-11-19', timezone: 'Mars/Olympus', steps: 1 }] },
      }),
    ).toThrow(/timezone is not a known IANA zone/);
    expect(() =>
      mapWithingsMeasures({
        status: 0,
        body: { measuregrps: [{ grpid: 1, date: 1, category: 1, measures: [{ type: 1, value: '72' }] }] },
      }),
    ).toThrow(/value is not a number/);
  });
});
