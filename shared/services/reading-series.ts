import { nowMs } from '../clock';
import { type HealthRecord, isAbnormal, toWire } from '../domain/records';
import {
  groupSeries,
  INDICATOR_SERIES_PREFIX,
  indicatorSearchText,
  inSeries,
  numberOf,
  type SeriesGroup,
  type SeriesSelector,
  seriesColumns,
} from '../domain/series/reading-series';
import { NotFoundError } from '../errors';
import type { Subject } from '../ports/subject-directory';
import type { Services } from './container';

/** Readings one series overview reads at most: a Subject ten times the size the console is built for. */
export const SERIES_SCAN_CAP = 100_000;
/** Points one chart answer carries at most (~40 bytes each in JSON: about 2 MB, well under Lambda's 6 MB). */
export const MAX_SERIES_POINTS = 50_000;

/**
 * The Subject's readings grouped into series (`groupSeries`), the most recently measured first, from one read of the
 * store's time index, then one read of each series' newest row for the fields the index does not carry (its name,
 * unit and value as written). `complete: false` says the read stopped at `deadlineMs` or the cap: the counts are then
 * those of the newest readings only.
 */
export async function seriesOverview(services: Services, subject: Subject, subjectKey: string, deadlineMs: number) {
  const now = nowMs();
  const scan = await services.records.scanReadings(subject.subjectId, {
    limit: SERIES_SCAN_CAP,
    nowMs: now,
    deadlineMs,
  });
  const groups = groupSeries(scan.rows);
  const newest = await services.records.getRows(
    subject.subjectId,
    groups.map((g) => g.latest.id),
    now,
  );
  const byId = new Map(newest.map((r) => [r.id, r]));
  return {
    object: 'list' as const,
    data: groups.map((g) => seriesWire(g, byId.get(g.latest.id))),
    readings: scan.rows.length,
    complete: scan.complete,
    subject: subjectKey,
  };
}

/** One series for the console. `row` is its newest reading, absent when deleted since the index was read. */
function seriesWire(g: SeriesGroup, row: HealthRecord | undefined) {
  return {
    series: g.series,
    loinc_code: g.loincCode,
    name: row?.canonicalName ?? row?.indicator ?? g.series.slice(g.loincCode ? 0 : INDICATOR_SERIES_PREFIX.length),
    unit: row?.parsedUnit ?? null,
    count: g.count,
    numeric_count: g.numericCount,
    abnormal_count: g.abnormalCount,
    latest: {
      id: g.latest.id,
      time: g.latest.time,
      value: row?.value ?? g.latest.parsedValue,
      parsed_value: numberOf(g.latest),
      abnormal: isAbnormal(g.latest),
    },
    reference: { low: g.referenceLow, high: g.referenceHigh },
  };
}

/**
 * One series as chart columns (`seriesColumns`): its numeric readings in the window, oldest first, at most
 * `MAX_SERIES_POINTS` of the newest. `has_more` says older points were left out (the cap, or the deadline). A series
 * with no reading at all, in the window or out of it, is 404 naming `series`.
 */
export async function seriesPoints(
  services: Services,
  subject: Subject,
  subjectKey: string,
  query: { series: string; selector: SeriesSelector; from?: string; to?: string },
  deadlineMs: number,
) {
  const { selector } = query;
  const scan = (window: { fromTime?: string; toTime?: string }, limit: number) =>
    services.records.scanReadings(subject.subjectId, {
      ...(selector.kind === 'code' ? { code: selector.code } : { text: indicatorSearchText(selector) }),
      ...window,
      limit,
      nowMs: nowMs(),
      deadlineMs,
    });
  const found = await scan({ fromTime: query.from, toTime: query.to }, MAX_SERIES_POINTS);
  const rows = found.rows.filter((r) => inSeries(selector, r));
  const windowed = query.from !== undefined || query.to !== undefined;
  // An empty window of a known series is an empty chart; a series with no reading anywhere is unknown. The probe's
  // store filter is exact for a code and a superset for an indicator, hence its few extra rows.
  const probe = () => scan({}, selector.kind === 'code' ? 1 : 1000);
  if (rows.length === 0 && !(windowed && (await probe()).rows.some((r) => inSeries(selector, r)))) {
    throw new NotFoundError(`No series '${query.series}' for this Subject`, 'series');
  }
  const columns = seriesColumns(rows);
  return {
    object: 'series_points' as const,
    series: query.series,
    subject: subjectKey,
    count: columns.time.length,
    has_more: !found.complete,
    ...columns,
  };
}

/** A series read stops this long before the function would be stopped, so its answer still goes out. */
const ANSWER_MARGIN_MS = 3_000;
/** And after this long in any case: a chart that takes longer is not worth the wait. */
const SCAN_BUDGET_MS = 20_000;

/** The epoch ms a series read stops at, from the milliseconds the function has left. */
export function scanDeadline(remainingMs: number): number {
  return Date.now() + Math.max(1_000, Math.min(remainingMs - ANSWER_MARGIN_MS, SCAN_BUDGET_MS));
}

/** Readings one series resource carries at most, newest first (the `/v1/data` page size). */
export const MAX_SERIES_READINGS = 1000;

/**
 * One LOINC-coded series as `/v1/data` rows, newest first, at most `MAX_SERIES_READINGS`: what an MCP client reads
 * as the series' resource. Null when the Subject has no live reading of that code.
 */
export async function seriesReadings(services: Services, subject: Subject, code: string, deadlineMs: number) {
  const now = nowMs();
  const scan = await services.records.scanReadings(subject.subjectId, {
    code,
    limit: MAX_SERIES_READINGS,
    nowMs: now,
    deadlineMs,
  });
  if (scan.rows.length === 0) return null;
  const fetched = await services.records.getRows(
    subject.subjectId,
    scan.rows.map((r) => r.id),
    now,
  );
  // A batch read keeps no order: the scan's (newest first) is restored.
  const byId = new Map(fetched.map((r) => [r.id, r]));
  const rows = scan.rows.flatMap((r) => byId.get(r.id) ?? []);
  const newest = rows[0];
  return {
    loinc_code: code,
    name: newest?.canonicalName ?? newest?.indicator ?? code,
    unit: newest?.parsedUnit ?? null,
    count: rows.length,
    readings: rows.map(toWire),
    has_more: !scan.complete,
  };
}
