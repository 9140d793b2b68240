import { describe, expect, it } from 'vitest';
import { findDates, reportDate } from '../../../shared/domain/extraction/dates';
import { extractReadingsOffline } from '../../../shared/domain/extraction/index';
import { isNoiseLine, normalizeText, splitCells } from '../../../shared/domain/extraction/lines';
import { headerRole } from '../../../shared/domain/extraction/vocabulary';

/** The fields the tests compare, without the date unless asked. */
function fields(text: string) {
  return extractReadingsOffline(text).map(({ indicator, value, unit, referenceRange, flag }) => ({
    indicator,
    value,
    unit,
    referenceRange,
    flag,
  }));
}

describe('full-width normalisation', () => {
  it('turns full-width digits, letters and punctuation into ASCII', () => {
    expect(normalizeText('１２３ ｍｇ／ｄＬ （７０－９９） ：，．')).toBe('123 mg/dL (70-99) :,.');
  });

  it('makes an ideographic space a column gap of two spaces', () => {
    expect(normalizeText('血糖\u3000104')).toBe('血糖  104');
    expect(splitCells(normalizeText('血糖\u3000104\u3000mg/dL'), 'spaces').map((c) => c.text)).toEqual([
      '血糖',
      '104',
      'mg/dL',
    ]);
  });

  it('keeps the micro sign, Greek mu, superscripts and half-width katakana as written', () => {
    expect(normalizeText('µg/L μIU/mL 10⁹/L mm³ ｱﾙﾌﾞﾐﾝ')).toBe('µg/L μIU/mL 10⁹/L mm³ ｱﾙﾌﾞﾐﾝ');
  });

  it('spells squared CJK unit signs with letters, micro as the micro sign', () => {
    expect(normalizeText('㎎/㎗ ㎍/㎖ ㎕')).toBe('mg/dl µg/ml µl');
  });

  it('pads a full-width run that ends a cell to its printed width, so later columns stay under their header', () => {
    expect(normalizeText('７．２\u3000ｇ／ｄＬ')).toBe('7.2     g/dL');
    // inside a cell (no gap after it) nothing is padded: the padding would split the cell
    expect(normalizeText('ＨｂＡ１ｃ(NGSP)')).toBe('HbA1c(NGSP)');
  });

  it('reads a full-width inline reading with a full-width range', () => {
    expect(fields('血糖\u3000１０４\u3000ｍｇ／ｄＬ\u3000（７０－１０９）')).toEqual([
      { indicator: '血糖', value: '104', unit: 'mg/dL', referenceRange: '70-109', flag: null },
    ]);
  });

  it('takes a letter glued to a value for a flag only in a result cell or beside a unit or range', () => {
    expect(fields('WBC 12.5H 10^9/L 3.5-9.5')[0]?.flag).toBe('H');
    expect(fields('Potassium 3.1L (3.5-5.1)')[0]?.flag).toBe('L');
    expect(fields('Urine output 3L today')).toEqual([]);
  });

  it('reads a flag arrow glued to the unit and a range glued to the arrow', () => {
    expect(fields('血红蛋白：１２８ｇ／Ｌ↓（１３０－１７５）')).toEqual([
      { indicator: '血红蛋白', value: '128', unit: 'g/L', referenceRange: '130-175', flag: '↓' },
    ]);
    expect(fields('Hemoglobin: 12.8g/dL↓ (13.0-17.5)')[0]?.flag).toBe('↓');
    expect(fields('총콜레스테롤  232▲  mg/dl  0~200')[0]?.flag).toBe('▲');
  });

  it('reads an ideographic space inside a name as a word space', () => {
    expect(fields('ＨＤＬ\u3000コレステロール\u3000４５\u3000ｍｇ／ｄＬ\u3000（４０～９０）')[0]?.indicator).toBe(
      'HDL コレステロール',
    );
  });

  it('reads wave-dash and tilde ranges (～, 〜, ~)', () => {
    expect(fields('総蛋白\u3000７．２\u3000ｇ／ｄＬ\u3000６．６～８．１')[0]?.referenceRange).toBe('6.6~8.1');
    expect(fields('Albumin  4.5 g/dL  4.1〜5.1')[0]?.referenceRange).toBe('4.1〜5.1');
    expect(fields('Glucose  104 mg/dL  70~99')[0]?.referenceRange).toBe('70~99');
  });
});

describe('Chinese 检验报告单 tables', () => {
  const header = '序号  项目名称            缩写      结果      提示    单位        参考范围';

  it('reads the name column as written, not the abbreviation, with a flag column between value and unit', () => {
    const text = [
      header,
      '1     白细胞计数          WBC       11.2      ↑       10^9/L      3.5-9.5',
      '2     红细胞计数          RBC       4.12      ↓       10^12/L     4.3-5.8',
      '3     平均红细胞体积      MCV       93.4              fL          82-100',
    ].join('\n');
    expect(fields(text)).toEqual([
      { indicator: '白细胞计数', value: '11.2', unit: '10^9/L', referenceRange: '3.5-9.5', flag: '↑' },
      { indicator: '红细胞计数', value: '4.12', unit: '10^12/L', referenceRange: '4.3-5.8', flag: '↓' },
      { indicator: '平均红细胞体积', value: '93.4', unit: 'fL', referenceRange: '82-100', flag: null },
    ]);
  });

  it('maps cells by printed width: CJK names push their row to the right of their character count', () => {
    // `中性粒细胞百分比` is 8 characters but 16 columns wide: counted in characters its row would shift left
    const text = [
      '项目名称            结果      单位      参考区间',
      '中性粒细胞百分比    78.6      %         40.0-75.0',
      '血红蛋白            128       g/L       130-175',
    ].join('\n');
    expect(fields(text).map((r) => [r.indicator, r.value, r.unit, r.referenceRange])).toEqual([
      ['中性粒细胞百分比', '78.6', '%', '40.0-75.0'],
      ['血红蛋白', '128', 'g/L', '130-175'],
    ]);
  });

  it('keeps overlap mapping for Latin rows whose name has a gap', () => {
    const text = [
      'Test              Result    Flag    Units     Range',
      'Glucose  Fasting  104               mg/dL     70-99',
    ];
    expect(fields(text.join('\n')).map((r) => [r.indicator, r.value])).toEqual([['Glucose Fasting', '104']]);
  });

  it('reads the `No 检验项目 结果 提示 参考区间 单位` layout with flags stuck to the value', () => {
    const text = [
      'No  检验项目        结果      提示    参考区间      单位',
      '1   谷丙转氨酶      52↑               9-50          U/L',
      '2   总胆固醇        6.12H             <5.18         mmol/L',
      '3   钾              3.3       L       3.5-5.3       mmol/L',
    ].join('\n');
    expect(fields(text)).toEqual([
      { indicator: '谷丙转氨酶', value: '52', unit: 'U/L', referenceRange: '9-50', flag: '↑' },
      { indicator: '总胆固醇', value: '6.12', unit: 'mmol/L', referenceRange: '<5.18', flag: 'H' },
      { indicator: '钾', value: '3.3', unit: 'mmol/L', referenceRange: '3.5-5.3', flag: 'L' },
    ]);
  });

  it('knows the other header words: 代号, 英文名称, 检测值, 结果值, 参考值, 标志, 异常提示', () => {
    for (const line of [
      '代号  项目  检测值  单位  参考值  标志',
      '英文名称  检验项目  结果值  异常提示  单位  参考区间',
    ]) {
      const text = `${line}\nGLU  葡萄糖  7.8  mmol/L  3.9-6.1  ↑`;
      const rows = fields(text.includes('英文名称') ? `${line}\nGLU  葡萄糖  7.8  ↑  mmol/L  3.9-6.1` : text);
      expect(rows).toEqual([
        { indicator: '葡萄糖', value: '7.8', unit: 'mmol/L', referenceRange: '3.9-6.1', flag: '↑' },
      ]);
    }
  });

  it('reads 偏高/偏低/高/低 flag words and graded 阴性/阳性 results (the bracketed grade is part of the value)', () => {
    const text = [
      '项目名称      结果      提示    单位        参考范围',
      '葡萄糖        7.8       偏高    mmol/L      3.9-6.1',
      '钾            3.2       低      mmol/L      3.5-5.3',
      '尿蛋白        阳性(+)',
      '亚硝酸盐      阴性(-)                       阴性',
    ].join('\n');
    expect(fields(text).map((r) => [r.indicator, r.value, r.referenceRange, r.flag])).toEqual([
      ['葡萄糖', '7.8', '3.9-6.1', '偏高'],
      ['钾', '3.2', '3.5-5.3', '低'],
      ['尿蛋白', '阳性(+)', null, null],
      ['亚硝酸盐', '阴性(-)', '阴性', null],
    ]);
    expect(fields('검사명    결과    단위    참고치    판정\n칼륨    3.2    mmol/L    3.5~5.1    낮음')[0]?.flag).toBe(
      '낮음',
    );
  });

  it('reads a two-column page of numbered rows, the gutter found in printed columns', () => {
    const text = [
      'No  项目          结果    参考值          No  项目          结果    参考值',
      '1   白细胞计数    6.5     3.5-9.5         10  血红蛋白      128↓    130-175',
      '2   红细胞计数    4.50    4.3-5.8         11  血小板计数    210     125-350',
    ].join('\n');
    expect(fields(text).map((r) => [r.indicator, r.value, r.flag])).toEqual([
      ['白细胞计数', '6.5', null],
      ['红细胞计数', '4.50', null],
      ['血红蛋白', '128', '↓'],
      ['血小板计数', '210', null],
    ]);
  });

  it('reads bilingual header cells by their CJK caption (结果 Result, 参考范围/Ref. Range)', () => {
    expect(headerRole('结果 Result')).toBe('value');
    expect(headerRole('参考范围/Ref. Range')).toBe('range');
    expect(headerRole('英文名称 English Name')).toBe('other');
    expect(headerRole('结果 Unit')).toBeNull();
    expect(headerRole('尿胆原 Normal')).toBeNull();
    const text = [
      '项目名称 Test Name    结果 Result   提示 Flag   单位 Unit   参考范围 Ref. Range',
      '葡萄糖                7.8           ↑           mmol/L      3.9-6.1',
      '肌酐                  88                        umol/L      57-111',
    ].join('\n');
    expect(fields(text).map((r) => [r.indicator, r.value, r.unit, r.flag])).toEqual([
      ['葡萄糖', '7.8', 'mmol/L', '↑'],
      ['肌酐', '88', 'umol/L', null],
    ]);
  });

  it('treats identity, sample and signature lines as furniture', () => {
    for (const line of [
      '姓名：张三    性别：男    年龄：45岁',
      '科室：心内科  床号：12',
      '标本类型：全血',
      '检验者：李某  审核者：王某',
      '备注：本报告仅对所检标本负责。',
      '氏名：山田 太郎  年齢：58歳',
      '성명: 김○○  나이: 47',
    ]) {
      expect(isNoiseLine(normalizeText(line))).toBe(true);
    }
    expect(extractReadingsOffline('姓名：张三  年龄：４５岁\n床号：１２')).toEqual([]);
  });
});

describe('CJK date captions', () => {
  it('reads 年月日 and 년월일 dates', () => {
    expect(findDates('2024年5月20日', 'day-first').map((d) => d.iso)).toEqual(['2024-05-20']);
    expect(findDates('2024년 6월 3일', 'day-first').map((d) => d.iso)).toEqual(['2024-06-03']);
    expect(findDates(normalizeText('２０２４年０５月２０日'), 'day-first').map((d) => d.iso)).toEqual(['2024-05-20']);
    expect(findDates('令和6年5月20日 平成元年2月1日 令和２年', 'day-first').map((d) => d.iso)).toEqual([
      '2024-05-20',
      '1989-02-01',
    ]);
  });

  it('takes the collection date before the report date, whatever their order in the text', () => {
    const order = 'month-first' as const;
    expect(reportDate(['报告时间：2024-03-16 10:05    采样时间：2024-03-15 08:12'], order)).toBe('2024-03-15T08:12:00');
    expect(reportDate(['接收时间：2024-03-14', '送检日期：2024-03-13'], order)).toBe('2024-03-13');
    expect(reportDate(['報告日：2024年05月22日  採取日：2024年05月20日'], order)).toBe('2024-05-20');
    expect(reportDate(['보고일시: 2024-06-04  채혈일시: 2024-06-03'], order)).toBe('2024-06-03');
    // the plain test date (検査日, 검사일, 日期) wins over the report date but not over the collection date
    expect(reportDate(['報告日：2024/05/22', '検査日：2024/05/21'], order)).toBe('2024-05-21');
    expect(reportDate(['검사일: 2024-06-02', '채취일: 2024-06-01'], order)).toBe('2024-06-01');
  });

  it('dates the readings of a report with its collection caption', () => {
    const text = [
      '报告日期：2024-03-16',
      '采集时间：2024-03-15 08:12',
      '项目名称      结果    单位      参考范围',
      '葡萄糖        5.2     mmol/L    3.9-6.1',
    ].join('\n');
    expect(extractReadingsOffline(text).map((r) => r.measuredAt)).toEqual(['2024-03-15T08:12:00']);
  });
});

describe('Japanese and Korean sheets', () => {
  it('reads a full-width 検査結果 table with ideographic-space columns and 基準値', () => {
    const text = [
      '検査項目\u3000\u3000\u3000\u3000\u3000\u3000\u3000\u3000結果\u3000\u3000\u3000\u3000単位\u3000\u3000\u3000\u3000\u3000基準値\u3000\u3000\u3000\u3000\u3000\u3000判定',
      'ＡＳＴ（ＧＯＴ）\u3000\u3000\u3000\u3000３８\u3000\u3000\u3000\u3000Ｕ／Ｌ\u3000\u3000\u3000\u3000１３～３０\u3000\u3000\u3000\u3000Ｈ',
      '総蛋白\u3000\u3000\u3000\u3000\u3000\u3000\u3000\u3000\u3000７．２\u3000\u3000\u3000ｇ／ｄＬ\u3000\u3000\u3000６．６～８．１',
    ].join('\n');
    expect(fields(text)).toEqual([
      { indicator: 'AST(GOT)', value: '38', unit: 'U/L', referenceRange: '13~30', flag: 'H' },
      { indicator: '総蛋白', value: '7.2', unit: 'g/dL', referenceRange: '6.6~8.1', flag: null },
    ]);
  });

  it('reads a 검사결과 table with squared unit signs and 참고치', () => {
    const text = [
      '검사명                결과        단위        참고치          판정',
      '공복혈당              126         ㎎/㎗       70~110          H',
      'HDL 콜레스테롤        48          ㎎/㎗       40~60',
    ].join('\n');
    expect(fields(text)).toEqual([
      { indicator: '공복혈당', value: '126', unit: 'mg/dl', referenceRange: '70~110', flag: 'H' },
      { indicator: 'HDL 콜레스테롤', value: '48', unit: 'mg/dl', referenceRange: '40~60', flag: null },
    ]);
  });
});

describe('malformed CJK input', () => {
  it('never throws on truncated, garbled or mixed-width lines', () => {
    const garbled = [
      '序号  项目名称  结果',
      '1  白细胞计数  ',
      '2  ↑↑  １２．  ～～  ㎎/',
      '\u3000\u3000\u3000',
      'ＷＢＣ１２．５Ｈ１０^',
      '\ud83d 血红蛋白 \udc00 128',
      '采样时间：2024年13月45日',
      '検査項目\u3000結果\u3000単位\u3000基準値',
      'ｱﾙﾌﾞﾐﾝ\u3000４．',
    ].join('\n');
    expect(() => extractReadingsOffline(garbled)).not.toThrow();
    for (const line of garbled.split('\n')) expect(() => extractReadingsOffline(line)).not.toThrow();
  });
});
