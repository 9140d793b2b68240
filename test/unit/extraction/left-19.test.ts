import { describe, expect, it } from 'vitest';
import { extractReadingsOffline } from '../../../shared/domain/extraction';
import { readDeviceJson } from '../../../shared/domain/extraction/device-json';

const brief = (text: string) =>
  extractReadingsOffline(text).map((r) => [r.indicator, r.value, r.unit, r.measuredAt] as const);

describe('device and app JSON exports', () => {
  it('reads a record whose date comes after its values, nested in a value object', () => {
    const text = JSON.stringify({
      'activities-heart': [
        {
          value: { heartRateZones: [{ min: 30, max: 115, minutes: 1302, name: 'Out of Range' }], restingHeartRate: 61 },
          dateTime: '2026-03-04',
        },
      ],
    });
    expect(brief(text)).toEqual([['restingHeartRate', '61', null, '2026-03-04']]);
  });

  it('joins a separate time field to a month-first date, and skips ids and sources', () => {
    const text =
      '[{"logId": 1729410131000, "weight": 82.1, "fat": 21.40, "date": "10/20/26", "time": "07:02:11", "source": "Aria"}]';
    expect(brief(text)).toEqual([
      ['weight', '82.1', null, '2026-10-20T07:02:11'],
      ['fat', '21.40', null, '2026-10-20T07:02:11'],
    ]);
  });

  it('names a bare value by its type, with the unit the record writes', () => {
    const text =
      '{"records": [{"type": "HKQuantityTypeIdentifierHeartRate", "unit": "count/min", "creationDate": "2026-03-05 08:00:00 +0100", "startDate": "2026-03-05 07:58:10 +0100", "value": "72"}]}';
    expect(brief(text)).toEqual([['HKQuantityTypeIdentifierHeartRate', '72', 'count/min', '2026-03-05T07:58:10']]);
  });

  it('names a bare value by the key holding its records, but not by a generic container', () => {
    expect(brief('{"activities-steps": [{"dateTime": "2026-03-04", "value": "8042"}]}')).toEqual([
      ['activities-steps', '8042', null, '2026-03-04'],
    ]);
    expect(readDeviceJson('{"data": [{"day": "2026-03-04", "value": 82}]}')).toEqual([]);
  });

  it('reads Garmin and Oura day summaries by their day field, not their other times', () => {
    const garmin =
      '[{"userProfilePK": 99120, "restingHeartRate": 58, "maxHeartRate": 141, "wellnessStartTimeGmt": "2026-03-03T23:00:00.0", "calendarDate": "2026-03-04"}]';
    expect(brief(garmin)).toEqual([
      ['restingHeartRate', '58', null, '2026-03-04'],
      ['maxHeartRate', '141', null, '2026-03-04'],
    ]);
    const oura =
      '{"sleep": [{"summary_date": "2026-03-03", "period_id": 0, "hr_lowest": 52, "rmssd": 41, "bedtime_start": "2026-03-03T23:10:00+01:00"}]}';
    expect(brief(oura)).toEqual([
      ['hr_lowest', '52', null, '2026-03-03'],
      ['rmssd', '41', null, '2026-03-03'],
    ]);
  });

  it('keeps names that end like an id when they are not one (lipid, uricAcid)', () => {
    expect(brief('[{"date": "2026-03-04", "uricAcid": 5.1, "lipid": 3}]').map((r) => r[0])).toEqual([
      'uricAcid',
      'lipid',
    ]);
  });

  it('reads nothing from undated JSON, category values, or malformed and truncated JSON', () => {
    expect(readDeviceJson('{"weight": 82.1}')).toBeNull();
    expect(
      readDeviceJson('[{"date": "2026-03-04", "value": "HKCategoryValueSleepAnalysisAsleepCore", "type": "x"}]'),
    ).toEqual([]);
    expect(readDeviceJson('[{"date": "2026-03-04", "weight": 82.1')).toBeNull();
    expect(() => readDeviceJson(`${'['.repeat(5000)}{"date": "2026-03-04", "weight": 1}`)).not.toThrow();
  });

  it('stays linear on a large export', () => {
    const day = (i: number) =>
      `{"dateTime": "2026-03-${String((i % 28) + 1).padStart(2, '0')}", "value": {"restingHeartRate": ${50 + (i % 20)}}}`;
    const text = `{"activities-heart": [${Array.from({ length: 20000 }, (_, i) => day(i)).join(',')}]}`;
    const started = performance.now();
    expect(readDeviceJson(text)).toHaveLength(20000);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
