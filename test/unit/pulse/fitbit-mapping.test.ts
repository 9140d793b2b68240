import { describe, expect, it } from 'vitest';
import {
  fitbitProfileOffset,
  mapFitbitActivityList,
  mapFitbitActivitySummary,
  mapFitbitHeart,
  mapFitbitHrv,
  mapFitbitSleep,
  mapFitbitSpo2,
  mapFitbitWeight,
} from '../../../shared/domain/pulse/mapping/fitbit';
import { fixtureJson, golden } from './fixtures';

/** The fixture user's `offsetFromUTCMillis` / 1000: UTC−5. */
const OFFSET = -18_000;
const DAY_19 = ['2026-11-19T05:00:00.000Z', '2026-11-20T05:00:00.000Z'] as const;

describe('Fitbit mapping (design §4.5)', () => {
  it('activity summary: steps, active calories and resting heart rate as the day`s episode at the user`s offset', () => {
    const readings = mapFitbitActivitySummary(
      '2026-11-19',
      fixtureJson('fitbit', 'activities-2026-11-19.json'),
      OFFSET,
    );
    expect(golden(readings)).toEqual([
      ['fitbit|activities|2026-11-19|steps', 'Daily steps', 10432, '{steps}', ...DAY_19],
      ['fitbit|activities|2026-11-19|active_energy', 'Active energy burned', 612, 'kcal', ...DAY_19],
      ['fitbit|activities|2026-11-19|rhr', 'Resting heart rate', 58, '/min', ...DAY_19],
    ]);
    for (const { reading } of readings) expect(reading.comment).toBe('fitbit');
  });

  it('heart series: resting heart rate under the summary`s key; a day without one writes nothing', () => {
    expect(golden(mapFitbitHeart(fixtureJson('fitbit', 'heart.json'), OFFSET))).toEqual([
      ['fitbit|activities|2026-11-19|rhr', 'Resting heart rate', 58, '/min', ...DAY_19],
    ]);
  });

  it('sleep: minutesAsleep / 60 over the log; duration (ms) when minutesAsleep is absent; local times at the offset', () => {
    expect(golden(mapFitbitSleep(fixtureJson('fitbit', 'sleep.json'), OFFSET))).toEqual([
      [
        'fitbit|sleep|46982112345|duration',
        'Sleep duration',
        7.35,
        'h',
        '2026-11-19T04:00:30.000Z',
        '2026-11-19T11:50:30.000Z',
      ],
      [
        'fitbit|sleep|46982112399|duration',
        'Sleep duration',
        0.75,
        'h',
        '2026-11-19T19:00:00.000Z',
        '2026-11-19T19:45:00.000Z',
      ],
    ]);
  });

  it('hrv: dailyRmssd as the day`s RMSSD (uncoded)', () => {
    expect(golden(mapFitbitHrv(fixtureJson('fitbit', 'hrv.json'), OFFSET))).toEqual([
      ['fitbit|hrv|2026-11-19|daily', 'Heart rate variability RMSSD', 34.938, 'ms', ...DAY_19],
      [
        'fitbit|hrv|2026-11-20|daily',
        'Heart rate variability RMSSD',
        36.2,
        'ms',
        '2026-11-20T05:00:00.000Z',
        '2026-11-21T05:00:00.000Z',
      ],
    ]);
  });

  it('spo2: the summary`s avg, or the mean of the intraday minutes', () => {
    expect(golden(mapFitbitSpo2(fixtureJson('fitbit', 'spo2-summary.json'), OFFSET))).toEqual([
      ['fitbit|spo2|2026-11-19|avg', 'Oxygen saturation', 95.7, '%', ...DAY_19],
    ]);
    expect(golden(mapFitbitSpo2(fixtureJson('fitbit', 'spo2-intraday.json'), OFFSET))).toEqual([
      [
        'fitbit|spo2|2026-11-20|avg',
        'Oxygen saturation',
        96.33,
        '%',
        '2026-11-20T05:00:00.000Z',
        '2026-11-21T05:00:00.000Z',
      ],
    ]);
  });

  it('weight log: weight, BMI and body fat (when present) at date + time', () => {
    expect(golden(mapFitbitWeight(fixtureJson('fitbit', 'weight.json'), OFFSET))).toEqual([
      ['fitbit|weight|1763540400000|weight', 'Body weight', 72.5, 'kg', '2026-11-19T12:15:12.000Z', null],
      ['fitbit|weight|1763540400000|bmi', 'Body mass index', 22.87, 'kg/m2', '2026-11-19T12:15:12.000Z', null],
      ['fitbit|weight|1763540400000|fat', 'Body fat percentage', 21.4, '%', '2026-11-19T12:15:12.000Z', null],
      ['fitbit|weight|1763626800000|weight', 'Body weight', 72.6, 'kg', '2026-11-20T12:20:00.000Z', null],
      ['fitbit|weight|1763626800000|bmi', 'Body mass index', 22.9, 'kg/m2', '2026-11-20T12:20:00.000Z', null],
    ]);
  });

  it('activity list: name, calories and distance in metres (km and miles converted) over startTime + duration', () => {
    expect(golden(mapFitbitActivityList(fixtureJson('fitbit', 'activity-list.json'), 0))).toEqual([
      [
        'fitbit|activity|55512345678|activity',
        'Exercise activity',
        'Run',
        null,
        '2026-11-19T22:30:00.000Z',
        '2026-11-19T23:15:30.000Z',
      ],
      [
        'fitbit|activity|55512345678|energy',
        'Active energy burned',
        512,
        'kcal',
        '2026-11-19T22:30:00.000Z',
        '2026-11-19T23:15:30.000Z',
      ],
      [
        'fitbit|activity|55512345678|distance',
        'Workout distance',
        8250,
        'm',
        '2026-11-19T22:30:00.000Z',
        '2026-11-19T23:15:30.000Z',
      ],
      [
        'fitbit|activity|55512345679|activity',
        'Exercise activity',
        'Outdoor bike',
        null,
        '2026-11-20T13:00:00.000Z',
        '2026-11-20T14:00:00.000Z',
      ],
      [
        'fitbit|activity|55512345679|energy',
        'Active energy burned',
        400,
        'kcal',
        '2026-11-20T13:00:00.000Z',
        '2026-11-20T14:00:00.000Z',
      ],
      [
        'fitbit|activity|55512345679|distance',
        'Workout distance',
        16093.4,
        'm',
        '2026-11-20T13:00:00.000Z',
        '2026-11-20T14:00:00.000Z',
      ],
      [
        'fitbit|activity|55512345680|activity',
        'Exercise activity',
        'Yoga',
        null,
        '2026-11-21T00:00:00.000Z',
        '2026-11-21T00:30:00.000Z',
      ],
      [
        'fitbit|activity|55512345680|energy',
        'Active energy burned',
        120,
        'kcal',
        '2026-11-21T00:00:00.000Z',
        '2026-11-21T00:30:00.000Z',
      ],
    ]);
  });

  it('refuses an unknown distance unit and a summary-less answer', () => {
    const entry = {
      logId: 1,
      activityName: 'Swim',
      startTime: '2026-11-19T10:00:00.000',
      duration: 60_000,
      distance: 1,
      distanceUnit: 'Yard',
    };
    expect(() => mapFitbitActivityList({ activities: [entry] }, 0)).toThrow(
      /distanceUnit is not Kilometer, Mile or Meter/,
    );
    expect(() => mapFitbitActivitySummary('2026-11-19', { activities: [] }, 0)).toThrow(/summary is not an object/);
  });
});

describe('Fitbit profile → the user`s UTC offset (design §19)', () => {
  const WINTER = Date.parse('2026-11-26T12:00:00Z');
  const SUMMER = Date.parse('2026-07-01T12:00:00Z');
  const user = (fields: Record<string, unknown>) => ({ user: fields });

  it('reads offsetFromUTCMillis of the documented profile as seconds east of UTC', () => {
    expect(fitbitProfileOffset(fixtureJson('fitbit', 'profile.json'), WINTER)).toBe(OFFSET);
    expect(fitbitProfileOffset(user({ offsetFromUTCMillis: 19_800_000 }), WINTER)).toBe(19_800);
    expect(fitbitProfileOffset(user({ offsetFromUTCMillis: 0 }), WINTER)).toBe(0);
  });

  it('falls back to the IANA timezone at that instant when the offset is missing or unusable', () => {
    expect(fitbitProfileOffset(user({ timezone: 'America/New_York' }), WINTER)).toBe(-18_000);
    expect(fitbitProfileOffset(user({ timezone: 'America/New_York' }), SUMMER)).toBe(-14_400);
    expect(fitbitProfileOffset(user({ offsetFromUTCMillis: 'x', timezone: 'Asia/Kolkata' }), WINTER)).toBe(19_800);
  });

  it('answers null (UTC), never throws, for a missing or garbage profile', () => {
    const garbage: unknown[] = [
      null,
      undefined,
      'profile',
      42,
      [],
      [{ user: { offsetFromUTCMillis: 3_600_000 } }],
      {},
      { user: null },
      { user: 'x' },
      user({}),
      user({ offsetFromUTCMillis: '-18000000' }),
      user({ offsetFromUTCMillis: Number.NaN }),
      user({ offsetFromUTCMillis: Number.POSITIVE_INFINITY }),
      user({ offsetFromUTCMillis: -18_000_001 }),
      user({ offsetFromUTCMillis: 1_234_000 }),
      user({ offsetFromUTCMillis: 15 * 3_600_000 }),
      user({ offsetFromUTCMillis: null, timezone: 'Mars/Olympus_Mons' }),
      user({ timezone: '' }),
      user({ timezone: 7 }),
    ];
    for (const body of garbage)
      expect(fitbitProfileOffset(body, WINTER), JSON.stringify(body) ?? 'undefined').toBeNull();
  });
});
