import { describe, expect, it } from 'vitest';
import { extractReadingsOffline } from '../../../shared/domain/extraction';
import { parseMeasurement } from '../../../shared/domain/extraction/measurement';
import { isSectionHeadingLine, stripRowMarks } from '../../../shared/domain/extraction/row-marks';
import { detectHeader } from '../../../shared/domain/extraction/table-layout';
import { visitCaption, visitDatesLine } from '../../../shared/domain/extraction/visit-columns';
import { foldText, headerRole } from '../../../shared/domain/extraction/vocabulary';

const pairs = (text: string) => extractReadingsOffline(text).map((r) => `${r.indicator}=${r.value}`);

describe('section headings and row numbers are never part of a name', () => {
  it('strips a bracketed heading, a bullet or a row number in front of a name', () => {
    expect(stripRowMarks('【生化学】 AST(GOT)')).toBe('AST(GOT)');
    expect(stripRowMarks('[Chemistry] Glucose')).toBe('Glucose');
    expect(stripRowMarks('◆ 총콜레스테롤')).toBe('총콜레스테롤');
    expect(stripRowMarks('1. Glucose')).toBe('Glucose');
    expect(stripRowMarks('(3) Creatinine')).toBe('Creatinine');
    expect(stripRowMarks('2 天门冬氨酸氨基转移酶(AST)')).toBe('天门冬氨酸氨基转移酶(AST)');
    expect(stripRowMarks('12 Glucose')).toBe('Glucose');
  });

  it('keeps names that start with a number and marks with nothing after them', () => {
    expect(stripRowMarks('17 OH progesterone')).toBe('17 OH progesterone');
    expect(stripRowMarks('25 Hydroxy vitamin D')).toBe('25 Hydroxy vitamin D');
    expect(stripRowMarks('1,25-Dihydroxyvitamin D')).toBe('1,25-Dihydroxyvitamin D');
    expect(stripRowMarks('[Chemistry]')).toBe('[Chemistry]');
    expect(stripRowMarks('Vitamin B12')).toBe('Vitamin B12');
  });

  it('knows a heading line of its own', () => {
    expect(isSectionHeadingLine('【血液一般】')).toBe(true);
    expect(isSectionHeadingLine('[요침사 Urine Microscopy]')).toBe(true);
    expect(isSectionHeadingLine('■ 肝機能')).toBe(true);
    expect(isSectionHeadingLine('【総合判定】　Ｃ（要経過観察）')).toBe(false);
    expect(isSectionHeadingLine('Glucose')).toBe(false);
  });

  it('does not glue a heading line onto the first row under it', () => {
    const text = [
      '検査項目　　　結果　　単位　　基準値',
      '【生化学】',
      'ＡＳＴ（ＧＯＴ）　２４　　U/L　　１３～３０',
    ].join('\n');
    expect(pairs(text)).toEqual(['AST(GOT)=24']);
  });

  it('drops a serial number glued to a CJK name', () => {
    const text = [
      '序号  项目名称              结果        单位        参考区间',
      ' 1    丙氨酸氨基转移酶(ALT)   56    ↑     U/L         7-40',
      ' 2    天门冬氨酸氨基转移酶(AST) 33        U/L         13-35',
    ].join('\n');
    expect(pairs(text)).toEqual(['丙氨酸氨基转移酶(ALT)=56', '天门冬氨酸氨基转移酶(AST)=33']);
  });
});

describe('Korean header words', () => {
  it('are compared as whole syllables', () => {
    expect(foldText('결과')).toBe('결과');
    expect(headerRole('검사명')).toBe('name');
    expect(headerRole('결과')).toBe('value');
    expect(headerRole('참고치')).toBe('range');
    expect(headerRole('단위')).toBe('unit');
  });
});

describe('semi-quantitative urinalysis results', () => {
  it('reads a microscopy count span as the value and the span after it as the range', () => {
    const m = parseMeasurement('6-10   /HPF    A     0 - 2', 0);
    expect(m).toMatchObject({ value: '6-10', unit: '/HPF', referenceRange: '0 - 2', flag: 'A' });
    expect(pairs('  RBC                        6-10   /HPF    A     0 - 2')).toEqual(['RBC=6-10']);
  });

  it('never reads a bare reference span as a value', () => {
    expect(parseMeasurement('0 - 5', 0)).toBeNull();
    expect(pairs('Reference range 0-5 per HPF for casts in a normal sample.')).toEqual([]);
  });

  it('reads words of absence as results', () => {
    const text = [
      '검사명                     결과          판정    참고치               단위',
      'WBC                        0-4                   0 ~ 4                /HPF',
      'Cast                       Not found',
      'Bacteria                   Not found',
    ].join('\n');
    expect(pairs(text)).toEqual(['WBC=0-4', 'Cast=Not found', 'Bacteria=Not found']);
  });

  it('does not throw nor slow down on malformed or huge input', () => {
    // Many rows with every mark, a truncated heading, long runs of openers and spans: time grows with the rows only.
    const rows = Array.from({ length: 2000 }, (_, i) => `${i} 【生化学】 ■ 1. RBC   5-9 /HPF   0 - 4`).join('\n');
    const huge = `${'【'.repeat(2000)}\n${'['.repeat(2000)}\n${rows}\n${'5-'.repeat(30000)}\n【生化学`;
    const started = Date.now();
    expect(() => extractReadingsOffline(huge)).not.toThrow();
    expect(() => stripRowMarks('【'.repeat(50000))).not.toThrow();
    expect(Date.now() - started).toBeLessThan(15000);
  });
});

describe('check-up sheets with visit columns', () => {
  const sheet = [
    '　　　　　　　　　　　　今回　　　　　　前回',
    '受診日　　　　　　　　２０２６／０２／１８　　２０２５／０２／２０',
    '',
    '検査項目　　　　　　　今回　　　　　　前回　　　　　基準値　　　　　単位',
    'ＢＭＩ　　　　　　　　２６．３　Ｈ　　２５．８　Ｈ　　18.5～24.9',
    'γ－ＧＴ　　　　　　　７２　Ｈ　　　　６１　Ｈ　　　　～50　　　　　Ｕ／Ｌ',
  ].join('\n');

  it('reads one reading per visit, dated by the visit dates line', () => {
    const readings = extractReadingsOffline(sheet);
    expect(readings.map((r) => `${r.indicator}=${r.value}@${r.measuredAt}`)).toEqual([
      'BMI=26.3@2026-02-18',
      'BMI=25.8@2025-02-20',
      'γ-GT=72@2026-02-18',
      'γ-GT=61@2025-02-20',
    ]);
    expect(readings[2]).toMatchObject({ unit: 'U/L', flag: 'H' });
  });

  it('ranks year captions newest first and leaves an undated earlier visit out', () => {
    expect(visitCaption('令和7年度')).toEqual({ rank: null, year: 2025 });
    expect(visitCaption('2026年度')).toEqual({ rank: null, year: 2026 });
    expect(visitCaption('전회')).toEqual({ rank: 1, year: null });
    expect(visitCaption('2026')).toBeNull();
    const text = [
      '検査項目　　　２０２５年度　　２０２６年度　　基準値',
      'ＨｂＡ１ｃ　　５．６　　　　　５．９　Ｈ　　　～5.5',
    ].join('\n');
    expect(extractReadingsOffline(text).map((r) => `${r.value}@${r.measuredAt}`)).toEqual(['5.9@null']);
  });

  it('knows a visit dates line and gives its dates to the visit columns left to right', () => {
    expect(visitDatesLine('受診日  2026/02/18  2025/02/20', 'day-first')).toEqual(['2026-02-18', '2025-02-20']);
    expect(visitDatesLine('受診日  2026/02/18  72 mg/dL', 'day-first')).toBeNull();
    expect(visitDatesLine('Name  2026/02/18  2025/02/20', 'day-first')).toBeNull();
  });

  it('does not take a line of visit captions alone for a header', () => {
    expect(detectHeader('            今回            前回', 'day-first')).toBeNull();
  });
});

describe('urinalysis layouts in other languages', () => {
  it('reads a CJK row with fewer cells than columns in column order when each cell fits', () => {
    const text = [
      '序号    项目                    结果              参考值             单位',
      ' 4    隐血(BLD)               ++              阴性',
      '14    上皮细胞                  少量',
    ].join('\n');
    expect(extractReadingsOffline(text).map((r) => `${r.indicator}=${r.value}|${r.referenceRange}`)).toEqual([
      '隐血(BLD)=++|阴性',
      '上皮细胞=少量|null',
    ]);
  });

  it('reads a full-width row with its flag in a cell of its own under a CJK header, open bounds as ranges', () => {
    const text = [
      '項目名　　　　　　　　結果　　　単位　　　　基準値',
      'γ－ＧＴＰ　　　　　　８２　Ｈ　Ｕ／Ｌ　　　～８０',
    ].join('\n');
    expect(extractReadingsOffline(text)).toMatchObject([
      { indicator: 'γ-GTP', value: '82', unit: 'U/L', referenceRange: '~80', flag: 'H' },
    ]);
  });

  it('takes a phone number after Ph: for a contact, not a pH reading', () => {
    expect(pairs('#12-2-417, Main Road, Hyderabad - 500028   Ph: 040-2351 7788')).toEqual([]);
    expect(pairs('Reaction (pH)   6.5   4.6 - 8.0')).toEqual(['Reaction (pH)=6.5']);
    expect(pairs('pH: 6.0  (5.0 - 8.0)')).toEqual(['pH=6.0']);
  });

  it('knows a Test Description caption as the test column', () => {
    const text = [
      'Test Description              Result                Units        Biological Ref. Interval',
      'Appearance                    Slightly Turbid                    Clear',
      'RBCs                          2-4                   /HPF         Nil',
    ].join('\n');
    expect(pairs(text)).toEqual(['Appearance=Slightly Turbid', 'RBCs=2-4']);
  });
});
