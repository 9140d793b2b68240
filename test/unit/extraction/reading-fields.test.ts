import { describe, expect, it } from 'vitest';
import { abbreviatedCaptionMatcher } from '../../../shared/domain/extraction/abbreviated-captions';
import { rowTailCell, withoutColumnDates } from '../../../shared/domain/extraction/cumulative';
import { localeDateOrder } from '../../../shared/domain/extraction/date-locale';
import { reportDate } from '../../../shared/domain/extraction/dates';
import { asteriskIsFootnote } from '../../../shared/domain/extraction/footnote-marks';
import { goalBound } from '../../../shared/domain/extraction/goal-notes';
import { extractReadingsOffline } from '../../../shared/domain/extraction/index';
import { headerRole } from '../../../shared/domain/extraction/vocabulary';
import { readAs } from './support/read-fields';

const rows = (text: string) => readAs(text, 'indicator', 'value', 'unit', 'referenceRange', 'flag', 'measuredAt');

describe('a cumulative row whose unit and range stand under no caption', () => {
  it('gives every date the unit printed once after the last value, and the newest its range', () => {
    const text = [
      'CUMULATIVE LIPIDS                                     Units       Reference',
      'Collected       04-Feb-2026 09:05   11-Nov-2025 08:40',
      'Cholesterol          5.9 H               6.3 H         mmol/L      < 5.2',
      'HDL                  1.4                 1.3           mmol/L      > 1.0',
    ].join('\n');
    expect(rows(text)).toEqual([
      ['Cholesterol', '5.9', 'mmol/L', '< 5.2', 'H', '2026-02-04T09:05:00'],
      ['Cholesterol', '6.3', 'mmol/L', null, 'H', '2025-11-11T08:40:00'], // session 23 decision
      ['HDL', '1.4', 'mmol/L', '> 1.0', null, '2026-02-04T09:05:00'],
      ['HDL', '1.3', 'mmol/L', null, null, '2025-11-11T08:40:00'], // session 23 decision
    ]);
  });

  it('reads the tail from an empty last date cell and keeps the row', () => {
    const text = [
      'Test            13/01/2026   03/10/2025',
      'Ferritin            18 L          --         ug/L     (30-400)',
    ].join('\n');
    expect(rows(text)).toEqual([['Ferritin', '18', 'ug/L', '30-400', 'L', '2026-01-13']]);
  });

  it('splits a tail cell into unit and range, and refuses a cell with a value', () => {
    expect(rowTailCell('mmol/L   (135-145)')).toEqual({ unit: 'mmol/L', range: '135-145' });
    expect(rowTailCell('--   %   4,0 - 6,0')).toEqual({ unit: '%', range: '4,0 - 6,0' });
    expect(rowTailCell('137   mmol/L')).toBeNull();
    expect(rowTailCell('')).toBeNull();
  });
});

describe('a section under a cumulative table with its own collection date', () => {
  it('is read in the table columns but dated by its heading', () => {
    const text = [
      'Date          02/03/2026   15/01/2026',
      'Sodium            139          141        mmol/L   (135-145)',
      '',
      'URINE CHEMISTRY                    Collected: 02/03/2026 11:30',
      'Urine sodium      62                      mmol/L',
    ].join('\n');
    expect(rows(text)).toEqual([
      ['Sodium', '139', 'mmol/L', '135-145', null, '2026-03-02'],
      ['Sodium', '141', 'mmol/L', null, null, '2026-01-15'], // session 23 decision
      ['Urine sodium', '62', 'mmol/L', null, null, '2026-03-02T11:30:00'],
    ]);
  });

  it('merges the date columns into one result column', () => {
    const layout = {
      delimiter: 'spaces' as const,
      columns: [
        { role: 'name' as const, start: 0, date: null },
        { role: 'value' as const, start: 14, date: '2026-03-02' },
        { role: 'value' as const, start: 27, date: '2026-01-15' },
      ],
    };
    expect(withoutColumnDates(layout).columns).toEqual([
      { role: 'name', start: 0, date: null },
      { role: 'value', start: 14, date: null },
    ]);
  });
});

describe('abbreviated captions', () => {
  it('match a vocabulary caption word by word, a dotted word by its start', () => {
    expect(headerRole('VALORI DI RIF.')).toBe('range');
    expect(headerRole('Valores ref.')).toBe('range');
    expect(headerRole('Valeurs de réf.')).toBe('range');
    expect(headerRole('Dr.')).toBeNull();
    expect(headerRole('Pag. 1')).toBeNull();
  });

  it('read a caption glossed in another script after a slash by its Latin side', () => {
    expect(headerRole('Result / النتيجة')).toBe('value');
    expect(headerRole('Ref. Range / المعدل الطبيعي')).toBe('range');
    expect(headerRole('Тест / Test')).toBe('name');
    expect(headerRole('Lactate / Laktat')).toBeNull();
  });

  it('refuse a caption that could be two roles, and a word cut too short', () => {
    const match = abbreviatedCaptionMatcher(
      new Map([
        ['result', 'value'],
        ['resolution', 'other'],
        ['range', 'range'],
      ]),
      (text: string) => text.toLowerCase(),
    );
    expect(match('Res.')).toBeNull();
    expect(match('Resu.')).toBe('value');
    expect(match('Ra.')).toBeNull();
  });

  it('read a headed table with an abbreviated range caption', () => {
    const text = [
      'Data prelievo: 18/12/2025',
      'ESAME            RISULTATO   U.M.      VAL. DI RIF.',
      'Glucosio             92      mg/dL     70 - 110',
    ].join('\n');
    expect(rows(text)).toEqual([['Glucosio', '92', 'mg/dL', '70 - 110', null, '2025-12-18']]);
  });
});

describe('a page of two tables side by side under one doubled header', () => {
  it('reads each half with its own ranges', () => {
    const text = [
      'Patient: Hansen, Lars              Sample date: 04.03.2026',
      '',
      'Test           Result   Unit     Ref.           Test           Result   Unit     Ref.',
      'Sodium            139   mmol/L   137 - 145      Haemoglobin      13.1   g/dL     13.4 - 17.0',
      'Potassium         4.9   mmol/L   3.5 - 5.0      Platelets         212   10^9/L   145 - 390',
      'Creatinine        101   umol/L   60 - 105       White cells       6.8   10^9/L   3.5 - 8.8',
    ].join('\n');
    expect(rows(text).map((r) => [r[0], r[3]])).toEqual([
      ['Sodium', '137 - 145'],
      ['Potassium', '3.5 - 5.0'],
      ['Creatinine', '60 - 105'],
      ['Haemoglobin', '13.4 - 17.0'],
      ['Platelets', '145 - 390'],
      ['White cells', '3.5 - 8.8'],
    ]);
  });
});

describe('collection and report dates both printed', () => {
  it('dates readings by the collection date even when the report and received dates come first', () => {
    const text = [
      'Report date: 14/03/2026 14:05        Received: 13/03/2026 11:20',
      'Specimen collected: 13/03/2026 08:15',
      'Test            Result    Units     Range',
      'TSH             5.8 H     mU/L      0.5 - 4.0',
    ].join('\n');
    expect(rows(text)).toEqual([['TSH', '5.8', 'mU/L', '0.5 - 4.0', 'H', '2026-03-13T08:15:00']]);
  });

  it("dates a period's summary at the period's end, whatever the caption before its start", () => {
    expect(reportDate(['Date range: 01/05/2026 - 14/05/2026 (14 days)'], 'day-first')).toBe('2026-05-14');
    expect(reportDate(['Collection period: 02/03/2026 - 15/03/2026'], 'day-first')).toBe('2026-03-15');
  });

  it('takes day-first order from Arabic, Cyrillic or Greek script and Gulf phone codes', () => {
    expect(localeDateOrder('تاريخ الطلب Order Date: 11/02/2026')).toBe('day-first');
    expect(localeDateOrder('Дата: 03/04/2026')).toBe('day-first');
    expect(localeDateOrder('Tel +966 13 843 1111  Date 03/04/2026')).toBe('day-first');
  });
});

describe('a table unit given right above its header', () => {
  it('is the unit of the table rows; a Target column is their range', () => {
    const text = [
      'All results in mmol/L',
      'Test                 Result     Target',
      'LDL cholesterol      3.4        < 2.6',
    ].join('\n');
    expect(rows(text)).toEqual([['LDL cholesterol', '3.4', 'mmol/L', '< 2.6', null, null]]);
  });
});

describe('a goal note after a reading', () => {
  it('is the range of the line’s one reading, as written', () => {
    const text = 'Report date: 2026-04-11\nTime below range 4.2%    share of readings; goal <4%';
    expect(rows(text)).toEqual([['Time below range', '4.2', '%', '<4%', null, '2026-04-11']]);
  });

  it('takes only a bound or a band after the goal word', () => {
    expect(goalBound('goal ≤36%')).toBe('≤36%');
    expect(goalBound('Target: 4.0-7.0 mmol/L')).toBe('4.0-7.0 mmol/L');
    expect(goalBound('goal is to keep it low')).toBeNull();
    expect(goalBound(`goal <${'9'.repeat(100)}`)).toBeNull();
  });
});

describe('an asterisk calling a footnote', () => {
  it('is no flag on a reading without a range', () => {
    const text = [
      'Prélevé le 04/02/2026',
      'Cholestérol LDL calculé ................  1,49 g/L           *',
      '  * Objectif thérapeutique selon le risque cardiovasculaire : risque faible <1,90 g/L.',
    ].join('\n');
    expect(rows(text)).toEqual([['Cholestérol LDL calculé', '1,49', 'g/L', null, null, '2026-02-04']]);
  });

  it('stays a flag where a legend says it marks results out of range', () => {
    expect(asteriskIsFootnote(['Ferritin  9 *  ng/mL', '* Results outside the reference range'])).toBe(false);
    expect(asteriskIsFootnote(['LDL  3.1 *', '* Target depends on cardiovascular risk'])).toBe(true);
    expect(asteriskIsFootnote(['Ferritin  9 *  ng/mL  15 - 150'])).toBe(false);
  });
});

describe('a range wrapped under its column', () => {
  it('joins an unfinished list of bands and leaves a flag line alone', () => {
    const text = [
      'Test Name            Result     Units     Reference Interval',
      'hs-CRP               3.8        mg/L      <1.0 low risk;',
      '                                          75-125 borderline;',
      '                                          >125 high risk',
      'Ferritin             14         ng/mL     15-150',
      '                                          Low',
    ].join('\n');
    expect(rows(text).map((r) => [r[0], r[3], r[4]])).toEqual([
      ['hs-CRP', '<1.0 low risk; 75-125 borderline; >125 high risk', null],
      ['Ferritin', '15-150', 'Low'],
    ]);
  });
});

describe('malformed and huge input', () => {
  it('never throws nor goes quadratic on long tables, wrapped ranges and footnotes', () => {
    const table = [
      'Test            13/01/2026   03/10/2025',
      ...Array.from({ length: 600 }, (_, k) => `Test ${k}           ${k} H          --         ug/L     (30-400)`),
    ].join('\n');
    const wrapped = [
      'Test Name            Result     Units     Reference Interval',
      'Lipoprotein          62         nmol/L    <75 desirable;',
      ...Array.from({ length: 600 }, () => '                                          75-125 borderline;'),
    ].join('\n');
    const notes = Array.from({ length: 300 }, (_, k) => `LDL ${k} mmol/L *\n* See note ${k}`).join('\n');
    const started = performance.now();
    expect(extractReadingsOffline(table)).toHaveLength(600);
    expect(extractReadingsOffline(wrapped)).toHaveLength(1);
    expect(() => extractReadingsOffline(notes)).not.toThrow();
    expect(() => extractReadingsOffline('Date  01/02/2026  02/02/2026\n(((((\n--  --  --')).not.toThrow();
    expect(() => rowTailCell('-- '.repeat(10000))).not.toThrow();
    expect(headerRole(`${'Val. '.repeat(1000)}`)).toBeNull();
    expect(goalBound(`goal ${'<'.repeat(10000)}`)).toBeNull();
    expect(performance.now() - started).toBeLessThan(10000);
  });
});
