import { describe, expect, it } from 'vitest';
import { timesFromEarlierHeader } from '../../../shared/domain/extraction/cumulative';
import {
  earlierColumnCaption,
  earlierColumnDate,
  splitEarlierColumnCell,
} from '../../../shared/domain/extraction/earlier-column';
import { isGradeLegend } from '../../../shared/domain/extraction/judgement-grades';
import { readTimeProfile } from '../../../shared/domain/extraction/time-profile';
import { plausibleYearlessColumns } from '../../../shared/domain/extraction/yearless-columns';
import { readAs } from './support/read-fields';

const rows = (text: string) => readAs(text, 'indicator', 'value', 'unit', 'referenceRange', 'flag', 'measuredAt');

describe('Dutch cumulative overviews and portal exports (session 22, d22)', () => {
  it('reads a cumulative overview captioned Afnamedatum / Eenheid / Referentie, times under the dates', () => {
    const text = [
      'Afnamedatum        03-02-2026   05-02-2026   Eenheid     Referentie',
      'Afnametijd         07:10        08:05',
      'Natrium            134 L        138          mmol/L      135 - 145',
      'ALAT               61 H         44           U/L         < 45',
    ].join('\n');
    expect(rows(text)).toEqual([
      ['Natrium', '134', 'mmol/L', null, 'L', '2026-02-03T07:10:00'], // session 23 decision
      ['Natrium', '138', 'mmol/L', '135 - 145', null, '2026-02-05T08:05:00'],
      ['ALAT', '61', 'U/L', null, 'H', '2026-02-03T07:10:00'], // session 23 decision
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
      ['Urée', '0,38', 'g/L', null, null, '2026-04-03'], // session 23 decision
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
      ['Kreatinin', '1,1', 'mg/dl', null, null, '2026-02-11'], // session 23 decision
    ]);
  });

  it('takes no cell far from the column, and no undated column', () => {
    const caption = earlierColumnCaption('                         Valeurs de référence     Antériorités', 4);
    expect(caption).not.toBeNull();
    const column = caption as NonNullable<typeof caption>;
    // The date must sit under the caption, on the next lines.
    expect(earlierColumnDate('12/05/2026', 5, column, 'day-first')).toBeNull();
    expect(earlierColumnDate(`${' '.repeat(column.start)}12/05/2026`, 9, column, 'day-first')).toBeNull();
    expect(splitEarlierColumnCell('Urée     0,41 g/L     0,15 - 0,45          0,38', column)).toBeNull();
    column.date = earlierColumnDate(`${' '.repeat(column.start)}12/05/2026`, 5, column, 'day-first');
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
      ['尿糖', '(+)', null, null, null, '2025-05-22'], // session 23 decision
      ['尿潜血', '(±)', null, '(−)', null, '2026-05-20'],
      ['尿潜血', '(−)', null, null, null, '2025-05-22'], // session 23 decision
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
    const dilutions = letter(
      '18/11/2026',
      'Titre         1/2       1/4      1/8',
      'ASO           pos       pos      neg',
    );
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

describe('check-up judgement letters and grading legends (judgement-grades.ts)', () => {
  it('reads a lone letter under 判定 as the grade, A as plain normal', () => {
    const text = [
      '受診日：2026年11月10日',
      '項目名　　　　　　　　結果　　　単位　　　基準値　　　判定',
      'ＬＤＬコレステロール　152　　　 mg/dL　　65-139　　　C',
      '空腹時血糖　　　　　　92　　　　mg/dL　　～99　　　　A',
      'γ－ＧＴ　　　　　　　88　　　　U/L　　　13-64　　　 D2',
    ].join('\n');
    expect(rows(text).map((r) => [r[1], r[4]])).toEqual([
      ['152', 'C'],
      ['92', null],
      ['88', 'D2'],
    ]);
  });

  it('does the same under a Korean 판정 column', () => {
    const text = [
      '검진일: 2026-05-03',
      '검사항목        결과     단위      참고치       판정',
      '공복혈당        112      mg/dL     70-99        B',
      '총콜레스테롤    180      mg/dL     ~199         A',
    ].join('\n');
    expect(rows(text).map((r) => [r[1], r[4]])).toEqual([
      ['112', 'B'],
      ['180', null],
    ]);
  });

  it('keeps a lone A under an English flag column as abnormal', () => {
    const text = [
      'Test          Result    Units     Range      Flag',
      'Urine nitrite Positive              Negative   A',
    ].join('\n');
    expect(rows(text).map((r) => r[4])).toEqual(['A']);
  });

  it('reads no reading from a grading legend, in Japanese or Korean, full or half width', () => {
    expect(isGradeLegend('判定区分：Ａ 異常なし　Ｂ 軽度異常　Ｃ 要経過観察　Ｄ 要医療　Ｅ 治療中')).toBe(true);
    expect(isGradeLegend('判定区分  A：異常なし  B：軽度異常  C：要経過観察')).toBe(true);
    expect(isGradeLegend('판정기준 A: 정상  B: 경계  C: 질환의심')).toBe(true);
    // One graded word is a result line, not a legend.
    expect(isGradeLegend('総合判定：Ｃ（要経過観察）')).toBe(false);
    expect(isGradeLegend('HbA1c  5.9 %  C')).toBe(false);
    const text = ['受診日：2026年11月10日', 'ＢＭＩ　　26.2', '判定区分：Ａ 異常なし　Ｂ 軽度異常　Ｃ 要経過観察'].join(
      '\n',
    );
    expect(rows(text).map((r) => r[0])).toEqual(['BMI']);
  });
});

describe('a cumulative row whose unit runs into a bracketed range (table-layout.ts)', () => {
  it('splits the unit from the bracketed band', () => {
    const text = [
      'Date              12/03/26   28/05/26   Units         Reference',
      'Sodium                 139        141   mmol/L        (135-145)',
      'eGFR                   31L        34L   mL/min/1.73m2 (>59)',
      'Creatinine             142H       131H  umol/L        (45-90)',
    ].join('\n');
    expect(
      rows(text)
        .filter((r) => r[0] === 'eGFR')
        .map((r) => [r[2], r[3]]),
    ).toEqual([
      ['mL/min/1.73m2', null], // session 23 decision: the range is the newest reading's
      ['mL/min/1.73m2', '>59'],
    ]);
  });
});

describe('a day profile of one test on one line (time-profile.ts)', () => {
  const day = (line: string) => rows(`Date: 14/11/2026\n${line}`);

  it('reads each value at its time on the day, the unit printed once after the last', () => {
    expect(day('Capillary glucose profile: 07:00 5.4 / 10:00 7.9 / 13:00 11.2 mmol/L')).toEqual([
      ['Capillary glucose', '5.4', 'mmol/L', null, null, '2026-11-14T07:00:00'],
      ['Capillary glucose', '7.9', 'mmol/L', null, null, '2026-11-14T10:00:00'],
      ['Capillary glucose', '11.2', 'mmol/L', null, null, '2026-11-14T13:00:00'],
    ]);
  });

  it('reads semicolons and a bracketed unit, German Uhr with a unit per value, French 7h00 with dashes', () => {
    expect(day('CBG profile 07:00 5,4; 13:00 11,2 (mmol/L)').map((r) => [r[1], r[2], r[5]])).toEqual([
      ['5,4', 'mmol/L', '2026-11-14T07:00:00'],
      ['11,2', 'mmol/L', '2026-11-14T13:00:00'],
    ]);
    expect(
      day('Blutzucker-Tagesprofil: 7:00 Uhr 98 mg/dl | 17:00 Uhr 142 mg/dl').map((r) => [r[0], r[1], r[5]]),
    ).toEqual([
      ['Blutzucker', '98', '2026-11-14T07:00:00'],
      ['Blutzucker', '142', '2026-11-14T17:00:00'],
    ]);
    expect(day('Glycémie capillaire : 7h00 1,02 g/L - 11h30 1,64 g/L').map((r) => [r[1], r[5]])).toEqual([
      ['1,02', '2026-11-14T07:00:00'],
      ['1,64', '2026-11-14T11:30:00'],
    ]);
  });

  it('reads no dose schedule, opening hours or a single timed value as a profile', () => {
    expect(day('Insulin doses 07:00 8 / 12:00 6 / 18:00 10 units')).toEqual([]);
    expect(day('Clinic hours 08:00 - 12:30 / 13:30 - 17:00')).toEqual([]);
    expect(readTimeProfile('Capillary glucose 07:00 5.4 mmol/L')).toBeNull();
    expect(readTimeProfile('Glucose 07:00 5.4 / 10:00 high')).toBeNull();
  });
});

describe('a method line in brackets under a row (wrapped-names.ts)', () => {
  it('is not the first half of the next name', () => {
    const text = [
      'Prélevé le 07/09/2026',
      'Créatinine ..............................  7,1 mg/L     62,8 µmol/L    (5,7 - 11,1)',
      '(Enzymatique)',
      'Débit de filtration glomérulaire (CKD-EPI)   >90 mL/min/1,73m²',
      'Urée ....................................  0,32 g/L     (0,15 - 0,43)',
      '(Uréase - Cobas)',
      'Acide urique ............................  52 mg/L      (26 - 60)',
    ].join('\n');
    expect(rows(text).map((r) => r[0])).toEqual([
      'Créatinine',
      'Débit de filtration glomérulaire (CKD-EPI)',
      'Urée',
      'Acide urique',
    ]);
  });
});

describe('a later cumulative section reusing the first header times (cumulative.ts)', () => {
  const head = [
    'NHS Trust cumulative report',
    'Test            12/03/26   28/05/26   19/08/26   Units     Range',
    '                0815       0920       0740',
    'Sodium          139        141        138        mmol/L    135-145',
    '',
  ];

  it('times a section printing only some of the dates, by their day', () => {
    const text = [
      ...head,
      'LIVER FUNCTION',
      'Test            28/05/26   19/08/26   Units     Range',
      'ALT             44         39         U/L       <40',
    ].join('\n');
    expect(
      rows(text)
        .filter((r) => r[0] === 'ALT')
        .map((r) => r[5]),
    ).toEqual(['2026-05-28T09:20:00', '2026-08-19T07:40:00']);
  });

  it('times a section after another table in between', () => {
    const text = [
      ...head,
      'Test            Result     Units      Range',
      'CRP             12         mg/L       <5',
      '',
      'Test            12/03/26   28/05/26   19/08/26   Units     Range',
      'ALT             44         39         41         U/L       <40',
    ].join('\n');
    expect(
      rows(text)
        .filter((r) => r[0] === 'ALT')
        .map((r) => r[5]),
    ).toEqual(['2026-03-12T08:15:00', '2026-05-28T09:20:00', '2026-08-19T07:40:00']);
  });

  it('gives no time to a day sampled twice above, and keeps a section own times', () => {
    const columns = (...dates: string[]) => dates.map((date, k) => ({ role: 'value' as const, start: 10 * k, date }));
    const earlier = columns('2026-05-28T06:00:00', '2026-05-28T18:00:00', '2026-08-19T07:40:00');
    const later = columns('2026-05-28', '2026-08-19');
    timesFromEarlierHeader(later, earlier);
    expect(later.map((c) => c.date)).toEqual(['2026-05-28', '2026-08-19T07:40:00']);
    const own = columns('2026-05-28T10:00:00', '2026-08-19');
    timesFromEarlierHeader(own, earlier);
    expect(own.map((c) => c.date)).toEqual(['2026-05-28T10:00:00', '2026-08-19']);
  });
});

describe('a later section with a day the timed header lacks (cumulative.ts)', () => {
  it('takes no time for any of its columns', () => {
    const columns = (...dates: string[]) => dates.map((date, k) => ({ role: 'value' as const, start: 10 * k, date }));
    const later = columns('2026-05-29', '2026-08-19');
    timesFromEarlierHeader(later, columns('2026-05-28T09:20:00', '2026-08-19T07:40:00'));
    expect(later.map((c) => c.date)).toEqual(['2026-05-29', '2026-08-19']);
  });
});
