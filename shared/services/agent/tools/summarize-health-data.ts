import * as z from 'zod/mini';
import type {
  SeriesPoint,
  SeriesSummary,
  SummarizeHealthDataResult,
  TrendDirection,
} from '../../../domain/agent/tool-results';
import { type HealthRecord, isAbnormal } from '../../../domain/records';
import { conceptByCode } from '../../../domain/standardization';
import { numeric, optionalText, parseArgs, parseWindow, readMatching, resolveFilter } from './readings';
import type { BuiltinTool, ToolContext } from './types';

/** Readings one summary reads at most (the newest of the window); past it the result says so. */
export const SUMMARY_MAX_READINGS = 5000;
/** Series one summary returns at most, those with the most recent readings first. */
export const SUMMARY_MAX_SERIES = 40;
/** Points per series after even thinning. */
export const SUMMARY_MAX_POINTS = 60;
/** A change smaller than this (in percent of the earliest value) is `stable`. */
export const STABLE_CHANGE_PERCENT = 5;

/** `SummarizeHealthDataArgs` (shared/domain/agent/tool-results.ts), with `null` accepted for a field left out. */
const SummarizeHealthDataArgsSchema = z.object({
  indicator: optionalText(256),
  loinc_code: optionalText(16),
  from: optionalText(64),
  to: optionalText(64),
});

/** Per-series statistics (count, latest, min, max, mean, trend, evenly thinned points) over a window. */
export const summarizeHealthData: BuiltinTool = {
  name: 'summarize_health_data',
  description:
    "Summarize the user's stored health readings as series over a time window (default: all time). A series is one test " +
    '(same LOINC code; readings without a code are grouped by their name). For each series: count, latest and earliest ' +
    "reading, min, max and mean (over readings in the series' most common unit, which `unit` names), trend from the " +
    `earliest to the latest value (stable when the change is under ${STABLE_CHANGE_PERCENT} %), abnormal count, reference range, ` +
    `and up to ${SUMMARY_MAX_POINTS} points (oldest first, evenly thinned) suitable for a chart. Without an indicator it ` +
    `summarizes every series, most recently measured first (at most ${SUMMARY_MAX_SERIES}). Prefer it over query_health_data ` +
    'for trends, averages and "how has X changed" questions.',
  parameters: {
    type: 'object',
    properties: {
      indicator: {
        type: 'string',
        description:
          'The test or measurement, e.g. "LDL", "blood sugar", "weight", "resting heart rate". Resolved to its LOINC code and ' +
          'also matched as text. Omit to summarize every series.',
      },
      loinc_code: { type: 'string', description: 'An exact LOINC code such as "2089-1", when known.' },
      from: {
        type: 'string',
        description:
          'Start of the window, inclusive: ISO 8601 date ("2026-01-01") or timestamp ("2026-01-01T00:00:00Z"; UTC when no offset). Omit for all time.',
      },
      to: {
        type: 'string',
        description: 'End of the window, inclusive; a date alone covers that whole day. Omit for up to now.',
      },
    },
    additionalProperties: false,
  },
  run: (args, ctx) => summarizeHealthDataRun(args, ctx),
};

async function summarizeHealthDataRun(raw: unknown, ctx: ToolContext): Promise<SummarizeHealthDataResult> {
  const args = parseArgs(SummarizeHealthDataArgsSchema, raw);
  const window = parseWindow(args.from, args.to);
  const { codes, text } = resolveFilter(args.indicator, args.loinc_code);
  const page = await readMatching(
    ctx,
    { ...window, codes, text, abnormalOnly: false },
    SUMMARY_MAX_READINGS,
    SUMMARY_MAX_READINGS,
  );
  const groups = new Map<string, HealthRecord[]>();
  for (const r of page.records) {
    const key = r.loincCode ?? `name:${r.indicator.trim().toLowerCase()}`;
    const rows = groups.get(key);
    if (rows) rows.push(r);
    else groups.set(key, [r]);
  }
  // Rows come newest first, so the first row of each group is its latest: Map order is most recent first.
  const all = [...groups.values()].map(summarizeSeries);
  const readingsCapped = page.hasMore || page.totalCapped;
  return {
    window,
    series: all.slice(0, SUMMARY_MAX_SERIES),
    truncated: all.length > SUMMARY_MAX_SERIES || readingsCapped,
    ...(readingsCapped
      ? {
          note: `Only the newest ${page.records.length} readings of the window were summarized; narrow from/to to summarize older ones.`,
        }
      : {}),
  };
}

/** One series from its rows, newest first. */
export function summarizeSeries(newestFirst: HealthRecord[]): SeriesSummary & { other_unit_count?: number } {
  const rows = [...newestFirst].reverse();
  const latest = newestFirst[0]!;
  const earliest = rows[0]!;
  const numericRows = rows.filter((r) => numeric(r.parsedValue) !== null);
  const unit = commonUnit(numericRows.length > 0 ? numericRows : rows);
  const points: SeriesPoint[] = numericRows
    .filter((r) => r.parsedUnit === unit)
    .map((r) => ({ time: r.time, value: numeric(r.parsedValue)! }));
  const otherUnits = numericRows.length - points.length;
  const withReference = newestFirst.find(
    (r) => r.referenceLow !== null || r.referenceHigh !== null || r.referenceText !== null,
  );
  return {
    name: latest.loincCode
      ? (latest.canonicalName ?? conceptByCode(latest.loincCode)?.display ?? latest.indicator)
      : latest.indicator,
    loinc_code: latest.loincCode,
    unit,
    count: rows.length,
    numeric_count: points.length,
    latest: {
      value: latest.value,
      parsed_value: numeric(latest.parsedValue),
      time: latest.time,
      abnormal: latest.abnormal,
    },
    earliest: { value: earliest.value, parsed_value: numeric(earliest.parsedValue), time: earliest.time },
    min: extreme(points, (a, b) => a < b),
    max: extreme(points, (a, b) => a > b),
    mean: points.length > 0 ? round(points.reduce((s, p) => s + p.value, 0) / points.length) : null,
    trend: trendOf(points),
    abnormal_count: rows.filter(isAbnormal).length,
    reference: {
      low: withReference?.referenceLow ?? null,
      high: withReference?.referenceHigh ?? null,
      text: withReference?.referenceText ?? null,
    },
    points: thinEvenly(points, SUMMARY_MAX_POINTS),
    ...(otherUnits > 0 ? { other_unit_count: otherUnits } : {}),
  };
}

/** The unit most rows carry; a tie goes to the unit of the most recent of them. */
function commonUnit(oldestFirst: HealthRecord[]): string | null {
  const counts = new Map<string | null, { n: number; last: number }>();
  oldestFirst.forEach((r, i) => {
    const c = counts.get(r.parsedUnit) ?? { n: 0, last: 0 };
    counts.set(r.parsedUnit, { n: c.n + 1, last: i });
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

/** The first point (oldest) that beats every other by `better`. */
function extreme(points: SeriesPoint[], better: (a: number, b: number) => boolean): SeriesPoint | null {
  let found: SeriesPoint | null = null;
  for (const p of points) if (!found || better(p.value, found.value)) found = p;
  return found;
}

/** Earliest against latest value of the series' unit. */
export function trendOf(points: SeriesPoint[]): SeriesSummary['trend'] {
  if (points.length < 2) return { direction: 'insufficient_data', change: null, change_percent: null };
  const first = points[0]!.value;
  const change = points[points.length - 1]!.value - first;
  const percent = first === 0 ? null : (change / Math.abs(first)) * 100;
  let direction: TrendDirection;
  if (percent === null) direction = change === 0 ? 'stable' : change > 0 ? 'rising' : 'falling';
  else if (Math.abs(percent) < STABLE_CHANGE_PERCENT) direction = 'stable';
  else direction = change > 0 ? 'rising' : 'falling';
  return { direction, change: round(change), change_percent: percent === null ? null : Math.round(percent * 10) / 10 };
}

/** At most `max` points spread evenly over the series, the first and the last always kept. */
export function thinEvenly<T>(items: T[], max: number): T[] {
  if (items.length <= max) return items;
  if (max <= 1) return items.slice(-1);
  const out: T[] = [];
  for (let i = 0; i < max; i++) out.push(items[Math.round((i * (items.length - 1)) / (max - 1))]!);
  return out;
}

/** Six significant digits: enough for any clinical value, without binary noise such as 5.300000000000001. */
function round(n: number): number {
  return Number(n.toPrecision(6));
}
