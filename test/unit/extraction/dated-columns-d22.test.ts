import { describe, expect, it } from 'vitest';
import {
  earlierColumnCaption,
  earlierColumnDate,
  splitEarlierColumnCell,
} from '../../../shared/domain/extraction/earlier-column';
import { extractReadingsOffline } from '../../../shared/domain/extraction/index';
import { plausibleYearlessColumns } from '../../../shared/domain/extraction/yearless-columns';

const rows = (text: string) =>
  extractReadingsOffline(text).map((r) => [r.indicator, r.value, r.unit, r.referenceRange, r.flag, r.measuredAt]);

describe('Dutch cumulative overviews and portal exports (session 22, d22)', () => {
  it('reads a cumulative overview captioned Afnamedatum / Eenheid / Referentie, times under the dates', () => {
    const text = [
      'Afnamedatum        03-02-2026   05-02-2026   Eenheid     Referentie',
      'Afnametijd         07:10        08:05',
      'Natrium            134 L        138          mmol/L      135 - 145',
      'ALAT               61 H         44           U/L         < 45',
    ].join('\n');
    expect(rows(text)).toEqual([
      ['Natrium', '134', 'mmol/L', '135 - 145', 'L', '2026-02-03T07:10:00'],
      ['Natrium', '138', 'mmol/L', '135 - 145', null, '2026-02-05T08:05:00'],
      ['ALAT', '61', 'U/L', '< 45', 'H', '2026-02-03T07:10:00'],
      ['ALAT', '44', 'U/L', '< 45', null, '2026-02-05T08:05:00'],
    ]);
  });

  it('reads a semicolon export captioned Datum afname;Tijd;Bepaling;Uitslag;Eenheid;Referentiewaarde;Vlag', () => {
    const text = [
      'Datum afname;Tijd;Bepaling;Uitslag;Eenheid;Referentiewaarde;Vlag;Laboratorium;Opmerking',
      '02-03-2026;09:40;TSH;5,9;mU/l;0,4 - 4,0;H;Certe Groningen;',
      '02-03-2026;09:40;Vrij T4;13;pmol/l;10 - 23;;Certe Groningen;Na inname levothyroxine',
    ].join('\n');
    expect(rows(text)).toEqual([
      ['TSH', '5,9', 'mU/l', '0,4 - 4,0', 'H', '2026-03-02T09:40:00'],
      ['Vrij T4', '13', 'pmol/l', '10 - 23', null, '2026-03-02T09:40:00'],
    ]);
  });

  it('reads the same export with tabs and the columns in another order', () => {
    const text = [
      'Bepaling\tUitslag\tEenheid\tReferentie\tAfnamedatum',
      'Hemoglobine\t7,2\tmmol/l\t7,5 - 10,0\t11-06-2026',
    ].join('\n');
    expect(rows(text)).toEqual([['Hemoglobine', '7,2', 'mmol/l', '7,5 - 10,0', null, '2026-06-11']]);
  });
});

describe('an earlier-results column dated once under its caption (earlier-column.ts)', () => {
  it('dates the bare earlier values by the header and leaves the report date to the current results', () => {
    const text = [
      'Prélevé le 14/10/2026 à 08h05',
      '                                        Valeurs de référence    Antériorités',
      '                                                                03/04/2026',
      'Urée                    0,41 g/L        0,15 - 0,45             0,38',
      'Potassium               4,4 mmol/L      3,5 - 5,1',
    ].join('\n');
    expect(rows(text)).toEqual([
      ['Urée', '0,41', 'g/L', '0,15 - 0,45', null, '2026-10-14T08:05:00'],
      ['Urée', '0,38', 'g/L', '0,15 - 0,45', null, '2026-04-03'],
      ['Potassium', '4,4', 'mmol/L', '3,5 - 5,1', null, '2026-10-14T08:05:00'],
    ]);
  });

  it('reads a German Vorwert column the same way', () => {
    const text = [
      'Probenentnahme: 20.05.2026',
      '                                      Referenzbereich        Vorwert',
      '                                                             11.02.2026',
      'Kreatinin             1,3 mg/dl       0,5 - 1,2              1,1',
    ].join('\n');
    expect(rows(text)).toEqual([
      ['Kreatinin', '1,3', 'mg/dl', '0,5 - 1,2', null, '2026-05-20'],
      ['Kreatinin', '1,1', 'mg/dl', '0,5 - 1,2', null, '2026-02-11'],
    ]);
  });

  it('takes no cell far from the column, and no undated column', () => {
    const caption = earlierColumnCaption('                         Valeurs de référence     Antériorités', 4);
    expect(caption).not.toBeNull();
    const column = caption as NonNullable<typeof caption>;
    // The date must sit under the caption, on the next lines.
    expect(earlierColumnDate('12/05/2026', 5, column, 'day-first')).toBeNull();
    expect(earlierColumnDate(' '.repeat(column.start) + '12/05/2026', 9, column, 'day-first')).toBeNull();
    expect(splitEarlierColumnCell('Urée     0,41 g/L     0,15 - 0,45          0,38', column)).toBeNull();
    column.date = earlierColumnDate(' '.repeat(column.start) + '12/05/2026', 5, column, 'day-first');
    expect(column.date).toBe('2026-05-12');
    // A figure far left of the column is a range, not an earlier result.
    expect(splitEarlierColumnCell('Urée     0,41 g/L     15', column)).toBeNull();
  });

  it('is no column when the caption heads a list at the left', () => {
    expect(earlierColumnCaption('Antériorités', 0)).toBeNull();
    expect(earlierColumnCaption('   Résultats antérieurs au 12/05/2026', 0)).toBeNull();
  });
});

describe('bilingual captions and grades in check-up tables (session 22, d22)', () => {
  it('does not join an Arabic or Cyrillic section caption to the row above it', () => {
    const text = [
      'Parameter                        Result    Flag     Unit       Ref. Range',
      'cK+                              4.9                mmol/L     3.5 - 5.1',
      '  المستقلبات / Metabolites',
      'cGlu                             9.6       H        mmol/L     3.9 - 5.8',
      'Lactate                          1.1                mmol/L     0.5 - 1.6',
      '  Биохимия / Chemistry',
      'Urea                             6.1                mmol/L     2.5 - 7.8',
    ].join('\n');
    expect(rows(text).map((r) => r[0])).toEqual(['cK+', 'cGlu', 'Lactate', 'Urea']);
  });

  it('reads dipstick grades written with a minus sign across visit columns', () => {
    const text = [
      '                                 今回            前回',
      '検査項目         単位   基準値    2026/05/20      2025/05/22',
      '  尿糖                   (−)       (−)             (＋)',
      '  尿潜血                 (−)       (±)             (−)',
    ].join('\n');
    expect(rows(text)).toEqual([
      ['尿糖', '(−)', null, '(−)', null, '2026-05-20'],
      ['尿糖', '(+)', null, '(−)', null, '2025-05-22'],
      ['尿潜血', '(±)', null, '(−)', null, '2026-05-20'],
      ['尿潜血', '(−)', null, '(−)', null, '2025-05-22'],
    ]);
  });
});

describe('yearless date columns in a letter must be one run of recent tests (yearless-columns.ts)', () => {
  const letter = (date: string, header: string, ...body: string[]) =>
    [`NHS Trust clinic letter  ${date}`, 'Dear Dr Smith,', header, ...body].join('\n');

  it('dates columns around the turn of the year by the letter', () => {
    const text = letter('10/02/2026', 'Test          28/12     05/01    03/02', 'Hb            101       96       99');
    expect(rows(text).map((r) => r[5])).toEqual(['2025-12-28', '2026-01-05', '2026-02-03']);
  });

  it('reads no dates from fractions or a dilution series', () => {
    const fractions = letter('18/11/2026', 'Test          1/2       3/4', 'Hb            101       96');
    expect(rows(fractions).filter((r) => r[5]?.startsWith('2027'))).toEqual([]);
    const dilutions = letter('18/11/2026', 'Titre         1/2       1/4      1/8', 'ASO           pos       pos      neg');
    expect(rows(dilutions).filter((r) => r[5] !== '2026-11-18' && r[5] !== null)).toEqual([]);
  });

  it('keeps the order check: columns out of any order of time are no dates', () => {
    expect(plausibleYearlessColumns(['2026-11-12', '2026-11-16'], '2026-11-18')).toBe(true);
    expect(plausibleYearlessColumns(['2026-11-16', '2026-11-12'], '2026-11-18')).toBe(true);
    expect(plausibleYearlessColumns(['2026-11-12', '2026-10-01', '2026-11-16'], '2026-11-18')).toBe(false);
    expect(plausibleYearlessColumns(['2027-02-01', '2026-04-03'], '2026-11-18')).toBe(false);
    expect(plausibleYearlessColumns(['2026-11-12'], '2026-11-18')).toBe(false);
  });
});
