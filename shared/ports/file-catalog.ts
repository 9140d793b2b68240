import type { StoredFile } from '../domain/files';
import type { Tally } from './record-store';

/** What processing a file found: its text's length, its abstract and how many rows it wrote. */
export interface ProcessedOutcome {
  textChars: number;
  abstract: string;
  recordCount: number;
}

export interface FileCatalog {
  /**
   * Catalogues a new file. A `processing` one is watched from then on: should its processing not have ended
   * `PROCESSING_DEADLINE_SECONDS` after its creation, the retention sweeper hands it to the watchdog.
   */
  put(file: StoredFile): Promise<void>;
  /** A live file (not deleted, not expired at `nowMs`), or null. */
  get(subjectId: string, fileKey: string, nowMs: number): Promise<StoredFile | null>;
  /** Live files, newest first. */
  list(subjectId: string, nowMs: number): Promise<StoredFile[]>;
  /** Counts live files. */
  count(subjectId: string, nowMs: number): Promise<number>;
  /** Live entries counted until `deadlineMs` (epoch ms) at the latest. */
  tally(subjectId: string, nowMs: number, deadlineMs: number): Promise<Tally>;
  /** Removes the file from every read at once; false when it was not live. */
  markDeleted(subjectId: string, fileKey: string, nowMs: number): Promise<boolean>;
  /** Files written with `retention=session` under that session, marked deleted; returns them. */
  deleteSessionFiles(subjectId: string, sessionId: string, nowMs: number): Promise<StoredFile[]>;
  /**
   * Records that a file still `processing` was processed, and stops watching it. False when it is not processing
   * any more (the watchdog failed it meanwhile) or is gone: the outcome is not recorded.
   */
  finish(subjectId: string, fileKey: string, outcome: ProcessedOutcome): Promise<boolean>;
  /**
   * Marks a file `failed` with `reason`, unless it was processed (or is gone): then null. A file already failed keeps
   * its first reason. A file newly failed stays watched, its watch coming due again `FAILED_FILE_RECHECK_SECONDS`
   * after `nowMs`, so rows a job still running writes after the failure are found too. Returns the file as failed
   * (with the id range of its rows) and whether this call failed it.
   */
  fail(
    subjectId: string,
    fileKey: string,
    reason: string,
    nowMs: number,
  ): Promise<{ file: StoredFile; newlyFailed: boolean } | null>;
  /** Reserves the id range of the file's rows once; a later call returns the range already reserved. */
  reserveRecordIds(
    subjectId: string,
    fileKey: string,
    range: { first: number; count: number },
  ): Promise<{ first: number; count: number }>;
  /**
   * Records the asynchronous OCR job reading a file still `processing`, so its completion can be matched to it; the
   * status is left as it is, and the file's watch moves to `OCR_DEADLINE_SECONDS` after `nowMs`. False when the file
   * is gone (deleted or purged) or no longer processing.
   */
  recordOcrJob(subjectId: string, fileKey: string, jobId: string, nowMs: number): Promise<boolean>;
  /** Says why a file still `processing` takes longer (its job is retried); false when it is no longer processing. */
  noteRetry(subjectId: string, fileKey: string, note: string): Promise<boolean>;
  /** Deletes the catalogue entry itself (after its bytes are gone), and its watch. */
  remove(subjectId: string, fileKey: string): Promise<void>;
}
