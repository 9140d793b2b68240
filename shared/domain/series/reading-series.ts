import { type IndexedReading, isAbnormal } from '../records';

/**
 * The console's series: a Subject's readings grouped by what was measured, so each group can be drawn as one chart.
 * A coded reading belongs to the series of its LOINC code (one LOINC code is one property of one analyte in one
 * specimen, so its values are comparable); an uncoded one to the series of its indicator as written, normalized
 * (`ind:<indicator>`), so a reading HDS could not code still gets a chart.
 * @see https://loinc.org/kb/users-guide/major-parts-of-a-loinc-term/ — the six parts that make one LOINC code
 */

/** A LOINC code: up to seven digits, a hyphen and the check digit (e.g. `2345-7`). */
const LOINC_CODE = /^\d{1,7}-\d$/;
export const INDICATOR_SERIES_PREFIX = 'ind:';
/** As long as an indicator may be written (the `/v1/data` record schema). */
export const MAX_SERIES_INDICATOR_LENGTH = 256;

export type SeriesSelector = { kind: 'code'; code: string } | { kind: 'indicator'; indicator: string };

/** The indicator as the series names it: trimmed, runs of white space as one space, lower-cased. */
export function normalizeIndicator(indicator: string): string {
  return indicator.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** The series a reading belongs to. */
export function seriesIdOf(r: Pick<IndexedReading, 'loincCode' | 'indicatorLower'>): string {
  return r.loincCode ?? INDICATOR_SERIES_PREFIX + normalizeIndicator(r.indicatorLower);
}

/** A series id as `seriesIdOf` makes them, or null for anything else. */
export function parseSeriesId(raw: string): SeriesSelector | null {
  if (LOINC_CODE.test(raw)) return { kind: 'code', code: raw };
  if (!raw.startsWith(INDICATOR_SERIES_PREFIX)) return null;
  const indicator = raw.slice(INDICATOR_SERIES_PREFIX.length);
  if (indicator === '' || indicator.length > MAX_SERIES_INDICATOR_LENGTH) return null;
  return normalizeIndicator(indicator) === indicator ? { kind: 'indicator', indicator } : null;
}

/** Whether a reading belongs to the selected series. */
export function inSeries(selector: SeriesSelector, r: Pick<IndexedReading, 'loincCode' | 'indicatorLower'>): boolean {
  return selector.kind === 'code'
    ? r.loincCode === selector.code
    : r.loincCode === null && normalizeIndicator(r.indicatorLower) === selector.indicator;
}

/**
 * A text every reading of an indicator series contains, for the store's substring filter (which sees the indicator
 * with its white space as written): its longest word. The exact match is `inSeries`.
 */
export function indicatorSearchText(selector: Extract<SeriesSelector, { kind: 'indicator' }>): string {
  return selector.indicator.split(' ').reduce((a, b) => (b.length > a.length ? b : a), '');
}

/** One series as the store's time index describes it; the newest reading's own fields are read separately. */
export interface SeriesGroup {
  series: string;
  loincCode: string | null;
  count: number;
  /** Readings with a numeric value: the points of its chart. */
  numericCount: number;
  /** Flagged abnormal by their source, or a number outside the range they carry (`isAbnormal`). */
  abnormalCount: number;
  latest: IndexedReading;
  /** The newest reading's reference range, else that of the newest reading carrying one. */
  referenceLow: number | null;
  referenceHigh: number | null;
}

/** Readings (newest first, as the store returns them) grouped into series, the most recently measured first. */
export function groupSeries(newestFirst: readonly IndexedReading[]): SeriesGroup[] {
  const groups = new Map<string, SeriesGroup>();
  for (const r of newestFirst) {
    const id = seriesIdOf(r);
    let group = groups.get(id);
    if (!group) {
      group = {
        series: id,
        loincCode: r.loincCode,
        count: 0,
        numericCount: 0,
        abnormalCount: 0,
        latest: r,
        referenceLow: null,
        referenceHigh: null,
      };
      groups.set(id, group);
    }
    group.count++;
    if (numberOf(r) !== null) group.numericCount++;
    if (isAbnormal(r)) group.abnormalCount++;
    if (group.referenceLow === null && group.referenceHigh === null) {
      group.referenceLow = r.referenceLow;
      group.referenceHigh = r.referenceHigh;
    }
  }
  // Insertion order is newest-latest first, since the readings came newest first.
  return [...groups.values()];
}

/** A series' chart: numeric readings only, oldest first, in columns (compact JSON, and what uPlot draws). */
export interface SeriesColumns {
  time: string[];
  value: number[];
  abnormal: boolean[];
}

export function seriesColumns(newestFirst: readonly IndexedReading[]): SeriesColumns {
  const columns: SeriesColumns = { time: [], value: [], abnormal: [] };
  for (let i = newestFirst.length - 1; i >= 0; i--) {
    const r = newestFirst[i]!;
    const value = numberOf(r);
    if (value === null) continue;
    columns.time.push(r.time);
    columns.value.push(value);
    columns.abnormal.push(isAbnormal(r));
  }
  return columns;
}

/** The reading's parsed value as a finite number, or null (a qualitative result such as `positive`). */
export function numberOf(r: Pick<IndexedReading, 'parsedValue'>): number | null {
  if (r.parsedValue === null || r.parsedValue.trim() === '') return null;
  const n = Number(r.parsedValue);
  return Number.isFinite(n) ? n : null;
}
