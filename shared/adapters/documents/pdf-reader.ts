import type { Readable } from 'node:stream';
import type { getDocumentProxy } from 'unpdf';
import type { DocumentInfo, DocumentReader, DocumentText, OcrEngine } from '../../domain/documents/types';
import { UnreadableDocumentError } from './errors';
import { MAX_BUFFERED_BYTES, readAllBytes } from './streams';

/** Pages read per PDF by default: lab reports run to a few pages; beyond this the upload is not a report. */
export const DEFAULT_MAX_PDF_PAGES = 50;
/** A page with fewer visible characters than this in its text layer is treated as scanned (footer-only, blank). */
export const DEFAULT_MIN_PAGE_TEXT_CHARS = 20;
/**
 * Render scale for OCR: 200/72, i.e. 200 DPI (an A4 page becomes ~1650×2340 px), where tesseract reads 10-pt text
 * reliably; 300 DPI reads no better on clean scans and costs twice the time.
 */
export const DEFAULT_OCR_SCALE = 200 / 72;

export interface PdfReaderOptions {
  /**
   * OCR for pages without a text layer. Without one (e.g. in the cloud, where multi-page scans go to Textract's async
   * API instead) scanned pages contribute no text, and the result is marked `scanned`, so the caller can hand the
   * whole document to that OCR.
   */
  ocr?: OcrEngine | null;
  /** Pages read; later pages are skipped and `truncated` is set. Default `DEFAULT_MAX_PDF_PAGES`. */
  maxPages?: number;
  minPageTextChars?: number;
  ocrScale?: number;
  maxBytes?: number;
}

interface PositionedText {
  str: string;
  x: number;
  y: number;
  width: number;
  fontSize: number;
}

/**
 * One page's text items laid out as lines in reading order: items are grouped into lines by baseline (top to
 * bottom), ordered left to right, and placed on a character grid, so a table keeps its columns as runs of two or more
 * spaces (which the reading extractor reads as fixed-width columns) instead of running cells together.
 */
export function layoutPageText(items: readonly PositionedText[]): string {
  const visible = items.filter((item) => item.str.trim() !== '');
  if (visible.length === 0) return '';
  const sorted = [...visible].sort((a, b) => b.y - a.y || a.x - b.x);
  const lines: PositionedText[][] = [];
  let current: PositionedText[] = [];
  let baseline = Number.NaN;
  for (const item of sorted) {
    const tolerance = Math.max(2, item.fontSize * 0.5);
    if (current.length > 0 && Math.abs(item.y - baseline) > tolerance) {
      lines.push(current);
      current = [];
    }
    if (current.length === 0) baseline = item.y;
    current.push(item);
  }
  if (current.length > 0) lines.push(current);

  const fontSizes = visible.map((item) => item.fontSize).sort((a, b) => a - b);
  const charWidth = Math.max(1, (fontSizes[Math.floor(fontSizes.length / 2)] ?? 10) * 0.5);
  const left = Math.min(...visible.map((item) => item.x));
  return lines
    .map((line) => {
      let text = '';
      let end = Number.NEGATIVE_INFINITY;
      for (const item of line.sort((a, b) => a.x - b.x)) {
        const str = item.str.replace(/\s+/g, ' ');
        const gap = item.x - end;
        if (text !== '' && gap > item.fontSize * 0.15) {
          const column = Math.round((item.x - left) / charWidth);
          const minimum = gap > item.fontSize ? 2 : 1;
          text += ' '.repeat(Math.max(minimum, column - text.length));
        }
        text += str;
        end = item.x + item.width;
      }
      return text.trimEnd();
    })
    .join('\n');
}

const visibleChars = (text: string) => text.replace(/\s+/g, '').length;

/**
 * PDFs: the text layer through unpdf (pdf.js), page by page, each laid out in reading order (`layoutPageText`).
 * A page whose text layer is empty or nearly so (a scan, a photo saved as PDF) is rendered to a PNG at
 * `ocrScale` with `@napi-rs/canvas` and read by the injected `OcrEngine`; `method` is `ocr` when any page was.
 * Without an OCR engine such a page stays empty and the result is marked `scanned`.
 * Pages are separated by a blank line. At most `maxPages` pages are read (`truncated` beyond); `pages` is the
 * document's page count. The file is buffered whole (pdf.js needs random access), up to `maxBytes`.
 */
export class PdfReader implements DocumentReader {
  private readonly ocr: OcrEngine | null;
  private readonly maxPages: number;
  private readonly minPageTextChars: number;
  private readonly ocrScale: number;
  private readonly maxBytes: number;

  constructor(options: PdfReaderOptions = {}) {
    this.ocr = options.ocr ?? null;
    this.maxPages = options.maxPages ?? DEFAULT_MAX_PDF_PAGES;
    this.minPageTextChars = options.minPageTextChars ?? DEFAULT_MIN_PAGE_TEXT_CHARS;
    this.ocrScale = options.ocrScale ?? DEFAULT_OCR_SCALE;
    this.maxBytes = options.maxBytes ?? MAX_BUFFERED_BYTES;
  }

  async read(body: Readable, info: DocumentInfo): Promise<DocumentText> {
    const bytes = await readAllBytes(body, this.maxBytes);
    // pdf.js is most of a document function's code; it loads with the first PDF (see infra/bundling.ts).
    const { getDocumentProxy, renderPageAsImage } = await import('unpdf');
    let pdf: Awaited<ReturnType<typeof getDocumentProxy>>;
    try {
      // verbosity 0: pdf.js's own warnings ("Indexing all PDF objects" for a damaged file) go to the console, not to
      // the structured log; the outcome (read, or refused with a reason) is what a caller sees.
      pdf = await getDocumentProxy(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), { verbosity: 0 });
    } catch (error) {
      const reason = (error as Error)?.name === 'PasswordException' ? 'it is password-protected' : 'it is not valid';
      throw new UnreadableDocumentError(`${info.filename} could not be read as a PDF: ${reason}`, { cause: error });
    }
    try {
      const pageCount = Math.min(pdf.numPages, this.maxPages);
      const texts: string[] = [];
      let ocrUsed = false;
      let scanned = false;
      for (let pageNumber = 1; pageNumber <= pageCount; pageNumber++) {
        let text = await this.pageText(pdf, pageNumber);
        const thin = visibleChars(text) < this.minPageTextChars;
        if (thin && !this.ocr) scanned = true;
        if (thin && this.ocr) {
          const image = await renderPageAsImage(pdf, pageNumber, {
            canvasImport: () => import('@napi-rs/canvas'),
            scale: this.ocrScale,
          });
          const recognized = (await this.ocr.recognize(Buffer.from(image))).trim();
          if (visibleChars(recognized) > visibleChars(text)) {
            text = recognized;
            ocrUsed = true;
          }
        }
        texts.push(text);
      }
      return {
        text: texts.filter((text) => text !== '').join('\n\n'),
        method: ocrUsed ? 'ocr' : 'pdf-text',
        pages: pdf.numPages,
        tables: [],
        truncated: pdf.numPages > pageCount,
        ...(scanned ? { scanned } : {}),
      };
    } finally {
      await pdf.destroy();
    }
  }

  private async pageText(pdf: Awaited<ReturnType<typeof getDocumentProxy>>, pageNumber: number): Promise<string> {
    const page = await pdf.getPage(pageNumber);
    try {
      const content = await page.getTextContent();
      const items: PositionedText[] = [];
      for (const item of content.items) {
        if (!('str' in item)) continue;
        const [, , c = 0, d = 0, x = 0, y = 0] = item.transform as number[];
        items.push({ str: item.str, x, y, width: item.width, fontSize: Math.hypot(c, d) || item.height || 10 });
      }
      return layoutPageText(items);
    } finally {
      page.cleanup();
    }
  }
}
