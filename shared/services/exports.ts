import { Readable } from 'node:stream';
import { nowMs } from '../clock';
import {
  EXPORT_PAGE_ROWS,
  EXPORT_RETENTION_SECONDS,
  EXPORT_URL_SECONDS,
  type ExportFormat,
  type ExportJob,
  exportFileName,
  exportObjectKey,
  FORMAT_FILES,
  inWindow,
  newExportId,
  serializerFor,
} from '../domain/exports';
import { invalidField } from '../errors';
import type { Tenancy } from '../http/tenancy';
import { EXPORT_OBJECT_TAG } from '../ports/export-store';
import { SubjectErasedError } from '../ports/record-store';
import type { Services } from './container';

export interface ExportRequest {
  subjectKey: string;
  format: ExportFormat;
  since: string | null;
  until: string | null;
}

/** The message `run-export` consumes. */
export interface ExportMessage {
  type: 'run-export';
  subjectId: string;
  exportId: string;
}

/**
 * Queues an export of an existing Subject's readings. Reads never mint a Subject, and neither does an export: an
 * unknown `user` is refused (400, `param: user`) and nothing is created.
 */
export async function createExport(services: Services, tenancy: Tenancy, input: ExportRequest): Promise<ExportJob> {
  const unknown = () => invalidField('user', `No Subject '${input.subjectKey}' in this account: nothing to export`);
  const subject = await tenancy.find(input.subjectKey);
  if (!subject) throw unknown();
  const now = nowMs();
  const createdAt = Math.floor(now / 1000);
  const job: ExportJob = {
    id: newExportId(now),
    subjectId: subject.subjectId,
    accountId: tenancy.accountId,
    subjectKey: input.subjectKey,
    format: input.format,
    since: input.since,
    until: input.until,
    status: 'queued',
    createdAt,
    startedAt: null,
    completedAt: null,
    count: null,
    bytes: null,
    objectKey: null,
    error: null,
    expiresAt: createdAt + EXPORT_RETENTION_SECONDS,
  };
  try {
    await services.exports.put(job);
  } catch (err) {
    if (err instanceof SubjectErasedError) throw unknown();
    throw err;
  }
  const message: ExportMessage = { type: 'run-export', subjectId: job.subjectId, exportId: job.id };
  await services.queue.send('exports', { ...message });
  return job;
}

/**
 * Writes an export's file: the Subject's live readings in its window, newest first, read a page at a time and streamed
 * to the bucket (multipart), so memory holds a page and an upload part whatever the Subject's size. A row expired by
 * now is never read (the store filters on the expiry itself), and the export then expires no later than the earliest
 * expiry among the rows it holds. Safe to repeat: a settled job is left alone, a rerun rewrites the same object.
 */
export async function runExport(services: Services, subjectId: string, exportId: string): Promise<void> {
  const job = await services.exports.get(subjectId, exportId, nowMs());
  if (!job || job.status === 'completed' || job.status === 'failed') return;
  const startedAt = Math.floor(nowMs() / 1000);
  if (!(await services.exports.update(subjectId, exportId, { status: 'running', startedAt }))) return;

  const tally = { count: 0, bytes: 0, earliestExpiry: job.expiresAt };
  const serializer = serializerFor(job.format, new Date(startedAt * 1000).toISOString());
  const records = services.records;
  async function* chunks(): AsyncGenerator<Buffer> {
    const emit = (text: string) => {
      const buf = Buffer.from(text, 'utf8');
      tally.bytes += buf.length;
      return buf;
    };
    const head = serializer.begin();
    if (head) yield emit(head);
    // Newest first from `until`: a position (`<UTC ISO time>#<row id>`, as `readingsPage` pages) a second past it, so
    // a row written without milliseconds is not skipped; the window filter drops what lies past `until`.
    let after =
      job!.until === null ? undefined : `${new Date(Date.parse(job!.until) + 1000).toISOString()}#000000000000`;
    for (;;) {
      const page = await records.list(subjectId, {
        limit: EXPORT_PAGE_ROWS,
        offset: 0,
        nowMs: nowMs(),
        ...(after === undefined ? {} : { after }),
      });
      const rows = page.records.filter((r) => inWindow(r.time, job!.since, job!.until));
      for (const r of rows) {
        if (r.expiresAt !== null && r.expiresAt < tally.earliestExpiry) tally.earliestExpiry = r.expiresAt;
      }
      tally.count += rows.length;
      const text = serializer.page(rows);
      if (text) yield emit(text);
      // Newest first: once a page reaches past `since`, no later page holds a row of the window.
      const last = page.records[page.records.length - 1];
      const pastWindow = last !== undefined && job!.since !== null && Date.parse(last.time) < Date.parse(job!.since);
      if (!page.hasMore || page.next === undefined || pastWindow) break;
      after = page.next;
    }
    const tail = serializer.end();
    if (tail) yield emit(tail);
  }

  const key = exportObjectKey(subjectId, exportId, job.format);
  await services.blobs.put(key, Readable.from(chunks()), FORMAT_FILES[job.format].contentType, {
    [EXPORT_OBJECT_TAG.key]: EXPORT_OBJECT_TAG.value,
  });
  const settled = await services.exports.update(subjectId, exportId, {
    status: 'completed',
    completedAt: Math.floor(nowMs() / 1000),
    count: tally.count,
    bytes: tally.bytes,
    objectKey: key,
    expiresAt: tally.earliestExpiry,
  });
  // Deleted (or its Subject erased) while it ran: its file must not outlive it.
  if (!settled) await services.blobs.delete([key]);
}

/** Marks an export failed (its last delivery failed too): the error is shown on `GET /v1/exports/{id}`. */
export async function failExport(services: Services, subjectId: string, exportId: string, err: unknown) {
  const message = err instanceof Error ? err.name : 'Error';
  await services.exports.update(subjectId, exportId, {
    status: 'failed',
    completedAt: Math.floor(nowMs() / 1000),
    error: { code: 'export_failed', message: `The export could not be written (${message}); create it again` },
  });
}

/**
 * Download links of a completed export, minted for this answer: each valid `EXPORT_URL_SECONDS`, and never past the
 * export's own expiry.
 */
export async function exportLinks(
  services: Services,
  job: ExportJob,
  atMs: number,
): Promise<{ url: string; expires_at: number }[] | null> {
  if (job.status !== 'completed' || !job.objectKey) return null;
  const now = Math.floor(atMs / 1000);
  const seconds = Math.max(1, Math.min(EXPORT_URL_SECONDS, job.expiresAt - now));
  const url = await services.blobs.presignedGet(job.objectKey, {
    expiresSeconds: seconds,
    filename: exportFileName(job.id, job.format),
    contentType: FORMAT_FILES[job.format].contentType,
  });
  return [{ url, expires_at: now + seconds }];
}

/** Deletes an export: its file first (nothing left unfindable if the second step fails), then its job. */
export async function deleteExport(services: Services, job: ExportJob): Promise<boolean> {
  await services.blobs.delete([exportObjectKey(job.subjectId, job.id, job.format)]);
  return services.exports.remove(job.subjectId, job.id);
}
