import { describe, expect, it } from 'vitest';
import {
  mapOuraCollection,
  mapOuraDocument,
  mapOuraHeartRate,
  ouraDocumentKeys,
  ouraHeartRateWindow,
} from '../../../shared/domain/pulse/mapping/oura';
import { ProviderPayloadError } from '../../../shared/domain/pulse/readings';
import { fixtureJson, golden } from './fixtures';

describe('Oura mapping (design §4.2)', () => {
  it('daily_activity: steps and active calories as day episodes at the offset of Oura`s day timestamp', () => {
    const readings = mapOuraCollection('daily_activity', fixtureJson('oura', 'daily_activity.json'));
    expect(golden(readings)).toEqual([
      [
        'oura|daily_activity|8f9a5221-639e-4a85-81cb-4065ef23f979|steps',
        'Daily steps',
        9412,
        '{steps}',
        '2026-11-18T23:00:00.000Z',
        '2026-11-19T23:00:00.000Z',
      ],
      [
        'oura|daily_activity|8f9a5221-639e-4a85-81cb-4065ef23f979|active_energy',
        'Active energy burned',
        412,
        'kcal',
        '2026-11-18T23:00:00.000Z',
        '2026-11-19T23:00:00.000Z',
      ],
      [
        'oura|daily_activity|b3c1d7e0-21aa-4f57-9a43-0f6a2d0c5e12|steps',
        'Daily steps',
        10250,
        '{steps}',
        '2026-11-19T23:00:00.000Z',
        '2026-11-20T23:00:00.000Z',
      ],
      [
        'oura|daily_activity|b3c1d7e0-21aa-4f57-9a43-0f6a2d0c5e12|active_energy',
        'Active energy burned',
        501,
        'kcal',
        '2026-11-19T23:00:00.000Z',
        '2026-11-20T23:00:00.000Z',
      ],
    ]);
    for (const { reading } of readings) expect(reading.comment).toBe('oura');
  });

  it('sleep: long sleeps as bedtime episodes (hours to 2 decimals, mean heart rate, RMSSD); naps and deleted periods skipped', () => {
    expect(golden(mapOuraCollection('sleep', fixtureJson('oura', 'sleep.json')))).toEqual([
      [
        'oura|sleep|4d1e6a8e-5a9c-4b7f-8e37-91b2c0f4a6d3|duration',
        'Sleep duration',
        7.35,
        'h',
        '2026-11-18T22:12:30.000Z',
        '2026-11-19T06:05:00.000Z',
      ],
      [
        'oura|sleep|4d1e6a8e-5a9c-4b7f-8e37-91b2c0f4a6d3|heart_rate',
        'Heart rate',
        54.375,
        '/min',
        '2026-11-18T22:12:30.000Z',
        '2026-11-19T06:05:00.000Z',
      ],
      [
        'oura|sleep|4d1e6a8e-5a9c-4b7f-8e37-91b2c0f4a6d3|hrv_rmssd',
        'Heart rate variability RMSSD',
        48,
        'ms',
        '2026-11-18T22:12:30.000Z',
        '2026-11-19T06:05:00.000Z',
      ],
      [
        'oura|sleep|e2b9a4c1-6f0d-4c3b-a1e7-5d8c9b0a1f24|duration',
        'Sleep duration',
        7.25,
        'h',
        '2026-11-19T22:00:00.000Z',
        '2026-11-20T05:45:00.000Z',
      ],
      [
        'oura|sleep|e2b9a4c1-6f0d-4c3b-a1e7-5d8c9b0a1f24|heart_rate',
        'Heart rate',
        52,
        '/min',
        '2026-11-19T22:00:00.000Z',
        '2026-11-20T05:45:00.000Z',
      ],
    ]);
  });

  it('heartrate: one daily mean (1 decimal) per day written in the rows, as a day episode', () => {
    expect(golden(mapOuraHeartRate(fixtureJson('oura', 'heartrate.json')))).toEqual([
      [
        'oura|heartrate|2026-11-19|mean',
        'Heart rate',
        63,
        '/min',
        '2026-11-19T00:00:00.000Z',
        '2026-11-20T00:00:00.000Z',
      ],
      [
        'oura|heartrate|2026-11-20|mean',
        'Heart rate',
        71.3,
        '/min',
        '2026-11-20T00:00:00.000Z',
        '2026-11-21T00:00:00.000Z',
      ],
    ]);
  });

  it('daily_spo2: the nested average as a day episode; a night without SpO2 writes nothing', () => {
    expect(golden(mapOuraCollection('daily_spo2', fixtureJson('oura', 'daily_spo2.json')))).toEqual([
      [
        'oura|daily_spo2|5f3c2a10-8b7e-4d92-a6c4-1e0f9d8b7a65|avg',
        'Oxygen saturation',
        96.52,
        '%',
        '2026-11-19T00:00:00.000Z',
        '2026-11-20T00:00:00.000Z',
      ],
    ]);
  });

  it('workout: exercise activity (sentence case, no unit), energy and distance over the workout', () => {
    expect(golden(mapOuraCollection('workout', fixtureJson('oura', 'workout.json')))).toEqual([
      [
        'oura|workout|1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d|activity',
        'Exercise activity',
        'Cycling',
        null,
        '2026-11-19T16:30:00.000Z',
        '2026-11-19T17:25:00.000Z',
      ],
      [
        'oura|workout|1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d|energy',
        'Active energy burned',
        312.5,
        'kcal',
        '2026-11-19T16:30:00.000Z',
        '2026-11-19T17:25:00.000Z',
      ],
      [
        'oura|workout|1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d|distance',
        'Workout distance',
        12400,
        'm',
        '2026-11-19T16:30:00.000Z',
        '2026-11-19T17:25:00.000Z',
      ],
      [
        'oura|workout|6d5c4b3a-2f1e-4d0c-9b8a-7f6e5d4c3b2a|activity',
        'Exercise activity',
        'Strength training',
        null,
        '2026-11-20T07:00:00.000Z',
        '2026-11-20T07:45:00.000Z',
      ],
      [
        'oura|workout|6d5c4b3a-2f1e-4d0c-9b8a-7f6e5d4c3b2a|energy',
        'Active energy burned',
        180,
        'kcal',
        '2026-11-20T07:00:00.000Z',
        '2026-11-20T07:45:00.000Z',
      ],
    ]);
  });

  it('a single document (the webhook fetch) maps like its list element', () => {
    const list = fixtureJson('oura', 'sleep.json') as { data: unknown[] };
    expect(mapOuraDocument('sleep', list.data[0])).toEqual(mapOuraCollection('sleep', { data: [list.data[0]] }));
  });

  it('the delete keys of a document are every key its mapping can write', () => {
    const written = mapOuraCollection('workout', fixtureJson('oura', 'workout.json'))
      .filter((r) => r.key.includes('1a2b3c4d'))
      .map((r) => r.key);
    expect(ouraDocumentKeys('workout', '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d')).toEqual(written);
    const sleepKeys = mapOuraCollection('sleep', fixtureJson('oura', 'sleep.json'))
      .filter((r) => r.key.includes('4d1e6a8e'))
      .map((r) => r.key);
    expect(ouraDocumentKeys('sleep', '4d1e6a8e-5a9c-4b7f-8e37-91b2c0f4a6d3')).toEqual(sleepKeys);
  });

  it('refuses a malformed body with an error naming the field, not its value', () => {
    expect(() =>
      mapOuraCollection('daily_activity', { data: [{ id: 'x', day: '2026-11-19', steps: '9412' }] }),
    ).toThrow(new ProviderPayloadError('oura', 'daily_activity', 'steps is not a number'));
    expect(() =>
      mapOuraCollection('sleep', {
        data: [{ id: 'x', type: 'long_sleep', bedtime_start: 'yesterday', bedtime_end: '2026-11-19T07:00:00Z' }],
      }),
    ).toThrow(/bedtime_start is not an ISO 8601 time/);
    expect(() => mapOuraCollection('workout', { data: 'none' })).toThrow(/data is not an array/);
    expect(() => mapOuraHeartRate({ data: [{ bpm: 60 }] })).toThrow(/timestamp is missing/);
  });
});

describe('the heart-rate window of an Oura event (design §4.2)', () => {
  const now = Date.parse('2026-11-26T12:00:00Z');

  it('a sleep: whole UTC days from the one bedtime starts in to the one it ends in', () => {
    const sleep = { id: 's', bedtime_start: '2026-11-20T23:30:00+01:00', bedtime_end: '2026-11-21T07:10:00+01:00' };
    // 22:30Z on the 20th to 06:10Z on the 21st.
    expect(ouraHeartRateWindow('sleep', sleep, now)).toEqual({
      start: '2026-11-20T00:00:00.000Z',
      end: '2026-11-22T00:00:00.000Z',
    });
  });

  it('a daily_activity: the UTC days its local day (at its timestamp`s offset) overlaps', () => {
    const activity = { id: 'a', day: '2026-11-19', timestamp: '2026-11-19T04:00:00-08:00' };
    // Local midnight is 08:00Z on the 19th, the next 08:00Z on the 20th.
    expect(ouraHeartRateWindow('daily_activity', activity, now)).toEqual({
      start: '2026-11-19T00:00:00.000Z',
      end: '2026-11-21T00:00:00.000Z',
    });
    expect(ouraHeartRateWindow('daily_activity', { id: 'a', day: '2026-11-19' }, now)).toEqual({
      start: '2026-11-19T00:00:00.000Z',
      end: '2026-11-20T00:00:00.000Z',
    });
  });

  it('ends now on a day not over, and is null past now, for other collections, or without bedtimes', () => {
    expect(ouraHeartRateWindow('daily_activity', { id: 'a', day: '2026-11-26' }, now)).toEqual({
      start: '2026-11-26T00:00:00.000Z',
      end: '2026-11-26T12:00:00.000Z',
    });
    expect(ouraHeartRateWindow('daily_activity', { id: 'a', day: '2026-11-27' }, now)).toBeNull();
    expect(ouraHeartRateWindow('workout', { id: 'w', day: '2026-11-20' }, now)).toBeNull();
    expect(ouraHeartRateWindow('daily_spo2', { id: 'p', day: '2026-11-20' }, now)).toBeNull();
    expect(ouraHeartRateWindow('sleep', { id: 's', bedtime_start: '2026-11-20T23:30:00Z' }, now)).toBeNull();
  });

  it('refuses bedtimes that are not times as the provider`s payload error', () => {
    const sleep = { id: 's', bedtime_start: 'yesterday', bedtime_end: '2026-11-21T07:10:00Z' };
    expect(() => ouraHeartRateWindow('sleep', sleep, now)).toThrow(ProviderPayloadError);
  });
});
