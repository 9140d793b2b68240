import {
  BadRequestError,
  NotFoundError,
  PayloadTooLargeError,
  UnprocessableError,
  UnsupportedMediaTypeError,
} from '../../shared/http/errors';
import type { AuthedContext, RouteResult } from '../../shared/http/handler';
import { isMultipart, parseMultipart, type UploadedFile } from '../../shared/http/multipart';
import { retentionParams } from '../../shared/http/retention-params';
import { normalizeUser } from '../../shared/http/tenancy';
import { requireObject } from '../../shared/http/validation';
import { NO_READINGS_NOTE, standardizeDocument } from '../../shared/services/standardize-document';

/** Longest `text` accepted, in characters (about 60 pages of a dense lab report). */
export const MAX_TEXT_CHARS = 200_000;
/** Per-file cap (spec, Limits); API Gateway and Lambda cap multipart bodies far lower on AWS. */
const MAX_FILE_BYTES = 100 * 1024 * 1024;
/** File types read here today: text in any of its common lab-export forms. */
const TEXT_TYPES = ['text/plain', 'text/csv', 'text/tab-separated-values', 'text/markdown', 'application/csv'];
const TEXT_EXTENSIONS = ['.txt', '.csv', '.tsv', '.text', '.md', '.log'];

/**
 * POST /v1/standardize (and its deprecated alias /v1/extract): exactly one of `file` (multipart),
 * `text` or `file_key`; a dry run unless `store: true`, which ingests like `/v1/data` with
 * `source: extract`.
 */
export async function standardizeRequest({ req, json, services, tenancy }: AuthedContext): Promise<RouteResult> {
  const { params, file } = isMultipart(req) ? await fromMultipart(req) : { params: requireObject(json()), file: null };
  const user = normalizeUser(params.user);
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
  const { retention, sessionId } = store ? retentionParams(params) : { retention: null, sessionId: null };

  let text: string;
  if (file) text = textOfFile(file);
  else if (params.file_key !== undefined) {
    if (typeof params.file_key !== 'string' || !params.file_key.trim()) {
      throw new BadRequestError('file_key must be a non-empty string', 'invalid_file_key', 'file_key');
    }
    // No file of this Subject carries that key: uploads are not stored on this deployment yet.
    throw new NotFoundError(`No file with key '${params.file_key}' for this Subject`, 'file_key');
  } else text = textParam(params.text);

  const { rows, storedCount } = await standardizeDocument(services, tenancy, text, {
    user,
    store,
    retention,
    sessionId,
  });
  return {
    body: {
      object: 'extraction',
      data: rows,
      stored: store,
      stored_count: storedCount,
      subject: user,
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

function textParam(raw: unknown): string {
  if (typeof raw !== 'string') throw new BadRequestError('text must be a string', 'invalid_text', 'text');
  if (raw.trim() === '') throw new BadRequestError('text must not be empty', 'invalid_text', 'text');
  if (raw.length > MAX_TEXT_CHARS) throw new PayloadTooLargeError(`text exceeds ${MAX_TEXT_CHARS} characters`, 'text');
  return raw;
}

function textOfFile(file: UploadedFile): string {
  const name = file.filename.toLowerCase();
  const textual = TEXT_TYPES.includes(file.contentType.toLowerCase()) || TEXT_EXTENSIONS.some((e) => name.endsWith(e));
  if (!textual) {
    throw new UnsupportedMediaTypeError(
      `Files of type ${file.contentType} cannot be read here yet; send plain text, CSV or TSV (${TEXT_EXTENSIONS.join(', ')}) or the text itself`,
    );
  }
  if (file.data.length === 0) throw new BadRequestError('The file is empty', 'invalid_file', 'file');
  const text = new TextDecoder('utf-8', { fatal: false }).decode(file.data).replace(/^\uFEFF/, '');
  // Binary content sent under a text name decodes to replacement characters and control bytes.
  const garbage = countUnreadable(text);
  if (text.trim() === '' || garbage > text.length * 0.05) {
    throw new UnprocessableError('No text could be extracted from the file', 'file');
  }
  if (text.length > MAX_TEXT_CHARS)
    throw new PayloadTooLargeError(`File text exceeds ${MAX_TEXT_CHARS} characters`, 'file');
  return text;
}

function booleanParam(raw: unknown, param: string): boolean {
  if (raw === undefined || raw === null || raw === '') return false;
  if (raw === true || raw === 'true') return true;
  if (raw === false || raw === 'false') return false;
  throw new BadRequestError(`${param} must be true or false`, `invalid_${param}`, param);
}

/** Replacement characters and control bytes other than tab, line feed, form feed and carriage return. */
function countUnreadable(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0xfffd || (c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0c && c !== 0x0d && c !== 0x0b)) n++;
  }
  return n;
}
