import { detectDocumentKind } from '../adapters/documents/document-kind';
import { DocumentError } from '../adapters/documents/errors';
import { SIGNATURE_BYTES } from '../adapters/documents/signatures';
import { nowMs } from '../clock';
import type { DocumentText } from '../domain/documents/types';
import { objectKey, type StoredFile } from '../domain/files';
import { importAppleHealth } from './apple-health/import';
import type { Services } from './container';
import { storeDocumentResults } from './file-results';
import { FileProcessingError } from './processing-failures';
import { startScannedPdfOcr } from './scanned-pdf-ocr';

/**
 * The extraction job of one file: read its text (PDF text layer, OCR, spreadsheet, CSV, text), then store the text
 * and readings (`storeDocumentResults`); an Apple Health export is imported as readings instead (`importAppleHealth`). A scanned PDF on a host that cannot render its pages (Lambda) is handed to
 * Textract's asynchronous analysis instead and stays `processing` until the `collect-ocr` consumer finishes it. A
 * file deleted meanwhile is skipped, and so is one no longer `processing`: a redelivered job of a processed file has
 * nothing to add, and a failed file stays failed (its rows are gone; it is uploaded again).
 */
export async function processFile(services: Services, subjectId: string, fileKey: string): Promise<StoredFile | null> {
  const file = await services.files.get(subjectId, fileKey, nowMs());
  if (file?.status !== 'processing') return null;
  if (await isAppleHealthExport(services, file)) return importAppleHealth(services, file);
  const body = await services.blobs.get(objectKey(subjectId, fileKey));
  if (!body) throw new Error('stored bytes are missing');
  let document: DocumentText;
  try {
    document = await services.documents.read(body, {
      filename: file.filename,
      contentType: file.contentType,
      bytes: file.bytes,
    });
  } catch (err) {
    if (err instanceof DocumentError) throw new FileProcessingError(err.message);
    throw err;
  }
  if (document.scanned) return startScannedPdfOcr(services, file);
  return storeDocumentResults(services, file, document);
}

/** The stored bytes' head decides, as it did when the upload was accepted: a ranged read of the first kilobyte. */
async function isAppleHealthExport(services: Services, file: StoredFile): Promise<boolean> {
  const head = await services.blobs.getRange(
    objectKey(file.subjectId, file.fileKey),
    0,
    Math.min(file.bytes, SIGNATURE_BYTES),
  );
  if (!head) return false;
  const chunks: Buffer[] = [];
  for await (const c of head) chunks.push(c as Buffer);
  return detectDocumentKind(Buffer.concat(chunks), file) === 'apple-health';
}
