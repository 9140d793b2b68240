import type { SeriesPoint, SeriesSummary, ToolReading } from '../../../domain/agent/tool-results';

/** Points kept per series, like the summary tool. */
const MAX_POINTS = 60;
/** A change smaller than this share of the first value reads as stable. */
const STABLE_PERCENT = 2;

function thin(points: SeriesPoint[]): SeriesPoint[] {
  if (points.length <= MAX_POINTS) return points;
  const step = (points.length - 1) / (MAX_POINTS - 1);
  return Array.from({ length: MAX_POINTS }, (_, i) => points[Math.round(i * step)] as SeriesPoint);
}

/**
 * Series summaries computed from raw readings, for a conversation that offers `query_health_data` but not
 * `summarize_health_data`. Same shape and meaning as the tool's: grouped by code (else name) and unit, change is
 * latest − earliest numeric value.
 */
export function summarizeReadings(readings: readonly ToolReading[]): SeriesSummary[] {
  const groups = new Map<string, ToolReading[]>();
  for (const r of readings) {
    const key = `${r.loinc_code ?? `name:${r.canonical_name ?? r.indicator}`}|${r.unit ?? ''}`;
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  const series: SeriesSummary[] = [];
  for (const group of groups.values()) {
    const sorted = [...group].sort((a, b) => (a.time < b.time ? -1 : a.time > b.time ? 1 : a.id - b.id));
    const first = sorted[0] as ToolReading;
    const last = sorted.at(-1) as ToolReading;
    const points = sorted.flatMap((r) => (r.parsed_value === null ? [] : [{ time: r.time, value: r.parsed_value }]));
    const min = points.reduce<SeriesPoint | null>((m, p) => (m === null || p.value < m.value ? p : m), null);
    const max = points.reduce<SeriesPoint | null>((m, p) => (m === null || p.value > m.value ? p : m), null);
    const firstPoint = points[0];
    const lastPoint = points.at(-1);
    const change = points.length >= 2 && firstPoint && lastPoint ? lastPoint.value - firstPoint.value : null;
    const changePercent =
      change !== null && firstPoint && firstPoint.value !== 0 ? (change / Math.abs(firstPoint.value)) * 100 : null;
    const direction: SeriesSummary['trend']['direction'] =
      change === null
        ? 'insufficient_data'
        : changePercent !== null && Math.abs(changePercent) < STABLE_PERCENT
          ? 'stable'
          : change > 0
            ? 'rising'
            : change < 0
              ? 'falling'
              : 'stable';
    series.push({
      name: last.canonical_name ?? last.indicator,
      loinc_code: last.loinc_code,
      unit: last.unit,
      count: sorted.length,
      numeric_count: points.length,
      latest: { value: last.value, parsed_value: last.parsed_value, time: last.time, abnormal: last.abnormal },
      earliest: { value: first.value, parsed_value: first.parsed_value, time: first.time },
      min,
      max,
      mean: points.length ? points.reduce((n, p) => n + p.value, 0) / points.length : null,
      trend: { direction, change, change_percent: changePercent },
      abnormal_count: sorted.filter((r) => r.abnormal === true).length,
      reference: { low: last.reference_low, high: last.reference_high, text: last.reference_text },
      points: thin(points),
    });
  }
  return series;
}
