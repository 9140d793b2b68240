import { nowMs } from '../clock';
import { toListItem } from '../domain/files';
import { NotFoundError } from '../errors';
import type { Subject } from '../ports/subject-directory';
import type { Services } from './container';
import { fileText } from './file-service';

/**
 * A Subject's files as `/v1/files` and the console's Files view read and delete them: one rule for both surfaces. A
 * Subject that does not exist has no files.
 */

/** The Subject's live files, newest first. */
export async function fileList(services: Services, subject: Subject | null, subjectKey: string) {
  const files = subject ? await services.files.list(subject.subjectId, nowMs()) : [];
  return { object: 'list' as const, data: files.map(toListItem), subject: subjectKey };
}

/** One live file with its parsed text (what the agent reads) and abstract; 404 naming `file_key` otherwise. */
export async function fileDetail(services: Services, subject: Subject | null, subjectKey: string, fileKey: string) {
  const file = subject ? await services.files.get(subject.subjectId, fileKey, nowMs()) : null;
  if (!file) throw noFile(fileKey);
  return {
    object: 'file' as const,
    id: file.fileKey,
    file_key: file.fileKey,
    filename: file.filename,
    file_type: file.contentType,
    bytes: file.bytes,
    created_at: file.createdAt,
    status: file.status,
    ...(file.failureReason ? { failure_reason: file.failureReason } : {}),
    ...(file.status === 'processing' && file.processingNote ? { processing_note: file.processingNote } : {}),
    extracted_text: await fileText(services, file),
    abstract: file.abstract,
    records: file.recordCount,
    subject: subjectKey,
  };
}

/**
 * Gone from every read at once; its bytes and text are purged by the purge worker. Readings already extracted from it
 * stay until deleted as readings. 404 naming `file_key` when it was not live.
 */
export async function deleteFile(services: Services, subject: Subject | null, subjectKey: string, fileKey: string) {
  if (!subject || !(await services.files.markDeleted(subject.subjectId, fileKey, nowMs()))) throw noFile(fileKey);
  await services.queue.send('purge', { type: 'purge-file', subjectId: subject.subjectId, fileKey });
  return { object: 'file' as const, id: fileKey, deleted: true as const, subject: subjectKey };
}

function noFile(fileKey: string): NotFoundError {
  return new NotFoundError(`No file '${fileKey}' for this Subject`, 'file_key');
}
