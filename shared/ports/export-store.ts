import type { ExportJob } from '../domain/exports';

/** The tag the bucket's lifecycle rule matches: an export's file goes within days even if nothing else removes it. */
export const EXPORT_OBJECT_TAG = { key: 'hds-expiry', value: 'export' } as const;
/** Days after which the lifecycle rule removes an export's file (its job and links are gone after one). */
export const EXPORT_OBJECT_MAX_DAYS = 2;

/** Bulk export jobs, kept in their Subject's partition of the records table (an erase purges them with it). */
export interface ExportStore {
  /** Records a new job; throws `SubjectErasedError` when the Subject was erased meanwhile. */
  put(job: ExportJob): Promise<void>;
  /** The job, or null when absent or expired at `nowMs` (whatever TTL has done). */
  get(subjectId: string, exportId: string, nowMs: number): Promise<ExportJob | null>;
  /** The Subject's live jobs, newest first. */
  list(subjectId: string, nowMs: number): Promise<ExportJob[]>;
  /** Updates a job's state; false when it is gone (deleted, purged) so the worker stops. */
  update(
    subjectId: string,
    exportId: string,
    changes: Partial<
      Pick<ExportJob, 'status' | 'startedAt' | 'completedAt' | 'count' | 'bytes' | 'objectKey' | 'error' | 'expiresAt'>
    >,
  ): Promise<boolean>;
  /** Removes a job; false when there was none. */
  remove(subjectId: string, exportId: string): Promise<boolean>;
}
