import type { ToolReading } from '../../../domain/agent/tool-results';
import type { ToolOutcome } from './conversation';
import type { StatisticKind } from './lexicon';

/**
 * Statistics the composer cannot phrase from a summary (standard deviation, variance, median, a percentile, the
 * correlation of two series), computed by the expert tier's `eval` sandbox. The program is the engine's own and the
 * same for every question: nothing of the question's text reaches it but the statistic's name and a number, as data in
 * `input`. The readings reach it as `input.series`, each either the readings themselves (the data tool's result was in
 * the conversation) or the path of the file the harness kept that result in (`files`, read-only).
 *
 * The program keeps each series' numeric readings in its most frequent unit (a figure mixing mg/dL and mmol/L would
 * mean nothing), pairs two series by UTC day (the mean of a day's readings) for a correlation, and returns
 * `{statistic, value, n, units}`: `value` null when there are too few readings (two for a spread, three days for a
 * correlation), `n` the readings or days it came from.
 */
export const STATISTIC_PROGRAM = `
const seriesOf = (s) => {
  const rows = typeof s.file === 'string'
    ? JSON.parse(files[s.file]).records.map((r) => ({ time: r.time, value: r.parsed_value, unit: r.unit }))
    : s.readings;
  const numeric = rows.filter((r) => typeof r.value === 'number' && Number.isFinite(r.value));
  const counts = new Map();
  for (const r of numeric) counts.set(r.unit ?? null, (counts.get(r.unit ?? null) ?? 0) + 1);
  let unit = null;
  let most = 0;
  for (const [u, c] of counts) if (c > most) { unit = u; most = c; }
  return { unit, rows: numeric.filter((r) => (r.unit ?? null) === unit) };
};
const mean = (v) => v.reduce((a, b) => a + b, 0) / v.length;
const variance = (v) => { const m = mean(v); return v.reduce((a, b) => a + (b - m) ** 2, 0) / (v.length - 1); };
const quantile = (v, q) => {
  const s = [...v].sort((a, b) => a - b);
  const i = (s.length - 1) * q;
  const lo = Math.floor(i);
  return s[lo] + (s[Math.ceil(i)] - s[lo]) * (i - lo);
};
const byDay = (rows) => {
  const days = new Map();
  for (const r of rows) { const d = r.time.slice(0, 10); days.set(d, [...(days.get(d) ?? []), r.value]); }
  return days;
};
const pearson = (x, y) => {
  const mx = mean(x); const my = mean(y);
  let sxy = 0; let sxx = 0; let syy = 0;
  for (let i = 0; i < x.length; i++) { sxy += (x[i] - mx) * (y[i] - my); sxx += (x[i] - mx) ** 2; syy += (y[i] - my) ** 2; }
  return sxx > 0 && syy > 0 ? sxy / Math.sqrt(sxx * syy) : null;
};
const run = () => {
  const series = input.series.map(seriesOf);
  const units = series.map((s) => s.unit);
  const [first, second] = series;
  if (input.statistic === 'correlation') {
    const a = byDay(first.rows); const b = byDay(second.rows);
    const days = [...a.keys()].filter((d) => b.has(d)).sort();
    const x = days.map((d) => mean(a.get(d))); const y = days.map((d) => mean(b.get(d)));
    return { statistic: input.statistic, value: days.length >= 3 ? pearson(x, y) : null, n: days.length, units };
  }
  const v = first.rows.map((r) => r.value);
  const n = v.length;
  let value = null;
  if (input.statistic === 'sd' && n >= 2) value = Math.sqrt(variance(v));
  if (input.statistic === 'variance' && n >= 2) value = variance(v);
  if (input.statistic === 'median' && n >= 1) value = quantile(v, 0.5);
  if (input.statistic === 'percentile' && n >= 1) value = quantile(v, input.percentile / 100);
  return { statistic: input.statistic, value, n, units };
};
run();
`.trim();

/** One series as `eval` is given it. */
export type StatisticSeries = { readings: { time: string; value: number; unit: string | null }[] } | { file: string };

/** The series of a data outcome: its numeric readings, or the file the harness kept the result in. */
export function seriesInput(o: ToolOutcome): StatisticSeries | null {
  if (o.ok && o.name === 'query_health_data') {
    return {
      readings: o.value.records.flatMap((r: ToolReading) =>
        r.parsed_value === null ? [] : [{ time: r.time, value: r.parsed_value, unit: r.unit }],
      ),
    };
  }
  if (!o.ok && o.offloaded) return { file: o.offloaded };
  return null;
}

/** The `eval` arguments for a statistic over one or two series. */
export function statisticCall(
  kind: StatisticKind,
  percentile: number | null,
  series: StatisticSeries[],
): { code: string; input: Record<string, unknown> } {
  return {
    code: STATISTIC_PROGRAM,
    input: { statistic: kind, ...(kind === 'percentile' ? { percentile: percentile ?? 50 } : {}), series },
  };
}

/** What the program returned, when it has the program's shape. */
export interface StatisticFigure {
  statistic: StatisticKind;
  value: number | null;
  n: number;
  units: (string | null)[];
}

export function statisticFigure(returned: unknown): StatisticFigure | null {
  // The sandbox may hand the value back as the JSON text it dumped.
  let result = returned;
  if (typeof returned === 'string') {
    try {
      result = JSON.parse(returned);
    } catch {
      return null;
    }
  }
  if (typeof result !== 'object' || result === null) return null;
  const r = result as Record<string, unknown>;
  if (typeof r.n !== 'number' || !(r.value === null || typeof r.value === 'number') || !Array.isArray(r.units))
    return null;
  return r as unknown as StatisticFigure;
}
