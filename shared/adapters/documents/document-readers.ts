import type { Readable } from 'node:stream';
import type { DocumentInfo, DocumentKind, DocumentReader, DocumentText, OcrEngine } from '../../domain/documents/types';
import { CsvReader, type CsvReaderOptions } from './csv-reader';
import { detectDocumentKind, SUPPORTED_FILE_TYPES } from './document-kind';
import { UnsupportedDocumentError } from './errors';
import { ImageReader, type ImageReaderOptions } from './image-reader';
import { PdfReader, type PdfReaderOptions } from './pdf-reader';
import { SIGNATURE_BYTES, sniffSignature } from './signatures';
import { SpreadsheetReader, type SpreadsheetReaderOptions } from './spreadsheet-reader';
import { peekStream } from './streams';
import { TextReader, type TextReaderOptions } from './text-reader';

// The kind detection lives apart so code that only sniffs (uploads, results) does not bundle every reader.
export { detectDocumentKind, SUPPORTED_FILE_TYPES } from './document-kind';
export { DocumentError, DocumentTooLargeError, UnreadableDocumentError, UnsupportedDocumentError } from './errors';

export interface DocumentReadersOptions {
  /** OCR for images and for scanned PDF pages (tesseract.js locally, Textract in the cloud). */
  ocr: OcrEngine;
  /** Whether PDF pages without a text layer are rendered and OCR'd (default true). */
  ocrScannedPdfs?: boolean;
  pdf?: Omit<PdfReaderOptions, 'ocr'>;
  image?: ImageReaderOptions;
  spreadsheet?: SpreadsheetReaderOptions;
  csv?: CsvReaderOptions;
  text?: TextReaderOptions;
}

/**
 * The one `DocumentReader` callers need: peeks at the first bytes, picks the reader with `detectDocumentKind`, and
 * hands it the whole stream (nothing is buffered beyond the peek, so CSV and text stay streamed). An unreadable type
 * fails with `UnsupportedDocumentError` (415) naming `SUPPORTED_FILE_TYPES`.
 */
export class DocumentReaders implements DocumentReader {
  private readonly readers: Record<Exclude<DocumentKind, 'apple-health'>, DocumentReader>;

  constructor(options: DocumentReadersOptions) {
    const pdfOcr = options.ocrScannedPdfs === false ? null : options.ocr;
    this.readers = {
      pdf: new PdfReader({ ...options.pdf, ocr: pdfOcr }),
      image: new ImageReader(options.ocr, options.image),
      spreadsheet: new SpreadsheetReader(options.spreadsheet),
      csv: new CsvReader(options.csv),
      text: new TextReader(options.text),
    };
  }

  /** The reader for a kind, for callers that detected it already. */
  readerFor(kind: Exclude<DocumentKind, 'apple-health'>): DocumentReader {
    return this.readers[kind];
  }

  async read(body: Readable, info: DocumentInfo): Promise<DocumentText> {
    const peeked = await peekStream(body, SIGNATURE_BYTES);
    const kind = detectDocumentKind(peeked.head, info);
    if (kind === null) {
      peeked.body.destroy();
      const what =
        sniffSignature(peeked.head) === 'heif' ? 'HEIC/HEIF images cannot be read' : 'This file type cannot be read';
      throw new UnsupportedDocumentError(`${what}; supported: ${SUPPORTED_FILE_TYPES.join(', ')}`);
    }
    if (kind === 'apple-health') {
      peeked.body.destroy();
      throw new UnsupportedDocumentError(
        'An Apple Health export is imported as readings by the file upload (POST /v1/files), not read as a document',
      );
    }
    return this.readers[kind].read(peeked.body, info);
  }
}
