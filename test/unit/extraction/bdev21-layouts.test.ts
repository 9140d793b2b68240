import { describe, expect, it } from 'vitest';
import { extractReadingsOffline } from '../../../shared/domain/extraction';
import { repairNumberSpacing } from '../../../shared/domain/extraction/number-spacing';
import { withUnitCellParted, wrappedUnitLine } from '../../../shared/domain/extraction/result-columns';
import { withoutSecondUnitCell } from '../../../shared/domain/extraction/second-unit-cell';
import { detectHeader } from '../../../shared/domain/extraction/table-layout';
import { withNameInBlankCell } from '../../../shared/domain/extraction/wrapped-names';
import { yearlessColumnDate } from '../../../shared/domain/extraction/yearless-columns';

const brief = (text: string) =>
  extractReadingsOffline(text).map(
    (r) => [r.indicator, r.value, r.unit, r.referenceRange, r.flag, r.measuredAt] as const,
  );

describe('a wide export: a date per row, a test per column', () => {
  it('passes over a column naming the laboratory and gives a Ref range row above the dates to the newest values', () => {
    const text = [
      'Collection Date,Hemoglobin (g/L),Potassium (mmol/L),Lab',
      'Ref range,135-175,3.5-5.0,',
      '2025-12-02,128 L,4.4,LifeLabs',
      '2026-06-16,141,5.2 H,Dynacare',
    ].join('\n');
    expect(brief(text)).toEqual([
      // Session 23 decision: the range printed once is the newest reading's, none on the earlier ones.
      ['Hemoglobin', '128', 'g/L', null, 'L', '2025-12-02'],
      ['Potassium', '4.4', 'mmol/L', null, null, '2025-12-02'],
      ['Hemoglobin', '141', 'g/L', '135-175', null, '2026-06-16'],
      ['Potassium', '5.2', 'mmol/L', '3.5-5.0', 'H', '2026-06-16'],
    ]);
  });

  it('still completes the values above when the range row comes last', () => {
    const text = [
      'Date;Kalium (mmol/l);Natrium (mmol/l)',
      '03.02.2026;4,1;139',
      'Referenzbereich;3,5-5,1;135-145',
    ].join('\n');
    expect(brief(text).map((r) => r[3])).toEqual(['3,5-5,1', '135-145']);
  });
});

describe("a home monitor's SYS / DIA / PUL columns", () => {
  it('reads a Markdown log of them, a yearless day and a time in one cell', () => {
    const text = [
      'Date: Sun, Nov 22, 2026 8:41 PM',
      '| Date / time          | SYS | DIA | Pulse |',
      '|----------------------|-----|-----|-------|',
      '| Mon 11/16  7:05 am   | 148 | 92  | 71    |',
      '| Sat 11/21  9:30 pm   | 131 | 82  | 74    |',
    ].join('\n');
    expect(brief(text)).toEqual([
      ['SYS', '148', null, null, null, '2026-11-16T07:05:00'],
      ['DIA', '92', null, null, null, '2026-11-16T07:05:00'],
      ['Pulse', '71', null, null, null, '2026-11-16T07:05:00'],
      ['SYS', '131', null, null, null, '2026-11-21T21:30:00'],
      ['DIA', '82', null, null, null, '2026-11-21T21:30:00'],
      ['Pulse', '74', null, null, null, '2026-11-21T21:30:00'],
    ]);
  });

  it('reads a French one with its own time column, day first', () => {
    const text = [
      'Bonjour Docteur, Date : 09/11/2026',
      '| Date  | Heure | SYS | DIA | PUL |',
      '|-------|-------|-----|-----|-----|',
      '| 03/11 | 07:20 | 142 | 88  | 66  |',
    ].join('\n');
    expect(brief(text)).toEqual([
      ['SYS', '142', null, null, null, '2026-11-03T07:20:00'],
      ['DIA', '88', null, null, null, '2026-11-03T07:20:00'],
      ['PUL', '66', null, null, null, '2026-11-03T07:20:00'],
    ]);
  });

  it('does not take Dia alone for a measurement (a day in Portuguese and Spanish)', () => {
    const text = ['| Fecha | Dia | Notas |', '|---|---|---|', '| 03/11/2026 | 12 | bien |'].join('\n');
    expect(extractReadingsOffline(text)).toEqual([]);
  });
});

describe('malformed and huge input', () => {
  it('does not throw or slow down on a huge ragged wide export', () => {
    const rows = Array.from(
      { length: 5000 },
      (_, k) => `2026-01-${String((k % 28) + 1).padStart(2, '0')},${k % 200},,x`,
    );
    const text = [
      'Collection Date,Hemoglobin (g/L),Potassium (mmol/L),Lab',
      'Ref range,135-175',
      ...rows,
      'Ref range,,,,,,',
    ].join('\n');
    const start = performance.now();
    const readings = extractReadingsOffline(text);
    expect(performance.now() - start).toBeLessThan(10_000);
    expect(readings.length).toBe(5000);
    // Session 23 decision: the printed range is the newest reading's.
    expect(readings[0]?.referenceRange).toBe(null);
    expect(readings.find((r) => r.measuredAt === '2026-01-28')?.referenceRange).toBe('135-175');
  });
});

describe('a result in two units side by side', () => {
  it('keeps the first unit, its range and flag, and the earlier value of the row', () => {
    const text = [
      'Prélevé le 04/11/2026 à 08h25',
      'Glycémie à jeun ............  0,97 g/L    5,38 mmol/L     (0,70 - 1,05)         0,92 (12/03/26)',
      'Cholestérol total ..........  2,31 g/L    5,97 mmol/L     (< 2,00)       *',
      'Cholestérol LDL calculé ....  1,48 g/L    3,83 mmol/L     *',
    ].join('\n');
    expect(brief(text)).toEqual([
      ['Glycémie à jeun', '0,97', 'g/L', '0,70 - 1,05', null, '2026-11-04T08:25:00'],
      ['Glycémie à jeun', '0,92', 'g/L', null, null, '2026-03-12'],
      ['Cholestérol total', '2,31', 'g/L', '< 2,00', '*', '2026-11-04T08:25:00'],
      ['Cholestérol LDL calculé', '1,48', 'g/L', null, '*', '2026-11-04T08:25:00'],
    ]);
  });

  it('reads a Flemish report the same way, without dot leaders', () => {
    const text =
      'Staalname: 18/11/2026 07:50\nUrinezuur                        7,4 mg/dL      440 µmol/L        3,4 - 7,0          H';
    expect(brief(text)).toEqual([['Urinezuur', '7,4', 'mg/dL', '3,4 - 7,0', 'H', '2026-11-18T07:50:00']]);
  });

  it('leaves two readings of the same unit, and a second cell that is not a unit, alone', () => {
    expect(withoutSecondUnitCell('Glucose   5,4 mmol/L   6,1 mmol/L')).toBe('Glucose   5,4 mmol/L   6,1 mmol/L');
    expect(withoutSecondUnitCell('Glucose   5,4 mmol/L   12 patients')).toBe('Glucose   5,4 mmol/L   12 patients');
    expect(withoutSecondUnitCell('Glucose   1,08 g/L   6,00 mmol/L')).toBe('Glucose   1,08 g/L');
  });

  it('costs linear time on a long ragged line', () => {
    const line = `Glucose ${'1,0 g/L   '.repeat(5000)}`;
    const start = performance.now();
    expect(withoutSecondUnitCell(line)).toBe(line);
    expect(extractReadingsOffline(line.slice(0, 20_000)).length).toBeLessThan(5000);
    expect(performance.now() - start).toBeLessThan(10_000);
  });
});

describe("a letter's results table dated by day and month", () => {
  it('dates each column in the year nearest the letter, parts a unit cell run into its value, takes a wrapped unit', () => {
    const text = [
      'Admitted: 12/11/2026 14:20    Discharged: 16/11/2026 11:00',
      '  Test          12/11    16/11',
      '  ----------   ------   ------',
      '  WCC (x10^9/L) 14.2      8.1',
      '  Creatinine     142       96',
      '  (umol/L)',
    ].join('\n');
    expect(brief(text)).toEqual([
      ['WCC', '14.2', 'x10^9/L', null, null, '2026-11-12'],
      ['WCC', '8.1', 'x10^9/L', null, null, '2026-11-16'],
      ['Creatinine', '142', 'umol/L', null, null, '2026-11-12'],
      ['Creatinine', '96', 'umol/L', null, null, '2026-11-16'],
    ]);
  });

  it('puts a December column of a January letter in the year before', () => {
    expect(yearlessColumnDate('28.12.', 'day-first', '2027-01-04')).toBe('2026-12-28');
    expect(yearlessColumnDate('16/11', 'day-first', '2026-11-12')).toBe('2026-11-16');
    expect(yearlessColumnDate('Dose', 'day-first', '2026-11-12')).toBeNull();
    expect(yearlessColumnDate('16/11', 'day-first', null)).toBeNull();
  });

  it('does not take a header with one day-and-month cell for a dated one', () => {
    expect(
      detectHeader('  Test          1/2      Units', 'day-first', '2026-11-12')?.columns.some((c) => c.date),
    ).not.toBe(true);
  });

  it('takes only a bracketed unit for a wrapped unit or a unit cell', () => {
    expect(wrappedUnitLine('  (see note)')).toBeNull();
    expect(wrappedUnitLine('  (umol/L)')).toBe('umol/L');
    expect(withUnitCellParted('Dose (mg/kg) 2 tablets')).toBe('Dose (mg/kg)  2 tablets');
    expect(withUnitCellParted('Seen (today) 2 times')).toBe('Seen (today) 2 times');
  });
});

describe('a long name alone above its row, the row with a blank name cell', () => {
  const header = 'Test                Units       Range           2026/06/12    2026/08/21';
  const row = '                    mg/dL       65-139          152 H         118';

  it('names the row by the line above, in a cumulative table, in English and Japanese', () => {
    expect(brief([header, 'LDL-Cholesterol, calculated', row].join('\n'))).toEqual([
      ['LDL-Cholesterol, calculated', '152', 'mg/dL', null, 'H', '2026-06-12'], // session 23 decision
      ['LDL-Cholesterol, calculated', '118', 'mg/dL', '65-139', null, '2026-08-21'],
    ]);
    expect(brief([header, 'ＬＤＬ－コレステロール', row].join('\n')).map((r) => r[1])).toEqual(['152', '118']);
  });

  it('does not name the line of a legend by the caption above it, ending in a colon', () => {
    const text = [
      header,
      'Interpretation of vitamin D (25-OH) :',
      '     < 20 ng/ml  deficiency   ;  20 - 30 ng/ml  insufficiency',
    ];
    expect(brief(text.join('\n')).filter((r) => r[0].startsWith('Interpretation'))).toEqual([]);
  });

  it('does not take a section heading for the name', () => {
    expect(withNameInBlankCell(row, 'CHEMISTRY')).toBeNull();
    expect(withNameInBlankCell(row, 'LIPID PROFILE')).toBeNull();
    expect(withNameInBlankCell(row, 'Results:')).toBeNull();
    expect(withNameInBlankCell('Sodium   139', 'Glycated haemoglobin')).toBeNull();
  });
});

describe('a space after the decimal comma in a faxed result cell', () => {
  it('joins the number between column gaps before a unit, with a flag beside it or not', () => {
    expect(repairNumberSpacing('  Erytrocyty (RBC)            4, 38        mln/µl       3,80 - 5,20')).toBe(
      '  Erytrocyty (RBC)            4,38         mln/µl       3,80 - 5,20',
    );
    expect(brief('  TSH                         6, 12  H     µIU/ml       0,27 - 4,20')).toEqual([
      ['TSH', '6,12', 'µIU/ml', '0,27 - 4,20', 'H', null],
    ]);
  });

  it('leaves a list in prose, and a number not followed by a unit, alone', () => {
    expect(repairNumberSpacing('Na 140, 142 mmol/L')).toBe('Na 140, 142 mmol/L');
    expect(repairNumberSpacing('Visits  3, 4   weeks apart')).toBe('Visits  3, 4   weeks apart');
    expect(repairNumberSpacing('Room  4, 12   Ward B')).toBe('Room  4, 12   Ward B');
  });
});

describe('a crystals row named by its kind', () => {
  it('reads the kind with its bracketed grade as the result', () => {
    const header = 'Test                   Result          Unit        Reference Range';
    expect(brief(`${header}\nCrystals               Calcium Oxalate (+)`)).toEqual([
      ['Crystals', 'Calcium Oxalate (+)', null, null, null, null],
    ]);
    expect(brief('Cristales:  Oxalato de calcio (++)').map((r) => r[1])).toEqual(['Oxalato de calcio (++)']);
  });

  it('does not take a kind in prose, or uric acid, for a result', () => {
    expect(brief('History of calcium oxalate stones, advised fluids.')).toEqual([]);
    expect(brief('Uric acid   6.2 mg/dL   3.4 - 7.0').map((r) => r[0])).toEqual(['Uric acid']);
  });
});

describe('an Italian dose', () => {
  it('is no reading in mg/die or under Terapia', () => {
    expect(brief('Terapia in corso: Warfarin 5 mg/die (dose settimanale 32,5 mg)')).toEqual([]);
    expect(brief('Ramipril 5 mg/die')).toEqual([]);
    expect(brief('Creatinina   1,04 mg/dl   (0,51 - 0,95)').map((r) => r[1])).toEqual(['1,04']);
  });
});
