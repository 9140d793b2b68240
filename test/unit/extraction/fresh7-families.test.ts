import { describe, expect, it } from 'vitest';
import { withoutBandTables } from '../../../shared/domain/extraction/band-tables';
import { unfoldBarColumns } from '../../../shared/domain/extraction/bar-columns';
import { withoutCategoryCell } from '../../../shared/domain/extraction/category-cells';
import { findDates } from '../../../shared/domain/extraction/dates';
import { extractReadingsOffline } from '../../../shared/domain/extraction/extract';
import { stripRowMarks } from '../../../shared/domain/extraction/row-marks';
import { readAs } from './support/read-fields';

const read = (text: string) =>
  extractReadingsOffline(text).map((r) => ({
    name: r.indicator,
    value: r.value,
    unit: r.unit,
    range: r.referenceRange,
  }));

describe('box-drawn and barred tables (fresh7 cn family)', () => {
  it('reads two tables side by side across a box bar as the left one, then the right one', () => {
    const text = [
      'No 项目                结果   参考区间   单位     │No 项目                结果   参考区间   单位',
      ' 1 白细胞计数(WBC)     6.42   3.5-9.5    ×10^9/L  │ 4 丙氨酸氨基转移酶（ALT） 52 ↑  7-40     U/L',
      ' 2 血红蛋白(HGB)       118    115-150    g/L      │ 5 γ-谷氨酰转移酶（GGT）  27     7-45     U/L',
      ' 3 血小板计数(PLT)     265    125-350    ×10^9/L  │ 6 葡萄糖（GLU）          5.82   3.9-6.1  mmol/L',
    ].join('\n');
    const names = read(text).map((r) => `${r.name.normalize('NFKC')}=${r.value}`);
    expect(names).toEqual([
      '白细胞计数(WBC)=6.42',
      '血红蛋白(HGB)=118',
      '血小板计数(PLT)=265',
      '丙氨酸氨基转移酶(ALT)=52',
      'γ-谷氨酰转移酶(GGT)=27',
      '葡萄糖(GLU)=5.82',
    ]);
  });

  it('reads a fully box-drawn table as a pipe table, its borders as rules', () => {
    const text = [
      '┌────┬──────────────────┬────────┬──────────┬─────────┐',
      '│ No │ Test             │ Result │ Range    │ Unit    │',
      '├────┼──────────────────┼────────┼──────────┼─────────┤',
      '│ 1  │ Ferritin (FER)   │ 18 L   │ 30-400   │ ng/mL   │',
      '│ 2  │ Vitamin B12 (B12)│ 402    │ 200-900  │ pg/mL   │',
      '└────┴──────────────────┴────────┴──────────┴─────────┘',
    ].join('\n');
    expect(read(text)).toEqual([
      { name: 'Ferritin (FER)', value: '18', unit: 'ng/mL', range: '30-400' },
      { name: 'Vitamin B12 (B12)', value: '402', unit: 'pg/mL', range: '200-900' },
    ]);
  });

  it('leaves a barred key–value list whole: cut, it reads nothing', () => {
    const lines = ['Hemoglobin | 13.2 g/dL', 'Ferritin | 35 ng/mL', 'TSH | 1.8 mIU/L'].map((text, index) => ({
      index,
      text,
    }));
    // A reading needs a name and a number on one line, as the real readers do.
    const counter = (run: readonly { text: string }[]) => ({
      readings: run.filter((line) => /\p{L}.*\d/u.test(line.text)).length,
      ranged: 0,
    });
    expect(unfoldBarColumns(lines, counter)).toBe(lines);
  });

  it('drops a zero-padded or Greek-led row number, keeps a number that is part of the name', () => {
    expect(stripRowMarks('05 Neutrófilos (NEU%)')).toBe('Neutrófilos (NEU%)');
    expect(stripRowMarks('11 γ-谷氨酰转移酶（GGT）')).toBe('γ-谷氨酰转移酶（GGT）');
    expect(stripRowMarks('25 Hydroxy vitamin D')).toBe('25 Hydroxy vitamin D');
  });

  it('reads Cyrillic header captions and a № column', () => {
    const text = [
      'Дата взятия биоматериала: 12.11.2026 08:15',
      '│ №  │ Исследование      │ Результат │ Ед. изм. │ Референс │',
      '│ 1  │ Креатинин         │ 71        │ мкмоль/л │ 44 - 80  │',
      '│ 2  │ Глюкоза           │ 5,9 ↑     │ ммоль/л  │ 4,1 - 5,9│',
    ].join('\n');
    const readings = extractReadingsOffline(text);
    expect(readings.map((r) => [r.indicator, r.value, r.unit, r.measuredAt])).toEqual([
      ['Креатинин', '71', 'мкмоль/л', '2026-11-12T08:15:00'],
      ['Глюкоза', '5,9', 'ммоль/л', '2026-11-12T08:15:00'],
    ]);
  });

  it('never throws nor slows on a huge run of bars', () => {
    // Each barred run is read three times (whole, left, right): linear, never quadratic.
    const text = `${'a | b | c\n'.repeat(300)}${'x 1 mg/dL  | y 2 mg/dL\n'.repeat(600)}│ 1 │`;
    const started = Date.now();
    expect(() => extractReadingsOffline(text)).not.toThrow();
    expect(Date.now() - started).toBeLessThan(20000);
  });
});

describe('a category cell before the name (fresh7 jp family)', () => {
  it('drops a panel name printed in a column of its own, in any language', () => {
    expect(withoutCategoryCell('Hematology    Hemoglobin')).toBe('Hemoglobin');
    expect(withoutCategoryCell('Lípidos        Colesterol total')).toBe('Colesterol total');
    expect(withoutCategoryCell('生化学 ＡＳＴ（ＧＯＴ）')).toBe('ＡＳＴ（ＧＯＴ）');
    expect(withoutCategoryCell('Química clínica Glucosa')).toBe('Glucosa');
  });

  it('keeps a name that starts with a panel word, and any word that is no panel', () => {
    expect(withoutCategoryCell('Coagulation factor VIII')).toBe('Coagulation factor VIII');
    expect(withoutCategoryCell('Urine    Albumin')).toBe('Urine    Albumin');
    expect(withoutCategoryCell('Hematology')).toBe('Hematology');
  });

  it('reads an indented CJK row under its category line as a name of its own', () => {
    const text = [
      '検査項目　　　　　　　単位　　　基準値　　　　　2026/05/20',
      '身体計測',
      '　腹囲　　　　　　　　cm　　　　84.9以下　　　　　88.2　H',
      '脂質',
      '　ＬＤＬコレステロール　mg/dL　 60-119　　　　　　 142　H',
    ].join('\n');
    expect(extractReadingsOffline(text).map((r) => r.indicator.normalize('NFKC'))).toEqual([
      '腹囲',
      'LDLコレステロール',
    ]);
  });
});

describe('qualitative urinalysis words (fresh7 br family)', () => {
  const values = (text: string) => extractReadingsOffline(text).map((r) => `${r.indicator}=${r.value}`);

  it('reads colour, aspect, trace and sediment grades in words as values, a word never as a name', () => {
    const text = [
      'Cor................: Amarelo citrino                         Amarelo citrino',
      'Aspecto............: Ligeiramente turvo                      Límpido',
      'Hemoglobina........: Traços                                  Negativo',
      'Células epiteliais.: Raras',
      'Bacteriúria........: Aumentada',
    ].join('\n');
    expect(values(text)).toEqual([
      'Cor=Amarelo citrino',
      'Aspecto=Ligeiramente turvo',
      'Hemoglobina=Traços',
      'Células epiteliais=Raras',
      'Bacteriúria=Aumentada',
    ]);
  });

  it('reads the same grades in Italian, Spanish, French and German sediment rows', () => {
    const text = [
      'Colore                 Giallo paglierino',
      'Cellule epiteliali     Rare',
      'Muco                   Scarso',
      'Celulas epiteliales    Escasas',
      'Cristaux               Rares',
      'Bakterien              Vermehrt',
    ].join('\n');
    expect(values(text)).toEqual([
      'Colore=Giallo paglierino',
      'Cellule epiteliali=Rare',
      'Muco=Scarso',
      'Celulas epiteliales=Escasas',
      'Cristaux=Rares',
      'Bakterien=Vermehrt',
    ]);
  });

  it('keeps the dot of an abbreviation before a colon', () => {
    expect(values('Vit. B12.: 402 pg/mL')[0]).toBe('Vit. B12.=402');
  });
});

describe('numbered marker names, worded flags after a range, Turkish labels (fresh7 tr/uk family)', () => {
  const fields = (text: string) => readAs(text, 'indicator', 'value', 'referenceRange', 'flag', 'measuredAt');

  it('keeps CA 19-9, CA 15-3 and CA 72-4 whole: a downward span after a name is its number, not a band', () => {
    expect(fields('CA 15-3   22,4 U/mL   0 - 25\nCA 72-4 3.1 U/mL')).toEqual([
      ['CA 15-3', '22,4', '0 - 25', null, null],
      ['CA 72-4', '3.1', null, null, null],
    ]);
  });

  it('reads a Turkish e-Nabız table: its captions, its worded flags and its test date', () => {
    const text = [
      'Tahlil Tarihi: 18.09.2026 09:14     Sonuç Tarihi: 18.09.2026 16:40',
      'Tahlil Adı                       Sonuç        Birim        Referans Değeri',
      'CA 19-9                          41,8         U/mL         0 - 37           Yüksek',
      'Hemoglobin (HGB)                 11,9         g/dL         12 - 16          Düşük',
    ].join('\n');
    expect(fields(text)).toEqual([
      ['CA 19-9', '41,8', '0 - 37', 'Yüksek', '2026-09-18T09:14:00'],
      ['Hemoglobin (HGB)', '11,9', '12 - 16', 'Düşük', '2026-09-18T09:14:00'],
    ]);
  });

  it('takes a worded flag out of the range cell, in English and Dutch', () => {
    const text = [
      'Test                        Result   Units   Reference range',
      'Haemoglobin concentration   128      g/L     130 - 180   Below low reference limit',
      'Hemoglobine                 7,9      mmol/L  8,5 - 11,0  laag',
    ].join('\n');
    expect(fields(text).map((f) => [f[2], f[3]])).toEqual([
      ['130 - 180', 'Below low reference limit'],
      ['8,5 - 11,0', 'laag'],
    ]);
  });
});

describe('interpretation tables, wrapped ratio names, year-month-name dates (fresh7 in/ca family)', () => {
  const names = (text: string) => extractReadingsOffline(text).map((r) => `${r.indicator}=${r.value}`);

  it('reads no band of a one-band-per-line interpretation table, label first or band first', () => {
    const text = [
      'HbA1c                                  7.8         %              4.00 - 5.60',
      '     Non diabetic adults >=18 years      <5.7',
      '     At risk (Prediabetes)               5.7 - 6.4',
      '     Diagnosing Diabetes                 >= 6.5',
      'Hemoglobin A1C            6.4         H      <6.0                   %',
      '   Hemoglobin A1C 6.0 - 6.4 %  :  Prediabetes',
      '                   >= 6.5 %    :  Diabetes (Diabetes Canada 2018)',
    ].join('\n');
    expect(names(text)).toEqual(['HbA1c=7.8', 'Hemoglobin A1C=6.4']);
  });

  it('keeps censored results of several tests, which name known tests', () => {
    expect(withoutBandTables(lines(['CRP           <5', 'Troponin I    <14', 'Procalcitonin <0.05']))).toHaveLength(3);
    expect(names('CRP           <5\nTroponin I    <14\nD-dimer       <0.5')).toHaveLength(3);
  });

  it('joins a ratio name broken before its last word', () => {
    expect(names(' Urine Albumin/Creatinine\n Ratio                      4.1         H      <2.0    mg/mmol')).toEqual([
      'Urine Albumin/Creatinine Ratio=4.1',
    ]);
  });

  it('reads year, month name, day dates (2026-Oct-05)', () => {
    expect(findDates('Collected:  2026-Oct-05  08:31', 'day-first').map((d) => d.iso)).toEqual(['2026-10-05']);
  });

  it('never throws nor stalls on long runs of band-like lines', () => {
    const text = 'Label  <5\n'.repeat(3000) + 'x 1.0 - 2.0 % : y\n'.repeat(3000);
    expect(() => withoutBandTables(lines(text.split('\n')))).not.toThrow();
  });
});

function lines(texts: readonly string[]) {
  return texts.map((text, index) => ({ index, text }));
}
