import { describe, expect, it } from 'vitest';
import {
  columnDate,
  detectSpacedDatedHeader,
  isEmptyCumulativeCell,
  splitPreviousResult,
} from '../../../shared/domain/extraction/cumulative';
import { splitCellFlag, splitFlagBeforeValue, splitGluedFlag } from '../../../shared/domain/extraction/flag-first';
import { extractReadingsOffline } from '../../../shared/domain/extraction/index';
import type { ExtractedReading } from '../../../shared/domain/extraction/types';

type Row = [string, string, string | null, string | null, string | null];

/** indicator, value, flag, measuredAt, unit: the fields these layouts decide. */
function rows(text: string): Row[] {
  return extractReadingsOffline(text).map((r: ExtractedReading) => [
    r.indicator,
    r.value,
    r.flag,
    r.measuredAt,
    r.unit,
  ]);
}

describe('cumulative reports: dates as columns', () => {
  it('reads one reading per filled cell, dated by its column, newest first', () => {
    const text = [
      'CUMULATIVE RESULTS - HAEMATOLOGY',
      'Test            27/03/26   12/01/26   03/10/25   Units     Ref range',
      'Haemoglobin     131        128        119 L      g/L       130-170',
      'WCC             6.2        --         11.8 H     x10^9/L   4.0-11.0',
      'Platelets                  250        240*       x10^9/L   150-400',
    ].join('\n');
    expect(rows(text)).toEqual([
      ['Haemoglobin', '131', null, '2026-03-27', 'g/L'],
      ['Haemoglobin', '128', null, '2026-01-12', 'g/L'],
      ['Haemoglobin', '119', 'L', '2025-10-03', 'g/L'],
      ['WCC', '6.2', null, '2026-03-27', 'x10^9/L'],
      ['WCC', '11.8', 'H', '2025-10-03', 'x10^9/L'],
      ['Platelets', '250', null, '2026-01-12', 'x10^9/L'],
      ['Platelets', '240', '*', '2025-10-03', 'x10^9/L'],
    ]);
    expect(extractReadingsOffline(text)[0]?.referenceRange).toBe('130-170');
  });

  it('reads oldest-first columns and keeps the document month-first order for ambiguous dates', () => {
    const text = [
      'DOB: 05/23/1961',
      'Component        Ref Range     01/05/2026   02/09/2026   03/11/2026',
      'Creatinine       0.7-1.3       1.4 (H)      1.3          1.1',
      'BUN              7-20          n/a          22 (H)       18',
    ].join('\n');
    expect(rows(text)).toEqual([
      ['Creatinine', '1.4', 'H', '2026-01-05', null],
      ['Creatinine', '1.3', null, '2026-02-09', null],
      ['Creatinine', '1.1', null, '2026-03-11', null],
      ['BUN', '22', 'H', '2026-02-09', null],
      ['BUN', '18', null, '2026-03-11', null],
    ]);
  });

  it('takes a date-captioned name column and column dates with their collection time', () => {
    const text = [
      'Date             14.02.2026 08:10   02.02.2026 07:55   Einheit   Referenz',
      'Kreatinin        1,02               not done           mg/dl     0,50-0,90',
      'Harnstoff        41                 38                 mg/dl     17-43',
    ].join('\n');
    expect(rows(text)).toEqual([
      ['Kreatinin', '1,02', null, '2026-02-14T08:10:00', 'mg/dl'],
      ['Harnstoff', '41', null, '2026-02-14T08:10:00', 'mg/dl'],
      ['Harnstoff', '38', null, '2026-02-02T07:55:00', 'mg/dl'],
    ]);
  });

  it('takes collection times and the Units / Ref. Range captions from a second header line', () => {
    const text = [
      'Patient: DOE, Jane   DOB: 14/07/1948',
      '                      27/03/26   12/01/26   03/10/25',
      '                      09:42      10:15      08:57      Units          Ref. Range',
      'Lab No                R4471920   R4403381   R4290175',
      'Potassium             5.6 H      5.3        --         mmol/L         3.5 - 5.3',
    ].join('\n');
    const found = extractReadingsOffline(text);
    expect(found.map((r) => [r.indicator, r.value, r.flag, r.measuredAt, r.unit, r.referenceRange])).toEqual([
      ['Potassium', '5.6', 'H', '2026-03-27T09:42:00', 'mmol/L', '3.5 - 5.3'],
      ['Potassium', '5.3', null, '2026-01-12T10:15:00', 'mmol/L', null], // session 23 decision
    ]);
  });

  it('takes the names caption and zoned times on the second header line', () => {
    const text = [
      'DOB: 11/02/1975',
      '                       03/27/2026    01/12/2026',
      'Test                   09:42 PDT     0814 Local    Units      Ref Range',
      'Potassium              5.6 (H)       4.1           mmol/L     3.5-5.1',
    ].join('\n');
    expect(rows(text)).toEqual([
      ['Potassium', '5.6', 'H', '2026-03-27T09:42:00', 'mmol/L'],
      ['Potassium', '4.1', null, '2026-01-12T08:14:00', 'mmol/L'],
    ]);
  });

  it("reads Epic's combined 'Ref Range & Units' column", () => {
    const text = [
      'Component               Ref Range & Units       12/30/25      02/03/26',
      'Hemoglobin              13.5 - 17.5 g/dL        11.8 (L)      Canceled',
    ].join('\n');
    const found = extractReadingsOffline(text);
    expect(found.map((r) => [r.value, r.flag, r.measuredAt, r.unit, r.referenceRange])).toEqual([
      ['11.8', 'L', '2025-12-30', 'g/dL', '13.5 - 17.5'],
    ]);
  });

  it('reads month-name column dates with times, glued flags, and a tab-separated export', () => {
    const fixed = [
      'Test            27-Mar-2026 09:42   12-Jan-2026 10:15   Units    Reference',
      'Potassium       5.6H                5.3                 mmol/L   3.5-5.3',
    ].join('\n');
    expect(rows(fixed)).toEqual([
      ['Potassium', '5.6', 'H', '2026-03-27T09:42:00', 'mmol/L'],
      ['Potassium', '5.3', null, '2026-01-12T10:15:00', 'mmol/L'],
    ]);
    const tabs = ['Test\t03/27/2026\t01/12/2026\tUnits\tRange', 'Glucose\t104 H\t\tmg/dL\t70-99'].join('\n');
    expect(rows(tabs)).toEqual([['Glucose', '104', 'H', '2026-03-27', 'mg/dL']]);
  });

  it('reads a cumulative table copied without its column gaps, token by token', () => {
    const text = [
      'Collected: 27/03/2026',
      'Test 27/03/26 12/01/26 03/10/25 Units Ref range',
      'Haemoglobin 131 128 119 L g/L 130-170',
      'WCC 6.2 -- 11.8 H x10^9/L 4.0-11.0',
      'Platelets 250 240 x10^9/L 150-400',
    ].join('\n');
    expect(rows(text)).toEqual([
      ['Haemoglobin', '131', null, '2026-03-27', 'g/L'],
      ['Haemoglobin', '128', null, '2026-01-12', 'g/L'],
      ['Haemoglobin', '119', 'L', '2025-10-03', 'g/L'],
      ['WCC', '6.2', null, '2026-03-27', 'x10^9/L'],
      ['WCC', '11.8', 'H', '2025-10-03', 'x10^9/L'],
    ]);
    expect(detectSpacedDatedHeader('Test 27/03/26 09:42 12/01/26 10:15 Units', 'day-first')).toEqual({
      dates: ['2026-03-27', '2026-01-12'],
      unit: true,
      range: false,
    });
    expect(detectSpacedDatedHeader('From 01/01/2026 to 31/03/2026', 'day-first')).toBeNull();
    expect(detectSpacedDatedHeader('Collected 27/03/26 Reported 28/03/26', 'day-first')).toBeNull();
  });

  it('knows empty cells and header date cells', () => {
    for (const empty of ['--', '-', '—', '.', 'n/a', 'NA', 'not done', 'Pending', 'cancelled', 'TNP']) {
      expect(isEmptyCumulativeCell(empty)).toBe(true);
    }
    for (const value of ['ND', '0', '<5', 'Negative', '*']) expect(isEmptyCumulativeCell(value)).toBe(false);
    expect(columnDate('27/03/26', 'day-first')).toBe('2026-03-27');
    expect(columnDate('27/03/26 09:15', 'day-first')).toBe('2026-03-27T09:15:00');
    expect(columnDate('27-Mar-2026', 'day-first')).toBe('2026-03-27');
    expect(columnDate('Date 27/03/26', 'day-first')).toBeNull();
    expect(columnDate('27/03/26 - 28/03/26', 'day-first')).toBeNull();
  });
});

describe('cumulative reports: an earlier result inline', () => {
  it.each([
    ['Creatinine 1.1 mg/dL (prev 1.3 on 02/01/2026)', '1.3', '2026-02-01'],
    ['Creatinine 1.1 mg/dL (previous: 1.3, 02.01.2026)', '1.3', '2026-01-02'],
    ['Creatinine 1.1 mg/dL [last 1.3 02/01/26]', '1.3', '2026-02-01'],
    ['Creatinine 1.1 mg/dL (previous result 02/01/2026: 1.3 mg/dL)', '1.3', '2026-02-01'],
    ['Creatinine 1.1 mg/dL (prev: 1.3 - 02/01/2026)', '1.3', '2026-02-01'],
    // A month name after the day (`1 Feb 2026`) would make the document day-first (`date-locale.ts`); US order here.
    ['Creatinine 1.1 mg/dL (previous 1.3 on Feb 1, 2026)', '1.3', '2026-02-01'],
  ])('%s', (line, previousValue, previousDate) => {
    const text = `Collected: 03/10/2026\n${line}`;
    expect(rows(text)).toEqual([
      ['Creatinine', '1.1', null, '2026-03-10', 'mg/dL'],
      ['Creatinine', previousValue, null, previousDate, 'mg/dL'],
    ]);
  });

  it('gives the earlier reading the line unit but no range, and keeps the current flag to the current reading', () => {
    const text = 'Entnahme: 14.03.2026\nKreatinin 1,3 mg/dl 0,5-1,1 H (Vorwert 1,1 vom 02.01.2026)';
    const found = extractReadingsOffline(text);
    expect(found.map((r) => [r.value, r.unit, r.referenceRange, r.flag, r.measuredAt])).toEqual([
      ['1,3', 'mg/dl', '0,5-1,1', 'H', '2026-03-14'],
      ['1,1', 'mg/dl', null, null, '2026-01-02'], // session 23 decision: no range on earlier readings
    ]);
  });

  it('reads an earlier result on its own line under the reading, for the test above', () => {
    const text = [
      'Collected: 03/10/2026',
      'Creatinine 1.1 mg/dL',
      'Previous result: 1.3 mg/dL on 02/01/2026',
      'Normal range: 0.6-1.2',
      'Potassium',
      '4.1 mmol/L',
      'Last value 3.9 (02/01/2026)',
    ].join('\n');
    expect(
      extractReadingsOffline(text).map((r) => [r.indicator, r.value, r.unit, r.referenceRange, r.measuredAt]),
    ).toEqual([
      ['Creatinine', '1.1', 'mg/dL', '0.6-1.2', '2026-03-10'],
      ['Creatinine', '1.3', 'mg/dL', null, '2026-02-01'],
      ['Potassium', '4.1', 'mmol/L', null, '2026-03-10'],
      ['Potassium', '3.9', 'mmol/L', null, '2026-02-01'],
    ]);
  });

  it("reads LabCorp's 'Previous Result and Date' column as a second dated reading", () => {
    const text = [
      'Date Collected: 03/20/2026',
      'Tests                      Current Result and Flag    Previous Result and Date    Units     Reference Interval',
      'Glucose 01                 104  High                  97  01/05/2025              mg/dL     70-99',
      'BUN 01                     15                                                     mg/dL     6-24',
    ].join('\n');
    expect(rows(text)).toEqual([
      ['Glucose 01', '104', 'High', '2026-03-20', 'mg/dL'],
      ['Glucose 01', '97', null, '2025-01-05', 'mg/dL'],
      ['BUN 01', '15', null, '2026-03-20', 'mg/dL'],
    ]);
  });

  it('leaves brackets that are not an earlier result alone', () => {
    expect(splitPreviousResult('Glucose 104 mg/dL (fasting)', 'day-first')).toBeNull();
    expect(splitPreviousResult('Glucose 104 mg/dL (prev. visit 02/01/2026)', 'day-first')).toBeNull();
    expect(splitPreviousResult('Glucose 104 mg/dL (last 5.1 and 4.9 on 02/01/2026)', 'day-first')).toBeNull();
  });
});

describe('a flag before the value', () => {
  it('reads a flag column left of the name, without a header', () => {
    const text = [
      'H  Glucose        104    mg/dL    70-99',
      '   Sodium         140    mmol/L   135-145',
      '*  LDL  4.2 mmol/L',
    ].join('\n');
    expect(rows(text)).toEqual([
      ['Glucose', '104', 'H', null, 'mg/dL'],
      ['Sodium', '140', null, null, 'mmol/L'],
      ['LDL', '4.2', '*', null, 'mmol/L'],
    ]);
  });

  it('reads a flag between the name and the value', () => {
    expect(rows('Glucose   H 104   mg/dL')).toEqual([['Glucose', '104', 'H', null, 'mg/dL']]);
    expect(rows('Glucose    HIGH   104 mg/dL')).toEqual([['Glucose', '104', 'HIGH', null, 'mg/dL']]);
    expect(rows('Vitamin D  L 18 ng/mL  30-100')).toEqual([['Vitamin D', '18', 'L', null, 'ng/mL']]);
    expect(rows('Hemoglobin (L) 11.8 g/dL')).toEqual([['Hemoglobin', '11.8', 'L', null, 'g/dL']]);
  });

  it('reads a header that puts Flag before Result, and H 104 result cells under one that does not', () => {
    const withFlag = [
      'Flag  Test        Result  Units   Reference',
      'H     Glucose     104     mg/dL   70-99',
      '      Sodium      140     mmol/L  135-145',
    ].join('\n');
    expect(rows(withFlag)).toEqual([
      ['Glucose', '104', 'H', null, 'mg/dL'],
      ['Sodium', '140', null, null, 'mmol/L'],
    ]);
    const gapped = ['Test              Result    Units    Range', 'Potassium    L    3.2       mmol/L   3.5-5.1'].join(
      '\n',
    );
    expect(rows(gapped)).toEqual([['Potassium', '3.2', 'L', null, 'mmol/L']]);
    const inCell = ['Test        Result    Units   Reference', 'Glucose     H 104     mg/dL   70-99'].join('\n');
    expect(rows(inCell)).toEqual([['Glucose', '104', 'H', null, 'mg/dL']]);
  });

  it('does not read an accession number under a SPEC# label', () => {
    expect(rows('SPEC#: 0320:C00417R            STATUS: FINAL\nGLUCOSE   H 118   mg/dL   70-99')).toEqual([
      ['GLUCOSE', '118', 'H', null, 'mg/dL'],
    ]);
  });

  it('does not take a letter of a test name for a flag', () => {
    expect(splitFlagBeforeValue('Vitamin A 0.5 mg/L')).toBeNull();
    expect(splitFlagBeforeValue('Apolipoprotein B 1.1 g/L')).toBeNull();
    expect(splitFlagBeforeValue('H Glucose 104')).toBeNull();
    expect(splitFlagBeforeValue('Glucose 104 H 70-99')).toBeNull();
    expect(rows('High sensitivity CRP  3.1 mg/L')).toEqual([['High sensitivity CRP', '3.1', null, null, 'mg/L']]);
    expect(splitCellFlag('H 104')).toEqual({ text: '104', flag: 'H' });
    expect(splitCellFlag('Hazy')).toBeNull();
    expect(splitGluedFlag('148*')).toEqual({ text: '148', flag: '*' });
    expect(splitGluedFlag('2.5 L')).toBeNull();
  });
});

describe('malformed input', () => {
  it.each([
    'Test   27/03/26   12/01/26\nHaemoglobin   13',
    'Test   27/03/26   12/01/26   Units\n--   --   --\n   H\n*',
    'Creatinine 1.1 mg/dL (prev',
    'Creatinine 1.1 mg/dL (prev 1.3 on 99/99/2026)',
    'Creatinine (previous: , 02.01.2026) [last ]',
    'H  ',
    '*  *  * 1',
    'Glucose   HIGH',
    '\u0000\uFFFD  H  \t\t 27/03/26 (prev 02/01/26)',
  ])('never throws on %j', (text) => {
    expect(() => extractReadingsOffline(text)).not.toThrow();
  });
});
