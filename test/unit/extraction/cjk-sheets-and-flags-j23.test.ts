import { describe, expect, it } from 'vitest';
import { flagStatements } from '../../../shared/domain/extraction/flags-in-prose';
import { inchesAfterLength } from '../../../shared/domain/extraction/length-in-inches';
import { tidyReading } from '../../../shared/domain/extraction/range-tidy';
import type { ExtractedReading } from '../../../shared/domain/extraction/types';
import { datedVisitCaption } from '../../../shared/domain/extraction/visit-columns';
import { read } from './support/read-fields';

const row = (r: ReturnType<typeof read>[number]) => [r.indicator, r.value, r.referenceRange, r.flag, r.measuredAt];

describe('a visit caption dated in its own header cell (visit-columns.ts)', () => {
  it('reads the caption and its date, in any order and bracketing', () => {
    const visit = (rank: number, date: string) => ({ rank, year: null, date });
    expect(datedVisitCaption('前回 2025/04/18', 'day-first')).toEqual(visit(1, '2025-04-18'));
    expect(datedVisitCaption('今回（2026/04/21）', 'day-first')).toEqual(visit(0, '2026-04-21'));
    expect(datedVisitCaption('2026/04/21 今回', 'day-first')).toEqual(visit(0, '2026-04-21'));
    expect(datedVisitCaption('전회: 2025.05.02', 'day-first')).toEqual(visit(1, '2025-05-02'));
    // A collection caption, two dates, or a year caption with a date are no dated visit.
    expect(datedVisitCaption('採血日 2026/04/21', 'day-first')).toBeNull();
    expect(datedVisitCaption('前回 2025/04/18 2024/04/18', 'day-first')).toBeNull();
    expect(datedVisitCaption('2025年度（2025/04/18）', 'day-first')).toEqual({
      rank: null,
      year: 2025,
      date: '2025-04-18',
    });
    expect(datedVisitCaption('2026年度 2025/04/21', 'day-first')).toBeNull();
  });

  it('reads a Japanese 経年表 whose header dates each visit, a judgement column after them', () => {
    const text = [
      '検査項目　　　　　　単位　　　基準値　　　　前回 2025/04/18　　今回 2026/04/21　　判定',
      '　ＢＭＩ　　　　　　　　　　　18.5～24.9　　25.5　H　　　　　26.1　H　　　　　B',
      '　収縮期血圧　　　　mmHg　　　129以下　　　　128　　　　　　　136　H　　　　　B',
      '　ＨＤＬコレステロール　mg/dL　40以上　　　　52　　　　　　　　48',
      '　尿糖　　　　　　　　　　　　（－）　　　　（－）　　　　　　（－）　　　　　A',
    ].join('\n');
    expect(read(text).map(row)).toEqual([
      ['BMI', '25.5', null, 'H', '2025-04-18'], // session 23 decision: no range on earlier readings
      ['BMI', '26.1', '18.5~24.9', 'H', '2026-04-21'],
      ['収縮期血圧', '128', null, null, '2025-04-18'], // session 23 decision: no range on earlier readings
      ['収縮期血圧', '136', '129以下', 'H', '2026-04-21'],
      ['HDLコレステロール', '52', null, null, '2025-04-18'], // session 23 decision: no range on earlier readings
      ['HDLコレステロール', '48', '40以上', null, '2026-04-21'],
      ['尿糖', '(-)', null, null, '2025-04-18'], // session 23 decision: no range on earlier readings
      ['尿糖', '(-)', '(-)', null, '2026-04-21'],
    ]);
  });

  it('reads a Korean sheet the same way: dated captions, 판정 grades that flag no reading', () => {
    const text = [
      '검사항목        단위     참고치      전회(2025.05.02)   금회(2026.05.03)   판정',
      '공복혈당        mg/dL    70~99       96                 104 H              정상(B)',
      '총콜레스테롤    mg/dL    ~199        188                192                A',
    ].join('\n');
    expect(read(text).map(row)).toEqual([
      ['공복혈당', '96', null, null, '2025-05-02'], // session 23 decision: no range on earlier readings
      ['공복혈당', '104', '70~99', 'H', '2026-05-03'],
      ['총콜레스테롤', '188', null, null, '2025-05-02'], // session 23 decision: no range on earlier readings
      ['총콜레스테롤', '192', '~199', null, '2026-05-03'],
    ]);
  });
});

describe('year-captioned visits dated in the header (visit-columns.ts)', () => {
  it('reads a Chinese 体检 sheet captioned by year with each date', () => {
    const text = [
      '项目名称        单位      参考范围      2025年（2025-05-10）   2026年（2026-05-12）',
      '总胆固醇        mmol/L    <5.2          5.6 ↑                  5.1',
      '空腹血糖        mmol/L    3.9-6.1       6.3 ↑                  6.5 ↑',
    ].join('\n');
    expect(read(text).map(row)).toEqual([
      ['总胆固醇', '5.6', null, '↑', '2025-05-10'], // session 23 decision: no range on earlier readings
      ['总胆固醇', '5.1', '<5.2', null, '2026-05-12'],
      ['空腹血糖', '6.3', null, '↑', '2025-05-10'], // session 23 decision: no range on earlier readings
      ['空腹血糖', '6.5', '3.9-6.1', '↑', '2026-05-12'],
    ]);
  });
});

describe('a judgement column beside several visits is no reading’s flag (table-layout.ts)', () => {
  it('keeps each value’s own H under dated columns and drops the letter grade', () => {
    const text = [
      '　　　　　　　　　　　　　　　　　　　　　　前回　　　　　　今回',
      '検査項目　　　　　　単位　　　　基準値　　　2025/06/10　　　2026/06/09　　判定',
      '　中性脂肪　　　　　ｍｇ／ｄｌ　30～149　　　142　　　　　　　171　　H　　　Ｃ',
      '　空腹時血糖　　　　ｍｇ／ｄｌ　99以下　　　　97　　　　　　　104　　H　　　Ｂ',
    ].join('\n');
    expect(read(text).map((r) => [r.value, r.flag])).toEqual([
      ['142', null],
      ['171', 'H'],
      ['97', null],
      ['104', 'H'],
    ]);
  });

  it('still gives a single result its letter grade (one visit, d22)', () => {
    const text = [
      '受診日：2026年11月10日',
      '項目名　　　　　　　　結果　　　単位　　　基準値　　　判定',
      'ＬＤＬコレステロール　152　　　 mg/dL　　65-139　　　C',
    ].join('\n');
    expect(read(text).map((r) => r.flag)).toEqual(['C']);
  });
});

describe('a value glued to a bracketed full-width name (table-layout.ts)', () => {
  it('parts the name from its value in a CJK row', () => {
    const text = [
      '受診日：２０２６年３月５日',
      '項目名　　　　　　　　結果　　　単位　　　　基準値',
      'ＨｂＡ１ｃ（ＮＧＳＰ）５．９　Ｈ　％　　　　４．６～５．５',
      'γ－ＧＴ（γ－ＧＴＰ）８２　Ｈ　Ｕ／Ｌ　　　～８０',
      'ＣＡ１９－９　　　　　１２　　　Ｕ／ｍＬ　　～３７',
    ].join('\n');
    expect(read(text).map(row)).toEqual([
      ['HbA1c(NGSP)', '5.9', '4.6~5.5', 'H', '2026-03-05'],
      ['γ-GT(γ-GTP)', '82', '~80', 'H', '2026-03-05'],
      ['CA19-9', '12', '~37', null, '2026-03-05'],
    ]);
  });
});

describe('the admission date dates a summary’s undated findings, without its clock time (admission-dates.ts)', () => {
  it('dates a Japanese summary’s findings on admission by 入院日', () => {
    const text = [
      '入院日：2026年3月2日　　退院日：2026年3月12日',
      '【入院時現症】',
      '体温 38.9℃、脈拍 112回/分。',
    ].join('\n');
    expect(read(text).map((r) => r.measuredAt)).toEqual(['2026-03-02', '2026-03-02']);
  });

  it('keeps the day of a Chinese 入院日期 with a time, and of a Korean 입원일', () => {
    const chinese = ['入院日期：2026-01-15 14:20　　出院日期：2026-01-23 10:00', '入院查体：T 38.6℃，P 102次/分'].join(
      '\n',
    );
    expect(read(chinese).map((r) => r.measuredAt)).toEqual(['2026-01-15', '2026-01-15']);
    const korean = ['입원일: 2026-03-02 09:40   퇴원일: 2026-03-09', '체온 38.2℃, 맥박 104회/분'].join('\n');
    expect(read(korean).map((r) => r.measuredAt)).toEqual(['2026-03-02', '2026-03-02']);
  });

  it('keeps a collection date over the admission date', () => {
    const text = ['Admission Date: 03/04/2026 14:20', 'Collected: 04/04/2026 06:10', 'Sodium 138 mmol/L'].join('\n');
    expect(read(text).map((r) => r.measuredAt)).toEqual(['2026-04-04T06:10:00']);
  });
});

describe('an earlier value’s CJK lead (earlier-sentence.ts)', () => {
  it('dates the reading after 前回値（date）, 上次结果（date）, 이전 결과(date)', () => {
    const lines = [
      ['前回値（2026年8月20日）：LDLコレステロール 171 mg/dL', '2026-08-20'],
      ['上次结果（2026-05-01）：ALT 45 U/L', '2026-05-01'],
      ['이전 결과(2026.03.02): AST 30 U/L', '2026-03-02'],
    ];
    for (const [line, date] of lines) {
      const text = ['採取日：2026年11月17日', line].join('\n');
      expect(read(text).map((r) => r.measuredAt)).toEqual([date]);
    }
  });

  it('reads no earlier reading from a visit-caption line', () => {
    expect(read('前回 2025/04/18　　今回 2026/04/21')).toEqual([]);
  });
});

describe('flags a message states for readings above (flags-in-prose.ts)', () => {
  const table = [
    '| Test | Result | Range |',
    '|---|---|---|',
    '| AMH | 0.82 ng/mL | 1.0–3.5 |',
    '| Prolactin | 27.9 ng/mL | 4.8–23.3 |',
    '| TSH | 2.61 uIU/mL | 0.27–4.2 |',
  ];

  it('gives each named reading its flag, and reads no value from the words', () => {
    const text = [...table, '', 'the AMH one is flagged LOW and prolactin HIGH in the portal'].join('\n');
    expect(read(text).map((r) => [r.indicator, r.value, r.flag])).toEqual([
      ['AMH', '0.82', 'LOW'],
      ['Prolactin', '27.9', 'HIGH'],
      ['TSH', '2.61', null],
    ]);
  });

  it('reads other wordings and leaves an unflagged sentence alone', () => {
    expect(flagStatements('my TSH was marked as high, ferritin L')?.statements).toEqual([
      { name: 'TSH', flag: 'high' },
      { name: 'ferritin', flag: 'L' },
    ]);
    expect(flagStatements('Prolactin came back flagged H')?.statements).toEqual([{ name: 'Prolactin', flag: 'H' }]);
    // No flag verb: a remark, not the lab's flag.
    expect(flagStatements('my prolactin was high again')).toBeNull();
    const text = [...table, '', 'my prolactin was high again, TSH is flagged LOW? no idea'].join('\n');
    // TSH is a name the table read: flagged; prolactin keeps none.
    expect(read(text).map((r) => r.flag)).toEqual([null, null, 'LOW']);
  });

  it('never overwrites a printed flag nor flags a name the report did not read', () => {
    const text = ['Glucose   104 mg/dL   H', 'Glucose is flagged LOW; ferritin flagged high'].join('\n');
    expect(read(text).map((r) => [r.indicator, r.flag])).toEqual([['Glucose', 'H']]);
  });
});

describe('words around a band and a value (range-tidy.ts, inline readings)', () => {
  const reading = (referenceRange: string): ExtractedReading => ({
    indicator: 'AMH',
    value: '0.82',
    unit: 'ng/mL',
    referenceRange,
    flag: null,
    measuredAt: null,
  });

  it('drops a patient’s bracketed question after a band, not a population note', () => {
    for (const [written, band] of [
      ['1.0–3.5 (for my age?)', '1.0–3.5'],
      ['4.8-23.3 (normal?)', '4.8-23.3'],
      ['< 200（正常？）', '< 200'],
      ['1.0–3.5 (adults)', '1.0–3.5 (adults)'],
    ]) {
      const r = reading(written as string);
      tidyReading(r);
      expect(r.referenceRange).toBe(band);
    }
  });

  it('reads a numbered name before leaders as a caption, not a value', () => {
    const text = ['Collected: 08/19/2026', 'Blood Pressure 1 .. Systolic 138   Diastolic 88'].join('\n');
    expect(read(text).map((r) => [r.indicator, r.value])).toEqual([
      ['Systolic', '138'],
      ['Diastolic', '88'],
    ]);
  });

  it('reads inches after a body length only', () => {
    expect(inchesAfterLength('Height', 'in')).toBe('in');
    expect(inchesAfterLength('Waist circumference', 'inches')).toBe('inches');
    expect(inchesAfterLength('Potassium', 'in')).toBeNull();
    expect(inchesAfterLength('Height', 'in the chart')).toBeNull();
    const text = ['Collected: 08/19/2026', 'Height ............ 71 in', 'Weight ............ 204 lbs'].join('\n');
    expect(read(text).map((r) => [r.indicator, r.value, r.unit])).toEqual([
      ['Height', '71', 'in'],
      ['Weight', '204', 'lbs'],
    ]);
  });

  it('keeps a portal’s Not Established range slot as printed', () => {
    const text = [
      'Collected on Jun 2, 2026 8:03 AM',
      'Component',
      'Your Value',
      'Standard Range',
      'PSA, Free',
      '0.71 ng/mL',
      'Not Established',
      'PSA, % Free',
      '13 %',
      '>25 %',
    ].join('\n');
    expect(read(text).map((r) => [r.indicator, r.referenceRange])).toEqual([
      ['PSA, Free', 'Not Established'],
      ['PSA, % Free', '>25'],
    ]);
  });
});
