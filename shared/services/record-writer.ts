import { createHash, randomUUID } from 'node:crypto';
import { buildObservation, standardizeReading } from '#standardization';
import { nowMs } from '../clock';
import type { HealthRecord, RecordSource } from '../domain/records';
import { expiryFor, type StoredRetention } from '../domain/retention';
import type { RetrievedResolutions } from '../domain/standardization/standardize';
import type { ReadingInput, StandardizedReading } from '../domain/standardization/types';
import type { Tenancy } from '../http/tenancy';
import { type KeyedRow, type KeyedWrite, SubjectErasedError } from '../ports/record-store';
import type { Subject } from '../ports/subject-directory';
import type { Services } from './container';

/** One reading to store, already validated: what the caller wrote and when it happened. */
export interface ReadingToStore {
  input: ReadingInput;
  /** ISO 8601 UTC. */
  time: string;
  endTime: string | null;
  comment: string;
}

export interface WriteOptions {
  subjectKey: string;
  source: RecordSource;
  retention: StoredRetention;
  sessionId: string | null;
  fileKey?: string | null;
  /** What a provider-embeddings pre-pass found for names the resolver leaves uncoded (`standardizeReading`). */
  retrieved?: RetrievedResolutions;
}

export interface WriteOutcome {
  subject: Subject;
  records: HealthRecord[];
}

/**
 * The one write path of every door (data, standardize, uploads, consolidation): standardize each
 * reading, mint or find the Subject, reserve row ids, and store all rows or none.
 */
export async function writeReadings(
  services: Services,
  tenancy: Tenancy,
  readings: ReadingToStore[],
  options: WriteOptions,
): Promise<WriteOutcome> {
  for (let attempt = 0; ; attempt++) {
    const subject = await tenancy.findOrCreate(options.subjectKey);
    try {
      return { subject, records: await writeReadingsToSubject(services, subject, readings, options) };
    } catch (err) {
      // The mapping pointed at a Subject whose erase was cut short: drop it once and start afresh.
      if (!(err instanceof SubjectErasedError) || attempt > 0) throw err;
      await services.subjects.unmap(tenancy.accountId, options.subjectKey, subject.subjectId);
    }
  }
}

/**
 * Stores readings in a known Subject, all or none. `reserveIds` picks the rows' ids (by default a fresh
 * block of the Subject's counter); a file's job passes the block reserved for that file, so a
 * redelivered job rewrites the same rows instead of adding copies.
 */
export async function writeReadingsToSubject(
  services: Services,
  subject: Subject,
  readings: ReadingToStore[],
  options: WriteOptions & { reserveIds?: (rowCount: number) => Promise<number> },
): Promise<HealthRecord[]> {
  if (readings.length <= SLICE) {
    const standardized = readings.map((r) => ({ reading: r, results: standardizeReading(r.input, options.retrieved) }));
    const rowCount = standardized.reduce((n, s) => n + s.results.length, 0);
    if (rowCount === 0) return [];
    const records = toRecords(subject, await reserve(services, subject, rowCount, options), standardized, options);
    await services.records.putAll(subject.subjectId, records);
    await openSessionOf(services, subject, options);
    return records;
  }
  // A large file: ids for every row are reserved first, then rows are built and stored a slice at a time so
  // memory stays flat; the rows returned carry no FHIR mirror (it is in the store). Each slice is all or
  // nothing, and a redelivered file job rewrites the same ids.
  const rowCount = readings.reduce((n, r) => n + standardizeReading(r.input, options.retrieved).length, 0);
  if (rowCount === 0) return [];
  let id = await reserve(services, subject, rowCount, options);
  const written: HealthRecord[] = [];
  for (let i = 0; i < readings.length; i += SLICE) {
    const standardized = readings
      .slice(i, i + SLICE)
      .map((r) => ({ reading: r, results: standardizeReading(r.input, options.retrieved) }));
    const records = toRecords(subject, id, standardized, options);
    await services.records.putAll(subject.subjectId, records);
    id += records.length;
    for (const r of records) written.push({ ...r, fhir: {} });
  }
  await openSessionOf(services, subject, options);
  return written;
}

/** A reading with its natural key: the provider's resource id, or an export record's identity. */
export interface KeyedReading {
  key: string;
  reading: ReadingToStore;
}

/**
 * Stores readings by natural key in a known Subject: a new key adds rows, an unchanged reading leaves its rows
 * untouched, a changed one rewrites them under their ids (a sync or re-upload that repeats itself adds nothing).
 * Standardized and mirrored exactly as `writeReadingsToSubject` does; a reading that standardizes to several rows
 * (blood pressure) keys them `<key>` and `<key>#2`. A key's rows are replaced as a set: a corrected reading making
 * fewer rows than before has the rest deleted.
 */
export async function writeKeyedReadings(
  services: Services,
  subject: Subject,
  keyed: KeyedReading[],
  options: WriteOptions,
): Promise<KeyedWrite> {
  const total: KeyedWrite = { added: 0, changed: 0, unchanged: 0 };
  for (let i = 0; i < keyed.length; i += SLICE) {
    const rows: KeyedRow[] = [];
    const surplus: string[] = [];
    for (const { key, reading } of keyed.slice(i, i + SLICE)) {
      const digest = readingDigest(reading);
      const keys = rowKeysOf(key);
      const records = toRecords(subject, 1, [{ reading, results: standardizeReading(reading.input) }], options);
      if (records.length > keys.length) throw new Error(`A keyed reading made ${records.length} rows`);
      // Ids are the store's to give: `toRecords` numbers from 1 and the id is dropped here.
      records.forEach(({ id: _id, ...record }, n) => {
        rows.push({ key: keys[n]!, digest, record });
      });
      surplus.push(...keys.slice(records.length));
    }
    if (rows.length > 0) {
      const outcome = await services.records.putKeyed(subject.subjectId, rows, nowMs());
      total.added += outcome.added;
      total.changed += outcome.changed;
      total.unchanged += outcome.unchanged;
    }
    // After the put, so a reader never finds a corrected reading with no rows. Every time, not only when the reading
    // changed: a write that stopped between the two steps leaves an unchanged reading, and its retry must still
    // delete the rest. Absent keys cost one key-item read each.
    if (surplus.length > 0) await services.records.deleteKeyed(subject.subjectId, surplus, nowMs());
  }
  await openSessionOf(services, subject, options);
  return total;
}

/** Deletes the rows of readings written by `writeKeyedReadings` under these keys (a provider's delete event). */
export function deleteKeyedReadings(services: Services, subjectId: string, keys: string[]): Promise<number> {
  return services.records.deleteKeyed(subjectId, keys.flatMap(rowKeysOf), nowMs());
}

/** The store keys of a reading's rows: one per row standardization makes of it (blood pressure makes two). */
function rowKeysOf(key: string): string[] {
  return [key, `${key}#2`];
}

/** sha256 of the canonical `{indicator, value, unit, time, endTime, comment}`: what makes a keyed reading change. */
export function readingDigest(reading: ReadingToStore): string {
  const canonical = JSON.stringify([
    reading.input.indicator,
    String(reading.input.value),
    reading.input.unit ?? null,
    reading.time,
    reading.endTime,
    reading.comment,
  ]);
  return createHash('sha256').update(canonical, 'utf8').digest('hex');
}

/**
 * Readings standardized exactly as stored ones but never written (inline context with `retention: none`):
 * negative ids keep them apart from stored rows, and nothing expires them because nothing keeps them.
 */
export function standardizeEphemeral(subjectId: string, readings: ReadingToStore[]): HealthRecord[] {
  const standardized = readings.map((r) => ({ reading: r, results: standardizeReading(r.input) }));
  const rows = toRecords({ subjectId } as Subject, 1, standardized, {
    subjectKey: '',
    source: 'api',
    retention: 'permanent',
    sessionId: null,
  });
  return rows.map((r) => ({ ...r, id: -r.id, retention: 'permanent', expiresAt: null }));
}

/** Readings per slice of a large write. */
const SLICE = 1000;

function reserve(
  services: Services,
  subject: Subject,
  rowCount: number,
  options: { reserveIds?: (rowCount: number) => Promise<number> },
): Promise<number> {
  return options.reserveIds ? options.reserveIds(rowCount) : services.records.allocateIds(subject.subjectId, rowCount);
}

async function openSessionOf(services: Services, subject: Subject, options: WriteOptions): Promise<void> {
  if (options.retention === 'session' && options.sessionId) {
    await services.records.openSession(subject.subjectId, options.sessionId, new Date(nowMs()).toISOString());
  }
}

function toRecords(
  subject: Subject,
  firstId: number,
  standardized: { reading: ReadingToStore; results: StandardizedReading[] }[],
  options: WriteOptions,
): HealthRecord[] {
  const writtenAt = nowMs();
  const issued = new Date(writtenAt).toISOString();
  const expiresAt = expiryFor(options.retention, writtenAt);
  const records: HealthRecord[] = [];
  let id = firstId;
  for (const { reading, results } of standardized) {
    for (const s of results) {
      const fhirResourceId = randomUUID();
      records.push({
        id: id++,
        subjectId: subject.subjectId,
        indicator: s.indicator,
        value: s.value,
        parsedValue: s.parsedValue,
        parsedUnit: s.parsedUnit,
        loincCode: s.loincCode,
        canonicalName: s.canonicalName,
        fhirResourceId,
        time: reading.time,
        endTime: reading.endTime,
        source: options.source,
        comment: reading.comment,
        referenceLow: s.referenceLow,
        referenceHigh: s.referenceHigh,
        referenceText: s.referenceText,
        abnormal: s.abnormal,
        sessionId: options.retention === 'session' ? options.sessionId : null,
        fileKey: options.fileKey ?? null,
        retention: options.retention,
        expiresAt,
        createdAt: issued,
        fhir: buildObservation(s, {
          id: fhirResourceId,
          subjectId: subject.subjectId,
          time: reading.time,
          endTime: reading.endTime,
          issued,
        }) as unknown as Record<string, unknown>,
      });
    }
  }
  return records;
}

/**
 * Stores a stream of readings too large to hold (a CSV of a million rows): one pass counts the rows to
 * reserve their ids, a second builds and stores them a slice at a time. `open` must yield the same
 * readings each time it is called. Returns how many rows were stored and a sample for the abstract.
 */
export async function writeReadingStream(
  services: Services,
  subject: Subject,
  open: () => AsyncIterable<ReadingToStore>,
  options: WriteOptions & { reserveIds: (rowCount: number) => Promise<number> },
): Promise<{ count: number; sample: HealthRecord[] }> {
  let rowCount = 0;
  for await (const r of open()) rowCount += standardizeReading(r.input).length;
  if (rowCount === 0) return { count: 0, sample: [] };
  let id = await options.reserveIds(rowCount);
  const sample: HealthRecord[] = [];
  let slice: ReadingToStore[] = [];
  const flush = async () => {
    const standardized = slice.map((r) => ({ reading: r, results: standardizeReading(r.input) }));
    const records = toRecords(subject, id, standardized, options);
    await services.records.putAll(subject.subjectId, records);
    id += records.length;
    for (const r of records) if (sample.length < SLICE || r.abnormal) sample.push({ ...r, fhir: {} });
    slice = [];
  };
  for await (const r of open()) {
    slice.push(r);
    if (slice.length >= SLICE) await flush();
  }
  if (slice.length > 0) await flush();
  await openSessionOf(services, subject, options);
  return { count: rowCount, sample };
}
