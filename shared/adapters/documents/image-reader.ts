import type { Readable } from 'node:stream';
import type { DocumentInfo, DocumentReader, DocumentText, OcrEngine } from '../../domain/documents/types';
import { UnsupportedDocumentError } from './errors';
import { sniffSignature } from './signatures';
import { MAX_BUFFERED_BYTES, readAllBytes } from './streams';

export interface ImageReaderOptions {
  /** Largest image accepted. Default `MAX_BUFFERED_BYTES`; the OCR engine may have its own limit (Textract: 10 MB). */
  maxBytes?: number;
}

/** The image formats both OCR engines read (Textract: JPEG, PNG, TIFF; tesseract.js reads the same). */
export const OCR_IMAGE_SIGNATURES = ['png', 'jpeg', 'tiff'] as const;

/**
 * Photos and scans of reports: PNG, JPEG or TIFF (of a multi-page TIFF only the first page is read), recognised by
 * their bytes and passed whole to the injected `OcrEngine`. HEIC/HEIF (iPhone photos), GIF, WebP and BMP are refused
 * with `UnsupportedDocumentError`: no installed library decodes HEIC, and Textract reads none of them.
 * The image is buffered (decoders need it whole), up to `maxBytes`.
 */
export class ImageReader implements DocumentReader {
  private readonly maxBytes: number;

  constructor(
    private readonly ocr: OcrEngine,
    options: ImageReaderOptions = {},
  ) {
    this.maxBytes = options.maxBytes ?? MAX_BUFFERED_BYTES;
  }

  async read(body: Readable, info: DocumentInfo): Promise<DocumentText> {
    const image = await readAllBytes(body, this.maxBytes);
    const signature = sniffSignature(image);
    if (signature === 'heif') {
      throw new UnsupportedDocumentError(
        `${info.filename} is a HEIC/HEIF image, which cannot be read; export it as JPEG or PNG`,
      );
    }
    if (!(OCR_IMAGE_SIGNATURES as readonly (string | null)[]).includes(signature)) {
      throw new UnsupportedDocumentError(`${info.filename} is not a PNG, JPEG or TIFF image`);
    }
    const text = await this.ocr.recognize(image);
    return { text: text.trim(), method: 'ocr', pages: 1, tables: [] };
  }
}
