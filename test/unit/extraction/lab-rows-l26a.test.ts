import { describe, expect, it } from 'vitest';
import { performingSiteCodes, withoutSiteCode } from '../../../shared/domain/extraction/performing-sites';
import { readAs } from './support/read-fields';

const rows = (text: string) => readAs(text, 'indicator', 'value', 'unit', 'referenceRange', 'flag');
const dated = (text: string) => readAs(text, 'indicator', 'value', 'flag', 'measuredAt');

describe('a performing-site code after a test name, listed in the report legend, is not part of the name', () => {
  it('drops Labcorp-style two-digit codes the footer lists', () => {
    const text = [
      'Test                      Result      Flag   Units      Reference Interval',
      'Vitamin B12 03            412                pg/mL      232-1245',
      'Ferritin 03               18          Low    ng/mL      30-400',
      'Magnesium 04              2.1                mg/dL      1.6-2.3',
      '',
      '03  DA   Labcorp Dallas, 7777 Forest Lane, Dallas, TX 75230   Dir: R. Olsen, MD',
      '04       Labcorp Phoenix',
      '         5610 W LaSalle St, Phoenix, AZ 85302    Dir: M. Chen, MD',
    ].join('\n');
    expect(rows(text).map((r) => r[0])).toEqual(['Vitamin B12', 'Ferritin', 'Magnesium']);
  });

  it('drops a letter site code a legend lists (a Quest-style site printed after the name)', () => {
    const codes = performingSiteCodes([
      'EZ  Quest Diagnostics San Juan Capistrano, 33608 Ortega Hwy, CA 92675   Laboratory Director: I. Tan, MD',
    ]);
    expect(withoutSiteCode('Testosterone, Total, MS EZ', codes)).toBe('Testosterone, Total, MS');
    expect(withoutSiteCode('Cholesterol LDL', codes)).toBe('Cholesterol LDL');
  });

  it('keeps a trailing number or capitals when no site legend explains them', () => {
    expect(rows('Vitamin B 12        412 pg/mL      232-1245').map((r) => r[0])).toEqual(['Vitamin B 12']);
    expect(withoutSiteCode('Factor 13', new Set())).toBe('Factor 13');
    expect(withoutSiteCode('Factor 13', new Set(['01']))).toBe('Factor 13');
    expect(withoutSiteCode('Factor 13', new Set(['13']))).toBe('Factor 13');
    // A numbered note is no site legend: it names no laboratory with an address or director; nor is a street number.
    expect(performingSiteCodes(['01 Please note the new reference interval from May.'])).toEqual(new Set());
    const footer = [
      '12 Harley Street Clinic, London W1G 9PF   Tel 020 7946 0000',
      'Vitamin B 12     310 ng/L   180-900',
    ];
    expect(performingSiteCodes(footer)).toEqual(new Set());
    expect(rows(footer.join('\n')).map((r) => r[0])).toEqual(['Vitamin B 12']);
  });
});

describe('an earlier-results column dated under or beside its caption', () => {
  it('reads a bracketed date heading the column, its caption on the line above, with sign flags', () => {
    const text = [
      'Probenabnahme: 10.03.2026 08:00',
      '                                                             Vorbefund',
      'Analyse              Resultat   Einheit    Referenz         (11.11.2025)',
      'Ferritin              12    -   µg/l       30 - 300         18 -',
      'CRP                   4,1       mg/l       < 5,0',
    ].join('\n');
    expect(dated(text)).toEqual([
      ['Ferritin', '12', '-', '2026-03-10T08:00:00'],
      ['Ferritin', '18', '-', '2025-11-11'],
      ['CRP', '4,1', null, '2026-03-10T08:00:00'],
    ]);
  });

  it('reads `Valor anterior` over a wrapped range caption, the date on the caption line below (Spanish)', () => {
    const text = [
      'Fecha de extracción: 02/04/2026',
      '                                                                   Valor',
      '                             Resultado             Valores de      anterior',
      '                                                   referencia      10/10/2025',
      'Glucosa ................... 104 mg/dL              70 - 100        98',
      'Colesterol total .......... 212 mg/dL              < 200',
    ].join('\n');
    const read = readAs(text, 'indicator', 'value', 'referenceRange', 'measuredAt');
    expect(read).toContainEqual(['Glucosa', '104', '70 - 100', '2026-04-02']);
    expect(read).toContainEqual(['Glucosa', '98', null, '2025-10-10']);
    expect(read).toContainEqual(['Colesterol total', '212', '< 200', '2026-04-02']);
  });

  it('reads a French `Précédent` column dated in its caption, the flag before the value staying on the current', () => {
    const text = [
      'Date de prélèvement : 05.05.2026',
      '                       Résultat    Unité      Valeurs de référence   Précédent 01.12.2025',
      'Ferritine         L    11          ng/mL      30 - 400               25',
    ].join('\n');
    expect(dated(text)).toEqual([
      ['Ferritine', '11', 'L', '2026-05-05'],
      ['Ferritine', '25', null, '2025-12-01'],
    ]);
  });

  it('dates the column, not the rows, by a date alone under a `LAST RESULT` caption', () => {
    const text = [
      'Collected : 12-Jan-2026 09:00',
      'TEST                  RESULT       UNIT      NORMAL RANGE     PREVIOUS RESULT',
      '                                                              (20-Aug-2025)',
      'TSH                   6.2    H     uIU/ml    0.4 - 4.2        5.1',
      'Free T4               1.1          ng/dl     0.8 - 1.8',
    ].join('\n');
    expect(dated(text)).toEqual([
      ['TSH', '6.2', 'H', '2026-01-12T09:00:00'],
      ['TSH', '5.1', null, '2025-08-20'],
      ['Free T4', '1.1', null, '2026-01-12T09:00:00'],
    ]);
  });

  it('reads a Greek `ΠΡΟΗΓ.` caption with its date under a Greek header', () => {
    const text = [
      'ΕΞΕΤΑΣΗ                    ΑΠΟΤΕΛΕΣΜΑ    ΜΟΝΑΔΕΣ    ΤΙΜΕΣ ΑΝΑΦΟΡΑΣ    ΠΡΟΗΓ. (12/01/2026)',
      'Κάλιο (K)                    5.4         mmol/L     3.5 - 5.1         5.0',
    ].join('\n');
    const read = readAs(text, 'indicator', 'value', 'measuredAt');
    expect(read).toContainEqual(['Κάλιο (K)', '5.0', '2026-01-12']);
    expect(read).toHaveLength(2);
  });
});

describe('row cells that sit off their header', () => {
  it('a section printed without its header flag column keeps unit and range', () => {
    const text = [
      'TEST                RESULT         UNIT          REF. RANGE',
      'Hb                   9.8      L     g/dl          12.0 - 16.0',
      'LIVER FUNCTION',
      'Total Bilirubin      0.8     mg/dl     0.2 - 1.2',
      'Albumin              3.9     g/dl      3.5 - 5.2',
    ].join('\n');
    expect(rows(text)).toEqual([
      ['Hb', '9.8', 'g/dl', '12.0 - 16.0', 'L'],
      ['Total Bilirubin', '0.8', 'mg/dl', '0.2 - 1.2', null],
      ['Albumin', '3.9', 'g/dl', '3.5 - 5.2', null],
    ]);
  });

  it('a flag overflowing a long name into the flag column is the row flag', () => {
    const text = [
      'Test                          Flag    Result      Reference Range - Units',
      'Thyroid Peroxidase Antibodies  H      412         <35 kU/L',
      'Urea                                  5.1         2.5-8.0 mmol/L',
    ].join('\n');
    expect(rows(text)).toEqual([
      ['Thyroid Peroxidase Antibodies', '412', 'kU/L', '<35', 'H'],
      ['Urea', '5.1', 'mmol/L', '2.5-8.0', null],
    ]);
    // A name ending in `A` that runs into the flag column keeps its `A` (`Hb A` is no `Hb` flagged abnormal).
    const hbA = [
      'Test                          Flag    Result      Reference Range - Units',
      'Hemoglobin Electrophoresis Hb A       97.1        96.0-98.0 %',
    ].join('\n');
    expect(rows(hbA).filter((r) => r[4] === 'A' || r[0] === 'Hemoglobin Electrophoresis Hb')).toEqual([]);
  });

  it("reads LifeLabs' spaced power unit `x E9/L`", () => {
    const text = [
      'Test                          Flag    Result      Reference Range - Units',
      'Neutrophils                           3.9         2.0-7.5 x E9/L',
    ].join('\n');
    expect(rows(text)).toEqual([['Neutrophils', '3.9', 'x E9/L', '2.0-7.5', null]]);
  });

  it('an arrow after a graph column, or a flag word in a remarks column, flags the row', () => {
    const graph = [
      'Vyšetření                      Výsledek   Jednotka     Ref. meze        Graf',
      'S-Železo                         7,1      µmol/l       9,0 - 30,4     *.........|  ↓',
      'S-Albumin                       41,2      g/l          35,0 - 52,0    |....*....|',
    ].join('\n');
    expect(rows(graph).map((r) => r[4])).toEqual(['↓', null]);
    const remarks = [
      'PEMERIKSAAN                      HASIL      SATUAN        NILAI RUJUKAN         KETERANGAN',
      'Hemoglobin                       11,2       g/dL          12,0 - 16,0           Rendah',
      'Leukosit                         7,10       10^3/µL       3,60 - 11,00',
      'Kalium                           4,1        mmol/L        3,5 - 5,1             Hemolisis ringan',
    ].join('\n');
    expect(rows(remarks).map((r) => r[4])).toEqual(['Rendah', null, null]);
  });

  it('a Vietnamese `CSBT` caption is the range column, and a glossed worded result is one result', () => {
    const text = [
      'STT  Tên xét nghiệm / Test                 Kết quả / Result     Đơn vị / Unit   CSBT / Ref. range',
      '1    Ure (Urea)                            6.2                  mmol/L          2.5 - 7.5',
      '2    Ketone niệu (Urine ketone)            Âm tính / Negative                   Âm tính / Negative',
    ].join('\n');
    expect(rows(text)).toEqual([
      ['Ure (Urea)', '6.2', 'mmol/L', '2.5 - 7.5', null],
      ['Ketone niệu (Urine ketone)', 'Âm tính / Negative', null, 'Âm tính / Negative', null],
    ]);
  });

  it('a collection note after the range dates its row and is no part of the range', () => {
    const text = [
      'Collected: 13/06/2026 08:10',
      'Test                          Result      Flag   Units     Ref. Range',
      'Lactate                       3.1          H     mmol/L    ( 0.5 - 2.2 )',
      'Lactate [repeat]              1.9                mmol/L    ( 0.5 - 2.2 )   Collected 13/06/2026 11:45',
    ].join('\n');
    expect(readAs(text, 'indicator', 'referenceRange', 'measuredAt')).toEqual([
      ['Lactate', '0.5 - 2.2', '2026-06-13T08:10:00'],
      ['Lactate [repeat]', '0.5 - 2.2', '2026-06-13T11:45:00'],
    ]);
  });
});

describe('names, ranges and values around section captions and goals', () => {
  it('a section caption above a row whose name is whole is not its first half', () => {
    const text = [
      'Показник                               Результат       Од. вим.       Референтні значення',
      'Біохімія крові',
      'Аланінамінотрансфераза (АЛТ)           21              Од/л           < 35',
      'Коагулограма',
      'Фібриноген (FIB)                       3,1             г/л            2,0 - 4,0',
    ].join('\n');
    expect(rows(text).map((r) => r[0])).toEqual(['Аланінамінотрансфераза (АЛТ)', 'Фібриноген (FIB)']);
    // A wrapped name whose bracket does not spell the line's words still joins: `Mean Corpuscular` / `Hemoglobin (MCH)`.
    const wrapped = ['Mean Corpuscular', 'Hemoglobin (MCH)        29.1 pg        27.0 - 33.0'].join('\n');
    expect(rows(wrapped).map((r) => r[0])).toEqual(['Mean Corpuscular Hemoglobin (MCH)']);
  });

  it('a goal after the row result is its range; a goal opening a band table under it is none', () => {
    const one = 'Colesterol LDL ............ 131 mg/dl              Deseable: < 130';
    expect(rows(one)).toEqual([['Colesterol LDL', '131', 'mg/dl', '< 130', null]]);
    const banded = [
      'Colesterol total .......... 231 mg/dl              Deseable: < 200',
      '                                                   Límite: 200 - 239',
      '                                                   Alto: >= 240',
      'Colesterol HDL ............ 41 mg/dl               > 40',
    ].join('\n');
    expect(rows(banded)).toEqual([
      ['Colesterol total', '231', 'mg/dl', null, null],
      ['Colesterol HDL', '41', 'mg/dl', '> 40', null],
    ]);
  });

  it('a figure made a bound by words, or a bound under a sentence broken at a goal word, is no reading', () => {
    expect(rows('   An LDL of 1.8 mmol/L or less is the target after a heart attack.')).toEqual([]);
    expect(rows('   Hemoglobina A1c 7,0 % o menos es la meta habitual en adultos.')).toEqual([]);
    const broken = [
      'Toelichting: cardiovasculair risicomanagement volgens NHG-standaard; streefwaarde',
      'LDL-cholesterol < 2,6 mmol/L. Herhaling over 3 maanden.',
    ].join('\n');
    expect(rows(broken)).toEqual([]);
    // A measured result followed by more words stays.
    expect(rows('Glucose 5.4 mmol/L or so, fasting')).toHaveLength(1);
  });

  it('a pointer to a note in the range cell is no range', () => {
    const text = [
      'Bepaling                         Uitslag   Eenheid          Referentiewaarde    Vlag',
      '  Cholesterol totaal               6,4     mmol/L           zie toelichting',
      '  Testosteron                     1,2     nmol/L           siehe Bemerkung',
    ].join('\n');
    expect(rows(text).map((r) => r[3])).toEqual([null, null]);
  });

  it('reads West African slip results: genotype, quoted Rhesus, a graded sighting', () => {
    const text = [
      'TEST                RESULT         UNIT          REF. RANGE',
      'Hb Genotype         SS',
      'Blood Group         A Rh "D" Negative',
      'Malaria Parasite    Seen (++)',
      'Microfilaria        Not seen',
    ].join('\n');
    expect(readAs(text, 'indicator', 'value')).toEqual([
      ['Hb Genotype', 'SS'],
      ['Blood Group', 'A Rh "D" Negative'],
      ['Malaria Parasite', 'Seen (++)'],
      ['Microfilaria', 'Not seen'],
    ]);
    // `as` in prose is no genotype, `Seen` alone no result.
    expect(rows('Genotype as discussed with the family.')).toEqual([]);
    expect(rows('Patient seen in clinic today.')).toEqual([]);
  });

  it('reads a malaria blood film by its caption, not a sighting in prose', () => {
    const text = [
      '  BS for MPS: P. falciparum seen ++',
      'Blood smear for MPs ..... No MPs seen',
      'Malaria parasite (MP)    Not seen',
    ].join('\n');
    expect(readAs(text, 'indicator', 'value')).toEqual([
      ['BS for MPS', 'P. falciparum seen ++'],
      ['Blood smear for MPs', 'No MPs seen'],
      ['Malaria parasite (MP)', 'Not seen'],
    ]);
    expect(rows('Malaria was seen in the village last year.')).toEqual([]);
  });

  it("reads a Cerner portal's bracketed power unit `x10(3)/mcL`", () => {
    expect(rows('  WBC                    13.8 x10(3)/mcL   H     (4.5-11.0)')).toEqual([
      ['WBC', '13.8', 'x10(3)/mcL', '4.5-11.0', 'H'],
    ]);
  });

  it('reads an Argentine urinalysis `No contiene`', () => {
    expect(readAs('Glucosa ........................... No contiene', 'indicator', 'value')).toEqual([
      ['Glucosa', 'No contiene'],
    ]);
  });
});

describe('a kenshin 判定 grade beside visit columns flags the newest result only', () => {
  it('gives every visit the unit printed in one visit cell', () => {
    const text = [
      '受診日：2026年5月20日',
      '検査項目             今回結果    単位      基準値          判定    前回(2025/05/14)',
      '体重                   68.2     kg                                  66.9',
    ].join('\n');
    expect(readAs(text, 'indicator', 'value', 'unit')).toEqual([
      ['体重', '68.2', 'kg'],
      ['体重', '66.9', 'kg'],
    ]);
  });

  it('puts the grade on the current result, `A` as no flag, never on the earlier visit', () => {
    const text = [
      '受診日：2026年5月20日',
      '検査項目             今回結果    単位      基準値          判定    前回(2025/05/14)',
      '中性脂肪                 182     mg/dL     30～149           C         150',
      'HDLコレステロール          55     mg/dL     40以上            A          58',
      '空腹時血糖               104     mg/dL     99以下            B         97',
    ].join('\n');
    expect(dated(text)).toEqual([
      ['中性脂肪', '182', 'C', '2026-05-20'],
      ['中性脂肪', '150', null, '2025-05-14'],
      ['HDLコレステロール', '55', null, '2026-05-20'],
      ['HDLコレステロール', '58', null, '2025-05-14'],
      ['空腹時血糖', '104', 'B', '2026-05-20'],
      ['空腹時血糖', '97', null, '2025-05-14'],
    ]);
  });
});
