/**
 * Readings from spreadsheet tables (XLSX sheets, CSV files), by layout:
 *
 * - **long**: one reading per row, under a header naming an indicator column and a value column, optionally unit,
 *   reference range, date and time columns, in any order (`Date | Test | Result | Unit | Reference range`,
 *   `Parameter | Einheit | Ergebnis | Referenzbereich | Datum`);
 * - **wide**: one row per moment, under a header with a date (or date-time) column and one column per measurement,
 *   the unit in the header (`Date | Weight (kg) | Glucose [mg/dL] | Steps`).
 *
 * Empty cells, totals rows (`Total`, `Average`, `Summe`, `Promedio`, `Moyenne`), notes and repeated headers are
 * skipped; a sheet that is neither layout gives no readings. The LOINC resolver and the UCUM unit table are only a
 * signal that a wide header names a measurement; names, values, units and ranges are returned as written.
 * Pure: no I/O, no clock.
 */
import { normalizeUnit, resolveSeriesIndicator } from '#standardization';
import type { DocumentTable } from '../documents/types';
import {
  combineDateTime,
  isNumericCell,
  isPlaceholderCell,
  isTotalsLabel,
  parseDateCell,
  parseTimeCell,
  parseValueCell,
  type SlashOrder,
  slashOrderOf,
} from './cells';
import { type ColumnRole, foldHeader, headerRole, parseHeader } from './headers';

/** One reading of a sheet, every field as the sheet wrote it (dates as ISO 8601). */
export interface SheetReading {
  indicator: string;
  value: string;
  unit: string | null;
  measuredAt: string | null;
  referenceRange: string | null;
  /** The result's flag as written (`H`, `L`, `*`), from a flag column or after the value; null when none. */
  flag: string | null;
}

/** Rows searched for the header (title and blank rows may come first). */
export const HEADER_SEARCH_ROWS = 10;
/** Rows after the header used to judge columns (numeric share, date order). */
export const SAMPLE_ROWS = 50;
/** A wide measurement column must hold numbers in at least this share of its non-empty sampled cells. */
const MIN_NUMERIC_SHARE = 0.6;

interface DateColumns {
  date: number | null;
  time: number | null;
  order: SlashOrder;
}

export interface LongLayout {
  kind: 'long';
  headerRow: number;
  indicator: number;
  value: number;
  unit: number | null;
  range: number | null;
  /** A flag column (`Flag`, `H/L`, `Abnormal`, …). */
  flag: number | null;
  /** The unit a value header states (`Result (mg/dL)`), used when there is no unit column. */
  headerUnit: string | null;
  dates: DateColumns;
}

export interface WideMeasure {
  column: number;
  indicator: string;
  unit: string | null;
}

export interface WideLayout {
  kind: 'wide';
  headerRow: number;
  measures: WideMeasure[];
  dates: DateColumns;
}

export type SheetLayout = LongLayout | WideLayout;

/** Languages whose slash dates are day first, recognised by the date header's word. */
const DAY_FIRST_HEADERS = new Set(['datum', 'fecha', 'jour', 'date de prelevement', 'fecha de toma', 'tag', 'dia']);

function rolesOf(header: readonly string[]): Map<ColumnRole, number> {
  const roles = new Map<ColumnRole, number>();
  header.forEach((cell, column) => {
    const role = cell.trim() === '' ? null : headerRole(cell);
    if (role && !roles.has(role)) roles.set(role, column);
  });
  return roles;
}

function dateColumns(
  header: readonly string[],
  roles: Map<ColumnRole, number>,
  sample: readonly string[][],
): DateColumns {
  const date = roles.get('date') ?? null;
  const time = roles.get('time') ?? null;
  const fallback: SlashOrder = date !== null && DAY_FIRST_HEADERS.has(foldHeader(header[date] ?? '')) ? 'dmy' : 'mdy';
  const cells = date === null ? [] : sample.map((row) => row[date] ?? '');
  return { date, time, order: slashOrderOf(cells, fallback) };
}

function longLayout(header: readonly string[], headerRow: number, sample: readonly string[][]): LongLayout | null {
  const roles = rolesOf(header);
  const indicator = roles.get('indicator');
  const value = roles.get('value');
  if (indicator === undefined || value === undefined) return null;
  return {
    kind: 'long',
    headerRow,
    indicator,
    value,
    unit: roles.get('unit') ?? null,
    range: roles.get('range') ?? null,
    flag: roles.get('flag') ?? null,
    headerUnit: parseHeader(header[value] ?? '').unit,
    dates: dateColumns(header, roles, sample),
  };
}

/** A header names a measurement when its unit is a UCUM unit or the resolver knows the name (the signal only). */
function namesMeasurement(name: string, unit: string | null): boolean {
  if (name === '') return false;
  if (unit !== null && normalizeUnit(unit) !== null) return true;
  return resolveSeriesIndicator(name, unit).loincCode !== null;
}

function wideLayout(header: readonly string[], headerRow: number, sample: readonly string[][]): WideLayout | null {
  const roles = rolesOf(header);
  const dates = dateColumns(header, roles, sample);
  if (dates.date === null) return null;
  const measures: WideMeasure[] = [];
  header.forEach((cell, column) => {
    if (cell.trim() === '' || headerRole(cell) !== null) return;
    const { name, unit } = parseHeader(cell);
    if (!namesMeasurement(name, unit)) return;
    const filled = sample
      .map((row) => (row[column] ?? '').trim())
      .filter((text) => text !== '' && !isPlaceholderCell(text));
    const numeric = filled.filter(isNumericCell).length;
    if (filled.length > 0 && numeric / filled.length < MIN_NUMERIC_SHARE) return;
    measures.push({ column, indicator: name, unit });
  });
  return measures.length > 0 ? { kind: 'wide', headerRow, measures, dates } : null;
}

/**
 * The layout of a sheet from its first rows: the first of the first `HEADER_SEARCH_ROWS` rows that reads as a long
 * header, else as a wide header; null when none does. `rows` needs the header and up to `SAMPLE_ROWS` rows after it.
 */
export function detectSheetLayout(rows: readonly string[][]): SheetLayout | null {
  const limit = Math.min(rows.length, HEADER_SEARCH_ROWS);
  for (let i = 0; i < limit; i++) {
    const header = rows[i] ?? [];
    const sample = rows.slice(i + 1, i + 1 + SAMPLE_ROWS);
    const long = longLayout(header, i, sample);
    if (long) return long;
  }
  for (let i = 0; i < limit; i++) {
    const header = rows[i] ?? [];
    const wide = wideLayout(header, i, rows.slice(i + 1, i + 1 + SAMPLE_ROWS));
    if (wide) return wide;
  }
  return null;
}

function cellAt(row: readonly string[], column: number | null): string {
  return column === null ? '' : (row[column] ?? '').trim();
}

function measuredAt(row: readonly string[], dates: DateColumns): string | null {
  const date = parseDateCell(cellAt(row, dates.date), dates.order);
  return combineDateTime(date, parseTimeCell(cellAt(row, dates.time)));
}

/** The readings of one data row (below the header) under a layout. */
export function readingsFromRow(layout: SheetLayout, row: readonly string[]): SheetReading[] {
  if (layout.kind === 'long') {
    const indicator = cellAt(row, layout.indicator);
    if (indicator === '' || isTotalsLabel(indicator) || headerRole(indicator) === 'indicator') return [];
    const parsed = parseValueCell(cellAt(row, layout.value));
    if (!parsed) return [];
    const unit = cellAt(row, layout.unit) || parsed.unit || layout.headerUnit;
    return [
      {
        indicator,
        value: parsed.value,
        unit: unit || null,
        measuredAt: measuredAt(row, layout.dates),
        referenceRange: cellAt(row, layout.range) || null,
        flag: cellAt(row, layout.flag) || parsed.flag || null,
      },
    ];
  }
  const dateCell = cellAt(row, layout.dates.date);
  if (isTotalsLabel(dateCell)) return [];
  const when = measuredAt(row, layout.dates);
  if (when === null) return [];
  const readings: SheetReading[] = [];
  for (const measure of layout.measures) {
    const cell = cellAt(row, measure.column);
    if (cell === '' || !isNumericCell(cell)) continue;
    const parsed = parseValueCell(cell);
    if (!parsed) continue;
    readings.push({
      indicator: measure.indicator,
      value: parsed.value,
      unit: measure.unit ?? parsed.unit,
      measuredAt: when,
      referenceRange: null,
      flag: parsed.flag ?? null,
    });
  }
  return readings;
}

/**
 * The readings a sheet states, by its layout (see the module comment); none for a sheet that is neither long nor
 * wide. Cells are read as the reader rendered them: dates ISO 8601, numbers as displayed.
 */
export function readingsFromTable(table: DocumentTable): SheetReading[] {
  const layout = detectSheetLayout(table.rows);
  if (!layout) return [];
  return table.rows.slice(layout.headerRow + 1).flatMap((row) => readingsFromRow(layout, row));
}

/**
 * The same for rows streamed from a file too large to hold (`csvRows`): the first rows are buffered to find the
 * layout, then readings are yielded row by row in constant memory.
 */
export async function* readingsFromRowStream(rows: AsyncIterable<string[]>): AsyncGenerator<SheetReading> {
  const head: string[][] = [];
  const iterator = rows[Symbol.asyncIterator]();
  while (head.length < HEADER_SEARCH_ROWS + SAMPLE_ROWS) {
    const next = await iterator.next();
    if (next.done) break;
    head.push(next.value);
  }
  const layout = detectSheetLayout(head);
  if (!layout) {
    await iterator.return?.();
    return;
  }
  for (const row of head.slice(layout.headerRow + 1)) yield* readingsFromRow(layout, row);
  for (;;) {
    const next = await iterator.next();
    if (next.done) return;
    yield* readingsFromRow(layout, next.value);
  }
}
