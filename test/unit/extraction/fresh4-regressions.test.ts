import { describe, expect, it } from 'vitest';
import { extractReadingsOffline } from '../../../shared/domain/extraction/index';

const report = [
  'LIVER FUNCTION (cumulative)',
  '                                                          Units     Ref Range',
  'Date              04/02/26     18/02/26',
  'Time                  0745         1130',
  'Lab No.          26-1102934   26-1187711',
  'ALT                     61H          48H          U/L       (<35)',
  'Albumin                 33L          36           g/L       (35-50)',
].join('\n');

describe('a cumulative header with captioned rows of dates, times and lab numbers', () => {
  it('reads every column, each dated by the date and the (right-aligned, military) time printed under it', () => {
    const rows = extractReadingsOffline(report).map((r) => [r.indicator, r.value, r.measuredAt]);
    expect(rows).toEqual([
      ['ALT', '61', '2026-02-04T07:45:00'],
      ['ALT', '48', '2026-02-18T11:30:00'],
      ['Albumin', '33', '2026-02-04T07:45:00'],
      ['Albumin', '36', '2026-02-18T11:30:00'],
    ]);
  });

  it('reads the same table when the time row has no caption', () => {
    const uncaptioned = report.replace('Time              ', '                  ');
    expect(extractReadingsOffline(uncaptioned).map((r) => r.value)).toEqual(['61', '48', '33', '36']);
  });
});

describe('one block per test, with result and reference captions in more languages', () => {
  it('reads a Polish and a Dutch block under its name line', () => {
    const polish = 'Ferrytyna\n  Wynik:   23,4 ng/ml\n  Zakres referencyjny: 13 - 150\n';
    const dutch = 'Vrij T4\n  Uitslag:   15,2 pmol/l\n  Referentiewaarde: 11 - 22\n';
    for (const [text, name, value, range] of [
      [polish, 'Ferrytyna', '23,4', '13 - 150'],
      [dutch, 'Vrij T4', '15,2', '11 - 22'],
    ] as const) {
      const [reading, ...rest] = extractReadingsOffline(text);
      expect(rest).toEqual([]);
      expect([reading?.indicator, reading?.value, reading?.referenceRange]).toEqual([name, value, range]);
    }
  });
});
