import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  isProviderSlug,
  PROVIDER_DESCRIPTORS,
  PROVIDER_SLUGS,
  PULSE_CATALOG,
} from '../../../shared/domain/pulse/providers';
import {
  activityLabel,
  dayEpisode,
  naturalKey,
  offsetText,
  ProviderPayloadError,
  type PulseReading,
  WEARABLE_INDICATORS,
} from '../../../shared/domain/pulse/readings';
import { standardizeReading } from '../../../shared/domain/standardization';
import { resolveIndicatorUncached } from '../../../shared/domain/standardization/resolver';
import type { ReadingToStore } from '../../../shared/services/record-writer';

describe('pulse readings', () => {
  it('PulseReading is the record writer`s ReadingToStore, both ways', () => {
    expectTypeOf<PulseReading>().toEqualTypeOf<ReadingToStore>();
  });

  it('every wearable indicator resolves to its pinned code through the real resolver, with and without its unit', () => {
    for (const { name, unit, loinc } of Object.values(WEARABLE_INDICATORS)) {
      expect(resolveIndicatorUncached(name, unit).loincCode, `${name} [${unit}]`).toBe(loinc);
      expect(resolveIndicatorUncached(name).loincCode, name).toBe(loinc);
    }
  });

  it('pins the negatives: RMSSD, skin temperature (deviation), workout distance and fat mass stay uncoded', () => {
    const negatives = [
      'Heart rate variability RMSSD',
      'Skin temperature',
      'Skin temperature deviation',
      'Workout distance',
      'Fat mass',
    ];
    const pinned = Object.values(WEARABLE_INDICATORS)
      .filter((i) => i.loinc === null)
      .map((i) => i.name);
    expect(pinned.sort()).toEqual([...negatives].sort());
    for (const [name, unit] of [
      ['Heart rate variability RMSSD', 'ms'],
      ['Skin temperature', 'Cel'],
      ['Skin temperature deviation', 'Cel'],
      ['Workout distance', 'm'],
      ['Fat mass', 'kg'],
    ] as const) {
      const [row] = standardizeReading({ indicator: name, value: 1, unit });
      expect(row?.loincCode, name).toBeNull();
      expect(row?.parsedUnit, name).toBe(unit);
    }
  });

  it('stores each indicator`s unit as written (its UCUM form)', () => {
    for (const { name, unit } of Object.values(WEARABLE_INDICATORS)) {
      if (unit === null) continue;
      expect(standardizeReading({ indicator: name, value: 1, unit })[0]?.parsedUnit, name).toBe(unit);
    }
  });

  it('an exercise activity is coded 73985-4 with its name as the qualitative value', () => {
    const [row] = standardizeReading({ indicator: 'Exercise activity', value: 'Running' });
    expect(row).toMatchObject({ loincCode: '73985-4', qualitative: 'Running', parsedValue: null });
  });

  it('dayEpisode: local midnight to midnight in UTC, for seconds, text and absent offsets', () => {
    expect(dayEpisode('2026-11-19', '+01:00')).toEqual({
      time: '2026-11-18T23:00:00.000Z',
      endTime: '2026-11-19T23:00:00.000Z',
    });
    expect(dayEpisode('2026-11-19', -25_200)).toEqual({
      time: '2026-11-19T07:00:00.000Z',
      endTime: '2026-11-20T07:00:00.000Z',
    });
    expect(dayEpisode('2026-11-19', '-0700')).toEqual(dayEpisode('2026-11-19', -25_200));
    expect(dayEpisode('2026-11-19', 19_800)).toEqual({
      time: '2026-11-18T18:30:00.000Z',
      endTime: '2026-11-19T18:30:00.000Z',
    });
    expect(dayEpisode('2026-11-19', null)).toEqual({
      time: '2026-11-19T00:00:00.000Z',
      endTime: '2026-11-20T00:00:00.000Z',
    });
    expect(dayEpisode('2026-11-19', 'Z')).toEqual(dayEpisode('2026-11-19', undefined));
    expect(dayEpisode('2024-12-31', '+14:00').time).toBe('2024-12-30T10:00:00.000Z');
  });

  it('dayEpisode refuses impossible days and offsets', () => {
    expect(() => dayEpisode('2026-02-30', null)).toThrow(RangeError);
    expect(() => dayEpisode('2026-11-19T00:00', null)).toThrow(RangeError);
    expect(() => dayEpisode('2026-11-19', 30)).toThrow(RangeError);
    expect(() => dayEpisode('2026-11-19', 15 * 3600)).toThrow(RangeError);
    expect(() => dayEpisode('2026-11-19', '+1:00')).toThrow(RangeError);
    expect(offsetText(-3_600)).toBe('-01:00');
  });

  it('naturalKey joins four parts and refuses an empty part or one holding the separator', () => {
    expect(naturalKey('whoop', 'sleep', 'abc', 'duration')).toBe('whoop|sleep|abc|duration');
    expect(() => naturalKey('oura', 'sleep', 'a|b', 'duration')).toThrow(ProviderPayloadError);
    expect(() => naturalKey('oura', 'sleep', '', 'duration')).toThrow(ProviderPayloadError);
  });

  it('activityLabel writes provider activity names in sentence case', () => {
    expect(activityLabel('strength_training')).toBe('Strength training');
    expect(activityLabel('STREET_RUNNING')).toBe('Street running');
    expect(activityLabel('Running')).toBe('Running');
  });
});

describe('pulse providers', () => {
  it('lists the five linked providers and Apple Health as a file upload (gaps 12 shape)', () => {
    expect(PULSE_CATALOG.map((d) => [d.slug, d.platform, d.authType])).toEqual([
      ['oura', 'hds', 'oauth2'],
      ['whoop', 'hds', 'oauth2'],
      ['withings', 'hds', 'oauth2'],
      ['fitbit', 'hds', 'oauth2'],
      ['garmin', 'hds', 'oauth1'],
      ['apple', 'apple', 'file_upload'],
    ]);
    for (const slug of PROVIDER_SLUGS) expect(PROVIDER_DESCRIPTORS[slug].slug).toBe(slug);
    const allowed = new Set(['sleep', 'activity', 'heart_rate', 'hrv', 'body', 'spo2', 'workouts']);
    for (const d of PULSE_CATALOG) for (const c of d.capabilities) expect(allowed.has(c), `${d.slug} ${c}`).toBe(true);
    expect(PROVIDER_DESCRIPTORS.whoop.capabilities).not.toContain('activity');
  });

  it('isProviderSlug accepts the five only', () => {
    expect(PROVIDER_SLUGS.every(isProviderSlug)).toBe(true);
    expect(isProviderSlug('apple')).toBe(false);
    expect(isProviderSlug('OURA')).toBe(false);
    expect(isProviderSlug(undefined)).toBe(false);
  });
});
