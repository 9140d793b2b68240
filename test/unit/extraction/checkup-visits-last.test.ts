import { describe, expect, it } from 'vitest';
import { extractReadingsOffline } from '../../../shared/domain/extraction';
import { detectHeader, readTableRow } from '../../../shared/domain/extraction/table-layout';
import { visitDatesLine } from '../../../shared/domain/extraction/visit-columns';

/** Check-up sheets whose unit and range columns come before the visit columns, dates uncaptioned under the header. */
describe('check-up sheets with the visit columns last', () => {
  const sheet = [
    '検査項目　　　　　単位　　　基準値　　　　今回　　　　　前回　　　　　前々回',
    '　　　　　　　　　　　　　　　　　　　　　2026/05/20　　2025/05/22　　2024/05/17',
    '【腎機能】',
    'クレアチニン　　　mg/dL　　 1.00以下　　　1.12 H　　　　0.98　　　　　0.95',
    'eGFR　　　　　　　　　　　　60.0～　　　　 55.2 L　　　　62.0　　　　　64.3',
    '腹囲　　　　　　　cm　　　　　　　　　　　 86.0　　　　　84.5　　　　　83.0',
    '尿糖　　　　　　　　　　　　（－）　　　　（－）　　　　（＋）　　　　（－）',
    '判定区分　　　　　Ａ 異常なし　Ｂ 軽度異常　Ｃ 要経過観察　Ｄ 要医療',
  ].join('\n');

  it('dates the visits from the uncaptioned line and reads rows with an empty unit or range cell by role', () => {
    const readings = extractReadingsOffline(sheet);
    const written = readings.map(
      (r) => `${r.indicator}=${r.value} ${r.unit ?? '-'} ${r.referenceRange ?? '-'}@${r.measuredAt}`,
    );
    // Session 23 decision: the printed range is this visit's only, none on the earlier visits.
    expect(written).toEqual([
      'クレアチニン=1.12 mg/dL 1.00以下@2026-05-20',
      'クレアチニン=0.98 mg/dL -@2025-05-22',
      'クレアチニン=0.95 mg/dL -@2024-05-17',
      'eGFR=55.2 - 60.0~@2026-05-20',
      'eGFR=62.0 - -@2025-05-22',
      'eGFR=64.3 - -@2024-05-17',
      '腹囲=86.0 cm -@2026-05-20',
      '腹囲=84.5 cm -@2025-05-22',
      '腹囲=83.0 cm -@2024-05-17',
      '尿糖=(-) - (-)@2026-05-20',
      '尿糖=(+) - -@2025-05-22',
      '尿糖=(-) - -@2024-05-17',
    ]);
    expect(readings[0]).toMatchObject({ flag: 'H' });
    expect(readings[3]).toMatchObject({ flag: 'L' });
  });

  it('wants a caption for a dates line unless the caller is under a header with undated visit columns', () => {
    expect(visitDatesLine('            2026/05/20    2025/05/22', 'day-first')).toBeNull();
    expect(visitDatesLine('            2026/05/20    2025/05/22', 'day-first', true)).toEqual([
      '2026-05-20',
      '2025-05-22',
    ]);
    expect(visitDatesLine('Printed  2026/05/20    2025/05/22', 'day-first', true)).toBeNull();
  });

  it('leaves a row whose earlier visit is empty to the positional reader rather than shift its value', () => {
    const header = detectHeader('검사항목    단위    참고치    금회    전회', 'day-first');
    expect(header).not.toBeNull();
    const layout = header as NonNullable<typeof header>;
    for (const column of layout.columns) if (column.visit !== undefined) column.date = `202${5 - column.visit}-09-03`;
    const rows = readTableRow('공복혈당    mg/dL    70~99    104 H', layout, 'day-first');
    expect(rows?.map((r) => `${r.measurement.value}@${r.measuredAt}`) ?? []).not.toContain('104@2024-09-03');
  });

  it('never reads a grading legend under the visit columns, and stays fast on huge input', () => {
    expect(extractReadingsOffline(sheet).some((r) => r.indicator.startsWith('判定'))).toBe(false);
    const huge = `${sheet.split('\n').slice(0, 2).join('\n')}\n${'ＢＭＩ　　　　18.5～24.9　　25.5 H　　24.8\n'.repeat(4000)}`;
    const started = Date.now();
    expect(() => extractReadingsOffline(huge)).not.toThrow();
    expect(Date.now() - started).toBeLessThan(20000);
  });
});
