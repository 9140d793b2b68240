/**
 * Spreadsheet layouts to readings: long (one reading per row) and wide (one column per measurement) tables from XLSX
 * sheets and CSV files. Pure; the document readers produce the tables (`DocumentTable`).
 */

export { parseDateCell, parseTimeCell, parseValueCell } from './cells';
export { foldHeader, headerRole, parseHeader } from './headers';
export {
  detectSheetLayout,
  type LongLayout,
  readingsFromRow,
  readingsFromRowStream,
  readingsFromTable,
  type SheetLayout,
  type SheetReading,
  type WideLayout,
  type WideMeasure,
} from './sheet-readings';
