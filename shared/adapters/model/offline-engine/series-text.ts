import type {
  LeftOutReadings,
  QueryHealthDataResult,
  SeriesSummary,
  ToolReading,
} from '../../../domain/agent/tool-results';
import { seriesKeyOf, summarizeAllSeries } from '../../../domain/series/summarize-series';
import type { ToolOutcome } from './conversation';
import {
  cell,
  displayDate,
  displayUnit,
  formatChange,
  formatNumber,
  formatPercent,
  listJoin,
  plural,
  withUnit,
} from './format';
import type { Intent } from './intents';
import type { QuestionAnalysis } from './question';

/** The text about one test: its series, latest reading, change, range, flagged and listed readings. */

/** Readings listed one per line before the rest is summarised as a count. */
export const MAX_LISTED = 20;

/** What one test (or one unresolved name) gathered across the turn's tool calls. */
export interface Topic {
  /** As the person asked (`LDL`, `tsh`). */
  label: string;
  panel: string | null;
  series: SeriesSummary[];
  /** Flagged readings, when they were asked for. */
  flagged: QueryHealthDataResult | null;
  /** Plain readings, when a list was asked for. */
  listed: QueryHealthDataResult | null;
  errors: string[];
  /** Every lookup for it failed: nothing can be said about it. */
  failed: boolean;
}

export function has(a: QuestionAnalysis, intent: Intent): boolean {
  return a.intents.includes(intent);
}

export function inWindow(a: QuestionAnalysis): string {
  return a.window ? a.window.label : 'in your records';
}

function seriesKey(s: SeriesSummary): string {
  return `${s.name}|${s.loinc_code ?? ''}|${s.unit ?? ''}`;
}

export function mergeQuery(results: QueryHealthDataResult[]): QueryHealthDataResult | null {
  if (results.length === 0) return null;
  const seen = new Set<number>();
  const records: ToolReading[] = [];
  for (const r of results) {
    for (const reading of r.records) {
      if (seen.has(reading.id)) continue;
      seen.add(reading.id);
      records.push(reading);
    }
  }
  records.sort((x, y) => (x.time < y.time ? 1 : x.time > y.time ? -1 : x.id - y.id));
  return {
    resolved: results[0]?.resolved ?? { indicator: null, loinc_code: null, canonical_name: null },
    records,
    total_matched: results.reduce((n, r) => n + r.total_matched, 0),
    truncated: results.some((r) => r.truncated),
  };
}

/** Gathers the outcomes of one test: summaries (or summaries computed from readings), flagged and listed readings. */
export function topicOf(label: string, panel: string | null, outcomes: readonly ToolOutcome[]): Topic {
  const series = new Map<string, SeriesSummary>();
  const flagged: QueryHealthDataResult[] = [];
  const listed: QueryHealthDataResult[] = [];
  const errors: string[] = [];
  let summarized = false;
  for (const o of outcomes) {
    if (!o.ok) {
      errors.push(o.error);
      continue;
    }
    if (o.name === 'summarize_health_data') {
      summarized = true;
      for (const s of o.value.series) series.set(seriesKey(s), s);
    } else if (o.name === 'query_health_data') {
      (o.args.abnormal_only === true ? flagged : listed).push(o.value);
    }
  }
  // Without the summary tool the readings themselves are summarised.
  if (!summarized) for (const s of summarizeAllSeries(listed.flatMap((r) => r.records))) series.set(seriesKey(s), s);
  return {
    label,
    panel,
    series: [...series.values()],
    flagged: mergeQuery(flagged),
    listed: summarized ? mergeQuery(listed) : null,
    errors,
    failed: outcomes.length > 0 && outcomes.every((o) => !o.ok),
  };
}

export function referenceOf(
  low: number | null,
  high: number | null,
  text: string | null,
  unit: string | null,
): string | null {
  if (low !== null && high !== null) return withUnit(`${formatNumber(low)}–${formatNumber(high)}`, unit);
  if (high !== null) return `up to ${withUnit(formatNumber(high), unit)}`;
  if (low !== null) return `at least ${withUnit(formatNumber(low), unit)}`;
  return text?.trim() ? text.trim() : null;
}

function seriesReference(s: SeriesSummary): string | null {
  return referenceOf(s.reference.low, s.reference.high, s.reference.text, s.unit);
}

function latestLine(s: SeriesSummary, a: QuestionAnalysis): string {
  const reference = seriesReference(s);
  let status = '';
  if (s.latest.abnormal === true) status = ' — flagged abnormal';
  else if (s.latest.abnormal === false) status = reference ? ' — within its reference range' : ' — not flagged';
  else if (has(a, 'abnormal')) status = ' — no flag recorded';
  const ref = reference ? ` (reference ${reference})` : has(a, 'abnormal') ? ' (no reference range recorded)' : '';
  const converted = s.latest.converted_from
    ? `, converted from ${withUnit(s.latest.converted_from.value, s.latest.converted_from.unit)}`
    : '';
  return `- Latest: **${withUnit(s.latest.value, s.unit)}** on ${displayDate(s.latest.time)}${converted}${status}${ref}.`;
}

const LEFT_OUT_REASON: Record<LeftOutReadings['reason'], (unit: string | null) => string> = {
  no_unit: () => 'without a unit',
  other_unit: (unit) => `in ${displayUnit(unit) || 'another unit'}, which does not convert`,
  not_numeric: () => 'not a number',
};

/** What joined the figures from another unit, and what could not join them. */
function setLines(s: SeriesSummary): string[] {
  const lines: string[] = [];
  if (s.converted_count > 0) {
    lines.push(`- ${plural(s.converted_count, 'reading')} converted to ${displayUnit(s.unit)} to join the figures.`);
  }
  if (s.left_out.length > 0) {
    const total = s.left_out.reduce((n, l) => n + l.count, 0);
    const why = s.left_out.map((l) => `${l.count} ${LEFT_OUT_REASON[l.reason](l.unit)}`);
    lines.push(`- Left out of these figures: ${plural(total, 'reading')} (${listJoin(why)}).`);
  }
  return lines;
}

const DIRECTION: Record<SeriesSummary['trend']['direction'], string> = {
  rising: 'rising',
  falling: 'falling',
  stable: 'stable',
  insufficient_data: 'too few readings to call a direction',
};

/** First to latest reading of the series' set: the same two readings the change is computed from. */
function trendLine(s: SeriesSummary): string | null {
  if (s.trend.change === null) return null;
  const pct = s.trend.change_percent !== null ? ` (${formatPercent(s.trend.change_percent)})` : '';
  return (
    `- Change: ${s.earliest.value} → ${withUnit(s.latest.value, s.unit)} ` +
    `(${displayDate(s.earliest.time)} → ${displayDate(s.latest.time)}): ` +
    `${withUnit(formatChange(s.trend.change), s.unit)}${pct}, ${DIRECTION[s.trend.direction]}.`
  );
}

function extremesLine(s: SeriesSummary): string | null {
  if (!s.max || !s.min) return null;
  return (
    `- Highest: **${withUnit(formatNumber(s.max.value), s.unit)}** on ${displayDate(s.max.time)}; ` +
    `lowest: **${withUnit(formatNumber(s.min.value), s.unit)}** on ${displayDate(s.min.time)}.`
  );
}

export function readingLine(r: ToolReading): string {
  const reference = referenceOf(r.reference_low, r.reference_high, r.reference_text, r.unit);
  let where = '';
  if (r.parsed_value !== null && r.reference_high !== null && r.parsed_value > r.reference_high) {
    where = ', above the reference range';
  } else if (r.parsed_value !== null && r.reference_low !== null && r.parsed_value < r.reference_low) {
    where = ', below the reference range';
  } else if (r.abnormal === true) {
    where = ', flagged abnormal';
  }
  const ref = reference ? ` (reference ${reference})` : ' (no reference range recorded)';
  return `${displayDate(r.time)}: **${withUnit(r.value, r.unit)}**${where}${ref}`;
}

function flaggedLines(q: QueryHealthDataResult, a: QuestionAnalysis, indent = ''): string[] {
  if (q.records.length === 0) return [`${indent}- None of these readings was flagged abnormal ${inWindow(a)}.`];
  const shown = q.records.slice(0, MAX_LISTED);
  const more = q.total_matched > shown.length ? ` (the newest ${shown.length} of ${q.total_matched} are shown)` : '';
  return [
    `${indent}- Flagged abnormal: ${plural(q.total_matched, 'reading')}${more}:`,
    ...shown.map((r) => `${indent}  - ${readingLine(r)}`),
  ];
}

function listedLines(q: QueryHealthDataResult): string[] {
  if (q.records.length === 0) return [];
  const shown = q.records.slice(0, MAX_LISTED);
  const rows = shown.map((r) => {
    const flag = r.abnormal === true ? 'abnormal' : r.abnormal === false ? 'normal' : '–';
    return `| ${displayDate(r.time)} | ${cell(withUnit(r.value, r.unit))} | ${flag} |`;
  });
  const more = q.total_matched > shown.length ? [`Showing the newest ${shown.length} of ${q.total_matched}.`] : [];
  return ['', '| Date | Value | Flag |', '|---|---|---|', ...rows, ...more];
}

/** The lines about one series: always the latest reading, then what the question asked for. */
export function seriesLines(s: SeriesSummary, a: QuestionAnalysis, topic: Topic): string[] {
  const count = plural(s.count, 'reading');
  const lines = [`${headingOf(s)}: ${has(a, 'count') ? `**${count}**` : count} ${inWindow(a)}.`];
  lines.push(latestLine(s, a));
  lines.push(...setLines(s));
  const asked: Intent[] = ['trend', 'extremes', 'average', 'count', 'abnormal', 'list', 'latest'];
  const specific = asked.some((i) => has(a, i));
  const wantsTrend = has(a, 'trend') || has(a, 'compare') || !specific;
  const wantsExtremes = has(a, 'extremes') || has(a, 'trend') || !specific;
  if (s.numeric_count >= 2) {
    if (wantsTrend) {
      const line = trendLine(s);
      if (line) lines.push(line);
    }
    if (wantsExtremes) {
      const line = extremesLine(s);
      if (line) lines.push(line);
    }
  } else if (s.numeric_count === 1 && (has(a, 'trend') || has(a, 'extremes')) && s.max) {
    const only = `${withUnit(formatNumber(s.max.value), s.unit)} on ${displayDate(s.max.time)}`;
    lines.push(
      has(a, 'trend')
        ? `- Only one numeric reading ${inWindow(a)}: ${only}, so there is no trend to report.`
        : `- With a single numeric reading ${inWindow(a)}, ${only} is both the highest and the lowest.`,
    );
  } else if (has(a, 'trend') || has(a, 'extremes')) {
    lines.push(
      `- No numeric readings ${inWindow(a)}, so there is no ${has(a, 'trend') ? 'trend' : 'range'} to report.`,
    );
  }
  if (has(a, 'average') && s.mean !== null) {
    lines.push(`- Average: **${withUnit(formatNumber(s.mean), s.unit)}** over ${plural(s.numeric_count, 'reading')}.`);
  }
  if (has(a, 'abnormal') && topic.flagged) {
    const own = { ...topic.flagged, records: topic.flagged.records.filter((r) => belongs(r, s)) };
    if (topic.series.length > 1) own.total_matched = own.records.length;
    lines.push(...flaggedLines(own, a));
  } else if (s.abnormal_count > 0) {
    lines.push(`- ${plural(s.abnormal_count, 'reading')} flagged abnormal.`);
  } else if (has(a, 'abnormal')) {
    lines.push(`- None of these readings was flagged abnormal.`);
  }
  // A readings lookup that failed while the summary worked: say which part is missing.
  if ((has(a, 'abnormal') && !topic.flagged) || (has(a, 'list') && !topic.listed)) {
    const error = topic.errors[0];
    if (error) lines.push(`- I couldn't list the individual readings: ${error}.`);
  }
  if (topic.listed) {
    const own = { ...topic.listed, records: topic.listed.records.filter((r) => belongs(r, s)) };
    lines.push(...listedLines(own));
  }
  return lines;
}

/** Whether a reading is of a series' test (its code, a mass or molar sibling, or its name when uncoded). */
function belongs(r: ToolReading, s: SeriesSummary): boolean {
  return seriesKeyOf(r) === seriesKeyOf({ loinc_code: s.loinc_code, indicator: s.name });
}

/**
 * `**Vitamin D 25-OH** (Calcidiol [Mass/volume] in Serum or Plasma, LOINC 1989-3)`: the name people use, then the
 * canonical name and code once.
 */
export function headingOf(s: SeriesSummary): string {
  if (!s.loinc_code) return `**${s.name}**`;
  if (s.common_name === s.name) return `**${s.name}** (LOINC ${s.loinc_code})`;
  return `**${s.common_name}** (${s.name}, LOINC ${s.loinc_code})`;
}

export function comparisonTable(series: readonly SeriesSummary[]): string[] {
  const rows = series.map((s) => {
    const change =
      s.trend.change !== null && s.numeric_count >= 2 ? withUnit(formatChange(s.trend.change), s.unit) : '–';
    return `| ${cell(s.common_name)} | ${cell(withUnit(s.latest.value, s.unit))} | ${displayDate(s.latest.time)} | ${cell(change)} | ${s.count} |`;
  });
  return ['| Test | Latest | Date | Change | Readings |', '|---|---|---|---|---|', ...rows];
}

export function noDataLine(label: string, a: QuestionAnalysis): string {
  return `I found no **${label}** readings ${inWindow(a)}.`;
}

export function topicBlock(topic: Topic, a: QuestionAnalysis): string[] {
  if (topic.series.length === 0) {
    if (topic.failed) return [`I couldn't look up **${topic.label}**: ${topic.errors[0] ?? 'the lookup failed'}.`];
    return [noDataLine(topic.label, a)];
  }
  const blocks: string[] = [];
  for (const s of topic.series) blocks.push(seriesLines(s, a, topic).join('\n'));
  return blocks;
}
