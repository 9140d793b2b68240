import { describe, expect, it } from 'vitest';
import {
  fitbitProfileZone,
  mapFitbitActivityList,
  mapFitbitActivitySummary,
  mapFitbitSleep,
  mapFitbitWeight,
} from '../../../shared/domain/pulse/mapping/fitbit';
import { localDay, zoneOffsetAtLocal } from '../../../shared/domain/pulse/zones';
import { golden } from './fixtures';

/**
 * Fitbit's local times across the US DST changes of 2026 (starts Sunday 8 March 02:00, ends Sunday 1 November 02:00)
 * in America/Los_Angeles: each local time at the offset in force at it, not one offset for the whole answer.
 */
const LA = { timeZone: 'America/Los_Angeles', offset: -28_800 };
const PST = -8 * 3600;
const PDT = -7 * 3600;

const sleepLog = (logId: number, startTime: string, endTime: string, minutesAsleep: number) => ({
  sleep: [{ logId, dateOfSleep: endTime.slice(0, 10), startTime, endTime, minutesAsleep }],
});
const span = (readings: ReturnType<typeof mapFitbitSleep>) =>
  readings.map(({ reading }) => [reading.time, reading.endTime]);

describe('zoneOffsetAtLocal', () => {
  it('reads each side of a change at its own offset', () => {
    expect(zoneOffsetAtLocal('America/Los_Angeles', '2026-03-08T01:59:00')).toBe(PST);
    expect(zoneOffsetAtLocal('America/Los_Angeles', '2026-03-08T03:00:00.000')).toBe(PDT);
    expect(zoneOffsetAtLocal('America/Los_Angeles', '2026-11-01T00:30')).toBe(PDT);
    expect(zoneOffsetAtLocal('America/Los_Angeles', '2026-11-01T02:00:00')).toBe(PST);
    expect(zoneOffsetAtLocal('Europe/Berlin', '2026-03-29T03:30:00')).toBe(7200);
    expect(zoneOffsetAtLocal('Asia/Kolkata', '2026-07-01')).toBe(19_800);
  });

  it('reads a skipped local time at the offset before the change, a repeated one at its earlier instant', () => {
    // 02:30 on 8 March does not exist: read at PST it is 10:30Z, which is 03:30 PDT.
    expect(zoneOffsetAtLocal('America/Los_Angeles', '2026-03-08T02:30:00')).toBe(PST);
    // 01:30 on 1 November happens twice (08:30Z at PDT, 09:30Z at PST): the first.
    expect(zoneOffsetAtLocal('America/Los_Angeles', '2026-11-01T01:30:00')).toBe(PDT);
  });

  it('answers null for a zone Intl does not know and for a text that is not a date', () => {
    expect(zoneOffsetAtLocal('Mars/Olympus_Mons', '2026-03-08T03:00:00')).toBeNull();
    expect(zoneOffsetAtLocal('America/Los_Angeles', 'yesterday')).toBeNull();
  });
});

describe('Fitbit mapping at the user’s zone across DST', () => {
  it('a sleep across the spring change: 23:30 PST to 07:15 PDT, 6 h 45 min apart', () => {
    const body = sleepLog(1, '2026-03-07T23:30:00.000', '2026-03-08T07:15:00.000', 405);
    expect(span(mapFitbitSleep(body, LA))).toEqual([['2026-03-08T07:30:00.000Z', '2026-03-08T14:15:00.000Z']]);
    // One offset for the whole answer (the former reading) puts the end an hour late.
    expect(span(mapFitbitSleep(body, PST))).toEqual([['2026-03-08T07:30:00.000Z', '2026-03-08T15:15:00.000Z']]);
  });

  it('a sleep across the autumn change: 23:00 PDT to 06:30 PST, 8 h 30 min apart', () => {
    const body = sleepLog(2, '2026-10-31T23:00:00.000', '2026-11-01T06:30:00.000', 480);
    expect(span(mapFitbitSleep(body, LA))).toEqual([['2026-11-01T06:00:00.000Z', '2026-11-01T14:30:00.000Z']]);
  });

  it('activities either side of a change, from one answer, each at its own offset', () => {
    const body = {
      activities: [
        { logId: 10, activityName: 'Walk', startTime: '2026-03-07T10:00:00.000', duration: 3_600_000 },
        { logId: 11, activityName: 'Run', startTime: '2026-03-08T10:00:00.000', duration: 1_800_000 },
      ],
    };
    const starts = mapFitbitActivityList(body, LA)
      .filter((r) => r.key.endsWith('|activity'))
      .map(({ reading }) => [reading.time, reading.endTime]);
    expect(starts).toEqual([
      ['2026-03-07T18:00:00.000Z', '2026-03-07T19:00:00.000Z'],
      ['2026-03-08T17:00:00.000Z', '2026-03-08T17:30:00.000Z'],
    ]);
  });

  it('a change day’s total runs local midnight to local midnight: 23 h in spring, 25 h in autumn', () => {
    const summary = { summary: { steps: 5000 } };
    expect(golden(mapFitbitActivitySummary('2026-03-08', summary, LA))).toEqual([
      [
        'fitbit|activities|2026-03-08|steps',
        'Daily steps',
        5000,
        '{steps}',
        '2026-03-08T08:00:00.000Z',
        '2026-03-09T07:00:00.000Z',
      ],
    ]);
    expect(localDay('2026-11-01', LA)).toEqual({
      time: '2026-11-01T07:00:00.000Z',
      endTime: '2026-11-02T08:00:00.000Z',
    });
    expect(localDay('2026-11-02', LA)).toEqual({
      time: '2026-11-02T08:00:00.000Z',
      endTime: '2026-11-03T08:00:00.000Z',
    });
  });

  it('a weight logged in the repeated hour is at its first instant', () => {
    const body = { weight: [{ logId: 20, weight: 70.1, date: '2026-11-01', time: '01:30:00' }] };
    expect(mapFitbitWeight(body, LA).map(({ reading }) => reading.time)).toEqual(['2026-11-01T08:30:00.000Z']);
  });
});

describe('a zone that is not usable falls back', () => {
  const body = sleepLog(3, '2026-03-07T23:30:00.000', '2026-03-08T07:15:00.000', 405);

  it('to the fixed offset, then to UTC', () => {
    expect(span(mapFitbitSleep(body, { timeZone: 'Mars/Olympus_Mons', offset: -18_000 }))).toEqual([
      ['2026-03-08T04:30:00.000Z', '2026-03-08T12:15:00.000Z'],
    ]);
    expect(span(mapFitbitSleep(body, { timeZone: 'Mars/Olympus_Mons', offset: null }))).toEqual([
      ['2026-03-07T23:30:00.000Z', '2026-03-08T07:15:00.000Z'],
    ]);
    expect(span(mapFitbitSleep(body, { timeZone: null, offset: null }))).toEqual([
      ['2026-03-07T23:30:00.000Z', '2026-03-08T07:15:00.000Z'],
    ]);
  });

  it('and the profile keeps only a zone Intl knows', () => {
    const user = (timezone: unknown) => ({ user: { offsetFromUTCMillis: -28_800_000, timezone } });
    expect(fitbitProfileZone(user('America/Los_Angeles'))).toBe('America/Los_Angeles');
    for (const odd of ['Mars/Olympus_Mons', '', 42, null, undefined]) expect(fitbitProfileZone(user(odd))).toBeNull();
    expect(fitbitProfileZone('{"user":')).toBeNull();
    expect(fitbitProfileZone(null)).toBeNull();
  });
});
