import type {
  ClinicalRecordFile,
  FamilyMember,
  QueryHealthDataResult,
  SeriesSummary,
  ToolReading,
} from '../../../domain/agent/tool-results';
import { type VisChartSpec, visChartBlock } from '../../../domain/agent/vis-chart';
import { comparisonCharts, countChart, seriesChart } from './charts';
import type { ToolOutcome } from './conversation';
import {
  cell,
  displayDate,
  formatChange,
  formatNumber,
  formatPercent,
  listJoin,
  plural,
  shortName,
  withUnit,
} from './format';
import type { IndicatorMention } from './indicators';
import { matchSeries } from './indicators';
import type { Intent } from './intents';
import { asksAboutReadings, catalogueOutcome, type OfferedTools, outcomesFor, seeksUnresolvedName } from './plan';
import type { QuestionAnalysis } from './question';
import { summarizeReadings } from './series-from-readings';

export interface ComposeInput {
  analysis: QuestionAnalysis;
  outcomes: readonly ToolOutcome[];
  offered: OfferedTools;
  /** The caller turned tools off (`tool_choice: none`). */
  toolsDisabled: boolean;
}

export const FOOTER = '_This is a rule-based summary of your records, not medical advice._';
const ADVICE =
  "I can't give medical advice or a diagnosis: I'm a rule-based engine that reports what your records show, so please discuss this with your clinician.";
/** Readings listed one per line before the rest is summarised as a count. */
const MAX_LISTED = 20;
const MAX_CATALOGUE_NAMES = 12;

/** What one test (or one unresolved name) gathered across the turn's tool calls. */
interface Topic {
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

function has(a: QuestionAnalysis, intent: Intent): boolean {
  return a.intents.includes(intent);
}

function inWindow(a: QuestionAnalysis): string {
  return a.window ? a.window.label : 'in your records';
}

function seriesKey(s: SeriesSummary): string {
  return `${s.name}|${s.loinc_code ?? ''}|${s.unit ?? ''}`;
}

function mergeQuery(results: QueryHealthDataResult[]): QueryHealthDataResult | null {
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
function topicOf(label: string, panel: string | null, outcomes: readonly ToolOutcome[]): Topic {
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
  if (!summarized) for (const s of summarizeReadings(listed.flatMap((r) => r.records))) series.set(seriesKey(s), s);
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

function referenceOf(low: number | null, high: number | null, text: string | null, unit: string | null): string | null {
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
  return `- Latest: **${withUnit(s.latest.value, s.unit)}** on ${displayDate(s.latest.time)}${status}${ref}.`;
}

const DIRECTION: Record<SeriesSummary['trend']['direction'], string> = {
  rising: 'rising',
  falling: 'falling',
  stable: 'stable',
  insufficient_data: 'too few readings to call a direction',
};

/** First and last numeric readings: the summary's earliest/latest when numeric, else the ends of its points. */
function ends(
  s: SeriesSummary,
): { first: { value: string; time: string }; last: { value: string; time: string } } | null {
  const firstPoint = s.points[0];
  const lastPoint = s.points.at(-1);
  const first =
    s.earliest.parsed_value !== null
      ? { value: s.earliest.value, time: s.earliest.time }
      : firstPoint
        ? { value: formatNumber(firstPoint.value), time: firstPoint.time }
        : null;
  const last =
    s.latest.parsed_value !== null
      ? { value: s.latest.value, time: s.latest.time }
      : lastPoint
        ? { value: formatNumber(lastPoint.value), time: lastPoint.time }
        : null;
  return first && last ? { first, last } : null;
}

function trendLine(s: SeriesSummary): string | null {
  const span = ends(s);
  if (!span || s.trend.change === null) return null;
  const pct = s.trend.change_percent !== null ? ` (${formatPercent(s.trend.change_percent)})` : '';
  return (
    `- Change: ${span.first.value} → ${withUnit(span.last.value, s.unit)} ` +
    `(${displayDate(span.first.time)} → ${displayDate(span.last.time)}): ` +
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

function readingLine(r: ToolReading): string {
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
function seriesLines(s: SeriesSummary, a: QuestionAnalysis, topic: Topic): string[] {
  const code = s.loinc_code ? ` (LOINC ${s.loinc_code})` : '';
  const count = plural(s.count, 'reading');
  const lines = [`**${s.name}**${code}: ${has(a, 'count') ? `**${count}**` : count} ${inWindow(a)}.`];
  lines.push(latestLine(s, a));
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
    lines.push(
      `- Average: **${withUnit(formatNumber(s.mean), s.unit)}** over ${plural(s.numeric_count, 'numeric reading')}.`,
    );
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

/** Whether a reading is one of a series' (same code, or same name when uncoded, and same unit). */
function belongs(r: ToolReading, s: SeriesSummary): boolean {
  const sameTest = s.loinc_code ? r.loinc_code === s.loinc_code : (r.canonical_name ?? r.indicator) === s.name;
  return sameTest && (s.unit === null || r.unit === null || r.unit === s.unit);
}

function comparisonTable(series: readonly SeriesSummary[]): string[] {
  const rows = series.map((s) => {
    const change =
      s.trend.change !== null && s.numeric_count >= 2 ? withUnit(formatChange(s.trend.change), s.unit) : '–';
    return `| ${cell(shortName(s.name))} | ${cell(withUnit(s.latest.value, s.unit))} | ${displayDate(s.latest.time)} | ${cell(change)} | ${s.count} |`;
  });
  return ['| Test | Latest | Date | Change | Readings |', '|---|---|---|---|---|', ...rows];
}

function noDataLine(label: string, a: QuestionAnalysis): string {
  return `I found no **${label}** readings ${inWindow(a)}.`;
}

function topicBlock(topic: Topic, a: QuestionAnalysis): string[] {
  if (topic.series.length === 0) {
    if (topic.failed) return [`I couldn't look up **${topic.label}**: ${topic.errors[0] ?? 'the lookup failed'}.`];
    return [noDataLine(topic.label, a)];
  }
  const blocks: string[] = [];
  for (const s of topic.series) blocks.push(seriesLines(s, a, topic).join('\n'));
  return blocks;
}

/** Sections for the tests the question named, panels grouped, with a comparison table when there are several. */
function namedTestsSection(a: QuestionAnalysis, outcomes: readonly ToolOutcome[], charts: VisChartSpec[]): string[] {
  const out: string[] = [];
  const all: SeriesSummary[] = [];
  const panels = new Map<string, { members: IndicatorMention[] }>();
  const order: (IndicatorMention | string)[] = [];
  for (const m of a.indicators) {
    if (!m.panel) {
      order.push(m);
      continue;
    }
    const entry = panels.get(m.panel);
    if (entry) entry.members.push(m);
    else {
      panels.set(m.panel, { members: [m] });
      order.push(m.panel);
    }
  }
  for (const item of order) {
    if (typeof item !== 'string') {
      const topic = topicOf(item.phrase, null, outcomesFor(item, outcomes));
      out.push(...topicBlock(topic, a));
      all.push(...topic.series);
      continue;
    }
    const members = panels.get(item)?.members ?? [];
    const topics = members.map((m) => ({ m, topic: topicOf(m.phrase, item, outcomesFor(m, outcomes)) }));
    const found = topics.filter((t) => t.topic.series.length > 0);
    if (found.length === 0) {
      const failed = topics.find((t) => t.topic.failed);
      out.push(
        failed && topics.every((t) => t.topic.failed)
          ? `I couldn't look up your **${item}**: ${failed.topic.errors[0] ?? 'the lookup failed'}.`
          : noDataLine(item, a),
      );
      continue;
    }
    out.push(`Your **${item}**:`);
    for (const t of found) {
      out.push(...topicBlock(t.topic, a));
      all.push(...t.topic.series);
    }
    const missing = topics.filter((t) => t.topic.series.length === 0).map((t) => t.m.name);
    if (missing.length) out.push(`No readings ${inWindow(a)} for: ${missing.map(shortName).join(', ')}.`);
  }
  if (all.length >= 2) out.push(comparisonTable(all).join('\n'));
  if (all.length === 1) {
    const chart = seriesChart(all[0] as SeriesSummary);
    if (chart) charts.push(chart);
  } else {
    charts.push(...comparisonCharts(all));
  }
  return out;
}

/** A question about something no test name resolved: the catalogue's matching series, or the tool's text search. */
function unresolvedSection(a: QuestionAnalysis, outcomes: readonly ToolOutcome[], charts: VisChartSpec[]): string[] {
  const asked = a.terms.map((t) => t.join(' '));
  const quoted = listJoin(asked.map((t) => `"${t}"`));
  const catalogue = catalogueOutcome(outcomes);
  const catalogueSeries = catalogue?.ok && catalogue.name === 'summarize_health_data' ? catalogue.value.series : null;
  const matched = catalogueSeries ? matchSeries(catalogueSeries, [], a.terms) : [];
  const out: string[] = [];
  let series: SeriesSummary[];
  let topicOutcomes: ToolOutcome[];
  if (matched.length > 0) {
    series = matched;
    topicOutcomes = outcomes.filter((o) => o !== catalogue && o.name === 'query_health_data');
  } else {
    topicOutcomes = outcomes.filter(
      (o) =>
        (o.name === 'summarize_health_data' || o.name === 'query_health_data') &&
        typeof o.args.indicator === 'string' &&
        asked.includes(o.args.indicator),
    );
    const topic = topicOf(asked[0] ?? '', null, topicOutcomes);
    series = topic.series;
  }
  if (series.length === 0) {
    if (catalogue && !catalogue.ok && topicOutcomes.every((o) => !o.ok)) {
      return [`I couldn't search your records for ${quoted}: ${catalogue.error}.`];
    }
    if (catalogueSeries && catalogueSeries.length === 0) {
      return [`I found no readings ${inWindow(a)}, so nothing matches ${quoted}.`];
    }
    out.push(`I couldn't match ${quoted} to any test in your records${a.window ? ` ${a.window.label}` : ''}.`);
    if (catalogueSeries?.length) {
      const names = catalogueSeries.slice(0, MAX_CATALOGUE_NAMES).map((s) => shortName(s.name));
      const more = catalogueSeries.length > names.length ? ', …' : '';
      out.push(
        `Your records ${a.window ? a.window.label : ''} include: ${names.join(', ')}${more}.`.replace(/ {2}/g, ' '),
      );
    }
    return out;
  }
  const topic: Topic = {
    label: asked[0] ?? '',
    panel: null,
    series,
    flagged: mergeQuery(
      topicOutcomes.flatMap((o) =>
        o.ok && o.name === 'query_health_data' && o.args.abnormal_only === true ? [o.value] : [],
      ),
    ),
    listed: mergeQuery(
      topicOutcomes.flatMap((o) =>
        o.ok && o.name === 'query_health_data' && o.args.abnormal_only !== true ? [o.value] : [],
      ),
    ),
    errors: [],
    failed: false,
  };
  if (matched.length > 0) out.push(`Matching ${quoted} against the names in your records:`);
  out.push(...topicBlock(topic, a));
  if (series.length >= 2) out.push(comparisonTable(series).join('\n'));
  if (series.length === 1) {
    const chart = seriesChart(series[0] as SeriesSummary);
    if (chart) charts.push(chart);
  } else charts.push(...comparisonCharts(series));
  return out;
}

/** Flagged readings across every test, grouped by test. */
function abnormalOverview(a: QuestionAnalysis, q: QueryHealthDataResult, charts: VisChartSpec[]): string[] {
  if (q.records.length === 0) {
    return [`I found no readings flagged abnormal or outside their reference range ${inWindow(a)}.`];
  }
  const shown = q.records.slice(0, MAX_LISTED * 2);
  const groups = new Map<string, ToolReading[]>();
  for (const r of shown) {
    const name = r.canonical_name ?? r.indicator;
    groups.set(name, [...(groups.get(name) ?? []), r]);
  }
  const more = q.total_matched > shown.length ? ` (the newest ${shown.length} are listed)` : '';
  const out = [
    `I found **${plural(q.total_matched, 'reading')}** flagged abnormal or outside their reference range ${inWindow(a)}${more}:`,
  ];
  for (const [name, readings] of groups) {
    out.push(
      `**${name}**${readings[0]?.loinc_code ? ` (LOINC ${readings[0].loinc_code})` : ''}:\n${readings.map((r) => `- ${readingLine(r)}`).join('\n')}`,
    );
  }
  const chart = countChart(
    'Flagged readings per test',
    new Map([...groups].map(([name, readings]) => [shortName(name), readings.length])),
    'Flagged readings',
  );
  if (chart) charts.push(chart);
  return out;
}

/** Every series in the window, as a table. */
function overviewSection(
  a: QuestionAnalysis,
  series: readonly SeriesSummary[],
  truncated: boolean,
  charts: VisChartSpec[],
): string[] {
  if (series.length === 0) return [`I found no readings ${inWindow(a)}.`];
  const withTrend = has(a, 'trend');
  const withFlags = has(a, 'abnormal') || series.some((s) => s.abnormal_count > 0);
  const header = [
    'Test',
    'Readings',
    'Latest',
    'Date',
    ...(withTrend ? ['Change'] : []),
    ...(withFlags ? ['Flagged'] : []),
  ];
  const rows = series.map((s) => {
    const change =
      s.trend.change !== null && s.numeric_count >= 2
        ? `${withUnit(formatChange(s.trend.change), s.unit)}${s.trend.change_percent !== null ? ` (${formatPercent(s.trend.change_percent)})` : ''}`
        : '–';
    const cells = [
      shortName(s.name),
      String(s.count),
      withUnit(s.latest.value, s.unit),
      displayDate(s.latest.time),
      ...(withTrend ? [change] : []),
      ...(withFlags ? [String(s.abnormal_count)] : []),
    ];
    return `| ${cells.map(cell).join(' | ')} |`;
  });
  const out = [
    `Your records ${a.window ? a.window.label : ''} hold ${plural(series.length, 'series', 'series')}:`.replace(
      / {2}/g,
      ' ',
    ),
    [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`, ...rows].join('\n'),
  ];
  if (truncated) out.push('Only part of your series fit in this summary; ask about a specific test for the rest.');
  if (has(a, 'abnormal')) {
    const chart = countChart(
      'Flagged readings per test',
      new Map(series.map((s) => [shortName(s.name), s.abnormal_count])),
      'Flagged readings',
    );
    if (chart) charts.push(chart);
    const flagged = series.filter((s) => s.abnormal_count > 0);
    if (flagged.length === 0) out.push(`None of these readings was flagged abnormal.`);
  }
  if (withTrend) charts.push(...comparisonCharts(series));
  return out;
}

function familySection(members: readonly FamilyMember[]): string[] {
  if (members.length === 0) return ['Your care circle has no family members yet.'];
  return [
    `Your care circle has ${plural(members.length, 'member')}:\n${members
      .map((m) => {
        const own = m.user ? ' (has their own records in HDS)' : '';
        const notes = m.notes.trim() ? `: ${m.notes.trim()}` : '';
        return `- **${m.name}** — ${m.relationship}${own}${notes}`;
      })
      .join('\n')}`,
  ];
}

function fileDate(createdAt: number): string {
  const ms = createdAt < 1e12 ? createdAt * 1000 : createdAt;
  return displayDate(new Date(ms).toISOString());
}

function filesSection(files: readonly ClinicalRecordFile[], truncated: boolean): string[] {
  if (files.length === 0) return ['I found no clinical record files in your account.'];
  const lines = files.map((f) => {
    const abstract = f.abstract.trim().replace(/\s+/g, ' ');
    const shortAbstract = abstract.length > 200 ? `${abstract.slice(0, 197)}…` : abstract;
    return (
      `- **${f.filename}** (${f.file_type}, ${f.status}, uploaded ${fileDate(f.created_at)}): ` +
      `${plural(f.readings, 'reading')} extracted${shortAbstract ? `. ${shortAbstract}` : '.'}`
    );
  });
  return [
    `You have ${plural(files.length, 'clinical record file')}${truncated ? ' (the list is cut short)' : ''}:\n${lines.join('\n')}`,
  ];
}

function recordSection(a: QuestionAnalysis, outcomes: readonly ToolOutcome[], offered: OfferedTools): string[] {
  const write = outcomes.find((o) => o.name === 'write_fhir_observation');
  if (!a.record) {
    return [
      'I couldn\'t find a reading to record in your message. Say it with a value, for example "record my weight 72 kg" or "log blood pressure 120/80 mmHg".',
    ];
  }
  if (!write) {
    return offered.has('write_fhir_observation')
      ? ['Nothing was recorded.']
      : ["I can't record readings in this conversation: the write tool isn't available here."];
  }
  if (!write.ok) return [`I couldn't record that reading: ${write.error}.`];
  if (write.name !== 'write_fhir_observation' || write.value.written.length === 0) return ['Nothing was recorded.'];
  return write.value.written.map(
    (r) =>
      `Recorded **${r.canonical_name ?? r.indicator}**${r.loinc_code ? ` (LOINC ${r.loinc_code})` : ''}: ` +
      `**${withUnit(r.value, r.unit)}** on ${displayDate(r.time)}.`,
  );
}

/** The failure of a listing tool, in words. */
function listingErrors(outcomes: readonly ToolOutcome[], name: string, what: string): string[] {
  return outcomes.flatMap((o) => (!o.ok && o.name === name ? [`I couldn't list ${what}: ${o.error}.`] : []));
}

/**
 * The answer, from the tool results only: every value, date and unit in it was read from a result; differences and
 * percentages are the tools' own. Charts follow the text, and one line closes it.
 */
export function composeAnswer({ analysis: a, outcomes, offered, toolsDisabled }: ComposeInput): string {
  const parts: string[] = [];
  const charts: VisChartSpec[] = [];
  if (has(a, 'advice')) parts.push(ADVICE);
  if (toolsDisabled && outcomes.length === 0) {
    parts.push(
      "Tools are switched off for this request, so I can't read your records and have nothing from your data to report.",
    );
    return [...parts, FOOTER].join('\n\n');
  }
  if (has(a, 'record')) parts.push(...recordSection(a, outcomes, offered));

  const family = outcomes.find((o) => o.ok && o.name === 'list_family_members');
  if (has(a, 'family') && !has(a, 'record')) {
    if (family?.ok && family.name === 'list_family_members') parts.push(...familySection(family.value.members));
    else if (!offered.has('list_family_members')) {
      parts.push("I can't list your care circle here: that tool isn't available in this conversation.");
    }
    parts.push(...listingErrors(outcomes, 'list_family_members', 'your care circle'));
  }
  const files = outcomes.find((o) => o.ok && o.name === 'list_clinical_records');
  if (has(a, 'files') && !has(a, 'record')) {
    if (files?.ok && files.name === 'list_clinical_records')
      parts.push(...filesSection(files.value.files, files.value.truncated));
    else if (!offered.has('list_clinical_records')) {
      parts.push("I can't list your clinical record files here: that tool isn't available in this conversation.");
    }
    parts.push(...listingErrors(outcomes, 'list_clinical_records', 'your files'));
  }

  if (!has(a, 'record') && asksAboutReadings(a)) {
    const dataOutcomes = outcomes.filter((o) => o.name === 'summarize_health_data' || o.name === 'query_health_data');
    if (dataOutcomes.length === 0 && !offered.has('summarize_health_data') && !offered.has('query_health_data')) {
      parts.push("I can't read your health data here: the data tools aren't available in this conversation.");
    } else if (a.indicators.length > 0) {
      if (has(a, 'family'))
        parts.push("The readings below are your own; I can only read your records, not a family member's.");
      parts.push(...namedTestsSection(a, dataOutcomes, charts));
    } else if (seeksUnresolvedName(a)) {
      parts.push(...unresolvedSection(a, dataOutcomes, charts));
    } else {
      const flagged = dataOutcomes.find(
        (o) => o.name === 'query_health_data' && o.args.abnormal_only === true && o.args.indicator === undefined,
      );
      const catalogue = catalogueOutcome(dataOutcomes);
      if (flagged?.ok && flagged.name === 'query_health_data')
        parts.push(...abnormalOverview(a, flagged.value, charts));
      else if (catalogue?.ok && catalogue.name === 'summarize_health_data') {
        parts.push(...overviewSection(a, catalogue.value.series, catalogue.value.truncated, charts));
      } else {
        const listed = dataOutcomes.find((o) => o.ok && o.name === 'query_health_data');
        if (listed?.ok && listed.name === 'query_health_data') {
          parts.push(...overviewSection(a, summarizeReadings(listed.value.records), listed.value.truncated, charts));
        }
        const failed = (flagged && !flagged.ok ? flagged : null) ?? (catalogue && !catalogue.ok ? catalogue : null);
        if (failed && !failed.ok) parts.push(`I couldn't read your records: ${failed.error}.`);
      }
    }
  }
  if (parts.length === 0 || (parts.length === 1 && has(a, 'advice'))) {
    parts.push('I had nothing to look up for this question, so there is nothing from your records to report.');
  }
  for (const chart of charts) parts.push(visChartBlock(chart));
  parts.push(FOOTER);
  return parts.join('\n\n');
}
