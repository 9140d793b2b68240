import { TextractClient } from '@aws-sdk/client-textract';
import { csvRows } from '../adapters/documents/csv-reader';
import { DocumentReaders, detectDocumentKind } from '../adapters/documents/document-readers';
import { DocumentError } from '../adapters/documents/errors';
import { TesseractOcr } from '../adapters/documents/tesseract-ocr';
import { TextractOcr } from '../adapters/documents/textract-ocr';
import { nowMs } from '../clock';
import type { DocumentText, OcrEngine } from '../domain/documents/types';
import type { ExtractedReading } from '../domain/extraction/types';
import { abstractOf } from '../domain/file-abstract';
import { objectKey, type StoredFile, textKey } from '../domain/files';
import { readingsFromRowStream, readingsFromTable } from '../domain/spreadsheets';
import { parseTimestamp } from '../domain/timestamps';
import { log } from '../log';
import type { Services } from './container';
import { readingExtractor } from './reading-extractor';
import { writeReadingStream, writeReadingsToSubject } from './record-writer';

let readers: { ocr: OcrEngine & { terminate?: () => Promise<void> }; documents: DocumentReaders } | undefined;

/** One set of readers per process: Textract on Lambda (or with HDS_OCR=textract), tesseract.js otherwise. */
export function documentReaders(services: Services): DocumentReaders {
  if (!readers) {
    const useTextract =
      (process.env.HDS_OCR ?? (process.env.AWS_LAMBDA_FUNCTION_NAME ? 'textract' : 'tesseract')) === 'textract';
    const ocr = useTextract
      ? new TextractOcr(new TextractClient({ region: services.config.region }))
      : new TesseractOcr();
    // On Lambda the canvas addon that renders scanned PDF pages is not bundled: such pages stay empty there
    // until the asynchronous Textract path (StartDocumentAnalysis) is wired.
    readers = { ocr, documents: new DocumentReaders({ ocr, ocrScannedPdfs: !useTextract }) };
  }
  return readers.documents;
}

/** Stops the OCR worker thread, if one was started (the local runtime calls this at shutdown). */
export async function stopDocumentReaders(): Promise<void> {
  await readers?.ocr.terminate?.();
  readers = undefined;
}

/** Why a file could not be processed, in words fit for its `failure_reason`. */
export class FileProcessingError extends Error {}

/**
 * The extraction job of one file: read its text (PDF text layer, OCR, spreadsheet, CSV, text), keep the
 * text beside the file, read the readings out of it (spreadsheet layouts, else the reading extractor),
 * and store them as rows with `source: upload`. The rows' ids are reserved for the file once, so a
 * redelivered job rewrites the same rows rather than adding copies. A file deleted meanwhile is skipped.
 */
export async function processFile(services: Services, subjectId: string, fileKey: string): Promise<StoredFile | null> {
  const file = await services.files.get(subjectId, fileKey, nowMs());
  if (!file) return null;
  const body = await services.blobs.get(objectKey(subjectId, fileKey));
  if (!body) throw new Error('stored bytes are missing');
  let document: DocumentText;
  try {
    document = await documentReaders(services).read(body, {
      filename: file.filename,
      contentType: file.contentType,
      bytes: file.bytes,
    });
  } catch (err) {
    if (err instanceof DocumentError) throw new FileProcessingError(err.message);
    throw err;
  }
  await services.blobs.put(
    textKey(subjectId, fileKey),
    Buffer.from(document.text, 'utf8'),
    'text/plain; charset=utf-8',
  );

  const truncatedTable = document.tables.find((t) => t.totalRows !== undefined && t.totalRows > t.rows.length);
  if (truncatedTable && (await isCsv(services, file))) return processLargeCsv(services, file, document);

  const readings = await readingsOf(services, document);
  const records = await writeReadingsToSubject(
    services,
    { subjectId, accountId: '', user: '', createdAt: '' },
    readings.map((r) => toStore(file, r)),
    writeOptions(services, file),
  );
  const outcome = {
    status: 'processed' as const,
    textChars: document.text.length,
    abstract: abstractOf(records, document.pages),
    recordCount: records.length,
  };
  await services.files.finish(subjectId, fileKey, outcome);
  log('info', 'file processed', { subjectId, method: document.method, pages: document.pages, records: records.length });
  return { ...file, ...outcome };
}

/** Spreadsheets and CSV by their layout; everything else through the reading extractor. */
async function readingsOf(services: Services, document: DocumentText): Promise<ExtractedReading[]> {
  const fromTables = document.tables.flatMap((t) =>
    readingsFromTable(t).map((r) => ({ ...r, flag: null as string | null })),
  );
  if (fromTables.length > 0) return fromTables;
  if (!document.text.trim()) return [];
  return readingExtractor(services.config).extract(document.text);
}

function writeOptions(services: Services, file: StoredFile) {
  return {
    user: '',
    source: 'upload' as const,
    retention: file.retention,
    sessionId: file.sessionId,
    fileKey: file.fileKey,
    reserveIds: async (count: number) => {
      const first = await services.records.allocateIds(file.subjectId, count);
      return (await services.files.reserveRecordIds(file.subjectId, file.fileKey, { first, count })).first;
    },
  };
}

function toStore(file: StoredFile, r: ExtractedReading) {
  return {
    input: { indicator: r.indicator, value: r.value, unit: r.unit, referenceRange: r.referenceRange, flag: r.flag },
    time: (r.measuredAt && parseTimestamp(r.measuredAt)) || new Date(file.createdAt * 1000).toISOString(),
    endTime: null,
    comment: file.filename,
  };
}

async function isCsv(services: Services, file: StoredFile): Promise<boolean> {
  const body = await services.blobs.get(objectKey(file.subjectId, file.fileKey));
  const head: Buffer[] = [];
  for await (const c of body ?? []) {
    head.push(c as Buffer);
    break;
  }
  body?.destroy();
  return detectDocumentKind(Buffer.concat(head).subarray(0, 1024), file) === 'csv';
}

/**
 * A CSV with more rows than a table holds in memory: its rows are streamed from the bucket twice (count,
 * then store), so every row becomes a reading whatever the file's size.
 */
async function processLargeCsv(services: Services, file: StoredFile, document: DocumentText): Promise<StoredFile> {
  const open = async function* () {
    const body = await services.blobs.get(objectKey(file.subjectId, file.fileKey));
    if (!body) throw new Error('stored bytes are missing');
    for await (const r of readingsFromRowStream(csvRows(body))) yield toStore(file, { ...r, flag: null });
  };
  const { count, sample } = await writeReadingStream(
    services,
    { subjectId: file.subjectId, accountId: '', user: '', createdAt: '' },
    open,
    writeOptions(services, file),
  );
  const outcome = {
    status: 'processed' as const,
    textChars: document.text.length,
    abstract: abstractOf(sample, document.pages).replace(/^\d+ readings?/, `${count} readings`),
    recordCount: count,
  };
  await services.files.finish(file.subjectId, file.fileKey, outcome);
  log('info', 'large CSV processed', { subjectId: file.subjectId, records: count });
  return { ...file, ...outcome };
}
