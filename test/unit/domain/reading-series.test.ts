import { describe, expect, it } from 'vitest';
import type { IndexedReading } from '../../../shared/domain/records';
import {
  groupSeries,
  indicatorSearchText,
  inSeries,
  normalizeIndicator,
  parseSeriesId,
  seriesColumns,
  seriesIdOf,
} from '../../../shared/domain/series/reading-series';
import { usageRange } from '../../../shared/domain/usage-report';

let nextId = 1;
function reading(over: Partial<IndexedReading>): IndexedReading {
  const id = nextId++;
  return {
    id,
    time: new Date(Date.UTC(2026, 0, 1) + id * 60_000).toISOString(),
    loincCode: '2345-7',
    indicatorLower: 'glucose',
    parsedValue: '100',
    abnormal: null,
    referenceLow: null,
    referenceHigh: null,
    ...over,
  };
}

describe('series ids', () => {
  it('is the LOINC code, else ind: and the indicator trimmed, spaces collapsed, lower-cased', () => {
    expect(seriesIdOf({ loincCode: '2345-7', indicatorLower: 'glucose' })).toBe('2345-7');
    expect(seriesIdOf({ loincCode: null, indicatorLower: '  mood   score ' })).toBe('ind:mood score');
    expect(normalizeIndicator('\tMood\n Score ')).toBe('mood score');
  });

  it('parses only what seriesIdOf makes', () => {
    expect(parseSeriesId('2345-7')).toEqual({ kind: 'code', code: '2345-7' });
    expect(parseSeriesId('ind:mood score')).toEqual({ kind: 'indicator', indicator: 'mood score' });
    for (const bad of [
      '',
      '2345',
      '2345-77',
      'abc',
      'ind:',
      'ind:Mood',
      'ind: mood',
      'ind:a  b',
      `ind:${'x'.repeat(257)}`,
    ])
      expect(parseSeriesId(bad), bad).toBeNull();
  });

  it('matches an indicator series exactly: uncoded only, spelling differences of space and case folded', () => {
    const selector = { kind: 'indicator', indicator: 'mood score' } as const;
    expect(inSeries(selector, { loincCode: null, indicatorLower: 'mood  score' })).toBe(true);
    expect(inSeries(selector, { loincCode: null, indicatorLower: 'mood score today' })).toBe(false);
    expect(inSeries(selector, { loincCode: '1-1', indicatorLower: 'mood score' })).toBe(false);
    expect(indicatorSearchText(selector)).toBe('score');
  });
});

describe('groupSeries', () => {
  it('groups coded and uncoded readings, most recently measured series first, counting abnormal ones', () => {
    const oldest = reading({ parsedValue: '180', referenceLow: 70, referenceHigh: 99 });
    const mood = reading({ loincCode: null, indicatorLower: 'mood', parsedValue: null });
    const flagged = reading({ parsedValue: '90', abnormal: true });
    const latest = reading({ parsedValue: '95' });
    const groups = groupSeries([latest, flagged, mood, oldest]);
    expect(groups.map((g) => g.series)).toEqual(['2345-7', 'ind:mood']);
    expect(groups[0]).toMatchObject({
      count: 3,
      numericCount: 3,
      // 180 is outside 70–99; 90 is flagged by its source.
      abnormalCount: 2,
      latest,
      referenceLow: 70,
      referenceHigh: 99,
    });
    expect(groups[1]).toMatchObject({ loincCode: null, count: 1, numericCount: 0, abnormalCount: 0 });
  });
});

describe('seriesColumns', () => {
  it('turns newest-first readings into oldest-first numeric columns with abnormal flags', () => {
    const a = reading({ parsedValue: '50', referenceLow: 70 });
    const b = reading({ parsedValue: 'positive' });
    const c = reading({ parsedValue: '80' });
    expect(seriesColumns([c, b, a])).toEqual({ time: [a.time, c.time], value: [50, 80], abnormal: [true, false] });
  });
});

describe('usageRange', () => {
  const now = Date.parse('2026-11-21T12:00:00Z');
  it('defaults to the 30 days ending today, or ending at to', () => {
    expect(usageRange({}, now)).toEqual({ from: '2026-10-23', to: '2026-11-21' });
    expect(usageRange({ to: '2026-10-31' }, now)).toEqual({ from: '2026-10-02', to: '2026-10-31' });
    expect(usageRange({ from: '2026-11-20' }, now)).toEqual({ from: '2026-11-20', to: '2026-11-21' });
  });

  it('spans at most 90 days, and from is not after to (400 naming from)', () => {
    expect(usageRange({ from: '2026-01-01', to: '2026-03-31' }, now)).toEqual({ from: '2026-01-01', to: '2026-03-31' });
    expect(() => usageRange({ from: '2026-01-01', to: '2026-04-01' }, now)).toThrow(
      expect.objectContaining({ param: 'from', code: 'invalid_from' }),
    );
    expect(() => usageRange({ from: '2026-05-02', to: '2026-05-01' }, now)).toThrow(
      expect.objectContaining({ param: 'from' }),
    );
  });
});
