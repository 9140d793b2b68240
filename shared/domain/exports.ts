/**
 * Bulk export of a Subject's readings (an HDS extension, issue 19): what an export job is, how long it and its file
 * live, and how readings are written in each format. Pure: no AWS or HTTP. The FHIR formats write each row's stored
 * Observation mirror as it is (built once at write time by `buildObservation`), never a second mapping.
 */
import { randomBytes } from 'node:crypto';
import Papa from 'papaparse';
import { type HealthRecord, toWire } from './records';

export const EXPORT_FORMATS = ['fhir-ndjson', 'fhir-bundle', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export type ExportStatus = 'queued' | 'running' | 'completed' | 'failed';

/** An export and its file live at most a day (like every time-bounded grain), and never longer than a row they hold. */
export const EXPORT_RETENTION_SECONDS = 24 * 3600;
/** How long a download link stays valid once `GET /v1/exports/{id}` hands it out (capped by the export's expiry). */
export const EXPORT_URL_SECONDS = 900;
/** Rows read from the store per page while writing: memory stays a page (≈ 1,000 rows), whatever the Subject holds. */
export const EXPORT_PAGE_ROWS = 1000;

/** An export job as the store keeps it, in its Subject's partition (so an erase purges it with the rest). */
export interface ExportJob {
  /** `exp_` + 24 hex digits: creation time in ms, then random. */
  id: string;
  subjectId: string;
  accountId: string;
  /** The Subject key (`user`) the export was asked for. */
  subjectKey: string;
  format: ExportFormat;
  /** ISO 8601 UTC instants, both inclusive; null when open. */
  since: string | null;
  until: string | null;
  status: ExportStatus;
  /** Epoch seconds. */
  createdAt: number;
  startedAt: number | null;
  completedAt: number | null;
  /** Readings written (set when completed). */
  count: number | null;
  bytes: number | null;
  /** The file's object key in the bucket (under the Subject's prefix), once written. */
  objectKey: string | null;
  error: { code: string; message: string } | null;
  /** Epoch seconds: the job and its file are gone after this (never later than the earliest expiry of a row held). */
  expiresAt: number;
}

/** `exp_` + creation time in ms (12 hex digits) + 6 random bytes: ids sort in creation order. */
export function newExportId(nowMs: number): string {
  return `exp_${nowMs.toString(16).padStart(12, '0')}${randomBytes(6).toString('hex')}`;
}

export const EXPORT_ID_PATTERN = /^exp_[0-9a-f]{24}$/;

/** Where an export's file lives: under its Subject's prefix, so the Subject purge (`deletePrefix`) takes it. */
export function exportObjectKey(subjectId: string, exportId: string, format: ExportFormat): string {
  return `subjects/${subjectId}/exports/${exportId}/${exportFileName(exportId, format)}`;
}

export function exportFileName(exportId: string, format: ExportFormat): string {
  return `${exportId}.${FORMAT_FILES[format].extension}`;
}

export const FORMAT_FILES: Record<ExportFormat, { extension: string; contentType: string }> = {
  'fhir-ndjson': { extension: 'ndjson', contentType: 'application/fhir+ndjson' },
  'fhir-bundle': { extension: 'json', contentType: 'application/fhir+json' },
  csv: { extension: 'csv', contentType: 'text/csv; charset=utf-8' },
};

/** True when a row's time lies in the export's window (both ends inclusive). */
export function inWindow(time: string, since: string | null, until: string | null): boolean {
  const t = Date.parse(time);
  if (since !== null && t < Date.parse(since)) return false;
  if (until !== null && t > Date.parse(until)) return false;
  return true;
}

/** The CSV columns: the standardized fields of `GET /v1/data`, in its order. */
export const CSV_COLUMNS = Object.keys(toWire(placeholderRecord())) as (keyof ReturnType<typeof toWire>)[];

/**
 * Writes rows in one format, page by page: `begin`, then `page` for each page, then `end`. Each returns text to append
 * to the file, so a writer holds one page at a time.
 */
export interface ExportSerializer {
  begin(): string;
  page(rows: readonly HealthRecord[]): string;
  end(): string;
}

/** The serializer of a format; `generatedAt` is the Bundle's `timestamp`. */
export function serializerFor(format: ExportFormat, generatedAt: string): ExportSerializer {
  if (format === 'fhir-ndjson') {
    // FHIR Bulk Data NDJSON: one resource per line, each line ending in a line feed.
    return { begin: () => '', page: (rows) => rows.map((r) => `${JSON.stringify(r.fhir)}\n`).join(''), end: () => '' };
  }
  if (format === 'fhir-bundle') {
    let first = true;
    return {
      // A `collection` Bundle: no `total` (bdl-1 allows it only on searchset and history).
      begin: () => `{"resourceType":"Bundle","type":"collection","timestamp":${JSON.stringify(generatedAt)}`,
      page: (rows) =>
        rows
          .map((r) => {
            const entry = JSON.stringify({ fullUrl: fullUrlOf(r), resource: r.fhir });
            // FHIR JSON has no empty arrays: `entry` opens with the first row and is left out with none.
            const text = first ? `,"entry":[${entry}` : `,${entry}`;
            first = false;
            return text;
          })
          .join(''),
      end: () => (first ? '}' : ']}'),
    };
  }
  let header = true;
  return {
    begin: () => '',
    page: (rows) => {
      if (rows.length === 0) return '';
      const text = Papa.unparse(
        { fields: CSV_COLUMNS as string[], data: rows.map((r) => csvRow(r)) },
        // A text cell a spreadsheet would run as a formula (`=`, `@`, tab, CR first) is prefixed with `'`; a leading
        // `-` or `+` is left alone, as readings carry signed values ("-2.1").
        { header, newline: '\r\n', escapeFormulae: /^[=@\t\r]/ },
      );
      header = false;
      return `${text}\r\n`;
    },
    end: () => (header ? `${CSV_COLUMNS.join(',')}\r\n` : ''),
  };
}

/** A Bundle entry's `fullUrl`: the Observation's id is a UUID, so its URN (FHIR R4 Bundle.entry.fullUrl). */
function fullUrlOf(r: HealthRecord): string {
  const id = typeof r.fhir.id === 'string' ? r.fhir.id : r.fhirResourceId;
  return `urn:uuid:${id}`;
}

function csvRow(r: HealthRecord): unknown[] {
  const wire = toWire(r) as Record<string, unknown>;
  return CSV_COLUMNS.map((c) => {
    const v = wire[c];
    return v === null || v === undefined ? '' : v;
  });
}

function placeholderRecord(): HealthRecord {
  return {
    id: 0,
    subjectId: '',
    indicator: '',
    value: '',
    parsedValue: null,
    parsedUnit: null,
    loincCode: null,
    canonicalName: null,
    fhirResourceId: '',
    time: '',
    endTime: null,
    source: 'api',
    comment: '',
    referenceLow: null,
    referenceHigh: null,
    referenceText: null,
    abnormal: null,
    sessionId: null,
    fileKey: null,
    retention: 'permanent',
    expiresAt: null,
    createdAt: '',
    fhir: {},
  };
}

/** Wire shape of an export (`object: "export"`); `files` only once completed and with links minted for this answer. */
export function toExportWire(
  job: ExportJob,
  files: { url: string; expires_at: number }[] | null,
): Record<string, unknown> {
  const { contentType } = FORMAT_FILES[job.format];
  return {
    object: 'export',
    id: job.id,
    status: job.status,
    format: job.format,
    user: job.subjectKey,
    since: job.since,
    until: job.until,
    created_at: job.createdAt,
    started_at: job.startedAt,
    completed_at: job.completedAt,
    expires_at: job.expiresAt,
    count: job.count,
    files:
      files === null
        ? []
        : files.map((f) => ({
            url: f.url,
            url_expires_at: f.expires_at,
            filename: exportFileName(job.id, job.format),
            content_type: contentType,
            bytes: job.bytes ?? 0,
            count: job.count ?? 0,
          })),
    error: job.error,
    subject: job.subjectKey,
  };
}
