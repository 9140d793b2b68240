import { createHash } from 'node:crypto';
import { PassThrough, type Readable } from 'node:stream';
import { fileMediaType } from '../adapters/documents/document-kind';
import { SIGNATURE_BYTES } from '../adapters/documents/signatures';
import { peekStream } from '../adapters/documents/streams';
import { nowMs } from '../clock';
import { MAX_FILE_BYTES, newFileKey, objectKey, type StoredFile, textKey } from '../domain/files';
import { expiryFor, type StoredRetention } from '../domain/retention';
import { log } from '../log';
import type { Subject } from '../ports/subject-directory';
import type { Services } from './container';

export interface NewUpload {
  filename: string;
  contentType: string;
  retention: StoredRetention;
  sessionId: string | null;
  /** Store it even when the Subject already holds a file with the same bytes (`allow_duplicate`). */
  allowDuplicate?: boolean;
}

/** A stored upload, or the Subject's live file with the same bytes that it turned out to be. */
export type StoredUpload = StoredFile & { duplicateOf?: true };

/**
 * Stores a file's bytes under its Subject, then catalogues it as `processing` and queues its
 * extraction. The catalogue entry is written only after the bytes are safe, so a listed file is never
 * missing its content; a failure before that leaves at most unlisted bytes, which the Subject's purge
 * removes with everything else.
 */
export async function storeUpload(
  services: Services,
  subject: Subject,
  upload: NewUpload,
  body: Buffer | Readable,
  bytes: number,
  options: { queueExtraction: boolean } = { queueExtraction: true },
): Promise<StoredUpload> {
  const now = nowMs();
  // Bytes in memory are checked before anything is written; a stream is hashed while it is stored.
  const known = Buffer.isBuffer(body) ? sha256(body) : null;
  if (known) {
    const same = await sameBytes(services, subject, upload, known, now);
    if (same) return same;
  }
  const fileKey = newFileKey(upload.filename, now);
  const key = objectKey(subject.subjectId, fileKey);
  const hashing = Buffer.isBuffer(body) ? null : digestOf(body);
  await services.blobs.put(key, hashing?.stream ?? body, upload.contentType);
  const digest = known ?? hashing!.digest();
  if (!known) {
    const same = await sameBytes(services, subject, upload, digest, now);
    if (same) {
      await services.blobs.delete([key]);
      return same;
    }
  }
  const file = { ...catalogue(subject, fileKey, upload, bytes, now), digest };
  await services.files.put(file);
  if (options.queueExtraction) {
    await services.queue.send('file-jobs', {
      type: 'extract-files',
      subjectId: subject.subjectId,
      fileKeys: [fileKey],
    });
  }
  return file;
}

/**
 * The Subject's live file with these bytes and the same retention, unless the upload asks for a copy: a file that
 * failed does not count (the same bytes are to be read again), nor one deleted or expired. Two identical uploads at the same instant may both be
 * stored; a later one finds either.
 */
async function sameBytes(
  services: Services,
  subject: Subject,
  upload: NewUpload,
  digest: string,
  now: number,
): Promise<StoredUpload | null> {
  if (upload.allowDuplicate) return null;
  const files = await services.files.list(subject.subjectId, now);
  const sessionId = upload.retention === 'session' ? upload.sessionId : null;
  // Only under the same retention (and session): a copy asked to live longer, or elsewhere, is not the same upload.
  const same = files.find(
    (f) =>
      f.digest === digest && f.status !== 'failed' && f.retention === upload.retention && f.sessionId === sessionId,
  );
  return same ? { ...same, duplicateOf: true } : null;
}

function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** The stream passed through unchanged, its SHA-256 read once it has ended. */
function digestOf(body: Readable): { stream: Readable; digest: () => string } {
  const hash = createHash('sha256');
  const stream = new PassThrough();
  body.on('error', (err) => stream.destroy(err));
  body.on('data', (chunk: Buffer) => hash.update(chunk));
  body.pipe(stream);
  return { stream, digest: () => hash.digest('hex') };
}

/**
 * Makes bytes already in the bucket (a presigned upload) the Subject's file under a key chosen earlier,
 * then queues extraction. Safe to repeat: a file already catalogued under that key is left as it is.
 */
export async function adoptStagedObject(
  services: Services,
  subject: Subject,
  upload: NewUpload,
  fileKey: string,
  stagedKey: string,
  bytes: number,
): Promise<StoredFile | null> {
  const now = nowMs();
  if (await services.files.get(subject.subjectId, fileKey, now)) return null;
  const staged = await services.blobs.get(stagedKey);
  if (!staged) return null;
  // The type the client declared when it asked for the URL is replaced by what the bytes are.
  const { head, body } = await peekStream(staged, SIGNATURE_BYTES);
  const adopted = { ...upload, contentType: fileMediaType(head, upload) ?? upload.contentType };
  await services.blobs.put(objectKey(subject.subjectId, fileKey), body, adopted.contentType);
  const file = catalogue(subject, fileKey, adopted, bytes, now);
  await services.files.put(file);
  await services.queue.send('file-jobs', { type: 'extract-files', subjectId: subject.subjectId, fileKeys: [fileKey] });
  return file;
}

function catalogue(subject: Subject, fileKey: string, upload: NewUpload, bytes: number, now: number): StoredFile {
  return {
    subjectId: subject.subjectId,
    fileKey,
    filename: upload.filename,
    contentType: upload.contentType,
    bytes,
    status: 'processing',
    failureReason: null,
    createdAt: Math.floor(now / 1000),
    retention: upload.retention,
    sessionId: upload.retention === 'session' ? upload.sessionId : null,
    expiresAt: expiryFor(upload.retention, now),
    textChars: null,
    abstract: '',
    recordCount: 0,
    recordIds: null,
    ocrJobId: null,
  };
}

/** The parsed text of a file, as the agent reads it ('' until processing is done). */
export async function fileText(services: Services, file: StoredFile): Promise<string> {
  if (file.status !== 'processed') return '';
  return (await services.blobs.getText(textKey(file.subjectId, file.fileKey))) ?? '';
}

/** Deletes a file's bytes and text, then its entry. Safe to repeat. */
export async function purgeFile(services: Services, subjectId: string, fileKey: string): Promise<void> {
  await services.blobs.delete([objectKey(subjectId, fileKey), textKey(subjectId, fileKey)]);
  await services.files.remove(subjectId, fileKey);
  log('info', 'file purged', { subjectId });
}

export { MAX_FILE_BYTES };
