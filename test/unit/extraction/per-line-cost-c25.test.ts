import { describe, expect, it } from 'vitest';
import { abbreviatedCaptionMatcher } from '../../../shared/domain/extraction/abbreviated-captions';
import { extractReadingsOffline } from '../../../shared/domain/extraction/index';
import { parseMeasurement } from '../../../shared/domain/extraction/measurement';

/**
 * Session 25's per-line cost changes ask the same questions in another order or of fewer candidates; these pin the
 * answers they must keep.
 */
describe('a run of tokens read as one unit (its two tests asked cheaper first)', () => {
  it.each([
    ['120 mm Hg', 'mm Hg'],
    ['5.2 x 10^3/uL', 'x 10^3/uL'],
    ['140 mmol / L', 'mmol / L'],
    ['98 mg / dL', 'mg / dL'],
    ['150 mg/24 h', 'mg/24 h'],
    ['4.1 10*3/uL high', '10*3/uL'],
  ])('%s has the unit %s', (text, unit) => {
    expect(parseMeasurement(text)?.unit).toBe(unit);
  });

  it('keeps one word of a unit before prose (`km and she`), and stops at a comma in a log line', () => {
    expect(parseMeasurement('5 km and she')).toMatchObject({ unit: 'km', rest: 'and she' });
    expect(parseMeasurement('12.5 ms, kalo 3')).toMatchObject({ unit: 'ms', rest: ', kalo 3' });
  });

  it('reads no unit from a log line’s time stamp glued to its level and component', () => {
    expect(parseMeasurement('07Z INFO kalo.mir dravun took')).toBeNull();
  });

  it('reads nothing from a log dump and every reading from a report using spaced units', () => {
    const log = [
      '2026-03-14T10:07:07Z INFO kalomir.tesvun dravun took 123.4 ms, kalo 12 MB',
      '2026-03-14T10:08:07Z WARN pel.sor ix took 5 ms, fos 3 MB',
    ].join('\n');
    expect(extractReadingsOffline(log)).toEqual([]);
    const report = 'Blood pressure 128/82 mm Hg\nWBC 6.4 x 10^3/uL\nProtein 150 mg/24 h';
    expect(extractReadingsOffline(report).map((r) => [r.indicator, r.value, r.unit])).toEqual([
      ['Blood pressure', '128/82', 'mm Hg'],
      ['WBC', '6.4', 'x 10^3/uL'],
      ['Protein', '150', 'mg/24 h'],
    ]);
  });
});

describe('abbreviated captions compared by word count and first letter', () => {
  const fold = (text: string) => text.toLowerCase();
  const matcher = abbreviatedCaptionMatcher(
    new Map([
      ['reference interval', 'range'],
      ['valori di riferimento', 'range'],
      ['unità di misura', 'unit'],
      ['result', 'value'],
      ['referto', 'other'],
    ]),
    fold,
  );

  it.each([
    ['Ref. Interv.', 'range'],
    ['VALORI DI RIF.', 'range'],
    ['Val. rif.', 'range'],
    ['Unità mis.', 'unit'],
    ['Res.', 'value'],
    ['Ref.', 'other'],
  ])('%s stands for a %s caption', (cell, role) => {
    expect(matcher(cell)).toBe(role);
  });

  it('matches no caption whose first or later word starts otherwise', () => {
    expect(matcher('Xef. Interv.')).toBeNull();
    expect(matcher('Rif. Interv.')).toBeNull();
  });

  it('answers none for a cut word two roles share, among captions of one first letter', () => {
    const shared = abbreviatedCaptionMatcher(
      new Map([
        ['result', 'value'],
        ['resistance', 'other'],
        ['range', 'range'],
      ]),
      fold,
    );
    expect(shared('Res.')).toBeNull();
    expect(shared('Ran.')).toBe('range');
  });
});
