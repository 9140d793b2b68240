import { describe, expect, it } from 'vitest';
import { csvRows } from '../../../shared/adapters/documents/csv-reader';
import { SpreadsheetReader } from '../../../shared/adapters/documents/spreadsheet-reader';
import type { DocumentTable } from '../../../shared/domain/documents/types';
import {
  detectSheetLayout,
  parseDateCell,
  parseHeader,
  parseValueCell,
  readingsFromRowStream,
  readingsFromTable,
  type SheetReading,
} from '../../../shared/domain/spreadsheets/index';
import { labCsv, longLayoutXlsx, wideLayoutXlsx } from '../../support/document-fixtures';
import { bodyOf, infoOf } from './helpers';

const table = (rows: string[][], name = 'Sheet1'): DocumentTable => ({ name, rows });

function reading(
  indicator: string,
  value: string,
  unit: string | null,
  measuredAt: string | null,
  referenceRange: string | null = null,
  flag: string | null = null,
): SheetReading {
  return { indicator, value, unit, measuredAt, referenceRange, flag };
}

describe('long layouts', () => {
  it('reads the long workbook (title row, note row, a German sheet with its columns in another order)', async () => {
    const xlsx = await longLayoutXlsx();
    const { tables } = await new SpreadsheetReader().read(bodyOf(xlsx), infoOf('labs.xlsx', '', xlsx));
    expect(tables.map(readingsFromTable)).toEqual([
      [
        reading('Glucose', '104', 'mg/dL', '2024-03-01', '70-99'),
        reading('Creatinine', '0.9', 'mg/dL', '2024-03-01', '0.6-1.2'),
        reading('Hemoglobin', '13.8', 'g/dL', '2024-03-01', '12.0-15.5'),
        reading('LDL Cholesterol', '131', 'mg/dL', '2024-03-01', '<100'),
      ],
      [reading('Kalium', '4.2', 'mmol/l', '2024-02-14T07:45:00', '3,5-5,1')],
    ]);
  });

  it.each([
    ['English', ['Test', 'Result', 'Units', 'Reference Range', 'Date']],
    ['German', ['Untersuchung', 'Ergebnis', 'Einheit', 'Referenzbereich', 'Datum']],
    ['Spanish', ['Prueba', 'Resultado', 'Unidad', 'Valores de referencia', 'Fecha']],
    ['French', ['Analyse', 'Résultat', 'Unité', 'Valeurs de référence', 'Date']],
  ])('recognises %s headers', (_language, header) => {
    const rows = [header, ['Glucose', '5,8', 'mmol/L', '3,9-5,5', '14/03/2024']];
    const [first] = readingsFromTable(table(rows));
    expect(first).toMatchObject({ indicator: 'Glucose', value: '5,8', unit: 'mmol/L', referenceRange: '3,9-5,5' });
    expect(first?.measuredAt).toBe('2024-03-14');
  });

  it('splits a unit written in the value cell, keeps a trailing flag apart, and takes a unit from the value header', () => {
    const rows = [
      ['Parameter', 'Value'],
      ['Glucose', '104 mg/dL'],
      ['Sodium', '131 L'],
    ];
    expect(readingsFromTable(table(rows))).toEqual([
      reading('Glucose', '104', 'mg/dL', null),
      reading('Sodium', '131', null, null, null, 'L'),
    ]);
    const withHeaderUnit = [
      ['Test', 'Result (mg/dL)'],
      ['Glucose', '104'],
    ];
    expect(readingsFromTable(table(withHeaderUnit))).toEqual([reading('Glucose', '104', 'mg/dL', null)]);
  });

  it('skips empty values, totals, notes, repeated headers; keeps qualitative results', () => {
    const rows = [
      ['Test', 'Result', 'Unit'],
      ['Glucose', '', 'mg/dL'],
      ['HIV 1/2 Ab', 'Negative', ''],
      ['Total', '235', 'mg/dL'],
      ['Note: sample haemolysed', '', ''],
      ['Test', 'Result', 'Unit'],
      ['Comment', 'see attached letter', ''],
      ['HbA1c', '5.4', '%'],
    ];
    expect(readingsFromTable(table(rows))).toEqual([
      reading('HIV 1/2 Ab', 'Negative', null, null),
      reading('HbA1c', '5.4', '%', null),
    ]);
  });

  it('reads the CSV export, and the same rows streamed', async () => {
    const csv = labCsv(';');
    const rows: string[][] = [];
    for await (const row of csvRows(bodyOf(csv, 17))) rows.push(row);
    const expected = [
      // The Flag column is read: H where the report says so.
      reading('Glucose', '104', 'mg/dL', '2024-03-01', '70-99', 'H'),
      reading('Creatinine', '0,9', 'mg/dL', '2024-03-01', '0,6-1,2'),
      reading('Hemoglobin', '13,8', 'g/dL', '2024-03-01', '12,0-15,5'),
      reading('LDL Cholesterol', '131', 'mg/dL', '2024-03-01', '<100', 'H'),
    ];
    expect(readingsFromTable(table(rows))).toEqual(expected);
    const streamed: SheetReading[] = [];
    for await (const r of readingsFromRowStream(csvRows(bodyOf(csv, 17)))) streamed.push(r);
    expect(streamed).toEqual(expected);
  });
});

describe('wide layouts', () => {
  it('reads the wide workbook: one reading per measurement cell, units from headers, no notes or averages', async () => {
    const xlsx = await wideLayoutXlsx();
    const { tables } = await new SpreadsheetReader().read(bodyOf(xlsx), infoOf('log.xlsx', '', xlsx));
    expect(readingsFromTable(tables[0] as DocumentTable)).toEqual([
      reading('Weight', '82.4', 'kg', '2024-03-01T07:30:00'),
      reading('Glucose', '104', 'mg/dL', '2024-03-01T07:30:00'),
      reading('Steps', '8012', null, '2024-03-01T07:30:00'),
      reading('Weight', '82.1', 'kg', '2024-03-02T07:45:00'),
      reading('Steps', '10230', null, '2024-03-02T07:45:00'),
      reading('Weight', '81.9', 'kg', '2024-03-03T07:15:00'),
      reading('Glucose', '98', 'mg/dL', '2024-03-03T07:15:00'),
      reading('Steps', '6540', null, '2024-03-03T07:15:00'),
    ]);
  });

  it('joins date and time columns, reads day-first dates, ignores unknown and text columns', () => {
    const rows = [
      ['Datum', 'Uhrzeit', 'Gewicht (kg)', 'Puls', 'Laune', 'Blutdruck sys [mmHg]'],
      ['03.04.2024', '07:30', '82,4', '64', '3', '128'],
      ['04/04/2024', '7:45 pm', '82,1', '', '4', 'n/a'],
      ['Durchschnitt', '', '82,25', '64', '', ''],
    ];
    expect(readingsFromTable(table(rows))).toEqual([
      reading('Gewicht', '82,4', 'kg', '2024-04-03T07:30:00'),
      reading('Puls', '64', null, '2024-04-03T07:30:00'),
      reading('Blutdruck sys', '128', 'mmHg', '2024-04-03T07:30:00'),
      reading('Gewicht', '82,1', 'kg', '2024-04-04T19:45:00'),
    ]);
  });
});

describe('neither layout', () => {
  it.each([
    [
      'a contact list',
      [
        ['Name', 'Phone', 'Email'],
        ['Dr. Smith', '555-0100', 'smith@example.com'],
      ],
    ],
    [
      'a shopping list',
      [
        ['Item', 'Quantity'],
        ['Apples', '6'],
      ],
    ],
    [
      'text columns under a date',
      [
        ['Date', 'Activity'],
        ['2024-03-01', 'Swimming'],
      ],
    ],
    ['an empty sheet', []],
  ])('%s gives no readings', (_what, rows) => {
    expect(readingsFromTable(table(rows as string[][]))).toEqual([]);
  });

  it('exposes the detected layout', () => {
    expect(
      detectSheetLayout([
        ['Date', 'Weight (kg)'],
        ['2024-01-01', '80'],
      ]),
    ).toMatchObject({
      kind: 'wide',
      headerRow: 0,
      measures: [{ column: 1, indicator: 'Weight', unit: 'kg' }],
    });
    expect(detectSheetLayout([['Report'], ['Test', 'Result']])).toMatchObject({ kind: 'long', headerRow: 1 });
  });
});

describe('cells', () => {
  it('parses headers, dates and values as written', () => {
    expect(parseHeader('Weight (kg)')).toEqual({ name: 'Weight', unit: 'kg' });
    expect(parseHeader('Glucose [mg/dL]')).toEqual({ name: 'Glucose', unit: 'mg/dL' });
    expect(parseHeader('Heart rate, bpm')).toEqual({ name: 'Heart rate', unit: 'bpm' });
    expect(parseHeader('Steps')).toEqual({ name: 'Steps', unit: null });
    expect(parseDateCell('2024-03-01 08:30')).toBe('2024-03-01T08:30:00');
    expect(parseDateCell('2024-03-01T08:30:00+0100')).toBe('2024-03-01T08:30:00+01:00');
    expect(parseDateCell('03/04/2024')).toBe('2024-03-04');
    expect(parseDateCell('03/04/2024', 'dmy')).toBe('2024-04-03');
    expect(parseDateCell('31.02.2024')).toBeNull();
    expect(parseDateCell('03/04/24')).toBeNull();
    expect(parseDateCell('Average')).toBeNull();
    expect(parseValueCell('<0.1')).toEqual({ value: '<0.1', unit: null });
    expect(parseValueCell('120/80 mmHg')).toEqual({ value: '120/80', unit: 'mmHg' });
    expect(parseValueCell('negativ')).toEqual({ value: 'negativ', unit: null });
    expect(parseValueCell('see comment')).toBeNull();
  });
});
