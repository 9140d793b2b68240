import { describe, expect, it } from 'vitest';
import { extractReadingsOffline } from '../../../shared/domain/extraction/index';
import { normalizeText } from '../../../shared/domain/extraction/lines';

describe('full-width brackets around a half-width sign keep the columns after them in place', () => {
  it('pads a cell to its printed width, whatever part of it was full width', () => {
    // `（±）` prints six columns (double-byte brackets and sign), as wide as `（－）`.
    expect(normalizeText('（±）　　y')).toBe(normalizeText('（－）　　y').replace('-', '±'));
    expect(normalizeText('HbA1c（NGSP）　x')).toBe('HbA1c(NGSP)    x');
  });

  it('does not pad a cell that ends the line nor one followed by a single space', () => {
    expect(normalizeText('尿蛋白　（±）')).toBe('尿蛋白  (±)');
    expect(normalizeText('（±） x')).toBe('(±) x');
  });

  it('reads a check-up row of bracketed grades under its visit columns', () => {
    const sheet = [
      '検査項目　　　　　　　　単位　　　　今回　　　　　　前回　　　　　　基準値',
      '受診日　　　　　　　　　　　　　　　2025/10/14　　 2024/10/08',
      '尿蛋白　　　　　　　　　　　　　　　（±）　　　　　（－）　　　　　（－）',
    ].join('\n');
    expect(extractReadingsOffline(sheet).map((r) => [r.indicator, r.value, r.referenceRange, r.measuredAt])).toEqual([
      ['尿蛋白', '(±)', '(-)', '2025-10-14'],
      ['尿蛋白', '(-)', null, '2024-10-08'], // session 23 decision: no range on earlier readings
    ]);
  });

  it('stays linear on a huge line of brackets', () => {
    const started = Date.now();
    expect(() => normalizeText('（±）　'.repeat(50_000))).not.toThrow();
    expect(Date.now() - started).toBeLessThan(1000);
  });
});

describe('E notation and CJK not-detected words in cumulative columns', () => {
  const table = [
    '검사명                    단위        참고치          2025-12-03     2026-01-14     2026-02-25',
    'HBV DNA 정량(Real-time)   IU/mL       미검출          1.53E+03 H     <20            미검출',
    '* HBV DNA 정량 측정범위: 20 ~ 1.7E+08 IU/mL',
  ].join('\n');

  it('reads a value in E notation with its flag, a comparator value and a not-detected word', () => {
    expect(extractReadingsOffline(table).map((r) => [r.value, r.flag, r.referenceRange, r.measuredAt])).toEqual([
      // Session 23 decision: the printed range is the newest reading's.
      ['1.53E+03', 'H', null, '2025-12-03'],
      ['<20', null, null, '2026-01-14'],
      ['미검출', null, '미검출', '2026-02-25'],
    ]);
  });

  it('reads E notation in a line too, and never a code with an E in it', () => {
    expect(extractReadingsOffline('HIV-1 RNA: 4.1E+04 copies/mL').map((r) => r.value)).toEqual(['4.1E+04']);
    expect(extractReadingsOffline('Aviso COFEPRIS: 2609012E0345').map((r) => r.value)).toEqual([]);
  });
});
