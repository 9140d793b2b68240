import { describe, expect, it } from 'vitest';
import { mapGarminSummaries } from '../../../shared/domain/pulse/mapping/garmin';
import { fixtureJson, golden } from './fixtures';

const DAY_19 = ['2026-11-18T23:00:00.000Z', '2026-11-19T23:00:00.000Z'] as const;

describe('Garmin mapping (design §4.6)', () => {
  it('dailies: steps, active kcal and resting heart rate for the calendar day at the summary`s offset', () => {
    const readings = mapGarminSummaries('dailies', fixtureJson('garmin', 'dailies.json'));
    expect(golden(readings)).toEqual([
      ['garmin|dailies|x3f1a2b-5f3c1e80-15180-6|steps', 'Daily steps', 11250, '{steps}', ...DAY_19],
      ['garmin|dailies|x3f1a2b-5f3c1e80-15180-6|active_energy', 'Active energy burned', 540, 'kcal', ...DAY_19],
      ['garmin|dailies|x3f1a2b-5f3c1e80-15180-6|rhr', 'Resting heart rate', 54, '/min', ...DAY_19],
    ]);
    for (const { reading } of readings) expect(reading.comment).toBe('garmin');
  });

  it('sleeps: deep + light + REM hours over start + duration', () => {
    expect(golden(mapGarminSummaries('sleeps', fixtureJson('garmin', 'sleeps.json')))).toEqual([
      [
        'garmin|sleeps|x3f1a2b-5f3c9a10-7080|duration',
        'Sleep duration',
        7.25,
        'h',
        '2026-11-18T22:30:00.000Z',
        '2026-11-19T06:30:00.000Z',
      ],
    ]);
  });

  it('hrv: lastNightAvg as the day`s RMSSD; pulseox: the mean of the values', () => {
    expect(golden(mapGarminSummaries('hrv', fixtureJson('garmin', 'hrv.json')))).toEqual([
      ['garmin|hrv|x3f1a2b-hrv-20261119|night', 'Heart rate variability RMSSD', 44, 'ms', ...DAY_19],
    ]);
    expect(golden(mapGarminSummaries('pulseox', fixtureJson('garmin', 'pulseox.json')))).toEqual([
      ['garmin|pulseox|x3f1a2b-spo2-20261119|mean', 'Oxygen saturation', 95.5, '%', ...DAY_19],
    ]);
  });

  it('bodyComps: grams → kg, body fat and BMI at the measurement time', () => {
    expect(golden(mapGarminSummaries('bodyComps', fixtureJson('garmin', 'bodyComps.json')))).toEqual([
      ['garmin|bodyComps|x3f1a2b-bc-1795071600|weight', 'Body weight', 72.34, 'kg', '2026-11-19T07:00:00.000Z', null],
      [
        'garmin|bodyComps|x3f1a2b-bc-1795071600|fat',
        'Body fat percentage',
        21.3,
        '%',
        '2026-11-19T07:00:00.000Z',
        null,
      ],
      [
        'garmin|bodyComps|x3f1a2b-bc-1795071600|bmi',
        'Body mass index',
        22.9,
        'kg/m2',
        '2026-11-19T07:00:00.000Z',
        null,
      ],
    ]);
  });

  it('activities: type, energy, distance and mean heart rate over the activity', () => {
    expect(golden(mapGarminSummaries('activities', fixtureJson('garmin', 'activities.json')))).toEqual([
      [
        'garmin|activities|x3f1a2b-act-1795104000|activity',
        'Exercise activity',
        'Running',
        null,
        '2026-11-19T16:00:00.000Z',
        '2026-11-19T16:45:00.000Z',
      ],
      [
        'garmin|activities|x3f1a2b-act-1795104000|energy',
        'Active energy burned',
        480,
        'kcal',
        '2026-11-19T16:00:00.000Z',
        '2026-11-19T16:45:00.000Z',
      ],
      [
        'garmin|activities|x3f1a2b-act-1795104000|distance',
        'Workout distance',
        7800.2,
        'm',
        '2026-11-19T16:00:00.000Z',
        '2026-11-19T16:45:00.000Z',
      ],
      [
        'garmin|activities|x3f1a2b-act-1795104000|heart_rate',
        'Heart rate',
        148,
        '/min',
        '2026-11-19T16:00:00.000Z',
        '2026-11-19T16:45:00.000Z',
      ],
      [
        'garmin|activities|x3f1a2b-act-1795176000|activity',
        'Exercise activity',
        'Strength training',
        null,
        '2026-11-20T12:00:00.000Z',
        '2026-11-20T12:40:00.000Z',
      ],
      [
        'garmin|activities|x3f1a2b-act-1795176000|energy',
        'Active energy burned',
        210,
        'kcal',
        '2026-11-20T12:00:00.000Z',
        '2026-11-20T12:40:00.000Z',
      ],
      [
        'garmin|activities|x3f1a2b-act-1795176000|heart_rate',
        'Heart rate',
        112,
        '/min',
        '2026-11-20T12:00:00.000Z',
        '2026-11-20T12:40:00.000Z',
      ],
    ]);
  });

  it('refuses an answer that is not an array and an offset no clock has', () => {
    expect(() => mapGarminSummaries('dailies', { dailies: [] })).toThrow(/garmin dailies: the answer is not an array/);
    expect(() =>
      mapGarminSummaries('dailies', [
        { summaryId: 's', calendarDate: '2026-11-19', startTimeOffsetInSeconds: 61, steps: 1 },
      ]),
    ).toThrow(RangeError);
  });
});
