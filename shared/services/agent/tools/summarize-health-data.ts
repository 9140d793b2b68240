import * as z from 'zod/mini';
import type { SummarizeHealthDataResult } from '../../../domain/agent/tool-results';
import { SERIES_MAX_POINTS, STABLE_CHANGE_PERCENT, summarizeAllSeries } from '../../../domain/series/summarize-series';
import { optionalText, parseArgs, parseWindow, readMatching, resolveFilter, toToolReading } from './readings';
import type { BuiltinTool, ToolContext } from './types';

/** Readings one summary reads at most (the newest of the window); past it the result says so. */
export const SUMMARY_MAX_READINGS = 5000;
/** Series one summary returns at most, those with the most recent readings first. */
export const SUMMARY_MAX_SERIES = 40;
export const SUMMARY_MAX_POINTS = SERIES_MAX_POINTS;

/** `SummarizeHealthDataArgs` (shared/domain/agent/tool-results.ts), with `null` accepted for a field left out. */
const SummarizeHealthDataArgsSchema = z.object({
  indicator: optionalText(256),
  loinc_code: optionalText(16),
  from: optionalText(64),
  to: optionalText(64),
});

/** Per-series statistics (count, latest, min, max, mean, trend, chart points) over a window, from one set of readings each. */
export const summarizeHealthData: BuiltinTool = {
  name: 'summarize_health_data',
  description:
    "Summarize the user's stored health readings as series over a time window (default: all time). A series is one test " +
    '(one LOINC code, its mass and molar siblings together; readings without a code are grouped by their name). Every ' +
    "figure of a series comes from one set of readings: those in the series' `unit` (the one most readings carry) plus " +
    'those converted into it (`converted_count`: kg ↔ lb, °C ↔ °F, mg/dL ↔ mmol/L by molar mass); readings that cannot ' +
    'join (no unit, a unit that does not convert, a non-numeric value) are counted in `left_out` and must be mentioned, ' +
    'not mixed in. For each series: count, latest and earliest reading, min, max and mean, trend from the earliest to ' +
    `the latest value (stable when the change is under ${STABLE_CHANGE_PERCENT} %), abnormal count, reference range, and up to ` +
    `${SUMMARY_MAX_POINTS} points (oldest first, thinned keeping the first, last, lowest and highest) for a chart. ` +
    '`common_name` is the name people use for the test; title answers and charts with it. Without an indicator it ' +
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
  // Rows come newest first, and series are ordered by their latest reading: most recently measured first.
  const all = summarizeAllSeries(page.records.map(toToolReading));
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
