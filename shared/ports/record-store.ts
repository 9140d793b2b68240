import type { HealthRecord, IndexedReading } from '../domain/records';

export type { IndexedReading } from '../domain/records';

export interface ListQuery {
  /** Case-insensitive substring of the indicator as written or of its canonical name. */
  indicator?: string;
  limit: number;
  offset: number;
  /** Start after this position (a page's `next`), newest first; the offset then counts from there. */
  after?: string;
  nowMs: number;
}

export interface ListPage {
  records: HealthRecord[];
  hasMore: boolean;
  /** Where the next page starts, when there is one: an opaque position in the Subject's time order. */
  next?: string;
}

/** A filtered read for the agent's data tools (see `RecordStore.query`). */
export interface RecordQuery {
  /**
   * LOINC codes and/or a case-insensitive text: a row matches when its code is one of `codes`, or its
   * indicator as written or canonical name contains `text`. Neither given: every row matches.
   */
  codes?: readonly string[];
  text?: string;
  /** ISO 8601 UTC instants (as rows store them), both inclusive. */
  fromTime?: string;
  toTime?: string;
  /** Only rows flagged abnormal, or whose numeric value lies outside their reference range. */
  abnormalOnly?: boolean;
  /** Rows returned, newest first. */
  limit: number;
  /** Matches are counted up to this many (default `QUERY_COUNT_CAP`); past it `totalCapped` is set. */
  countCap?: number;
  nowMs: number;
}

export interface RecordQueryResult {
  /** Newest first by time, then id; without their FHIR mirror (`fhir` is `{}`). */
  records: HealthRecord[];
  /** Matching rows counted, including those past `limit`; a floor when `totalCapped`. */
  total: number;
  totalCapped: boolean;
  hasMore: boolean;
}

/** Items counted, and whether counting reached the end (false: it stopped at its deadline; `count` is a floor). */
export interface Tally {
  count: number;
  complete: boolean;
}

/** Default bound of how many matches a query counts. */
export const QUERY_COUNT_CAP = 5000;

/** A read of the time index only (see `RecordStore.scanReadings`). */
export interface ReadingScanQuery {
  /** Only rows coded exactly so. */
  code?: string;
  /** Only rows whose indicator as written or canonical name contains this (case-insensitive). */
  text?: string;
  /** ISO 8601 UTC instants, both inclusive. */
  fromTime?: string;
  toTime?: string;
  /** Rows returned at most, newest first. */
  limit: number;
  nowMs: number;
  /** Epoch ms: reading stops here and returns what it has, `complete: false`. */
  deadlineMs: number;
}

export interface ReadingScan {
  /** Newest first by time, then id; only committed, unexpired rows. */
  rows: IndexedReading[];
  /** False when `limit` or the deadline stopped the read before the last matching row. */
  complete: boolean;
}

/** A chat or write session a Subject used (`session_id`), as recorded when it was first used. */
export interface SessionEntry {
  sessionId: string;
  status: 'open' | 'closed';
  openedAt: string;
  closedAt: string | null;
}

/** A row written by its natural key (a provider's resource id, an export's record identity); see `putKeyed`. */
export interface KeyedRow {
  key: string;
  /** Changes exactly when what the row says changes: an unchanged digest leaves the stored row untouched. */
  digest: string;
  record: Omit<HealthRecord, 'id'>;
}

export interface KeyedWrite {
  added: number;
  changed: number;
  unchanged: number;
}

export type DeleteSelector = { id: number } | { indicator: string } | { all: true };

/** The Subject was erased (or never created) between resolving it and writing to it. */
export class SubjectErasedError extends Error {
  constructor(readonly subjectId: string) {
    super('Subject is erased');
    this.name = 'SubjectErasedError';
  }
}

export interface RecordStore {
  /** Creates the Subject's own item (its id counter); fails if it exists. */
  createSubject(subjectId: string, accountId: string, subjectKey: string, at: string): Promise<void>;
  /** Removes a Subject item minted by a creator that lost the race for the mapping. */
  discardSubject(subjectId: string): Promise<void>;
  /** Reserves `count` consecutive row ids for a Subject; returns the first. Throws SubjectErasedError for an erased one. */
  allocateIds(subjectId: string, count: number): Promise<number>;
  /** Writes all rows or none: a failure part-way removes what was written before it rethrows. */
  putAll(subjectId: string, records: HealthRecord[]): Promise<void>;
  /**
   * Writes rows by natural key: an absent (or expired) key gets a new id; the same digest leaves the row untouched; a
   * changed one is rewritten under its id. Two writers racing on a new key end with one row. A key given twice keeps
   * its last row.
   */
  putKeyed(subjectId: string, rows: KeyedRow[], nowMs: number): Promise<KeyedWrite>;
  /** Deletes the rows (mirrors included) and key items of these keys; returns how many rows were live. */
  deleteKeyed(subjectId: string, keys: string[], nowMs: number): Promise<number>;
  /** Newest first by time, then id; only rows unexpired at `nowMs`. */
  list(subjectId: string, query: ListQuery): Promise<ListPage>;
  /**
   * Rows in a time window matching codes or text (and optionally only abnormal ones), newest first,
   * with the number of matches; only rows unexpired at `nowMs`.
   */
  query(subjectId: string, query: RecordQuery): Promise<RecordQueryResult>;
  /**
   * Rows matching a code or text in a time window, read from the time index alone (no row fetched), newest first,
   * until `limit` or the deadline: one Subject's series and chart points in a few small reads even at 10,000 rows.
   */
  scanReadings(subjectId: string, query: ReadingScanQuery): Promise<ReadingScan>;
  /** Rows by id, live at `nowMs`, without their FHIR mirror (`fhir` is `{}`); an id with no live row is skipped. */
  getRows(subjectId: string, ids: readonly number[], nowMs: number): Promise<HealthRecord[]>;
  count(subjectId: string, nowMs: number): Promise<number>;
  /** Live rows counted until `deadlineMs` (epoch ms) at the latest. */
  tally(subjectId: string, nowMs: number, deadlineMs: number): Promise<Tally>;
  /** Hard-deletes the selected rows (mirrors included); returns how many were live. */
  delete(subjectId: string, selector: DeleteSelector, nowMs: number): Promise<number>;
  /** Deletes the rows written with `retention=session` under this session. */
  deleteSession(subjectId: string, sessionId: string, nowMs: number): Promise<number>;
  /** Records that a session id is in use by this Subject (idempotent). */
  openSession(subjectId: string, sessionId: string, at: string): Promise<void>;
  /** Every session the Subject recorded, open and closed, most recently opened first. */
  listSessions(subjectId: string): Promise<SessionEntry[]>;
  /** Marks the session closed; true when it was open. */
  closeSession(subjectId: string, sessionId: string, at: string): Promise<boolean>;
  /**
   * Rolls back every batch write still open, whatever its age: only for a host starting up with no writer of its own
   * running (the local runtime after a crash or kill). Returns the rows deleted.
   */
  rollBackOpenWrites(): Promise<number>;
  /** Tombstones a Subject: no more ids are allocated, and the sweeper purges it if no purge job does. */
  tombstoneSubject(subjectId: string, nowMs: number): Promise<void>;
  /** Deletes every item of an erased Subject; safe to repeat. Returns items deleted. */
  purgeSubject(subjectId: string): Promise<number>;
  /**
   * Deletes the rows with ids `first` … `first + count - 1` (a file's reserved range), at most `maxItems` of them;
   * safe to repeat. `done` says whether none is left.
   */
  deleteIdRange(
    subjectId: string,
    range: { first: number; count: number },
    maxItems?: number,
  ): Promise<{ deleted: number; done: boolean }>;
  /**
   * Deletes what has expired by `nowMs`: rows past their retention, writes a crashed writer abandoned
   * part-way (their intents expire), erased Subjects whose purge job never ran, expired or deleted
   * files and expired or deleted stored responses; each hook removes bucket objects before the entries
   * naming them go, so an interrupted sweep leaves nothing unfindable. A file's processing watch that came due
   * is handed to `hooks.onDueWatch` and deleted once that says the file is settled. Returns items deleted.
   */
  sweepExpired(nowMs: number, maxItems: number, hooks?: SweepHooks): Promise<number>;
}

/** What the sweeper cannot do on its own: the bucket (always before the entries naming it), and the fate of a
 * file whose processing never ended. */
/** What one sweep pass removes for one Subject, counted by kind. */
export interface ExpiringCounts {
  records: number;
  files: number;
  responses: number;
}

export interface SweepHooks {
  /** An expired or deleted file's bytes and text. */
  onExpiredFile?(subjectId: string, fileKey: string): Promise<void>;
  /** Returns the items it deleted (at most `maxItems`) and whether the file's watch can go. */
  onDueWatch?(subjectId: string, fileKey: string, maxItems: number): Promise<{ deleted: number; settled: boolean }>;
  /** Objects expired entries point to (the bodies of large stored responses). */
  onExpiredObjects?(keys: string[]): Promise<void>;
  /** Everything an erased Subject holds in the bucket, when the sweeper purges it instead of a purge job. */
  onErasedSubject?(subjectId: string): Promise<void>;
  /**
   * What one pass is about to delete for one Subject because it expired (rows, files, stored responses), called just
   * before the deletion: a failure leaves the items for the next run (announced again then), never gone unannounced.
   * `batch` names exactly those items (the same items give the same name), with the latest expiry among them.
   */
  onExpiring?(subjectId: string, counts: ExpiringCounts, batch: { key: string; expiredAtMs: number }): Promise<void>;
}
