import { describe, expect, it } from 'vitest';
import { earlierThanNewest } from '../../../shared/domain/extraction/cumulative';
import { withoutMethodCell } from '../../../shared/domain/extraction/method-captions';
import { withWordedValuesLed } from '../../../shared/domain/extraction/worded-value-cells';
import { readAs } from './support/read-fields';

const rows = (text: string) => readAs(text, 'indicator', 'value', 'unit', 'referenceRange', 'flag', 'measuredAt');
const brief = (text: string) => readAs(text, 'indicator', 'value', 'referenceRange');

describe('one range printed for a row of dated readings is the newest one’s (session 23 decision, x23)', () => {
  it('keeps the range on the newest date column only, whichever side it is printed on', () => {
    const oldestFirst = [
      'Test           12/01/26   26/02/26   13/03/26   Units    Ref. Range',
      'Sodium         137        141        139        mmol/L   135-145',
      'Creatinine     132 (H)    125 (H)    -          umol/L   45-90',
    ].join('\n');
    expect(brief(oldestFirst)).toEqual([
      ['Sodium', '137', null],
      ['Sodium', '141', null],
      ['Sodium', '139', '135-145'],
      // The newest column is empty for this row: its newest reading keeps the range.
      ['Creatinine', '132', null],
      ['Creatinine', '125', '45-90'],
    ]);
    const newestFirst = [
      'Analyse        12.03.2026   14.01.2026   Einheit   Referenz',
      'Kalium         4,8          5,4 H        mmol/l    3,5 - 5,1',
    ].join('\n');
    expect(brief(newestFirst)).toEqual([
      ['Kalium', '4,8', '3,5 - 5,1'],
      ['Kalium', '5,4', null],
    ]);
  });

  it('gives an antériorité, a Vorwert and a bracketed previous result no range', () => {
    const french = [
      '                                                 Valeurs de référence     Antériorités',
      '                                                                          12/05/2026',
      'Glycémie à jeun              1,08 g/L           0,70 - 1,10                0,99',
    ].join('\n');
    expect(rows(french).map((r) => r[3])).toEqual(['0,70 - 1,10', null]);
    expect(brief('Creatinine 1.1 mg/dL (0.6-1.2) (prev 1.3 on 02/01/2026)')).toEqual([
      ['Creatinine', '1.1', '0.6-1.2'],
      ['Creatinine', '1.3', null],
    ]);
    expect(brief('Previous result: 1.3 mg/dL on 02/01/2026').length).toBe(0);
  });

  it('leaves a long export alone: each row prints its own range', () => {
    const text = [
      'Date;Test;Result;Unit;Range',
      '2026-01-05;Sodium;136;mmol/L;135-145',
      '2026-03-05;Sodium;139;mmol/L;135-145',
    ].join('\n');
    expect(brief(text).map((r) => r[2])).toEqual(['135-145', '135-145']);
  });

  it('keeps a transposed log’s range row on its newest row only', () => {
    const text = [
      '| Date | TSH (mIU/L) | Free T4 (pmol/L) |',
      '|---|---|---|',
      '| Reference | 0.27-4.2 | 12-22 |',
      '| 2026-01-10 | 6.8 | 11.2 |',
      '| 2026-08-03 | 1.9 | 16.8 |',
    ].join('\n');
    expect(brief(text)).toEqual([
      ['TSH', '6.8', null],
      ['Free T4', '11.2', null],
      ['TSH', '1.9', '0.27-4.2'],
      ['Free T4', '16.8', '12-22'],
    ]);
  });

  it('finds the readings older than the newest, and none when one has no date', () => {
    const dated = [{ d: '2026-01-02' }, { d: '2026-03-01T08:00' }, { d: '2025-12-30' }];
    expect(earlierThanNewest(dated, (r) => r.d)).toEqual([{ d: '2026-01-02' }, { d: '2025-12-30' }]);
    expect(earlierThanNewest([{ d: '2026-01-02' }, { d: null }], (r) => r.d)).toEqual([]);
  });
});

describe('an earlier-results cell with its date first (x23)', () => {
  it('reads `14/06/25 : 1,02` after the range as the same test on that date', () => {
    const text = [
      'Glycémie à jeun ..................... 1,08 g/l           (0,70-1,10)         14/06/25 : 1,02',
      'Gamma GT ............................ 47 UI/l            (<38)  *            14/06/25 : 52',
    ].join('\n');
    expect(rows(text)).toEqual([
      ['Glycémie à jeun', '1,08', 'g/l', '0,70-1,10', null, null],
      ['Glycémie à jeun', '1,02', 'g/l', null, null, '2025-06-14'],
      ['Gamma GT', '47', 'UI/l', '<38', '*', null],
      ['Gamma GT', '52', 'UI/l', null, null, '2025-06-14'],
    ]);
    // Spanish and German spacing: `12.03.2025: 7,1`, `03-02-2025 : 88`.
    expect(brief('Kreatinin      0,9 mg/dl     0,5 - 1,0     12.03.2025: 1,1').map((r) => r[1])).toEqual([
      '0,9',
      '1,1',
    ]);
  });

  it('takes no trailing date alone, nor a time, for an earlier result', () => {
    const earlier = (text: string) => rows(text).filter((r) => String(r[5]).startsWith('2025-06-14'));
    expect(earlier('Glucose      5.4 mmol/L    3.9-6.1     14/06/25')).toEqual([]);
    expect(earlier('Glucose      5.4 mmol/L    3.9-6.1     14/06/25 08:15')).toEqual([]);
  });
});

describe('two-column pages whose right column a long left cell pushed (x23)', () => {
  it('splits a page whose right column starts one space after a range, or a column right of its gutter', () => {
    const text = [
      'EMOCROMO                                   CHIMICA CLINICA',
      'Esame        Risultato  U.M.   Val. rif.   Esame            Risultato U.M.    Val. rif.',
      'Globuli bianchi  6,85 10^3/µL (4,00-10,00) Glucosio             92    mg/dL   (70-100)',
      'Emoglobina       11,4 g/dL    (12,0-16,0) L Colesterolo HDL     64    mg/dL   (>45)',
      'MCV              84,2 fL      (80,0-99,0)  Sodio               141    mmol/L  (136-145)',
      'Piastrine         312 10^3/µL (150-450)    Potassio            4,1    mmol/L  (3,5-5,1)',
    ].join('\n');
    expect(brief(text)).toEqual([
      ['Globuli bianchi', '6,85', '4,00-10,00'],
      ['Emoglobina', '11,4', '12,0-16,0'],
      ['MCV', '84,2', '80,0-99,0'],
      ['Piastrine', '312', '150-450'],
      ['Glucosio', '92', '70-100'],
      ['Colesterolo HDL', '64', '>45'],
      ['Sodio', '141', '136-145'],
      ['Potassio', '4,1', '3,5-5,1'],
    ]);
  });

  it('leaves a one-column table with single-spaced cells whole', () => {
    const text = [
      'Test              Result   Unit     Range       Comment',
      'Sodium            139      mmol/L   135-145     within range',
      'Potassium         5.4      mmol/L   3.5-5.1 H   repeat advised',
      'Creatinine        88       umol/L   60-110      stable',
    ].join('\n');
    expect(brief(text).map((r) => r[0])).toEqual(['Sodium', 'Potassium', 'Creatinine']);
  });
});

describe('names over two lines above their values, and names ending in leaders (x23)', () => {
  it('joins a name line ending in a joining word to the name line under it', () => {
    const italian = ['Velocità di', 'eritrosedimentazione (VES)', '                   28 mm/h    (<20) H'].join('\n');
    expect(brief(italian)).toEqual([['Velocità di eritrosedimentazione (VES)', '28', '<20']]);
    const spanish = ['Velocidad de', 'sedimentación globular', '        12 mm/h     (0-20)'].join('\n');
    expect(brief(spanish)).toEqual([['Velocidad de sedimentación globular', '12', '0-20']]);
  });

  it('ends a name with a bracketed abbreviation carrying the values, whatever order its letters take', () => {
    const text = ['Hormone anti-müllérienne', '(AMH) ........................ 2,35 ng/mL'].join('\n');
    expect(brief(text)).toEqual([['Hormone anti-müllérienne (AMH)', '2,35', null]]);
  });

  it('ends a name with a derivation wrapped under it, but not with a method', () => {
    const text = [
      'Triglycerides                 2.31      H      <1.70             mmol/L',
      'LDL Cholesterol               2.52                               mmol/L',
      '(calculated)',
      'Free T4                       14.2                               pmol/L',
      '(ECLIA)',
      'HDL Cholesterol               1.05                               mmol/L',
      '(Direct)',
    ].join('\n');
    expect(brief(text).map((r) => r[0])).toEqual([
      'Triglycerides',
      'LDL Cholesterol (calculated)',
      'Free T4',
      'HDL Cholesterol',
    ]);
  });

  it('drops dot leaders and the colon from a table’s name cell', () => {
    const text = [
      '                                  Resultado                 Valores de Referência',
      'Hemácias.................:        4,62 milhões/mm³          4,30 a 5,70 milhões/mm³',
      'Leucócitos...............:        5.840 /mm³                3.500 a 10.500 /mm³',
    ].join('\n');
    expect(brief(text).map((r) => r[0])).toEqual(['Hemácias', 'Leucócitos']);
  });
});

describe('worded results and ranges (x23)', () => {
  it('reads a worded result in the value column of the rows beside it', () => {
    const text = [
      'BILAN LIPIDIQUE',
      'Aspect du sérum              Limpide',
      'Cholestérol total            2,35 g/L',
    ].join('\n');
    expect(brief(text)).toEqual([
      ['Aspect du sérum', 'Limpide', null],
      ['Cholestérol total', '2,35', null],
    ]);
    // Below the row instead of above it, in Spanish.
    expect(brief(['Glucosa        98 mg/dL', 'Aspecto        Turbio'].join('\n')).map((r) => r[1])).toEqual([
      '98',
      'Turbio',
    ]);
  });

  it('reads no name and word out of the value column, nor a heading beside a row', () => {
    expect(brief(['Aspect du sérum     Limpide', 'Cholestérol total            2,35 g/L'].join('\n')).length).toBe(1);
    const lines = [{ index: 0, text: 'Conclusion        Normal' }];
    expect(withWordedValuesLed(lines)).toBe(lines);
    // A word in the range column of a glossed row is its range, not a value to lead to.
    const glossed = [
      { index: 0, text: 'Urobilinogen           اليوروبيلينوجين       Normal      EU/dL           0.2 - 1.0' },
      { index: 1, text: 'Bilirubin              البيليروبين           Negative                    Negative' },
    ];
    expect(withWordedValuesLed(glossed)).toBe(glossed);
  });

  it('reads a worded range in brackets run into the unit column', () => {
    const text = [
      'Esame        Risultato  U.M.   Val. rif.',
      'pH                6,5         (5,0-8,0)',
      'Proteine       assenti  mg/dL (assenti)',
      'Emoglobina      tracce  mg/dL (assente)',
    ].join('\n');
    expect(brief(text)).toEqual([
      ['pH', '6,5', '5,0-8,0'],
      ['Proteine', 'assenti', 'assenti'],
      ['Emoglobina', 'tracce', 'assente'],
    ]);
    // A method note in the bracket stays a note (`mg/dL (calc)`, Quest).
    expect(rows(['Test   Result  Units   Range', 'LDL    96      mg/dL (calc)'].join('\n'))[0]?.[3]).toBe(null);
  });

  it('reads a range captioned for whom or what it is, and worded bounds', () => {
    const text = [
      '     RELAÇÃO PSA LIVRE/TOTAL :   13 %',
      '',
      '     Valor de referência para a relação: superior a 25%',
    ].join('\n');
    expect(brief(text)).toEqual([['RELAÇÃO PSA LIVRE/TOTAL', '13', 'superior a 25%']]); // a % glued to the bound stays (x24)
    const spanish = [
      '     ÍNDICE ALBÚMINA/CREATININA :   18 mg/g',
      '',
      '     Valor de referencia: menor a 30 mg/g',
    ].join('\n');
    expect(brief(spanish)).toEqual([['ÍNDICE ALBÚMINA/CREATININA', '18', 'menor a 30']]);
    const english = ['Ferritin: 38 ug/L', 'Reference range for women: 13-150'].join('\n');
    expect(brief(english)).toEqual([['Ferritin', '38', '13-150']]);
  });
});

describe('captions that are not readings (x23)', () => {
  it('reads no bands under a reference caption by cycle phase or age', () => {
    const text = [
      'FSH .......................... 7,2 UI/L',
      'Valeurs de référence FSH / LH / Oestradiol selon la phase du cycle :',
      '        Phase folliculaire : FSH 3,5 - 12,5   LH 2,4 - 12,6   E2 46 - 607 pmol/L',
      '        Pic ovulatoire     : FSH 4,7 - 21,5   LH 14,0 - 95,6  E2 315 - 1828 pmol/L',
      'Reference ranges by age:',
      '   20-29 y: AMH 1,5 - 9,5   30-39 y: AMH 0,7 - 7,5',
    ].join('\n');
    expect(brief(text)).toEqual([['FSH', '7,2', null]]);
  });

  it('still reads results under a reference caption', () => {
    const text = ['Valores de referencia:', 'Glucosa     98 mg/dL    70 - 100', 'Urea        32 mg/dL    15 - 45'].join(
      '\n',
    );
    expect(brief(text).map((r) => r[1])).toEqual(['98', '32']);
  });

  it('reads no band legend split at semicolons', () => {
    const text = [
      'Hémoglobine glyquée (HbA1c)      6,1 %        4,0 - 5,6',
      '   HbA1c < 5,7 % : normal ; 5,7 - 6,4 % : prédiabète ; >= 6,5 % : diabète',
      '   Glycémie < 1,00 g/L : normale ; 1,00 - 1,25 g/L : hyperglycémie modérée',
    ].join('\n');
    expect(brief(text)).toEqual([['Hémoglobine glyquée (HbA1c)', '6,1', '4,0 - 5,6']]);
  });

  it('blanks a captioned method cell ending a name line, not a value', () => {
    expect(withoutMethodCell('FERRITINA, soro        Método: quimioluminescência').trimEnd()).toBe('FERRITINA, soro');
    expect(withoutMethodCell('Ferritine   Méthode : CMIA').trimEnd()).toBe('Ferritine');
    const laudo = ['FERRITINA, soro                         Método: quimioluminescência', 'Resultado: 8,4 ng/mL'].join(
      '\n',
    );
    expect(brief(laudo)).toEqual([['FERRITINA, soro', '8,4', null]]);
  });
});

describe('collection and birth captions in Portuguese (x23)', () => {
  it('dates a laudo by `Coletado em`, never by `Data de Nasc.`', () => {
    const text = [
      'Paciente: JOÃO SOUZA                  Data de Nasc.: 08/02/1990',
      'Pedido: 5512-338901                   Coletado em: 21/10/2025 07:32',
      'Glicose     98 mg/dL     70 a 99 mg/dL',
      'Liberado eletronicamente em 21/10/2025 11:40',
    ].join('\n');
    expect(rows(text)[0]?.[5]).toBe('2025-10-21T07:32:00');
    const spanish = ['Fecha de Nac.: 03/04/1971     Fecha de toma: 12/05/2026', 'Glucosa   98 mg/dL   70-100'].join(
      '\n',
    );
    expect(rows(spanish)[0]?.[5]).toBe('2026-05-12');
  });
});
