import type { FileStatus, StoredFile } from '../domain/files';

export interface FileCatalog {
  put(file: StoredFile): Promise<void>;
  /** A live file (not deleted, not expired at `nowMs`), or null. */
  get(subjectId: string, fileKey: string, nowMs: number): Promise<StoredFile | null>;
  /** Live files, newest first. */
  list(subjectId: string, nowMs: number): Promise<StoredFile[]>;
  /** Counts live files. */
  count(subjectId: string, nowMs: number): Promise<number>;
  /** Removes the file from every read at once; false when it was not live. */
  markDeleted(subjectId: string, fileKey: string, nowMs: number): Promise<boolean>;
  /** Files written with `retention=session` under that session, marked deleted; returns them. */
  deleteSessionFiles(subjectId: string, sessionId: string, nowMs: number): Promise<StoredFile[]>;
  /** Records the outcome of processing. */
  finish(
    subjectId: string,
    fileKey: string,
    outcome: {
      status: FileStatus;
      failureReason?: string | null;
      textChars?: number;
      abstract?: string;
      recordCount?: number;
    },
  ): Promise<void>;
  /** Reserves the id range of the file's rows once; a later call returns the range already reserved. */
  reserveRecordIds(
    subjectId: string,
    fileKey: string,
    range: { first: number; count: number },
  ): Promise<{ first: number; count: number }>;
  /**
   * Records the asynchronous OCR job reading the file, so its completion can be matched to it; the status is left
   * as it is. False when the file is gone (deleted or purged).
   */
  recordOcrJob(subjectId: string, fileKey: string, jobId: string): Promise<boolean>;
  /** Deletes the catalogue entry itself (after its bytes are gone). */
  remove(subjectId: string, fileKey: string): Promise<void>;
}
