import { csvRows } from '../adapters/documents/csv-reader';
import { detectDocumentKind } from '../adapters/documents/document-kind';
import type { DocumentText } from '../domain/documents/types';
import type { ExtractedReading } from '../domain/extraction/types';
import { abstractOf } from '../domain/file-abstract';
import { objectKey, STALLED_FILE_REASON, type StoredFile, textKey } from '../domain/files';
import { readingsFromRowStream } from '../domain/spreadsheets';
import { parseTimestamp } from '../domain/timestamps';
import { log } from '../log';
import type { Services } from './container';
import { readingsOfDocument } from './document-readings';
import { failFile } from './processing-failures';
import { writeReadingStream, writeReadingsToSubject } from './record-writer';

/**
 * The second half of a file's extraction, whoever read its text (a document reader in the extraction job, or
 * Textract's asynchronous analysis of a scan): keep the text beside the file, read the readings out of it
 * (tables by their layout, else the reading extractor), store them as rows with `source: upload`, and mark the
 * file `processed` with its abstract. The rows' ids are reserved for the file once, so a redelivered job rewrites
 * the same rows rather than adding copies. Null when the file was no longer `processing` at the end (its rows are then
 * deleted again).
 */
export async function storeDocumentResults(
  services: Services,
  file: StoredFile,
  document: DocumentText,
): Promise<StoredFile | null> {
  const { subjectId, fileKey } = file;
  await services.blobs.put(
    textKey(subjectId, fileKey),
    Buffer.from(document.text, 'utf8'),
    'text/plain; charset=utf-8',
  );

  const truncatedTable = document.tables.find((t) => t.totalRows !== undefined && t.totalRows > t.rows.length);
  if (truncatedTable && (await isCsv(services, file))) return processLargeCsv(services, file, document);

  const readings = await readingsOfDocument(services, document);
  const records = await writeReadingsToSubject(
    services,
    { subjectId, accountId: '', key: '', createdAt: '' },
    readings.map((r) => toStore(file, r)),
    writeOptions(services, file),
  );
  const outcome = {
    textChars: document.text.length,
    abstract: abstractOf(records, document.pages),
    recordCount: records.length,
  };
  if (!(await services.files.finish(subjectId, fileKey, outcome))) return abandonResults(services, file);
  log('info', 'file processed', { subjectId, method: document.method, pages: document.pages, records: records.length });
  return { ...file, ...outcome, status: 'processed' };
}

/**
 * The file stopped being `processing` while its rows were written (the watchdog failed it, or it was purged): the
 * rows just written must not outlive that failure, so they go as a failed file's rows do.
 */
async function abandonResults(services: Services, file: StoredFile): Promise<null> {
  log('warn', 'file no longer processing when its job ended', { subjectId: file.subjectId });
  await failFile(services, file, STALLED_FILE_REASON);
  return null;
}

function writeOptions(services: Services, file: StoredFile) {
  return {
    subjectKey: '',
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
async function processLargeCsv(
  services: Services,
  file: StoredFile,
  document: DocumentText,
): Promise<StoredFile | null> {
  const open = async function* () {
    const body = await services.blobs.get(objectKey(file.subjectId, file.fileKey));
    if (!body) throw new Error('stored bytes are missing');
    for await (const r of readingsFromRowStream(csvRows(body))) yield toStore(file, r);
  };
  const { count, sample } = await writeReadingStream(
    services,
    { subjectId: file.subjectId, accountId: '', key: '', createdAt: '' },
    open,
    writeOptions(services, file),
  );
  const outcome = {
    textChars: document.text.length,
    abstract: abstractOf(sample, document.pages).replace(/^\d+ readings?/, `${count} readings`),
    recordCount: count,
  };
  if (!(await services.files.finish(file.subjectId, file.fileKey, outcome))) return abandonResults(services, file);
  log('info', 'large CSV processed', { subjectId: file.subjectId, records: count });
  return { ...file, ...outcome, status: 'processed' };
}
