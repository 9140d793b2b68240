import type { QueryHealthDataResult, SeriesSummary, ToolReading } from '../../../domain/agent/tool-results';
import { type VisChartSpec, visChartBlock } from '../../../domain/agent/vis-chart';
import { summarizeAllSeries } from '../../../domain/series/summarize-series';
import { commonNameOf } from '../../../domain/standardization/common-name';
import { comparisonCharts, countChart, seriesChart } from './charts';
import type { ToolOutcome } from './conversation';
import { cell, displayDate, formatChange, formatPercent, listJoin, plural, shortName, withUnit } from './format';
import { type IndicatorMention, matchSeries } from './indicators';
import { familySection, filesSection, listingErrors, recordSection } from './listing-sections';
import {
  asksAboutReadings,
  catalogueOutcome,
  foundAnything,
  type OfferedTools,
  outcomesFor,
  seeksUnresolvedName,
} from './plan';
import type { QuestionAnalysis } from './question';
import {
  comparisonTable,
  has,
  inWindow,
  MAX_LISTED,
  mergeQuery,
  noDataLine,
  readingLine,
  type Topic,
  topicBlock,
  topicOf,
} from './series-text';

export interface ComposeInput {
  analysis: QuestionAnalysis;
  outcomes: readonly ToolOutcome[];
  offered: OfferedTools;
  /** The caller turned tools off (`tool_choice: none`). */
  toolsDisabled: boolean;
}

/** The answer to an entry that asks nothing. */
export const JOURNAL_ACKNOWLEDGEMENT = 'Noted, thanks.';

export const FOOTER = '_This is a rule-based summary of your records, not medical advice._';
const ADVICE =
  "I can't give medical advice or a diagnosis: I'm a rule-based engine that reports what your records show, so please discuss this with your clinician.";
const MAX_CATALOGUE_NAMES = 12;

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
      const names = catalogueSeries.slice(0, MAX_CATALOGUE_NAMES).map((s) => s.common_name);
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
    new Map(
      [...groups].map(([name, readings]) => [
        commonNameOf(readings[0]?.loinc_code ?? null, shortName(name)),
        readings.length,
      ]),
    ),
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
      s.common_name,
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
      new Map(series.map((s) => [s.common_name, s.abnormal_count])),
      'Flagged readings',
    );
    if (chart) charts.push(chart);
    const flagged = series.filter((s) => s.abnormal_count > 0);
    if (flagged.length === 0) out.push(`None of these readings was flagged abnormal.`);
  }
  if (withTrend) charts.push(...comparisonCharts(series));
  return out;
}

/**
 * The answer, from the tool results only: every value, date and unit in it was read from a result; differences and
 * percentages are the tools' own. Charts follow the text, and one line closes it.
 */
export function composeAnswer({ analysis: a, outcomes, offered, toolsDisabled }: ComposeInput): string {
  const parts: string[] = [];
  const charts: VisChartSpec[] = [];
  // A journal entry is acknowledged in one line; what it reports is read from the stored turn afterwards (memory).
  if (has(a, 'journal')) return JOURNAL_ACKNOWLEDGEMENT;
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
      parts.push(...filesSection(files.value.files, files.value.truncated, has(a, 'latest')));
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
      parts.push(...heldInsteadLine(a, dataOutcomes));
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
          parts.push(...overviewSection(a, summarizeAllSeries(listed.value.records), listed.value.truncated, charts));
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

/** When a named test had nothing recorded, what the records do hold (from the catalogue the engine then asked for). */
function heldInsteadLine(a: QuestionAnalysis, outcomes: readonly ToolOutcome[]): string[] {
  if (a.indicators.every((m) => foundAnything(m, outcomes))) return [];
  const catalogue = catalogueOutcome(outcomes);
  if (!catalogue?.ok || catalogue.name !== 'summarize_health_data' || catalogue.value.series.length === 0) return [];
  const series = catalogue.value.series;
  const names = series.slice(0, MAX_CATALOGUE_NAMES).map((s) => s.common_name);
  const more = series.length > names.length ? ', …' : '';
  return [`Your records ${a.window ? `${a.window.label} ` : ''}do hold: ${names.join(', ')}${more}.`];
}
