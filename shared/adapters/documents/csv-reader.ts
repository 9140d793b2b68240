import type { Readable, TransformOptions } from 'node:stream';
import { type Options, type Parser, parse } from 'csv-parse';
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

async function* decodeTo8(body: AsyncIterable<Buffer>, encoding: TextEncodingName): AsyncGenerator<Buffer> {
  const decoder = new TextDecoder(encoding);
  for await (const chunk of body) yield Buffer.from(decoder.decode(chunk, { stream: true }), 'utf8');
  yield Buffer.from(decoder.decode(), 'utf8');
}

/**
 * Records the parser holds at most between two drains: far more than one chunk of input can make, so a write never
 * waits for a read (the parser would otherwise hold back a chunk's completion once 16 records are queued).
 */
const QUEUED_RECORDS = 2 ** 30;

/** Hands one chunk to the parser; settles once every record in it is queued on the parser's readable side. */
function feed(parser: Parser, chunk: Buffer): Promise<void> {
  return new Promise((resolve, reject) => parser.write(chunk, (error) => (error ? reject(error) : resolve())));
}

/** Ends the parser's input; settles once the last record is queued. */
function flush(parser: Parser): Promise<void> {
  return new Promise((resolve, reject) => {
    parser.once('error', reject);
    parser.end((error?: Error | null) => (error ? reject(error) : resolve()));
  });
}

/** Takes every record the parser has queued, synchronously. */
function drain(parser: Parser): string[][] {
  const records: string[][] = [];
  for (let record = parser.read(); record !== null; record = parser.read()) records.push(record);
  return records;
}

/**
 * The file's records, a batch per chunk of input (about 64 KB): each chunk is written to the parser, then the records
 * it made are read off synchronously, so nothing is awaited per row. A million rows cost about a thousand promises, not
 * several million (each of which also runs the async hooks the X-Ray SDK's context tracking installs in any process
 * that loads it: that alone made the reader 2-3x slower in the local runtime). Not `on_record`: csv-parse builds an
 * info object for every record it calls that with. The next chunk is read only once the consumer has taken the batch,
 * so memory stays bounded by one chunk's rows.
 */
async function* csvRecordBatches(body: Readable): AsyncGenerator<string[][]> {
  const peeked = await peekStream(body, ENCODING_SNIFF_BYTES);
  const encoding = detectTextEncoding(peeked.head);
  const sample = new TextDecoder(encoding).decode(peeked.head);
  const firstLine = sample.split(/\r?\n|\r/, 1)[0] ?? '';
  const delimiter = detectCsvDelimiter(firstLine);
  const hinted = /^sep=.\s*$/.test(firstLine);
  // Non-UTF-8 input is transcoded chunk by chunk, so the parser always sees UTF-8 (its fast path).
  const source: AsyncIterable<Buffer> = encoding === 'utf-8' ? peeked.body : decodeTo8(peeked.body, encoding);
  const options: Options & Pick<TransformOptions, 'readableHighWaterMark'> = {
    delimiter,
    bom: true,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    from_line: hinted ? 2 : 1,
    // Handed on to the parser's Transform stream (csv-parse passes its options through).
    readableHighWaterMark: QUEUED_RECORDS,
  };
  const parser = parse(options);
  // A parse error reaches the caller through `feed`/`flush`; this listener only keeps the stream's own 'error'
  // event from being unhandled.
  parser.on('error', () => {});
  try {
    for await (const chunk of source) {
      await feed(parser, chunk);
      const records = drain(parser);
      if (records.length > 0) yield records;
    }
    await flush(parser);
    const records = drain(parser);
    if (records.length > 0) yield records;
  } finally {
    parser.destroy();
  }
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
