import type { Readable } from 'node:stream';

/**
 * The contract of document reading: a stored file in, its text (what the agent reads and what reading
 * extraction runs on) and, for spreadsheets, its tables out.
 */

/**
 * The file types HDS reads, by the reader that handles them. `apple-health` (an Apple Health export.zip or export.xml)
 * has no document reader: its file job imports it as readings instead.
 */
export type DocumentKind = 'pdf' | 'image' | 'spreadsheet' | 'csv' | 'text' | 'apple-health';

export interface DocumentInfo {
  filename: string;
  /** MIME type as sent by the client (may be generic, e.g. application/octet-stream). */
  contentType: string;
  bytes: number;
}

export interface DocumentTable {
  /** Sheet name, or the file name for CSV. */
  name: string;
  /** Cell text row by row, as displayed (dates as ISO 8601, numbers as written). */
  rows: string[][];
  /** Rows in the source when `rows` holds fewer (the reader's row cap); absent when `rows` is complete. */
  totalRows?: number;
}

export interface DocumentText {
  /** The whole document as plain text; tables as tab-separated lines. May be empty. */
  text: string;
  /** How the text was obtained. */
  method: 'text' | 'pdf-text' | 'ocr' | 'spreadsheet';
  pages: number;
  /** Spreadsheets and CSV: their tables, for record detection. */
  tables: DocumentTable[];
  /**
   * True when the reader kept less than the whole document: `text` cut at its character cap, pages beyond the page
   * cap left unread, or a table cut at its row cap (see `DocumentTable.totalRows`).
   */
  truncated?: boolean;
  /**
   * True when a page's text layer was too thin to read (a scan, or a blank page) and no OCR engine read it here:
   * the text is incomplete until an OCR of the whole document (Textract's asynchronous analysis in the cloud)
   * reads the file.
   */
  scanned?: boolean;
}

/** A reader for one family of files. Streams in, so memory stays bounded for large files. */
export interface DocumentReader {
  read(body: Readable, info: DocumentInfo): Promise<DocumentText>;
}

/** Turns page images into text: Textract in the cloud, tesseract.js locally. */
export interface OcrEngine {
  /** Text of one image (PNG, JPEG, TIFF); lines in reading order. */
  recognize(image: Buffer): Promise<string>;
}
