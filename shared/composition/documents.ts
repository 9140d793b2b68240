import { TextractClient } from '@aws-sdk/client-textract';
import { DocumentReaders } from '../adapters/documents/document-readers';
import { TesseractOcr } from '../adapters/documents/tesseract-ocr';
import { TextractOcr, TextractOcrJobs } from '../adapters/documents/textract-ocr';
import type { Config } from '../config/config';
import { traceAwsClient } from '../observability';
import type { DocumentServices } from '../services/container';

/** Textract on Lambda (or with HDS_OCR=textract), tesseract.js otherwise. */
export function usesTextract(): boolean {
  return (process.env.HDS_OCR ?? (process.env.AWS_LAMBDA_FUNCTION_NAME ? 'textract' : 'tesseract')) === 'textract';
}

let built = new WeakMap<Config, DocumentServices>();
const stoppers = new Set<() => Promise<void>>();

/**
 * The document readers with the host's OCR, and Textract's asynchronous analyses: the part of functions that name
 * `usesTextract` or `textractJobs`. One Textract client serves both. On Lambda the canvas addon that renders scanned
 * PDF pages is not bundled: such PDFs come back marked `scanned`, and the asynchronous analysis reads them instead.
 */
export function documents(cfg: Config): DocumentServices {
  let parts = built.get(cfg);
  if (!parts) {
    let textract: TextractClient | undefined;
    const textractClient = () => {
      textract ??= traceAwsClient(new TextractClient({ region: cfg.region }));
      return textract;
    };
    const textractHost = usesTextract();
    const ocr = textractHost ? new TextractOcr(textractClient()) : new TesseractOcr();
    const readers = new DocumentReaders({ ocr, ocrScannedPdfs: !textractHost });
    let jobs: TextractOcrJobs | undefined;
    parts = {
      readers,
      get ocrJobs() {
        jobs ??= new TextractOcrJobs(textractClient());
        return jobs;
      },
    };
    built.set(cfg, parts);
    stoppers.add(async () => (ocr as { terminate?: () => Promise<void> }).terminate?.());
  }
  return parts;
}

/** Stops every OCR worker thread this process started (the local runtime calls this at shutdown). */
export async function stopDocumentReaders(): Promise<void> {
  const stopping = [...stoppers];
  stoppers.clear();
  built = new WeakMap();
  await Promise.all(stopping.map((stop) => stop()));
}
