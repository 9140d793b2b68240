import type { Readable } from 'node:stream';
import Papa from 'papaparse';
import type { DocumentInfo, DocumentReader, DocumentTable, DocumentText } from '../../domain/documents/types';
import { peekStream } from './streams';
import { BoundedText, DEFAULT_MAX_TEXT_CHARS, detectTextEncoding, ENCODING_SNIFF_BYTES } from './text-encoding';

export type CsvDelimiter = ',' | ';' | '\t' | '|';

/**
 * Rows kept in `tables` by default; a larger file reports `totalRows` and is read whole through `csvRows`. Measured on
 * a 50 MB, 1.1 M-row CSV: keeping 20 k rows peaks at ~130 MB RSS, 100 k rows at ~300 MB (the retained rows are only
 * ~40 MB, but they keep the collector from reclaiming the parser's garbage promptly).
 */
export const DEFAULT_MAX_TABLE_ROWS = 20_000;

export interface CsvReaderOptions {
  /** Characters of text rendering kept (tab-separated lines). Default `DEFAULT_MAX_TEXT_CHARS`. */
  maxTextChars?: number;
  /** Rows kept in the table. Default `DEFAULT_MAX_TABLE_ROWS`. */
  maxTableRows?: number;
}

const CANDIDATES: readonly CsvDelimiter[] = ['\t', ';', ',', '|'];

/**
 * The delimiter of a delimited text file from its first line: the candidate (tab, semicolon, comma, pipe) found most
 * often outside double quotes; ties go to the earlier candidate, so `Datum;Wert,Einheit` is semicolon-separated, as
 * German exports with decimal commas are. Excel's `sep=;` hint line is honoured.
 */
export function detectCsvDelimiter(firstLine: string): CsvDelimiter {
  const hint = /^sep=(.)\s*$/.exec(firstLine);
  if (hint && (CANDIDATES as readonly string[]).includes(hint[1] as string)) return hint[1] as CsvDelimiter;
  const counts = new Map<string, number>();
  let quoted = false;
  for (const ch of firstLine) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  }
  let best: CsvDelimiter = ',';
  let bestCount = 0;
  for (const candidate of CANDIDATES) {
    const count = counts.get(candidate) ?? 0;
    if (count > bestCount) {
      best = candidate;
      bestCount = count;
    }
  }
  return best;
}

type LineBreak = '\r\n' | '\n' | '\r';

/**
 * The file's line break as csv-parse discovers it: the first `\r\n`, `\n` or `\r` outside a quoted field (a quote
 * opens a field only at its start; `""` inside one is an escaped quote). Undefined while `text` holds none yet, or ends
 * on a `\r` or a quote whose meaning the next character decides, unless `final`.
 */
function detectLineBreak(text: string, delimiter: CsvDelimiter, final: boolean): LineBreak | undefined {
  let quoting = false;
  let fieldStart = true;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoting) {
      if (ch !== '"') continue;
      if (i + 1 === text.length && !final) return undefined;
      if (text[i + 1] === '"') i++;
      else quoting = false;
      continue;
    }
    if (ch === '\n') return '\n';
    if (ch === '\r') {
      if (i + 1 < text.length) return text[i + 1] === '\n' ? '\r\n' : '\r';
      return final ? '\r' : undefined;
    }
    if (ch === '"' && fieldStart) quoting = true;
    else fieldStart = ch === delimiter;
  }
  return undefined;
}

/** A file the CSV parser refuses; `code` names the fault as csv-parse did (`CSV_QUOTE_NOT_CLOSED`). */
export class CsvParseError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'CsvParseError';
  }
}

interface ParsedRows {
  rows: string[][];
  /** Characters of the input the rows used up; the rest starts an unfinished record. */
  consumed: number;
  /** A refusal, raised once the rows before it are handed out. */
  error?: CsvParseError;
}

interface RelaxedRecord {
  /** Null for a blank line, which is skipped. */
  row: string[] | null;
  end: number;
}

/**
 * The one record starting at `start`, read as csv-parse reads it with `relax_quotes`: a quote that closes a field but
 * is followed by neither the delimiter nor the line break ends quoting and stays in the cell, quotes and all
 * (`"5" tabs` is the cell `"5" tabs`). Papaparse would instead search on for a later quote, joining records. Undefined
 * when `text` ends before the record does (unless `final`); an unclosed quote at the end of the file throws.
 */
function relaxedRecord(
  text: string,
  start: number,
  delimiter: CsvDelimiter,
  newline: LineBreak,
  final: boolean,
): RelaxedRecord | undefined {
  const row: string[] = [];
  let field = '';
  let quoting = false;
  let wasQuoting = false;
  const n = text.length;
  let pos = start;
  while (pos < n) {
    const ch = text[pos] as string;
    if (quoting) {
      if (ch !== '"') {
        field += ch;
        pos++;
        continue;
      }
      const next = text[pos + 1];
      if (next === undefined && !final) return undefined;
      if (next === '"') {
        field += '"';
        pos += 2;
        continue;
      }
      quoting = false;
      wasQuoting = true;
      pos++;
      if (next === undefined || next === delimiter || text.startsWith(newline, pos)) continue;
      // A `\r` at the end of the text may start a `\r\n`.
      if (next === '\r' && newline === '\r\n' && pos + 1 >= n && !final) return undefined;
      field = `"${field}"`;
      continue;
    }
    if (text.startsWith(newline, pos)) {
      const end = pos + newline.length;
      if (!wasQuoting && row.length === 0 && field.length === 0) return { row: null, end };
      row.push(field);
      return { row, end };
    }
    if (ch === '\r' && newline === '\r\n' && pos + 1 >= n && !final) return undefined;
    if (ch === delimiter) {
      row.push(field);
      field = '';
      wasQuoting = false;
    } else if (ch === '"' && field.length === 0) {
      quoting = true;
    } else {
      field += ch;
    }
    pos++;
  }
  if (!final) return undefined;
  if (quoting) {
    throw new CsvParseError(
      'CSV_QUOTE_NOT_CLOSED',
      'Quote Not Closed: the parsing is finished with an opening quote still unclosed',
    );
  }
  if (!wasQuoting && row.length === 0 && field.length === 0) return { row: null, end: n };
  row.push(field);
  return { row, end: n };
}

/**
 * The complete records at the start of `text` (every record when `final`), by papaparse's parser. Blank lines (a lone
 * empty field) are dropped. From the first record papaparse flags (a misplaced closing quote, `InvalidQuotes`, or a
 * quote left open, `MissingQuotes`) one record is read by `relaxedRecord` instead, as csv-parse did, and papaparse
 * goes on after it; an unclosed quote at the end of the file is refused with `CSV_QUOTE_NOT_CLOSED`.
 */
function parseRecords(
  parser: Papa.Parser,
  config: { delimiter: CsvDelimiter; newline: LineBreak },
  text: string,
  final: boolean,
): ParsedRows {
  const rows: string[][] = [];
  let offset = 0;
  for (;;) {
    const input = offset === 0 ? text : text.slice(offset);
    const result = parser.parse(input, 0, !final) as Papa.ParseResult<string[]>;
    const fault = result.errors[0];
    const data = result.data;
    const end = fault ? Math.min(fault.row ?? 0, data.length) : data.length;
    for (let i = 0; i < end; i++) {
      const row = data[i] as string[];
      if (row.length === 1 && row[0] === '') continue;
      rows.push(row);
    }
    if (!fault) return { rows, consumed: offset + result.meta.cursor };
    // Where the flagged record starts: papaparse reports rows, not offsets, so the rows before it are parsed again.
    const at =
      offset +
      (end === 0
        ? 0
        : (new Papa.Parser({ ...config, preview: end }).parse(input, 0, true) as Papa.ParseResult<string[]>).meta
            .cursor);
    let record: RelaxedRecord | undefined;
    try {
      record = relaxedRecord(text, at, config.delimiter, config.newline, final);
    } catch (error) {
      return { rows, consumed: at, error: error as CsvParseError };
    }
    if (!record) return { rows, consumed: at };
    if (record.row) rows.push(record.row);
    offset = record.end;
    if (offset >= text.length) return { rows, consumed: offset };
  }
}

/**
 * The file's records, a batch per chunk of input (about 64 KB). The bytes are decoded with a streaming `TextDecoder`
 * (a character cut between chunks is joined again; a byte-order mark is dropped), and papaparse's parser takes the
 * complete records from the decoded text each time; the unfinished record at the end waits for the next chunk. So
 * nothing is awaited per row, and memory stays bounded by one chunk's rows plus the record in progress. A record
 * spanning many chunks is parsed again only once the text held for it has doubled, so the work stays linear.
 * The next chunk is read only once the consumer has taken the batch.
 */
async function* csvRecordBatches(body: Readable): AsyncGenerator<string[][]> {
  const peeked = await peekStream(body, ENCODING_SNIFF_BYTES);
  const encoding = detectTextEncoding(peeked.head);
  const sample = new TextDecoder(encoding).decode(peeked.head);
  const firstLine = sample.split(/\r?\n|\r/, 1)[0] ?? '';
  const delimiter = detectCsvDelimiter(firstLine);
  // Excel's `sep=X` line is no record.
  let skipFirst = /^sep=.\s*$/.test(firstLine);
  const decoder = new TextDecoder(encoding);
  let parser: Papa.Parser | undefined;
  let config: { delimiter: CsvDelimiter; newline: LineBreak } | undefined;
  let pending = '';
  // Length `pending` must reach before it is parsed again.
  let parseAt = 0;
  const take = (final: boolean): ParsedRows => {
    if (!parser || !config) {
      const newline = detectLineBreak(pending, delimiter, final);
      if (!newline && !final) return { rows: [], consumed: 0 };
      config = { delimiter, newline: newline ?? '\n' };
      parser = new Papa.Parser(config);
    }
    const parsed = parseRecords(parser, config, pending, final);
    if (skipFirst && parsed.rows.length > 0) {
      parsed.rows.shift();
      skipFirst = false;
    }
    return parsed;
  };
  for await (const chunk of peeked.body) {
    pending += decoder.decode(chunk, { stream: true });
    if (pending.length < parseAt) continue;
    const { rows, consumed } = take(false);
    if (consumed > 0) pending = pending.slice(consumed);
    parseAt = 2 * pending.length;
    if (rows.length > 0) yield rows;
  }
  pending += decoder.decode();
  const { rows, error } = take(true);
  if (rows.length > 0) yield rows;
  if (error) throw error;
}

/**
 * Every row of a CSV/TSV/semicolon file, streamed: the path for files whose rows do not all fit in
 * `DocumentText.tables` (see `DocumentTable.totalRows`). Blank lines are skipped; rows may have different lengths.
 * Pair with `readingsFromRowStream` to turn a huge export into readings in constant memory.
 */
export async function* csvRows(body: Readable): AsyncGenerator<string[]> {
  for await (const records of csvRecordBatches(body)) yield* records;
}

const BREAKS = /[\t\r\n]/;
const BREAK_RUNS = /[\t\r\n]+/g;

/** A record as one tab-separated line: tabs and line breaks inside a cell, which would break it, become a space. */
function tabLine(record: string[]): string {
  let line = '';
  for (let i = 0; i < record.length; i++) {
    const cell = record[i] as string;
    if (i > 0) line += '\t';
    line += BREAKS.test(cell) ? cell.replace(BREAK_RUNS, ' ') : cell;
  }
  return line;
}

/**
 * CSV, TSV and semicolon-separated files (delimiter detected from the first line; UTF-8, UTF-16 with a byte-order
 * mark or Windows-1252). Streams with papaparse: the text rendering (tab-separated lines) keeps the first
 * `maxTextChars` characters and the table the first `maxTableRows` rows, while every row is still parsed and counted,
 * so memory stays bounded whatever the file size. When a cap is hit `truncated` is set and the table carries
 * `totalRows`; read the whole file again through `csvRows` to process every row.
 */
export class CsvReader implements DocumentReader {
  private readonly maxTextChars: number;
  private readonly maxTableRows: number;

  constructor(options: CsvReaderOptions = {}) {
    this.maxTextChars = options.maxTextChars ?? DEFAULT_MAX_TEXT_CHARS;
    this.maxTableRows = options.maxTableRows ?? DEFAULT_MAX_TABLE_ROWS;
  }

  async read(body: Readable, info: DocumentInfo): Promise<DocumentText> {
    const text = new BoundedText(this.maxTextChars);
    const rows: string[][] = [];
    let totalRows = 0;
    for await (const records of csvRecordBatches(body)) {
      totalRows += records.length;
      // Past both caps (most of a large file) a batch is only counted.
      if (text.truncated && rows.length >= this.maxTableRows) continue;
      for (const record of records) {
        if (rows.length < this.maxTableRows) rows.push(record);
        if (!text.truncated) text.appendLine(tabLine(record));
      }
    }
    const table: DocumentTable = { name: info.filename, rows };
    if (totalRows > rows.length) table.totalRows = totalRows;
    return {
      text: text.toString(),
      method: 'spreadsheet',
      pages: 1,
      tables: [table],
      truncated: text.truncated || totalRows > rows.length,
    };
  }
}
