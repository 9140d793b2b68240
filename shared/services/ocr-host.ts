import { DocumentReaders } from '../adapters/documents/document-readers';
import { TesseractOcr } from '../adapters/documents/tesseract-ocr';
import { TextractOcr } from '../adapters/documents/textract-ocr';
import type { OcrEngine } from '../domain/documents/types';
import type { Services } from './container';
import { forgetTextractClient, textractClient } from './textract-client';

let readers: { ocr: OcrEngine & { terminate?: () => Promise<void> }; documents: DocumentReaders } | undefined;

/** Textract on Lambda (or with HDS_OCR=textract), tesseract.js otherwise. */
export function usesTextract(): boolean {
  return (process.env.HDS_OCR ?? (process.env.AWS_LAMBDA_FUNCTION_NAME ? 'textract' : 'tesseract')) === 'textract';
}

/** One set of readers per process, reading with the OCR of its host. */
export function documentReaders(services: Services): DocumentReaders {
  if (!readers) {
    const textractHost = usesTextract();
    const ocr = textractHost ? new TextractOcr(textractClient(services)) : new TesseractOcr();
    // On Lambda the canvas addon that renders scanned PDF pages is not bundled: such PDFs come back marked
    // `scanned`, and Textract's asynchronous analysis reads them instead (scanned-pdf-ocr.ts).
    readers = { ocr, documents: new DocumentReaders({ ocr, ocrScannedPdfs: !textractHost }) };
  }
  return readers.documents;
}

/** Stops the OCR worker thread, if one was started (the local runtime calls this at shutdown). */
export async function stopDocumentReaders(): Promise<void> {
  await readers?.ocr.terminate?.();
  readers = undefined;
  forgetTextractClient();
}
