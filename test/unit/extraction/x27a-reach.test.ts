import { describe, expect, it } from 'vitest';
import { isSecondUnitLine } from '../../../shared/domain/extraction/result-columns';
import { withoutBracketedSecondUnit } from '../../../shared/domain/extraction/second-unit-cell';
import { readAs } from './support/read-fields';

const rows = (text: string) => readAs(text, 'indicator', 'value', 'unit', 'referenceRange', 'flag', 'measuredAt');
const brief = (text: string) => readAs(text, 'indicator', 'value', 'unit', 'referenceRange');

describe('an earlier-results column captioned in a header that captions its tests (x27a)', () => {
  it('reads a Vorbefund column dated on the line under its caption, the rows dated by the report', () => {
    const swiss = [
      'Entnahme:     09.04.2026 07:35',
      '',
      'Analyse                      Resultat        Einheit          Referenzbereich       Vorbefund',
      '                                                                                     18.09.2025',
      'Natrium                        141           mmol/l           135 – 145              140',
      'Kreatinin                      118    ↑      µmol/l           62 – 106               109 ↑',
      'Harnsäure                      462    ↑      µmol/l           202 – 417',
    ].join('\n');
    expect(rows(swiss)).toEqual([
      ['Natrium', '141', 'mmol/l', '135 – 145', null, '2026-04-09T07:35:00'],
      ['Natrium', '140', 'mmol/l', null, null, '2025-09-18'],
      ['Kreatinin', '118', 'µmol/l', '62 – 106', '↑', '2026-04-09T07:35:00'],
      ['Kreatinin', '109', 'µmol/l', null, '↑', '2025-09-18'],
      ['Harnsäure', '462', 'µmol/l', '202 – 417', '↑', '2026-04-09T07:35:00'],
    ]);
  });

  it('reads a Hungarian lelet with its Előző column dated in the caption', () => {
    const hungarian = [
      'Mintavétel: 2026.01.22 07:40',
      '',
      'Vizsgálat megnevezése            Eredmény     Mértékegység    Referencia tartomány   Előző (2025.07.14)',
      'Glükóz                           6,4 H        mmol/l          3,6 - 6,0              6,1 H',
      'Karbamid                         5,8          mmol/l          2,8 - 7,2',
    ].join('\n');
    expect(rows(hungarian)).toEqual([
      ['Glükóz', '6,4', 'mmol/l', '3,6 - 6,0', 'H', '2026-01-22T07:40:00'],
      ['Glükóz', '6,1', 'mmol/l', null, 'H', '2025-07-14'],
      ['Karbamid', '5,8', 'mmol/l', '2,8 - 7,2', null, '2026-01-22T07:40:00'],
    ]);
    // Another lab's wording: `Vizsgálat`, `Referenciaérték`, `Korábbi eredmény` under its date.
    const other = [
      'Vizsgálat             Eredmény   Egység    Referenciaérték    Korábbi eredmény',
      '                                                              2025.03.02',
      'Koleszterin           6,1        mmol/l    <5,2               6,4',
    ].join('\n');
    expect(brief(other)).toEqual([
      ['Koleszterin', '6,1', 'mmol/l', '<5,2'],
      ['Koleszterin', '6,4', 'mmol/l', null],
    ]);
  });

  it('reads a Swedish Tidigare column the same way', () => {
    const swedish = [
      'Analys                 Resultat     Enhet       Referensintervall     Tidigare',
      '                                                                      2025-11-04',
      'P-CRP                  34           mg/L        <5                    3',
    ].join('\n');
    expect(brief(swedish)).toEqual([
      ['P-CRP', '34', 'mg/L', '<5'],
      ['P-CRP', '3', 'mg/L', null],
    ]);
  });

  it('leaves a caption alone over the result columns to the earlier-column reader', () => {
    const portuguese = [
      'Data da Colheita: 11/05/2026  08:20',
      '                                                                              Resultado',
      '                                     Resultado             Valores de         anterior',
      '                                                           Referência         18/11/2025',
      'Hemoglobina ...................... 12,1 g/dL              12,0 - 15,0         12,4',
    ].join('\n');
    expect(brief(portuguese)).toEqual([
      ['Hemoglobina', '12,1', 'g/dL', '12,0 - 15,0'],
      ['Hemoglobina', '12,4', 'g/dL', null],
    ]);
  });
});

describe('a result restated in a second unit is not a reading of its own (x27a)', () => {
  it('drops a line labelled by the standard its unit is reported to', () => {
    expect(isSecondUnitLine('   IFCC: 43 mmol/mol', 0, '%')).toBe(true);
    expect(isSecondUnitLine('     HbA1c IFCC 65 mmol/mol', 2, '%')).toBe(true);
    expect(isSecondUnitLine('     NGSP 6.1 %', 2, 'mmol/mol')).toBe(true);
    expect(isSecondUnitLine('     = 101 mg/dL', 2, 'mmol/L')).toBe(true);
    // Another test's name on the indented line is a row.
    expect(isSecondUnitLine('     Glucose 5.4 mmol/L', 2, '%')).toBe(false);
    // The same unit again is no restatement.
    expect(isSecondUnitLine('   IFCC: 43 mmol/mol', 0, 'mmol/mol')).toBe(false);
  });

  it('reads the row above and not the IFCC line', () => {
    const text = [
      'Test                 Result   Flag   Units     Reference',
      'Haemoglobin A1c      8.1      H      %         (4.0 - 6.0)',
      '     HbA1c IFCC 65 mmol/mol',
      'Glucose              7.9      H      mmol/L    (3.9 - 6.0)',
    ].join('\n');
    expect(brief(text)).toEqual([
      ['Haemoglobin A1c', '8.1', '%', '4.0 - 6.0'],
      ['Glucose', '7.9', 'mmol/L', '3.9 - 6.0'],
    ]);
  });

  it('blanks a bracketed restatement after the unit, keeping the columns after it in place', () => {
    const row = 'Serum Creatinine     1.42   H   mg/dL (125.5 µmol/L)        0.70 - 1.30';
    const cut = withoutBracketedSecondUnit(row);
    expect(cut.length).toBe(row.length);
    expect(cut).not.toContain('125.5');
    expect(withoutBracketedSecondUnit('Glucose   7.9  mmol/L (142 mg/dL)   3.9 - 6.0')).not.toContain('142');
    // A bracketed range or a bracketed unit is no restatement.
    expect(withoutBracketedSecondUnit('Glucose   104 mg/dL (70-99)')).toBe('Glucose   104 mg/dL (70-99)');
    expect(withoutBracketedSecondUnit('Glucose (mg/dL)   104')).toBe('Glucose (mg/dL)   104');
    // A ratio in brackets is a second quantity, not the result again.
    expect(withoutBracketedSecondUnit('Albumin  25 mg/L (2.5 mg/mmol)')).toBe('Albumin  25 mg/L (2.5 mg/mmol)');
  });

  it('reads the first unit of a unit cell with the conversion in brackets', () => {
    const egyptian = [
      'Test / الاختبار                    Result / النتيجة      Unit        Reference Range / المعدل الطبيعي',
      'Serum Creatinine                   1.42   H   mg/dL (125.5 µmol/L)        0.70 - 1.30',
      'Blood Urea                         48     H              mg/dL            15 - 45',
    ].join('\n');
    expect(brief(egyptian)).toEqual([
      ['Serum Creatinine', '1.42', 'mg/dL', '0.70 - 1.30'],
      ['Blood Urea', '48', 'mg/dL', '15 - 45'],
    ]);
    const singapore = [
      'Test                            Result   Flag   Units                  Reference',
      'Glucose, Fasting                7.9      H      mmol/L (142 mg/dL)     (3.9 - 6.0)',
    ].join('\n');
    expect(brief(singapore)).toEqual([['Glucose, Fasting', '7.9', 'mmol/L', '3.9 - 6.0']]);
  });
});

describe('a bound written after its number (x27a)', () => {
  it('reads the NHIS sheet’s 미만 / 이상 / 이하 references as ranges', () => {
    const korean = [
      '검사항목                    결  과              참고치(남성)',
      '허리둘레                    91.0 cm             90 미만',
      '혈압(수축기/이완기)          136/88 mmHg         120/80 미만',
      'HDL-콜레스테롤               46 mg/dL            60 이상',
      '혈청크레아티닌               0.96 mg/dL          1.5 이하',
      '감마지티피(γ-GTP)            72 IU/L             11~63',
    ].join('\n');
    expect(brief(korean)).toEqual([
      ['허리둘레', '91.0', 'cm', '90 미만'],
      ['혈압(수축기/이완기)', '136/88', 'mmHg', '120/80 미만'],
      ['HDL-콜레스테롤', '46', 'mg/dL', '60 이상'],
      ['혈청크레아티닌', '0.96', 'mg/dL', '1.5 이하'],
      ['감마지티피(γ-GTP)', '72', 'IU/L', '11~63'],
    ]);
  });

  it('reads a glued Japanese bound and an English one', () => {
    expect(brief('AST (GOT)        24 U/L       30以下\nHDL cholesterol   62 mg/dL    40 or more')).toEqual([
      ['AST (GOT)', '24', 'U/L', '30以下'],
      ['HDL cholesterol', '62', 'mg/dL', '40 or more'],
    ]);
  });

  it('reads no target waist from the sheet’s advice', () => {
    expect(brief('소 견: 체중 감량(목표 허리둘레 90cm 미만) 및 절주 권고.')).toEqual([]);
  });
});

describe('a flag saying which side of the interval the value lies (x27a)', () => {
  it('reads a 1177 Journalen paste, flagged in Swedish', () => {
    const swedish = [
      'Provtagningstidpunkt: 2026-02-26 08:10',
      'B-Leukocyter',
      '9,4 ×10⁹/L  Över referensintervall',
      'Referensintervall: 3,5–8,8 ×10⁹/L',
      'P-Ferritin',
      '11 µg/L  Under referensintervall',
      'Referensintervall: 13–150 µg/L',
    ].join('\n');
    expect(rows(swedish)).toEqual([
      ['B-Leukocyter', '9,4', '×10⁹/L', '3,5–8,8', 'Över referensintervall', '2026-02-26T08:10:00'],
      ['P-Ferritin', '11', 'µg/L', '13–150', 'Under referensintervall', '2026-02-26T08:10:00'],
    ]);
  });

  it('reads the Norwegian and German wording on a line', () => {
    expect(readAs('Ferritin 11 µg/L Under referanseområdet', 'indicator', 'value', 'flag')).toEqual([
      ['Ferritin', '11', 'Under referanseområdet'],
    ]);
    expect(readAs('CRP 34 mg/L über Referenzbereich', 'indicator', 'value', 'flag')).toEqual([
      ['CRP', '34', 'über Referenzbereich'],
    ]);
  });
});

describe('an earlier result stacked under a portal reading (x27a)', () => {
  it('reads kp.org’s Past result under the value, flag and range', () => {
    const kp = [
      'HEMOGLOBIN A1C',
      'Collected: Mar 20, 2026 7:42 AM',
      'HEMOGLOBIN A1C',
      'Your value',
      '5.9 %',
      'High',
      'Standard range',
      '4.0 - 5.6 %',
      'Past result (Sep 12, 2025): 6.0 %',
    ].join('\n');
    expect(rows(kp)).toEqual([
      ['HEMOGLOBIN A1C', '5.9', '%', '4.0 - 5.6', 'High', '2026-03-20T07:42:00'],
      ['HEMOGLOBIN A1C', '6.0', '%', null, null, '2025-09-12'],
    ]);
  });

  it('reads the wording of other portals', () => {
    const other = ['Potassium', '4.1 mmol/L', 'Range: 3.5 - 5.1', 'Previous result: 4.6 mmol/L on 01/10/2026'].join(
      '\n',
    );
    expect(brief(other)).toEqual([
      ['Potassium', '4.1', 'mmol/L', '3.5 - 5.1'],
      ['Potassium', '4.6', 'mmol/L', null],
    ]);
  });
});

describe('earlier-results captions of other languages under a header captioning its tests (x27a)', () => {
  it('reads a Polish Poprzedni wynik and a Czech Předchozí výsledek column', () => {
    const polish = [
      'Parametr             Wynik     Jednostka    Zakres referencyjny    Poprzedni wynik',
      '                                                                   2025-10-02',
      'Glukoza              104       mg/dl        70 - 99                98',
    ].join('\n');
    expect(brief(polish)).toEqual([
      ['Glukoza', '104', 'mg/dl', '70 - 99'],
      ['Glukoza', '98', 'mg/dl', null],
    ]);
    const czech = [
      'Vyšetření            Výsledek   Jednotka    Referenční meze    Předchozí výsledek',
      '                                                               12.11.2025',
      'Kreatinin            88         µmol/l      44 - 104           91',
    ].join('\n');
    expect(brief(czech)).toEqual([
      ['Kreatinin', '88', 'µmol/l', '44 - 104'],
      ['Kreatinin', '91', 'µmol/l', null],
    ]);
  });

  it('reads no earlier value from a column whose caption is no earlier-results one', () => {
    const comment = [
      'Analyse                      Resultat        Einheit          Referenzbereich       Bemerkung',
      'Natrium                        141           mmol/l           135 – 145              140',
    ].join('\n');
    expect(brief(comment).filter((r) => r[1] === '140')).toEqual([]);
  });
});
