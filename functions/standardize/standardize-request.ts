import { Readable } from 'node:stream';
import { DocumentError, UnsupportedDocumentError } from '../../shared/adapters/documents/errors';
import { nowMs } from '../../shared/clock';
import type { DocumentInfo, DocumentText } from '../../shared/domain/documents/types';
import { objectKey } from '../../shared/domain/files';
import {
  BadRequestError,
  NotFoundError,
  PayloadTooLargeError,
  UnprocessableError,
  UnsupportedMediaTypeError,
} from '../../shared/errors';
import { parseDocumented } from '../../shared/http/documented';
import type { AuthedContext, RouteResult } from '../../shared/http/handler';
import { checkIdentifierLength } from '../../shared/http/identifiers';
import { isMultipart, parseMultipart, type UploadedFile } from '../../shared/http/multipart';
import { retentionParams } from '../../shared/http/retention-params';
import type { Tenancy } from '../../shared/http/tenancy';
import { normalizeSubjectKey } from '../../shared/http/tenancy';
import { requireObject } from '../../shared/http/validation';
import type { Services } from '../../shared/services/container';
import type { DocumentContent } from '../../shared/services/document-readings';
import { fileText } from '../../shared/services/file-service';
import { NO_READINGS_NOTE, standardizeDocument } from '../../shared/services/standardize-document';
import { MAX_TEXT_CHARS, StandardizeFormSchema, StandardizeRequestSchema } from './create-standardization.schema';

/** Per-file cap (spec, Limits); API Gateway and Lambda cap multipart bodies far lower on AWS. */
const MAX_FILE_BYTES = 100 * 1024 * 1024;

/** Time kept back from the model for storing the readings and answering. */
const ANSWER_MARGIN_MS = 4_000;

/**
 * POST /v1/standardize (and its deprecated alias /v1/extract): exactly one of `file` (multipart),
 * `text` or `file_key`; a dry run unless `store: true`, which ingests like `/v1/data` with
 * `source: extract`.
 */
export async function standardizeRequest({
  req,
  json,
  services,
  tenancy,
  remainingMs,
}: AuthedContext): Promise<RouteResult> {
  const { params, file } = isMultipart(req) ? await fromMultipart(req) : { params: requireObject(json()), file: null };
  const subjectKey = normalizeSubjectKey(params.user);
  const store = booleanParam(params.store, 'store');
  const sources = [
    file ? 'file' : null,
    params.text !== undefined ? 'text' : null,
    params.file_key !== undefined ? 'file_key' : null,
  ].filter(Boolean);
  if (sources.length !== 1) {
    throw new BadRequestError(
      sources.length === 0
        ? 'Exactly one of file, text or file_key is required'
        : `Send exactly one source, not ${sources.join(' and ')}`,
      'invalid_source',
      sources.length === 0 ? 'text' : String(sources[1]),
    );
  }
  const { retention, sessionId, fileKey, text } = parseDocumented(
    file || isMultipart(req) ? StandardizeFormSchema : StandardizeRequestSchema,
    params,
    () => ({
      ...(store ? retentionParams(params) : { retention: null, sessionId: null }),
      fileKey: !file && params.file_key !== undefined ? fileKeyParam(params.file_key) : null,
      text: !file && params.file_key === undefined ? textParam(params.text) : null,
    }),
  );

  let document: DocumentContent;
  if (file) document = await documentOfFile(services, file);
  else if (fileKey !== null) document = await documentOfStoredFile(services, tenancy, subjectKey, fileKey);
  else document = { text: text!, tables: [] };

  // The model gets what is left of the request's time, less what storing and answering need: past it the answer is a
  // 504 in the envelope, not a function stopped mid-call and a bare gateway timeout.
  const signal = AbortSignal.timeout(Math.max(1_000, remainingMs() - ANSWER_MARGIN_MS));
  const { rows, storedCount } = await standardizeDocument(services, tenancy, document, {
    subjectKey,
    store,
    retention,
    sessionId,
    signal,
  });
  return {
    body: {
      object: 'extraction',
      data: rows,
      stored: store,
      stored_count: storedCount,
      subject: subjectKey,
      ...(rows.length === 0 ? { note: NO_READINGS_NOTE } : {}),
    },
  };
}

async function fromMultipart(
  req: AuthedContext['req'],
): Promise<{ params: Record<string, unknown>; file: UploadedFile | null }> {
  const { fields, files } = await parseMultipart(req, MAX_FILE_BYTES);
  const file = files.find((f) => f.field === 'file') ?? null;
  if (files.length > 1 || (files.length === 1 && !file)) {
    throw new BadRequestError('Send one file, in the form field named file', 'invalid_file', 'file');
  }
  return { params: fields, file };
}

function fileKeyParam(raw: unknown): string {
  if (typeof raw !== 'string' || !raw.trim()) {
    throw new BadRequestError('file_key must be a non-empty string', 'invalid_file_key', 'file_key');
  }
  checkIdentifierLength(raw, 'file_key');
  return raw;
}

function textParam(raw: unknown): string {
  if (typeof raw !== 'string') throw new BadRequestError('text must be a string', 'invalid_text', 'text');
  if (raw.trim() === '') throw new BadRequestError('text must not be empty', 'invalid_text', 'text');
  if (raw.length > MAX_TEXT_CHARS) throw new PayloadTooLargeError(`text exceeds ${MAX_TEXT_CHARS} characters`, 'text');
  return raw;
}

/** A posted file's text, by the same readers as uploads (PDF text layer, OCR, spreadsheets, CSV, text). */
async function documentOfFile(services: Services, file: UploadedFile): Promise<DocumentContent> {
  if (file.data.length === 0) throw new BadRequestError('The file is empty', 'invalid_file', 'file');
  const info = { filename: file.filename, contentType: file.contentType, bytes: file.data.length };
  return readDocument(services, Readable.from([file.data]), info, 'file');
}

/** Spreadsheets and CSV: their readings come from their tables, which the stored text alone does not keep. */
const TABULAR_TYPES =
  /^(?:text\/(?:csv|tab-separated-values)|application\/vnd\.(?:openxmlformats-officedocument\.spreadsheetml\.sheet|ms-excel))\b/;

/**
 * A stored upload's content: a processed file's extracted text (its OCR is not paid twice), or for a spreadsheet,
 * CSV or a file not yet processed, its bytes read now. 404 for another Subject's key.
 */
async function documentOfStoredFile(
  services: Services,
  tenancy: Tenancy,
  subjectKey: string,
  raw: string,
): Promise<DocumentContent> {
  const subject = await tenancy.find(subjectKey);
  const file = subject ? await services.files.get(subject.subjectId, raw, nowMs()) : null;
  if (!file) throw new NotFoundError(`No file with key '${raw}' for this Subject`, 'file_key');
  if (file.status === 'processed' && !TABULAR_TYPES.test(file.contentType)) {
    const text = await fileText(services, file);
    if (!text.trim()) throw new NotFoundError('The file has no extractable text', 'file_key');
    return { text: text.length > MAX_TEXT_CHARS ? text.slice(0, MAX_TEXT_CHARS) : text, tables: [] };
  }
  return readDocument(
    services,
    (await services.blobs.get(objectKey(file.subjectId, file.fileKey))) ?? Readable.from([]),
    { filename: file.filename, contentType: file.contentType, bytes: file.bytes },
    'file_key',
  ).catch((err) => {
    if (err instanceof UnprocessableError) throw new NotFoundError('The file has no extractable text', 'file_key');
    throw err;
  });
}

async function readDocument(
  services: Services,
  body: Readable,
  info: DocumentInfo,
  param: string,
): Promise<DocumentContent> {
  let document: DocumentText;
  try {
    document = await services.documents.read(body, info);
  } catch (err) {
    if (err instanceof UnsupportedDocumentError) throw new UnsupportedMediaTypeError(err.message, param);
    if (err instanceof DocumentError) throw new UnprocessableError(`No text could be extracted: ${err.message}`, param);
    throw err;
  }
  if (!document.text.trim()) throw new UnprocessableError('No text could be extracted from the file', param);
  if (document.text.length > MAX_TEXT_CHARS) {
    throw new PayloadTooLargeError(`File text exceeds ${MAX_TEXT_CHARS} characters`, param);
  }
  return document;
}

function booleanParam(raw: unknown, param: string): boolean {
  if (raw === undefined || raw === null || raw === '') return false;
  if (raw === true || raw === 'true') return true;
  if (raw === false || raw === 'false') return false;
  throw new BadRequestError(`${param} must be true or false`, `invalid_${param}`, param);
}
