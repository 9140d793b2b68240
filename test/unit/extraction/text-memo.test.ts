import { describe, expect, it } from 'vitest';
import { findDates } from '../../../shared/domain/extraction/dates';
import { extractReadingsOffline } from '../../../shared/domain/extraction/index';
import { readingInLine, valueStarts } from '../../../shared/domain/extraction/inline-readings';
import { isNoiseLine } from '../../../shared/domain/extraction/lines';
import { looksLikeUnit } from '../../../shared/domain/extraction/measurement';
import { KeyedTextMemo, memoisedByText, TextMemo } from '../../../shared/domain/extraction/text-memo';
import { foldText, headerRole } from '../../../shared/domain/extraction/vocabulary';

describe('answers remembered per text', () => {
  it('answers each text once, null and false answers included', () => {
    const asked: string[] = [];
    const answer = memoisedByText((text) => {
      asked.push(text);
      return text.startsWith('x') ? null : text.length > 3;
    });
    for (let k = 0; k < 3; k++) {
      expect(answer('xylose')).toBeNull();
      expect(answer('ab')).toBe(false);
      expect(answer('abcd')).toBe(true);
    }
    expect(asked).toEqual(['xylose', 'ab', 'abcd']);
  });

  it('starts afresh when full, so a long document keeps memory bounded', () => {
    let calls = 0;
    const answer = memoisedByText((text) => {
      calls++;
      return text.length;
    });
    answer('first');
    for (let k = 0; k < 10_000; k++) answer(`line ${k}`);
    const before = calls;
    answer('first'); // forgotten when the memo started afresh
    expect(calls).toBe(before + 1);
  });

  it('does not keep a long text (its hash costs its length on each look-up)', () => {
    const memo = new TextMemo<number>();
    const long = 'a'.repeat(5_000);
    expect(memo.set(long, 1)).toBe(1);
    expect(memo.get(long)).toBeUndefined();
    expect(memo.has(long)).toBe(false);
    memo.set('short', 2);
    expect(memo.get('short')).toBe(2);
  });

  it('keeps one memo per key: a date order reads the same text differently', () => {
    const memos = new KeyedTextMemo<string, string>();
    memos.of('day-first').set('03/04/2026', '2026-04-03');
    expect(memos.of('month-first').get('03/04/2026')).toBeUndefined();
    expect(memos.of('day-first').get('03/04/2026')).toBe('2026-04-03');
  });
});

describe('remembered readers answer as before and hand out copies', () => {
  it('findDates keeps each date order apart and gives a list the caller may change', () => {
    expect(findDates('Collected 03/04/2026', 'day-first')[0]?.iso).toBe('2026-04-03');
    expect(findDates('Collected 03/04/2026', 'month-first')[0]?.iso).toBe('2026-03-04');
    const first = findDates('from 12.01.2026 to 14.01.2026', 'day-first');
    first.pop();
    expect(findDates('from 12.01.2026 to 14.01.2026', 'day-first').map((d) => d.iso)).toEqual([
      '2026-01-12',
      '2026-01-14',
    ]);
    expect(findDates('no date here 12', 'day-first')).toEqual([]);
  });

  it('readingInLine gives each caller its own measurement to complete', () => {
    const line = 'Glucose 104 mg/dL';
    const first = readingInLine(line, 'month-first');
    expect(first?.measurement).toMatchObject({ value: '104', unit: 'mg/dL', flag: null });
    if (first) {
      first.measurement.flag = 'H';
      first.name = 'changed';
    }
    const again = readingInLine(line, 'month-first');
    expect(again?.name).toBe('Glucose');
    expect(again?.measurement.flag).toBeNull();
    expect(readingInLine('nothing to read here', 'month-first')).toBeNull();
    expect(readingInLine('nothing to read here', 'month-first')).toBeNull();
  });

  it('readingInLine still prefers a later complete reading to an earlier incomplete one, as before', () => {
    // `trace` is a worded value with words after it; the number at the end leaves nothing unread.
    expect(readingInLine('Protein trace Glucose 5.4 mmol/L', 'month-first')).toMatchObject({
      name: 'Protein trace Glucose',
      measurement: { value: '5.4', unit: 'mmol/L', rest: '' },
      complete: true,
    });
    // A name holding a loose number is not taken: the first reading stays, incomplete.
    expect(readingInLine('Hb 13.2 g/dL (12.0-15.5) repeat in 3 months', 'month-first')).toMatchObject({
      name: 'Hb',
      measurement: { value: '13.2', referenceRange: '12.0-15.5', rest: 'repeat in 3 months' },
      complete: false,
    });
    expect(readingInLine('Pregnant 12 weeks now TSH 2.1 mIU/L', 'month-first')).toMatchObject({
      name: 'Pregnant',
      measurement: { value: '12', rest: 'weeks now TSH 2.1 mIU/L' },
      complete: false,
    });
    expect(valueStarts('Na 140 K 4.2', 'month-first').length).toBeGreaterThanOrEqual(2);
  });

  it('the word checks answer the same on every asking', () => {
    for (let k = 0; k < 2; k++) {
      expect(foldText('Référence  Range')).toBe('reference range');
      expect(headerRole('Reference Range')).toBe('range');
      expect(headerRole('Glucose')).toBeNull();
      expect(looksLikeUnit('mmol/L')).toBe(true);
      expect(looksLikeUnit('river')).toBe(false);
      expect(isNoiseLine('Tel: 020 7946 0958')).toBe(true);
      expect(isNoiseLine('Sodium 140 mmol/L')).toBe(false);
    }
  });

  it('a document read twice gives the same readings, the second time from the memos', () => {
    const report = [
      'Collected: 12/03/2026 08:15',
      'Test                Result   Units     Reference',
      'Sodium              139      mmol/L    133-146',
      'Potassium           5.9      mmol/L    3.5-5.3   H',
      'HbA1c 48 mmol/mol, BP 128/82',
      'Your labs from March 4 are back.',
    ].join('\n');
    const first = extractReadingsOffline(report);
    if (first[0]) first[0].flag = 'changed';
    expect(extractReadingsOffline(report)).toEqual(extractReadingsOffline(report));
    expect(extractReadingsOffline(report)[0]?.flag).toBeNull();
    expect(extractReadingsOffline(report).map((r) => r.indicator)).toEqual(
      expect.arrayContaining(['Sodium', 'Potassium', 'HbA1c', 'BP']),
    );
  });
});
