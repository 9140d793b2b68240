import { randomBytes } from 'node:crypto';
import type { StoredRetention } from './retention';

/** Per-file cap of every upload path (spec, Limits). */
export const MAX_FILE_BYTES = 100 * 1024 * 1024;

export type FileStatus = 'processing' | 'processed' | 'failed';

/**
 * How long a file may stay `processing` after its upload before the watchdog marks it `failed`: an extraction job
 * runs at most 10 minutes and is delivered at most 5 times, an hour apart (the queue's visibility timeout is 6× the
 * function's, as AWS advises for SQS sources), so its last delivery ends within 4 h 10 min; 6 hours also absorbs a
 * queue backlog. A file still processing then lost its job (a worker killed on its last delivery, a message lost).
 */
export const PROCESSING_DEADLINE_SECONDS = 6 * 3600;

/**
 * The same bound for a scanned PDF from the moment its Textract analysis starts. Textract usually answers in minutes
 * but queues jobs under load and keeps results for days; 8 hours waits out a busy queue and `collect-ocr`'s retries
 * (5 deliveries, 30 minutes apart) while still telling the user on the same day that the completion never came.
 */
export const OCR_DEADLINE_SECONDS = 8 * 3600;

/**
 * A file just marked `failed` is looked at once more this long afterwards: by then any job that was still running
 * on it has stopped (the file workers time out after 10 minutes), and rows it wrote after the failure go too.
 */
export const FAILED_FILE_RECHECK_SECONDS = 15 * 60;

/** The `failure_reason` of a file whose processing never ended. */
export const STALLED_FILE_REASON = 'processing did not finish; upload the file again';

/** A stored file of a Subject, as its catalogue entry keeps it (the bytes and text live in the bucket). */
export interface StoredFile {
  subjectId: string;
  /** The file's id on the API: `uploads/<yyyy>/<mm>/<dd>/<random>/<name>`, slashes included. */
  fileKey: string;
  filename: string;
  contentType: string;
  bytes: number;
  status: FileStatus;
  failureReason: string | null;
  /** Epoch seconds. */
  createdAt: number;
  retention: StoredRetention;
  sessionId: string | null;
  expiresAt: number | null;
  /** Characters of extracted text, once processed. */
  textChars: number | null;
  abstract: string;
  /** Rows written from this file (`source: upload`). */
  recordCount: number;
  /** Id range reserved for this file's rows, so a redelivered job rewrites the same rows. */
  recordIds: { first: number; count: number } | null;
  /** The asynchronous OCR job reading this file (a scanned PDF in the cloud); its completion must name it. */
  ocrJobId: string | null;
  /** SHA-256 of its bytes (hex): the same file uploaded again for the same Subject is recognised by it. */
  digest?: string | null;
  /** Why a file still `processing` is taking longer: its job failed and is being retried (no file names, no values). */
  processingNote?: string | null;
}

/** A key that names the file for people and is unique without coordination. */
export function newFileKey(filename: string, nowMs: number): string {
  const d = new Date(nowMs);
  const date = `${d.getUTCFullYear()}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${String(d.getUTCDate()).padStart(2, '0')}`;
  return `uploads/${date}/${randomBytes(8).toString('hex')}/${safeName(filename)}`;
}

/** File names keep letters, digits, dot, dash and underscore; anything else becomes `_`. */
export function safeName(filename: string): string {
  const base = filename.split(/[\\/]/).pop() ?? 'file';
  const cleaned = base
    .normalize('NFKD')
    .replace(/[^\w.-]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 120);
  return cleaned || 'file';
}

/** Where a file's bytes live in the bucket: under its Subject, so an erase can purge by prefix. */
export function objectKey(subjectId: string, fileKey: string): string {
  return `subjects/${subjectId}/files/${fileKey}`;
}

/**
 * The file an object key names, the inverse of `objectKey`: Subject ids never hold a slash, so the segment after
 * `subjects/` is the Subject and everything after `/files/` the file key. Null for any other key.
 */
export function fileOfObjectKey(key: string): { subjectId: string; fileKey: string } | null {
  const match = /^subjects\/([^/]+)\/files\/(.+)$/.exec(key);
  return match?.[1] && match[2] ? { subjectId: match[1], fileKey: match[2] } : null;
}

/** Where a file's extracted text lives. */
export function textKey(subjectId: string, fileKey: string): string {
  return `subjects/${subjectId}/text/${fileKey}.txt`;
}

export function subjectPrefix(subjectId: string): string {
  return `subjects/${subjectId}/`;
}

/** Wire shape of a file in `GET /v1/files` (gaps.md: list item). */
export function toListItem(f: StoredFile) {
  return {
    object: 'file',
    id: f.fileKey,
    file_key: f.fileKey,
    filename: f.filename,
    file_type: f.contentType,
    bytes: f.bytes,
    created_at: f.createdAt,
    status: f.status,
    ...(f.failureReason ? { failure_reason: f.failureReason } : {}),
    ...(f.status === 'processing' && f.processingNote ? { processing_note: f.processingNote } : {}),
    retention: f.retention,
    ...(f.sessionId ? { session_id: f.sessionId } : {}),
    records: f.recordCount,
  };
}

/** Wire shape of the answer to an upload (gaps.md: `POST /v1/files`). */
export function toUploadResponse(f: StoredFile & { duplicateOf?: true }, subjectKey: string) {
  return {
    object: 'file',
    id: f.fileKey,
    filename: f.filename,
    // What the bytes are (not what the client claimed), as GET /v1/files reports it.
    file_type: f.contentType,
    bytes: f.bytes,
    status: f.status,
    created_at: f.createdAt,
    // The Subject already held a file with these bytes: this is that file, nothing was stored or read again.
    ...(f.duplicateOf ? { duplicate: true } : {}),
    subject: subjectKey,
  };
}
