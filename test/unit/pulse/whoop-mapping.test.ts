import { describe, expect, it } from 'vitest';
import {
  mapWhoopBody,
  mapWhoopRecoveries,
  mapWhoopSleeps,
  mapWhoopWorkouts,
  whoopObjectKeys,
} from '../../../shared/domain/pulse/mapping/whoop';
import { fixtureJson, golden } from './fixtures';

describe('WHOOP mapping (design §4.3)', () => {
  it('sleep: scored nights only (naps and pending scores skipped); asleep = light + slow-wave + REM', () => {
    const readings = mapWhoopSleeps(fixtureJson('whoop', 'sleep.json'));
    expect(golden(readings)).toEqual([
      [
        'whoop|sleep|ecfc6a15-4661-442f-a9a4-f160dd7afae8|duration',
        'Sleep duration',
        7.25,
        'h',
        '2026-11-19T03:10:00.000Z',
        '2026-11-19T11:05:00.000Z',
      ],
      [
        'whoop|sleep|ecfc6a15-4661-442f-a9a4-f160dd7afae8|respiratory_rate',
        'Respiratory rate',
        15.2,
        '/min',
        '2026-11-19T03:10:00.000Z',
        '2026-11-19T11:05:00.000Z',
      ],
    ]);
    for (const { reading } of readings) expect(reading.comment).toBe('whoop');
  });

  it('recovery: points at the end of its sleep, else at created_at; a null SpO2 writes nothing', () => {
    const sleepEnds = new Map([['ecfc6a15-4661-442f-a9a4-f160dd7afae8', '2026-11-19T11:05:00.000Z']]);
    expect(golden(mapWhoopRecoveries(fixtureJson('whoop', 'recovery.json'), sleepEnds))).toEqual([
      ['whoop|recovery|93845|rhr', 'Resting heart rate', 52, '/min', '2026-11-19T11:05:00.000Z', null],
      ['whoop|recovery|93845|hrv_rmssd', 'Heart rate variability RMSSD', 38.5, 'ms', '2026-11-19T11:05:00.000Z', null],
      ['whoop|recovery|93845|spo2', 'Oxygen saturation', 95.6875, '%', '2026-11-19T11:05:00.000Z', null],
      ['whoop|recovery|93845|skin_temp', 'Skin temperature', 33.7, 'Cel', '2026-11-19T11:05:00.000Z', null],
      ['whoop|recovery|93901|rhr', 'Resting heart rate', 55, '/min', '2026-11-20T11:30:00.000Z', null],
      ['whoop|recovery|93901|hrv_rmssd', 'Heart rate variability RMSSD', 35, 'ms', '2026-11-20T11:30:00.000Z', null],
      ['whoop|recovery|93901|skin_temp', 'Skin temperature', 33.1, 'Cel', '2026-11-20T11:30:00.000Z', null],
    ]);
  });

  it('workout: sport, mean heart rate, kJ → kcal, distance, over the workout', () => {
    expect(golden(mapWhoopWorkouts(fixtureJson('whoop', 'workout.json')))).toEqual([
      [
        'whoop|workout|0b1c2d3e-4f50-4617-8829-3a4b5c6d7e8f|activity',
        'Exercise activity',
        'Running',
        null,
        '2026-11-19T22:00:00.000Z',
        '2026-11-19T22:45:00.000Z',
      ],
      [
        'whoop|workout|0b1c2d3e-4f50-4617-8829-3a4b5c6d7e8f|heart_rate',
        'Heart rate',
        142,
        '/min',
        '2026-11-19T22:00:00.000Z',
        '2026-11-19T22:45:00.000Z',
      ],
      [
        'whoop|workout|0b1c2d3e-4f50-4617-8829-3a4b5c6d7e8f|energy',
        'Active energy burned',
        350,
        'kcal',
        '2026-11-19T22:00:00.000Z',
        '2026-11-19T22:45:00.000Z',
      ],
      [
        'whoop|workout|0b1c2d3e-4f50-4617-8829-3a4b5c6d7e8f|distance',
        'Workout distance',
        7250.5,
        'm',
        '2026-11-19T22:00:00.000Z',
        '2026-11-19T22:45:00.000Z',
      ],
      [
        'whoop|workout|5e6f7a8b-9c0d-4e1f-a2b3-c4d5e6f7a8b9|activity',
        'Exercise activity',
        'Weightlifting',
        null,
        '2026-11-20T17:00:00.000Z',
        '2026-11-20T18:00:00.000Z',
      ],
      [
        'whoop|workout|5e6f7a8b-9c0d-4e1f-a2b3-c4d5e6f7a8b9|heart_rate',
        'Heart rate',
        118,
        '/min',
        '2026-11-20T17:00:00.000Z',
        '2026-11-20T18:00:00.000Z',
      ],
      [
        'whoop|workout|5e6f7a8b-9c0d-4e1f-a2b3-c4d5e6f7a8b9|energy',
        'Active energy burned',
        200,
        'kcal',
        '2026-11-20T17:00:00.000Z',
        '2026-11-20T18:00:00.000Z',
      ],
    ]);
  });

  it('body: the weight at fetch time, one key per UTC day', () => {
    const now = Date.parse('2026-11-21T08:15:00.000Z');
    expect(golden(mapWhoopBody(fixtureJson('whoop', 'body.json'), now))).toEqual([
      ['whoop|body|2026-11-21|weight', 'Body weight', 72.5, 'kg', '2026-11-21T08:15:00.000Z', null],
    ]);
  });

  it('the delete keys of an object are every key its mapping can write', () => {
    const sleepEnds = new Map<string, string>();
    const recoveryKeys = mapWhoopRecoveries(fixtureJson('whoop', 'recovery.json'), sleepEnds)
      .filter((r) => r.key.includes('|93845|'))
      .map((r) => r.key);
    expect(whoopObjectKeys('recovery', '93845')).toEqual(recoveryKeys);
    const workoutKeys = mapWhoopWorkouts(fixtureJson('whoop', 'workout.json'))
      .filter((r) => r.key.includes('0b1c2d3e'))
      .map((r) => r.key);
    expect(whoopObjectKeys('workout', '0b1c2d3e-4f50-4617-8829-3a4b5c6d7e8f')).toEqual(workoutKeys);
  });

  it('refuses a record whose fields have the wrong type', () => {
    expect(() =>
      mapWhoopWorkouts({
        records: [
          {
            id: 'w',
            score_state: 'SCORED',
            start: '2026-11-19T22:00:00Z',
            end: '2026-11-19T23:00:00Z',
            score: { kilojoule: '10' },
          },
        ],
      }),
    ).toThrow(/whoop workout: kilojoule is not a number/);
  });
});
