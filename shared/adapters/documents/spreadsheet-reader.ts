import type { Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import type { DocumentInfo, DocumentReader, DocumentTable, DocumentText } from '../../domain/documents/types';
import { DEFAULT_MAX_TABLE_ROWS } from './csv-reader';
import { UnreadableDocumentError, UnsupportedDocumentError } from './errors';
import { peekStream } from './streams';
import { BoundedText, DEFAULT_MAX_TEXT_CHARS } from './text-encoding';

export interface SpreadsheetReaderOptions {
  /** Characters of text rendering kept. Default `DEFAULT_MAX_TEXT_CHARS`. */
  maxTextChars?: number;
  /** Rows kept across all sheets of a workbook. Default `DEFAULT_MAX_TABLE_ROWS`. */
  maxTableRows?: number;
}

/** Legacy `.xls` (OLE compound file): a spreadsheet, but not one exceljs reads. */
const OLE_SIGNATURE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/**
 * A date cell as ISO 8601. Excel stores wall-clock serials without a zone and exceljs returns them as UTC dates, so
 * the UTC fields are the clock as written: a date at midnight is a date (`2024-03-01`), a time-only format a time
 * (`08:30:00`), anything else a local date-time without offset (`2024-03-01T08:30:00`).
 */
export function isoFromExcelDate(date: Date, numFmt: string | undefined): string {
  if (Number.isNaN(date.getTime())) return '';
  const day = `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
  const time = `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;
  const format = (numFmt ?? '').toLowerCase().replace(/"[^"]*"|\[[^\]]*\]/g, '');
  const hasDay = /[dy]/.test(format) || /m{3,}/.test(format);
  const hasTime = /[hs]/.test(format);
  if (hasTime && !hasDay) return time;
  if (time === '00:00:00' && !hasTime) return day;
  return `${day}T${time}`;
}

/** General format: up to 15 significant digits, which hides binary noise (`0.30000000000000004` → `0.3`). */
function general(value: number): string {
  return String(Number(value.toPrecision(15)));
}

/**
 * A number as the cell's format displays it, for the formats lab and device exports use: fixed and optional decimals
 * (`0.0`, `0.00`, `0.0#`), percentages (`0.0%`) and General. Grouping separators (`#,##0`) are not rendered, so the
 * text stays a plain number a reader can parse; any other format falls back to General.
 */
export function formatExcelNumber(value: number, numFmt: string | undefined): string {
  const section =
    (numFmt ?? '')
      .split(';')[0]
      ?.replace(/"[^"]*"|\[[^\]]*\]|\\./g, '')
      .trim() ?? '';
  const match = /^[#,]*0?(?:\.(0*)(#*))?(%?)$/.exec(section);
  if (!match || section === '' || !/[0#]/.test(section)) return general(value);
  const [, zeros = '', hashes = '', percent] = match;
  const shown = percent ? value * 100 : value;
  let text = shown.toFixed(zeros.length + hashes.length);
  if (hashes.length > 0) {
    text = text.replace(/0+$/, '');
    const [whole, fraction = ''] = text.split('.');
    text = fraction.length < zeros.length ? `${whole}.${fraction.padEnd(zeros.length, '0')}` : text;
    if (text.endsWith('.')) text = text.slice(0, -1);
  }
  if (text === '-0' || /^-0\.0*$/.test(text)) text = text.slice(1);
  return `${text}${percent}`;
}

/** The text a cell displays, from whichever value shape exceljs gives it. */
export function cellDisplayText(value: ExcelJS.CellValue, numFmt: string | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return formatExcelNumber(value, numFmt);
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return isoFromExcelDate(value, numFmt);
  if ('richText' in value) return value.richText.map((run) => run.text).join('');
  if ('formula' in value || 'sharedFormula' in value) {
    return cellDisplayText((value as ExcelJS.CellFormulaValue).result as ExcelJS.CellValue, numFmt);
  }
  if ('hyperlink' in value) return typeof value.text === 'string' ? value.text : cellDisplayText(value.text, numFmt);
  if ('error' in value) return value.error;
  return '';
}

function rowCells(row: ExcelJS.Row): string[] {
  const cells: string[] = [];
  row.eachCell({ includeEmpty: true }, (cell, column) => {
    cells[column - 1] = cellDisplayText(cell.value, cell.numFmt).trim();
  });
  for (let i = 0; i < cells.length; i++) cells[i] ??= '';
  while (cells.length > 0 && cells[cells.length - 1] === '') cells.pop();
  return cells;
}

function flatCell(cell: string): string {
  return /[\t\r\n]/.test(cell) ? cell.replace(/[\t\r\n]+/g, ' ') : cell;
}

/**
 * XLSX workbooks, streamed with exceljs' `WorkbookReader` (the zip is inflated entry by entry; shared strings and
 * styles are cached, rows are not). Every sheet becomes a `DocumentTable` of display text (dates as ISO 8601, numbers
 * as their format shows them, formulas as their cached result) and a block of the text rendering: a `Sheet: <name>`
 * line, then one tab-separated line per non-empty row. Caps as for CSV (`maxTableRows` across the workbook,
 * `maxTextChars`), with `truncated` and `totalRows` set when hit; `pages` is the number of sheets. Legacy `.xls` is
 * refused.
 */
export class SpreadsheetReader implements DocumentReader {
  private readonly maxTextChars: number;
  private readonly maxTableRows: number;

  constructor(options: SpreadsheetReaderOptions = {}) {
    this.maxTextChars = options.maxTextChars ?? DEFAULT_MAX_TEXT_CHARS;
    this.maxTableRows = options.maxTableRows ?? DEFAULT_MAX_TABLE_ROWS;
  }

  async read(body: Readable, _info: DocumentInfo): Promise<DocumentText> {
    const peeked = await peekStream(body, OLE_SIGNATURE.length);
    if (peeked.head.equals(OLE_SIGNATURE)) {
      peeked.body.destroy();
      throw new UnsupportedDocumentError(
        'Legacy Excel .xls files are not supported; save the workbook as .xlsx or CSV',
      );
    }
    // Loaded for the first workbook only: most functions that can read files never see one (see infra/bundling.ts).
    const { default: excel } = await import('exceljs');
    const reader = new excel.stream.xlsx.WorkbookReader(peeked.body, {
      worksheets: 'emit',
      sharedStrings: 'cache',
      styles: 'cache',
      hyperlinks: 'ignore',
      entries: 'ignore',
    });
    const text = new BoundedText(this.maxTextChars);
    const tables: DocumentTable[] = [];
    let kept = 0;
    let truncated = false;
    try {
      for await (const sheet of reader) {
        const meta = sheet as unknown as { name?: string; id?: number };
        const table: DocumentTable = { name: meta.name ?? `Sheet${meta.id ?? tables.length + 1}`, rows: [] };
        tables.push(table);
        if (tables.length > 1) text.appendLine('');
        text.appendLine(`Sheet: ${table.name}`);
        let sheetRows = 0;
        for await (const row of sheet) {
          const cells = rowCells(row);
          if (cells.length === 0) continue;
          sheetRows++;
          if (kept < this.maxTableRows) {
            table.rows.push(cells);
            kept++;
          }
          text.appendLine(cells.map(flatCell).join('\t'));
        }
        if (sheetRows > table.rows.length) {
          table.totalRows = sheetRows;
          truncated = true;
        }
      }
    } catch (error) {
      if (error instanceof UnsupportedDocumentError) throw error;
      throw new UnreadableDocumentError('The spreadsheet could not be read as an XLSX workbook', { cause: error });
    }
    return {
      text: text.toString(),
      method: 'spreadsheet',
      pages: tables.length,
      tables,
      truncated: truncated || text.truncated,
    };
  }
}
