import {
  analyteKeyOf,
  commonNameOf,
  conceptByCode,
  convertValue,
  molarMassOf,
  resolveSeriesIndicator,
} from '#standardization';
import type { LeftOutReadings, SeriesPoint, SeriesSummary, ToolReading, TrendDirection } from '../agent/tool-results';

/**
 * One test's readings as one series, every figure from one and the same set: the readings in the series' unit,
 * with those in another unit converted where UCUM (and, between mass and molar units, the analyte's molar mass)
 * allows. What cannot join (no unit, a unit that does not convert, a value that is not a number) is counted in
 * `left_out`, never silently mixed in. Both the summary tool and the offline engine use this, so an answer's
 * latest, first, change, direction, extremes, average, count and chart points cannot disagree.
 */

/** Points per series after thinning. */
export const SERIES_MAX_POINTS = 60;
/** A change smaller than this (in percent of the earliest value) is `stable`. */
export const STABLE_CHANGE_PERCENT = 5;
/** Significant digits a converted value keeps: finer than any assay, without the conversion's float tail. */
const CONVERTED_DIGITS = 4;

/**
 * One key per test: a code (its mass and molar siblings share one), else the name as written. A reading left
 * uncoded because its unit contradicts its name (`Heart rate` in mmol/L) belongs with the code its name stands
 * for, so the series can name it as left out rather than a second series showing it as heart rate.
 */
export function seriesKeyOf(r: Pick<ToolReading, 'loinc_code' | 'indicator'>): string {
  const code = r.loinc_code ?? codeOfName(r.indicator);
  if (code) return analyteKeyOf(code) ?? `code:${code}`;
  return `name:${r.indicator.trim().toLowerCase()}`;
}

const NAME_CACHE_LIMIT = 2048;
const codesByName = new Map<string, string | null>();

function codeOfName(indicator: string): string | null {
  let code = codesByName.get(indicator);
  if (code === undefined) {
    code = resolveSeriesIndicator(indicator, null).loincCode;
    if (codesByName.size >= NAME_CACHE_LIMIT) codesByName.clear();
    codesByName.set(indicator, code);
  }
  return code;
}

/** Readings grouped into series, the most recently measured series first. */
export function summarizeAllSeries(readings: readonly ToolReading[]): SeriesSummary[] {
  const groups = new Map<string, ToolReading[]>();
  for (const r of readings) {
    const key = seriesKeyOf(r);
    const rows = groups.get(key);
    if (rows) rows.push(r);
    else groups.set(key, [r]);
  }
  return [...groups.values()]
    .map(summarizeSeries)
    .sort((a, b) => (a.latest.time < b.latest.time ? 1 : a.latest.time > b.latest.time ? -1 : 0));
}

interface Member {
  reading: ToolReading;
  /** In the series' unit; null for a qualitative series. */
  value: number | null;
  /** The value as the series shows it: as written, or the converted number. */
  text: string;
  converted: boolean;
}

/** One series from the readings of one test, in any order. */
export function summarizeSeries(readings: readonly ToolReading[]): SeriesSummary {
  const sorted = [...readings].sort(oldestFirst);
  if (sorted.length === 0) throw new Error('a series needs at least one reading');
  const numericRows = sorted.filter((r) => r.parsed_value !== null);
  const unit = numericRows.length > 0 ? seriesUnit(numericRows) : commonUnit(sorted);
  const members: Member[] = [];
  const leftOut: LeftOutReadings[] = [];
  for (const r of sorted) {
    if (numericRows.length === 0) {
      members.push({ reading: r, value: null, text: r.value, converted: false });
      continue;
    }
    if (r.parsed_value === null) {
      addLeftOut(leftOut, 'not_numeric', r.unit);
      continue;
    }
    const value = inUnit(r.parsed_value, r, unit);
    if (value === null) {
      addLeftOut(leftOut, r.unit === null ? 'no_unit' : 'other_unit', r.unit);
      continue;
    }
    const converted = r.unit !== unit;
    members.push({ reading: r, value, text: converted ? String(value) : r.value, converted });
  }
  const first = members[0]!;
  const last = members.at(-1)!;
  const points: SeriesPoint[] = members.flatMap((m) =>
    m.value === null ? [] : [{ time: m.reading.time, value: m.value }],
  );
  const min = extreme(points, (a, b) => a < b);
  const max = extreme(points, (a, b) => a > b);
  const named = [...members].reverse().find((m) => !m.converted) ?? last;
  const code = named.reading.loinc_code;
  const name = code
    ? (named.reading.canonical_name ?? conceptByCode(code)?.display ?? named.reading.indicator)
    : named.reading.indicator;
  return {
    name,
    common_name: commonNameOf(code, name),
    loinc_code: code,
    unit,
    count: members.length,
    numeric_count: points.length,
    converted_count: members.filter((m) => m.converted).length,
    left_out: leftOut,
    latest: {
      value: last.text,
      parsed_value: last.value,
      time: last.reading.time,
      abnormal: last.reading.abnormal,
      ...(last.converted ? { converted_from: { value: last.reading.value, unit: last.reading.unit } } : {}),
    },
    earliest: { value: first.text, parsed_value: first.value, time: first.reading.time },
    min,
    max,
    mean: points.length > 0 ? significant(points.reduce((s, p) => s + p.value, 0) / points.length, 6) : null,
    trend: trendOf(points),
    abnormal_count: members.filter((m) => isOutOfRange(m)).length,
    reference: referenceOf(members, unit),
    points: thinKeepingExtremes(points, SERIES_MAX_POINTS),
  };
}

function oldestFirst(a: ToolReading, b: ToolReading): number {
  return a.time < b.time ? -1 : a.time > b.time ? 1 : a.id - b.id;
}

/**
 * The unit most numeric readings carry; a tie goes to the unit of the newest of them. Coded readings choose over
 * those that joined by name alone, and a unit over none.
 */
function seriesUnit(numericOldestFirst: readonly ToolReading[]): string | null {
  const withUnit = numericOldestFirst.filter((r) => r.unit !== null);
  const coded = withUnit.filter((r) => r.loinc_code !== null);
  return commonUnit(coded.length > 0 ? coded : withUnit.length > 0 ? withUnit : numericOldestFirst);
}

function commonUnit(oldestFirst: readonly ToolReading[]): string | null {
  const counts = new Map<string | null, { n: number; last: number }>();
  oldestFirst.forEach((r, i) => {
    const c = counts.get(r.unit) ?? { n: 0, last: 0 };
    counts.set(r.unit, { n: c.n + 1, last: i });
  });
  let best: string | null = null;
  let bestCount = { n: -1, last: -1 };
  for (const [unit, c] of counts) {
    if (c.n > bestCount.n || (c.n === bestCount.n && c.last > bestCount.last)) {
      best = unit;
      bestCount = c;
    }
  }
  return best;
}

/** A reading's number in the series' unit, or null when it cannot be expressed in it. */
function inUnit(value: number, r: ToolReading, unit: string | null): number | null {
  if (r.unit === unit) return value;
  if (r.unit === null || unit === null) return null;
  const molarMass = r.loinc_code ? molarMassOf(r.loinc_code) : null;
  const converted = convertValue(value, r.unit, unit, molarMass);
  return converted === null ? null : significant(converted, CONVERTED_DIGITS);
}

function addLeftOut(leftOut: LeftOutReadings[], reason: LeftOutReadings['reason'], unit: string | null): void {
  const same = leftOut.find((l) => l.reason === reason && l.unit === unit);
  if (same) same.count++;
  else leftOut.push({ reason, unit, count: 1 });
}

/** Flagged by its source, or outside the reference range it carries, in its own unit. */
function isOutOfRange(m: Member): boolean {
  const r = m.reading;
  if (r.abnormal === true) return true;
  const v = r.parsed_value;
  if (v === null) return false;
  return (r.reference_low !== null && v < r.reference_low) || (r.reference_high !== null && v > r.reference_high);
}

/** The newest member's reference range, expressed in the series' unit like its value. */
function referenceOf(members: readonly Member[], unit: string | null): SeriesSummary['reference'] {
  const m = [...members]
    .reverse()
    .find((x) => x.reading.reference_low !== null || x.reading.reference_high !== null || x.reading.reference_text);
  if (!m) return { low: null, high: null, text: null };
  const r = m.reading;
  if (!m.converted) return { low: r.reference_low, high: r.reference_high, text: r.reference_text };
  const low = r.reference_low === null ? null : inUnit(r.reference_low, r, unit);
  const high = r.reference_high === null ? null : inUnit(r.reference_high, r, unit);
  // A range written as text stays in the unit it was written in, so it is not repeated beside a converted value.
  return { low, high, text: null };
}

/** The first point (oldest) that beats every other by `better`. */
function extreme(points: readonly SeriesPoint[], better: (a: number, b: number) => boolean): SeriesPoint | null {
  let found: SeriesPoint | null = null;
  for (const p of points) if (!found || better(p.value, found.value)) found = p;
  return found;
}

/** Earliest against latest value. */
export function trendOf(points: readonly SeriesPoint[]): SeriesSummary['trend'] {
  if (points.length < 2) return { direction: 'insufficient_data', change: null, change_percent: null };
  const first = points[0]!.value;
  const change = points.at(-1)!.value - first;
  const percent = first === 0 ? null : (change / Math.abs(first)) * 100;
  let direction: TrendDirection;
  if (percent === null) direction = change === 0 ? 'stable' : change > 0 ? 'rising' : 'falling';
  else if (Math.abs(percent) < STABLE_CHANGE_PERCENT) direction = 'stable';
  else direction = change > 0 ? 'rising' : 'falling';
  return {
    direction,
    change: significant(change, 6),
    change_percent: percent === null ? null : Math.round(percent * 10) / 10,
  };
}

/**
 * At most `max` points spread evenly over the series; the first, the last, the lowest and the highest are always
 * kept, so a chart shows every figure the text names.
 */
export function thinKeepingExtremes(points: readonly SeriesPoint[], max: number): SeriesPoint[] {
  if (points.length <= max) return [...points];
  const keep = new Set<number>([0, points.length - 1]);
  let low = 0;
  let high = 0;
  points.forEach((p, i) => {
    if (p.value < points[low]!.value) low = i;
    if (p.value > points[high]!.value) high = i;
  });
  keep.add(low);
  keep.add(high);
  const spread = max - keep.size;
  for (let i = 1; i <= spread; i++) keep.add(Math.round((i * (points.length - 1)) / (spread + 1)));
  return [...keep].sort((a, b) => a - b).map((i) => points[i]!);
}

/** `n` significant digits: no binary noise such as 5.300000000000001. */
function significant(n: number, digits: number): number {
  return Number(n.toPrecision(digits));
}
