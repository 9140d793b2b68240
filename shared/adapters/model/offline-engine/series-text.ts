import type { QueryHealthDataResult, SeriesSummary, ToolReading } from '../../../domain/agent/tool-results';
import { seriesKeyOf, summarizeAllSeries } from '../../../domain/series/summarize-series';
import type { ToolOutcome } from './conversation';
import { cell, displayUnit, formatChange, formatNumber, formatPercent, withUnit } from './format';
import type { Intent } from './intents';
import type { LatestStatus, Messages, ReadingPlace } from './messages/types';
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

/** The window of the question in the answer's words, or where the answer looked when it named none. */
export function inWindow(a: QuestionAnalysis, m: Messages): string {
  return a.window ? m.window(a.window.name) : m.allRecords;
}

/** The window in the answer's words, or null when the question named none. */
export function windowOf(a: QuestionAnalysis, m: Messages): string | null {
  return a.window ? m.window(a.window.name) : null;
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
  m: Messages,
): string | null {
  const u = m.unitWords;
  if (low !== null && high !== null) return withUnit(`${formatNumber(low)}–${formatNumber(high)}`, unit, u);
  if (high !== null) return m.referenceUpTo(withUnit(formatNumber(high), unit, u));
  if (low !== null) return m.referenceAtLeast(withUnit(formatNumber(low), unit, u));
  return text?.trim() ? text.trim() : null;
}

function seriesReference(s: SeriesSummary, m: Messages): string | null {
  return referenceOf(s.reference.low, s.reference.high, s.reference.text, s.unit, m);
}

function latestLine(s: SeriesSummary, a: QuestionAnalysis, m: Messages): string {
  const reference = seriesReference(s, m);
  let status: LatestStatus = null;
  if (s.latest.abnormal === true) status = 'flagged';
  else if (s.latest.abnormal === false) status = reference ? 'inRange' : 'notFlagged';
  else if (has(a, 'abnormal')) status = 'noFlag';
  const from = s.latest.converted_from;
  return m.latest({
    value: withUnit(s.latest.value, s.unit, m.unitWords),
    date: m.date(s.latest.time),
    convertedFrom: from ? withUnit(from.value, from.unit, m.unitWords) : null,
    status,
    reference,
    noReference: has(a, 'abnormal'),
  });
}

/** What joined the figures from another unit, and what could not join them. */
function setLines(s: SeriesSummary, m: Messages): string[] {
  const lines: string[] = [];
  if (s.converted_count > 0) lines.push(m.converted(s.converted_count, displayUnit(s.unit, m.unitWords)));
  if (s.left_out.length > 0) {
    const total = s.left_out.reduce((n, l) => n + l.count, 0);
    const parts = s.left_out.map((l) => ({ count: l.count, reason: l.reason, unit: displayUnit(l.unit, m.unitWords) }));
    lines.push(m.leftOut(total, parts));
  }
  return lines;
}

/** First to latest reading of the series' set: the same two readings the change is computed from. */
function trendLine(s: SeriesSummary, m: Messages): string | null {
  if (s.trend.change === null) return null;
  return m.change({
    first: s.earliest.value,
    last: withUnit(s.latest.value, s.unit, m.unitWords),
    firstDate: m.date(s.earliest.time),
    lastDate: m.date(s.latest.time),
    change: withUnit(formatChange(s.trend.change), s.unit, m.unitWords),
    percent: s.trend.change_percent !== null ? formatPercent(s.trend.change_percent) : null,
    direction: s.trend.direction,
  });
}

function extremesLine(s: SeriesSummary, m: Messages): string | null {
  if (!s.max || !s.min) return null;
  return m.extremes({
    highest: withUnit(formatNumber(s.max.value), s.unit, m.unitWords),
    highestDate: m.date(s.max.time),
    lowest: withUnit(formatNumber(s.min.value), s.unit, m.unitWords),
    lowestDate: m.date(s.min.time),
  });
}

export function readingLine(r: ToolReading, m: Messages): string {
  const reference = referenceOf(r.reference_low, r.reference_high, r.reference_text, r.unit, m);
  let place: ReadingPlace = null;
  if (r.parsed_value !== null && r.reference_high !== null && r.parsed_value > r.reference_high) place = 'above';
  else if (r.parsed_value !== null && r.reference_low !== null && r.parsed_value < r.reference_low) place = 'below';
  else if (r.abnormal === true) place = 'flagged';
  return m.reading({ date: m.date(r.time), value: withUnit(r.value, r.unit, m.unitWords), place, reference });
}

function flaggedLines(q: QueryHealthDataResult, a: QuestionAnalysis, m: Messages, indent = ''): string[] {
  if (q.records.length === 0) return [`${indent}${m.noneFlaggedIn(inWindow(a, m))}`];
  const shown = q.records.slice(0, MAX_LISTED);
  return [
    `${indent}${m.flaggedList(q.total_matched, q.total_matched > shown.length ? shown.length : null)}`,
    ...shown.map((r) => `${indent}  - ${readingLine(r, m)}`),
  ];
}

function listedLines(q: QueryHealthDataResult, m: Messages): string[] {
  if (q.records.length === 0) return [];
  const shown = q.records.slice(0, MAX_LISTED);
  const rows = shown.map((r) => {
    const flag = r.abnormal === true ? m.flagWords.abnormal : r.abnormal === false ? m.flagWords.normal : '–';
    return `| ${m.date(r.time)} | ${cell(withUnit(r.value, r.unit, m.unitWords))} | ${cell(flag)} |`;
  });
  const more = q.total_matched > shown.length ? [m.showingNewest(shown.length, q.total_matched)] : [];
  const c = m.readingColumns;
  return ['', `| ${c.date} | ${c.value} | ${c.flag} |`, '|---|---|---|', ...rows, ...more];
}

/** The lines about one series: always the latest reading, then what the question asked for. */
export function seriesLines(s: SeriesSummary, a: QuestionAnalysis, topic: Topic, m: Messages): string[] {
  const where = inWindow(a, m);
  const lines = [m.seriesHeading(headingOf(s), s.count, where, has(a, 'count'))];
  lines.push(latestLine(s, a, m));
  lines.push(...setLines(s, m));
  const asked: Intent[] = ['trend', 'extremes', 'average', 'count', 'abnormal', 'list', 'latest'];
  const specific = asked.some((i) => has(a, i));
  const wantsTrend = has(a, 'trend') || has(a, 'compare') || !specific;
  const wantsExtremes = has(a, 'extremes') || has(a, 'trend') || !specific;
  if (s.numeric_count >= 2) {
    if (wantsTrend) {
      const line = trendLine(s, m);
      if (line) lines.push(line);
    }
    if (wantsExtremes) {
      const line = extremesLine(s, m);
      if (line) lines.push(line);
    }
  } else if (s.numeric_count === 1 && (has(a, 'trend') || has(a, 'extremes')) && s.max) {
    const value = withUnit(formatNumber(s.max.value), s.unit, m.unitWords);
    const date = m.date(s.max.time);
    lines.push(has(a, 'trend') ? m.onlyOneReading(where, value, date) : m.singleExtreme(where, value, date));
  } else if (has(a, 'trend') || has(a, 'extremes')) {
    lines.push(m.noNumericReadings(where, has(a, 'trend') ? 'trend' : 'range'));
  }
  if (has(a, 'average') && s.mean !== null) {
    lines.push(m.average(withUnit(formatNumber(s.mean), s.unit, m.unitWords), s.numeric_count));
  }
  if (has(a, 'abnormal') && topic.flagged) {
    const own = { ...topic.flagged, records: topic.flagged.records.filter((r) => belongs(r, s)) };
    if (topic.series.length > 1) own.total_matched = own.records.length;
    lines.push(...flaggedLines(own, a, m));
  } else if (s.abnormal_count > 0) {
    lines.push(m.flaggedCount(s.abnormal_count));
  } else if (has(a, 'abnormal')) {
    lines.push(`- ${m.noneFlagged}`);
  }
  // A readings lookup that failed while the summary worked: say which part is missing.
  if ((has(a, 'abnormal') && !topic.flagged) || (has(a, 'list') && !topic.listed)) {
    const error = topic.errors[0];
    if (error) lines.push(m.couldNotListReadings(error));
  }
  if (topic.listed) {
    const own = { ...topic.listed, records: topic.listed.records.filter((r) => belongs(r, s)) };
    lines.push(...listedLines(own, m));
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

export function comparisonTable(series: readonly SeriesSummary[], m: Messages): string[] {
  const rows = series.map((s) => {
    const change =
      s.trend.change !== null && s.numeric_count >= 2
        ? withUnit(formatChange(s.trend.change), s.unit, m.unitWords)
        : '–';
    const latest = withUnit(s.latest.value, s.unit, m.unitWords);
    return `| ${cell(s.common_name)} | ${cell(latest)} | ${m.date(s.latest.time)} | ${cell(change)} | ${s.count} |`;
  });
  const c = m.comparisonColumns;
  return [`| ${c.test} | ${c.latest} | ${c.date} | ${c.change} | ${c.readings} |`, '|---|---|---|---|---|', ...rows];
}

export function noDataLine(label: string, a: QuestionAnalysis, m: Messages): string {
  return m.noData(label, inWindow(a, m));
}

export function topicBlock(topic: Topic, a: QuestionAnalysis, m: Messages): string[] {
  if (topic.series.length === 0) {
    if (topic.failed) return [m.lookupFailedFor(topic.label, topic.errors[0] ?? m.lookupFailed)];
    return [noDataLine(topic.label, a, m)];
  }
  const blocks: string[] = [];
  for (const s of topic.series) blocks.push(seriesLines(s, a, topic, m).join('\n'));
  return blocks;
}
