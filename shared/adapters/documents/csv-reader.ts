import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import type { DocumentInfo, DocumentReader, DocumentTable, DocumentText } from '../../domain/documents/types';
import { peekStream } from './streams';
import {
  BoundedText,
  DEFAULT_MAX_TEXT_CHARS,
  detectTextEncoding,
  ENCODING_SNIFF_BYTES,
  type TextEncodingName,
} from './text-encoding';

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

interface CsvSource {
  records: AsyncIterable<string[]>;
  delimiter: CsvDelimiter;
}

async function* decodeTo8(body: Readable, encoding: TextEncodingName): AsyncGenerator<Buffer> {
  const decoder = new TextDecoder(encoding);
  for await (const chunk of body) yield Buffer.from(decoder.decode(chunk as Buffer, { stream: true }), 'utf8');
  yield Buffer.from(decoder.decode(), 'utf8');
}

async function openCsv(body: Readable): Promise<CsvSource> {
  const peeked = await peekStream(body, ENCODING_SNIFF_BYTES);
  const encoding = detectTextEncoding(peeked.head);
  const sample = new TextDecoder(encoding).decode(peeked.head);
  const firstLine = sample.split(/\r?\n|\r/, 1)[0] ?? '';
  const delimiter = detectCsvDelimiter(firstLine);
  const hinted = /^sep=.\s*$/.test(firstLine);
  // Non-UTF-8 input is transcoded chunk by chunk, so the parser always sees UTF-8 (its fast path).
  const source = encoding === 'utf-8' ? peeked.body : Readable.from(decodeTo8(peeked.body, encoding));
  const parser = parse({
    delimiter,
    bom: true,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    from_line: hinted ? 2 : 1,
  });
  source.on('error', (error) => parser.destroy(error));
  source.pipe(parser);
  return { records: parser, delimiter };
}

/**
 * Every row of a CSV/TSV/semicolon file, streamed: the path for files whose rows do not all fit in
 * `DocumentText.tables` (see `DocumentTable.totalRows`). Cells are trimmed; blank lines are skipped; rows may have
 * different lengths. Pair with `readingsFromRowStream` to turn a huge export into readings in constant memory.
 */
export async function* csvRows(body: Readable): AsyncGenerator<string[]> {
  const { records } = await openCsv(body);
  for await (const record of records) yield record;
}

/** Tabs and line breaks inside a cell would break the tab-separated rendering. */
function flatCell(cell: string): string {
  return /[\t\r\n]/.test(cell) ? cell.replace(/[\t\r\n]+/g, ' ') : cell;
}

/**
 * CSV, TSV and semicolon-separated files (delimiter detected from the first line; UTF-8, UTF-16 with a byte-order
 * mark or Windows-1252). Streams with `csv-parse`: the text rendering (tab-separated lines) keeps the first
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
    const { records } = await openCsv(body);
    const text = new BoundedText(this.maxTextChars);
    const rows: string[][] = [];
    let totalRows = 0;
    for await (const record of records as AsyncIterable<string[]>) {
      totalRows++;
      if (rows.length < this.maxTableRows) rows.push(record);
      if (!text.truncated) text.appendLine(record.map(flatCell).join('\t'));
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
