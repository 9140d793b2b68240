import type { ConsoleApi } from '../../console-api';
import { callJson, query } from '../../http';

/**
 * The console's Subject routes (design §4) as the views use them. Every field of their answers is read here and
 * nowhere else, so a change of the wire touches this one module.
 */

export interface SubjectSummary {
  user: string;
  createdAt: string | number | null;
  records: number | null;
  files: number | null;
}

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

export interface SeriesSummary {
  /** LOINC code, or `ind:<indicator>` for uncoded readings. */
  id: string;
  loincCode: string | null;
  name: string;
  unit: string | null;
  count: number;
  latestValue: number | string | null;
  latestTime: string | number | null;
  referenceLow: number | null;
  referenceHigh: number | null;
  abnormalCount: number;
}

/** A series' points as columns; `time` in seconds since the epoch, ascending (uPlot's x). */
export interface SeriesPoints {
  time: number[];
  value: (number | null)[];
  abnormal: boolean[];
}

export interface Reading {
  id: string;
  indicator: string;
  name: string | null;
  value: string;
  unit: string | null;
  time: string;
  abnormal: boolean | null;
  reference: string | null;
  retention: string | null;
}

export interface FileSummary {
  key: string;
  filename: string;
  type: string | null;
  bytes: number | null;
  status: string;
  createdAt: string | number | null;
  records: number | null;
}

export interface FileDetail extends FileSummary {
  extractedText: string | null;
  abstract: string | null;
}

export interface SessionSummary {
  id: string;
  openedAt: string | number | null;
  status: string;
}

type Wire = Record<string, unknown>;
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const when = (v: unknown): string | number | null => (typeof v === 'string' || typeof v === 'number' ? v : null);
const u = (user: string) => ({ user });
const objectOf = (v: unknown): Wire => (v !== null && typeof v === 'object' ? (v as Wire) : {});
const latestOf = (w: Wire): Wire => objectOf(w.latest);
const referenceOf = (w: Wire): Wire => objectOf(w.reference);

/** A list answer's rows and its cursor for the next page (`next_cursor`, null on the last). */
function page<T>(body: { data?: Wire[]; next_cursor?: unknown; has_more?: unknown }, map: (w: Wire) => T): Page<T> {
  const next = body.has_more === false ? null : str(body.next_cursor);
  return { items: (body.data ?? []).map(map), nextCursor: next };
}

export async function listSubjects(api: ConsoleApi, cursor: string | null): Promise<Page<SubjectSummary>> {
  const body = await callJson<{ data: Wire[] }>(api, `/api/console/subjects${query({ limit: 50, cursor })}`);
  return page(body, (w) => ({
    user: str(w.user) ?? '',
    createdAt: when(w.created_at),
    records: num(w.records),
    files: num(w.files),
  }));
}

export async function listSeries(api: ConsoleApi, user: string): Promise<SeriesSummary[]> {
  const body = await callJson<{ data: Wire[] }>(api, `/api/console/series${query(u(user))}`);
  return body.data.map((w) => ({
    id: str(w.series) ?? '',
    loincCode: str(w.loinc_code),
    name: str(w.name) ?? str(w.series) ?? '',
    unit: str(w.unit),
    count: num(w.count) ?? 0,
    latestValue: num(latestOf(w).parsed_value) ?? str(latestOf(w).value),
    latestTime: when(latestOf(w).time),
    referenceLow: num(referenceOf(w).low),
    referenceHigh: num(referenceOf(w).high),
    abnormalCount: num(w.abnormal_count) ?? 0,
  }));
}

const prefetched = new Map<string, Promise<SeriesPoints>>();

/**
 * Starts loading a series' points before its summary is known: when the address names the series, its points and
 * the series list are fetched side by side instead of one after the other (the first-render budget, design §7).
 * The next `seriesPoints` call for it takes this answer, once.
 */
export function prefetchSeriesPoints(api: ConsoleApi, user: string, series: string): void {
  const key = `${user}\n${series}`;
  if (!prefetched.has(key)) prefetched.set(key, fetchSeriesPoints(api, user, series));
}

export function seriesPoints(api: ConsoleApi, user: string, series: string): Promise<SeriesPoints> {
  const key = `${user}\n${series}`;
  const early = prefetched.get(key);
  prefetched.delete(key);
  return early ?? fetchSeriesPoints(api, user, series);
}

async function fetchSeriesPoints(api: ConsoleApi, user: string, series: string): Promise<SeriesPoints> {
  const body = await callJson<{ time: unknown[]; value: unknown[]; abnormal: unknown[] }>(
    api,
    `/api/console/series/points${query({ user, series })}`,
  );
  const time = body.time.map((t) => {
    if (typeof t === 'number') return t > 1e11 ? t / 1000 : t;
    return Date.parse(String(t)) / 1000;
  });
  return { time, value: body.value.map((v) => num(v)), abnormal: body.abnormal.map((a) => a === true) };
}

export async function listReadings(api: ConsoleApi, user: string, cursor: string | null): Promise<Page<Reading>> {
  const body = await callJson<{ data: Wire[] }>(api, `/api/console/data${query({ user, limit: 25, cursor })}`);
  return page(body, (w) => {
    const low = num(w.reference_low);
    const high = num(w.reference_high);
    return {
      id: String(w.id ?? ''),
      indicator: str(w.indicator) ?? '',
      name: str(w.canonical_name),
      value: String(w.parsed_value ?? w.value ?? ''),
      unit: str(w.parsed_unit),
      time: str(w.time) ?? '',
      abnormal: typeof w.abnormal === 'boolean' ? w.abnormal : null,
      reference: str(w.reference_text) ?? (low !== null || high !== null ? `${low ?? ''}–${high ?? ''}` : null),
      retention: str(w.retention),
    };
  });
}

export async function deleteReading(api: ConsoleApi, user: string, id: string): Promise<void> {
  await callJson(api, `/api/console/data${query({ user, id })}`, { method: 'DELETE' });
}

const fileOf = (w: Wire): FileSummary => ({
  key: str(w.file_key) ?? str(w.id) ?? '',
  filename: str(w.filename) ?? '',
  type: str(w.file_type),
  bytes: num(w.bytes),
  status: str(w.status) ?? 'unknown',
  createdAt: when(w.created_at),
  records: num(w.records),
});

export async function listFiles(api: ConsoleApi, user: string): Promise<FileSummary[]> {
  const body = await callJson<{ data: Wire[] }>(api, `/api/console/files${query(u(user))}`);
  return body.data.map(fileOf);
}

/** A file key is a path (`uploads/2026/…/name.pdf`): each segment encoded, the slashes kept (`{file_key+}`). */
const filePath = (key: string) => key.split('/').map(encodeURIComponent).join('/');

export async function getFile(api: ConsoleApi, user: string, key: string): Promise<FileDetail> {
  const w = await callJson<Wire>(api, `/api/console/files/${filePath(key)}${query(u(user))}`);
  return { ...fileOf(w), extractedText: str(w.extracted_text), abstract: str(w.abstract) };
}

export async function deleteFile(api: ConsoleApi, user: string, key: string): Promise<void> {
  await callJson(api, `/api/console/files/${filePath(key)}${query(u(user))}`, { method: 'DELETE' });
}

export async function listSessions(api: ConsoleApi, user: string): Promise<SessionSummary[]> {
  const body = await callJson<{ data: Wire[] }>(api, `/api/console/sessions${query(u(user))}`);
  return body.data.map((w) => ({
    id: str(w.session_id) ?? '',
    openedAt: when(w.opened_at),
    status: str(w.status) ?? 'open',
  }));
}

export async function deleteSession(api: ConsoleApi, user: string, id: string): Promise<void> {
  await callJson(api, `/api/console/sessions/${encodeURIComponent(id)}${query(u(user))}`, { method: 'DELETE' });
}

export async function deleteSubject(api: ConsoleApi, user: string): Promise<void> {
  await callJson(api, `/api/console/subjects/${encodeURIComponent(user)}`, { method: 'DELETE' });
}
