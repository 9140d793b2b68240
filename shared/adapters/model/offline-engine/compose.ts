import { commonNameOf } from '#standardization';
import type { QueryHealthDataResult, SeriesSummary, ToolReading } from '../../../domain/agent/tool-results';
import { type VisChartSpec, visChartBlock } from '../../../domain/agent/vis-chart';
import { summarizeAllSeries } from '../../../domain/series/summarize-series';
import { comparisonCharts, flaggedChart, seriesChart } from './charts';
import type { ToolOutcome } from './conversation';
import { cell, formatChange, formatPercent, shortName, withUnit } from './format';
import { type IndicatorMention, matchSeries, type PanelLabel } from './indicators';
import { knowledgeSections, statisticSection } from './knowledge-answer';
import { familySection, filesSection, listingErrors, recordSection } from './listing-sections';
import { EN } from './messages/en';
import { messagesFor } from './messages/index';
import type { Messages } from './messages/types';
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
  windowOf,
} from './series-text';

export interface ComposeInput {
  analysis: QuestionAnalysis;
  outcomes: readonly ToolOutcome[];
  offered: OfferedTools;
  /** The caller turned tools off (`tool_choice: none`). */
  toolsDisabled: boolean;
}

/** The answer to an entry that asks nothing, in English; each language has its own in its catalogue. */
export const JOURNAL_ACKNOWLEDGEMENT = EN.journalAcknowledgement;

/** The line closing every English answer. */
export const FOOTER = EN.footer;
const MAX_CATALOGUE_NAMES = 12;

/** Sections for the tests the question named, panels grouped, with a comparison table when there are several. */
function namedTestsSection(
  a: QuestionAnalysis,
  outcomes: readonly ToolOutcome[],
  charts: VisChartSpec[],
  m: Messages,
): string[] {
  const out: string[] = [];
  const all: SeriesSummary[] = [];
  const panels = new Map<PanelLabel, { members: IndicatorMention[] }>();
  const order: (IndicatorMention | PanelLabel)[] = [];
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
      const topic = topicOf(item.label, null, outcomesFor(item, outcomes));
      out.push(...topicBlock(topic, a, m));
      all.push(...topic.series);
      continue;
    }
    const panel = m.panels[item];
    const members = panels.get(item)?.members ?? [];
    const topics = members.map((member) => ({
      member,
      topic: topicOf(member.label, item, outcomesFor(member, outcomes)),
    }));
    const found = topics.filter((t) => t.topic.series.length > 0);
    if (found.length === 0) {
      const failed = topics.find((t) => t.topic.failed);
      out.push(
        failed && topics.every((t) => t.topic.failed)
          ? m.panelLookupFailed(panel, failed.topic.errors[0] ?? m.lookupFailed)
          : noDataLine(panel, a, m),
      );
      continue;
    }
    out.push(m.panelHeading(panel));
    for (const t of found) {
      out.push(...topicBlock(t.topic, a, m));
      all.push(...t.topic.series);
    }
    const missing = topics.filter((t) => t.topic.series.length === 0).map((t) => t.member.name);
    if (missing.length) out.push(m.missingMembers(inWindow(a, m), missing.map(shortName).join(', ')));
  }
  if (all.length >= 2) out.push(comparisonTable(all, m).join('\n'));
  if (all.length === 1) {
    const chart = seriesChart(all[0] as SeriesSummary, m);
    if (chart) charts.push(chart);
  } else {
    charts.push(...comparisonCharts(all, m));
  }
  return out;
}

/** A question about something no test name resolved: the catalogue's matching series, or the tool's text search. */
function unresolvedSection(
  a: QuestionAnalysis,
  outcomes: readonly ToolOutcome[],
  charts: VisChartSpec[],
  m: Messages,
): string[] {
  const asked = a.terms.map((t) => t.join(' '));
  const quoted = m.list(asked.map(m.quote));
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
      return [m.searchFailed(quoted, catalogue.error)];
    }
    if (catalogueSeries && catalogueSeries.length === 0) {
      return [m.nothingToMatch(inWindow(a, m), quoted)];
    }
    out.push(m.noMatch(quoted, windowOf(a, m)));
    if (catalogueSeries?.length) {
      const names = catalogueSeries.slice(0, MAX_CATALOGUE_NAMES).map((s) => s.common_name);
      const more = catalogueSeries.length > names.length ? ', …' : '';
      out.push(m.recordsInclude(windowOf(a, m), `${names.join(', ')}${more}`));
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
  if (matched.length > 0) out.push(m.matching(quoted));
  out.push(...topicBlock(topic, a, m));
  if (series.length >= 2) out.push(comparisonTable(series, m).join('\n'));
  if (series.length === 1) {
    const chart = seriesChart(series[0] as SeriesSummary, m);
    if (chart) charts.push(chart);
  } else charts.push(...comparisonCharts(series, m));
  return out;
}

/** Flagged readings across every test, grouped by test. */
function abnormalOverview(
  a: QuestionAnalysis,
  q: QueryHealthDataResult,
  charts: VisChartSpec[],
  m: Messages,
): string[] {
  if (q.records.length === 0) return [m.noFlaggedReadings(inWindow(a, m))];
  const shown = q.records.slice(0, MAX_LISTED * 2);
  const groups = new Map<string, ToolReading[]>();
  for (const r of shown) {
    const name = r.canonical_name ?? r.indicator;
    groups.set(name, [...(groups.get(name) ?? []), r]);
  }
  const out = [
    m.flaggedReadings(q.total_matched, inWindow(a, m), q.total_matched > shown.length ? shown.length : null),
  ];
  for (const [name, readings] of groups) {
    const lines = readings.map((r) => `- ${readingLine(r, m)}`);
    out.push(`${m.flaggedGroup(name, readings[0]?.loinc_code ?? null)}\n${lines.join('\n')}`);
  }
  const chart = flaggedChart(
    new Map(
      [...groups].map(([name, readings]) => [
        commonNameOf(readings[0]?.loinc_code ?? null, shortName(name)),
        readings.length,
      ]),
    ),
    m,
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
  m: Messages,
): string[] {
  if (series.length === 0) return [m.noReadings(inWindow(a, m))];
  const withTrend = has(a, 'trend');
  const withFlags = has(a, 'abnormal') || series.some((s) => s.abnormal_count > 0);
  const c = m.overviewColumns;
  const header = [
    c.test,
    c.readings,
    c.latest,
    c.date,
    ...(withTrend ? [c.change] : []),
    ...(withFlags ? [c.flagged] : []),
  ];
  const rows = series.map((s) => {
    const change =
      s.trend.change !== null && s.numeric_count >= 2
        ? `${withUnit(formatChange(s.trend.change), s.unit, m.unitWords)}${s.trend.change_percent !== null ? ` (${formatPercent(s.trend.change_percent)})` : ''}`
        : '–';
    const cells = [
      s.common_name,
      String(s.count),
      withUnit(s.latest.value, s.unit, m.unitWords),
      m.date(s.latest.time),
      ...(withTrend ? [change] : []),
      ...(withFlags ? [String(s.abnormal_count)] : []),
    ];
    return `| ${cells.map(cell).join(' | ')} |`;
  });
  const out = [
    m.overviewHeading(windowOf(a, m), series.length),
    [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`, ...rows].join('\n'),
  ];
  if (truncated) out.push(m.overviewTruncated);
  if (has(a, 'abnormal')) {
    const chart = flaggedChart(new Map(series.map((s) => [s.common_name, s.abnormal_count])), m);
    if (chart) charts.push(chart);
    const flagged = series.filter((s) => s.abnormal_count > 0);
    if (flagged.length === 0) out.push(m.noneFlagged);
  }
  if (withTrend) charts.push(...comparisonCharts(series, m));
  return out;
}

/**
 * The answer, from the tool results only: every value, date and unit in it was read from a result; differences and
 * percentages are the tools' own. Charts follow the text, and one line closes it.
 */
export function composeAnswer({ analysis: a, outcomes, offered, toolsDisabled }: ComposeInput): string {
  const m = messagesFor(a.language);
  const parts: string[] = [];
  const charts: VisChartSpec[] = [];
  // A journal entry is acknowledged in one line; what it reports is read from the stored turn afterwards (memory).
  if (has(a, 'journal')) return m.journalAcknowledgement;
  if (has(a, 'advice')) parts.push(m.advice);
  if (toolsDisabled && outcomes.length === 0) {
    parts.push(m.toolsOff);
    return [...parts, m.footer].join('\n\n');
  }
  parts.push(...knowledgeSections(a, outcomes, m));
  if (has(a, 'statistic')) parts.push(...statisticSection(a, outcomes, m));
  if (has(a, 'record')) parts.push(...recordSection(a, outcomes, offered, m));

  const family = outcomes.find((o) => o.ok && o.name === 'list_family_members');
  if (has(a, 'family') && !has(a, 'record')) {
    if (family?.ok && family.name === 'list_family_members') parts.push(...familySection(family.value.members, m));
    else if (!offered.has('list_family_members')) parts.push(m.familyToolMissing);
    parts.push(...listingErrors(outcomes, 'list_family_members', m.couldNotListFamily));
  }
  const files = outcomes.find((o) => o.ok && o.name === 'list_clinical_records');
  if (has(a, 'files') && !has(a, 'record')) {
    if (files?.ok && files.name === 'list_clinical_records')
      parts.push(...filesSection(files.value.files, files.value.truncated, m, has(a, 'latest')));
    else if (!offered.has('list_clinical_records')) parts.push(m.filesToolMissing);
    parts.push(...listingErrors(outcomes, 'list_clinical_records', m.couldNotListFiles));
  }

  if (!has(a, 'record') && asksAboutReadings(a)) {
    const dataOutcomes = outcomes.filter((o) => o.name === 'summarize_health_data' || o.name === 'query_health_data');
    if (dataOutcomes.length === 0 && !offered.has('summarize_health_data') && !offered.has('query_health_data')) {
      parts.push(m.dataToolsMissing);
    } else if (a.indicators.length > 0) {
      if (has(a, 'family')) parts.push(m.familyNotOwnRecords);
      parts.push(...namedTestsSection(a, dataOutcomes, charts, m));
      parts.push(...heldInsteadLine(a, dataOutcomes, m));
    } else if (seeksUnresolvedName(a)) {
      parts.push(...unresolvedSection(a, dataOutcomes, charts, m));
    } else {
      const flagged = dataOutcomes.find(
        (o) => o.name === 'query_health_data' && o.args.abnormal_only === true && o.args.indicator === undefined,
      );
      const catalogue = catalogueOutcome(dataOutcomes);
      if (flagged?.ok && flagged.name === 'query_health_data')
        parts.push(...abnormalOverview(a, flagged.value, charts, m));
      else if (catalogue?.ok && catalogue.name === 'summarize_health_data') {
        parts.push(...overviewSection(a, catalogue.value.series, catalogue.value.truncated, charts, m));
      } else {
        const listed = dataOutcomes.find((o) => o.ok && o.name === 'query_health_data');
        if (listed?.ok && listed.name === 'query_health_data') {
          const series = summarizeAllSeries(listed.value.records);
          parts.push(...overviewSection(a, series, listed.value.truncated, charts, m));
        }
        const failed = (flagged && !flagged.ok ? flagged : null) ?? (catalogue && !catalogue.ok ? catalogue : null);
        if (failed && !failed.ok) parts.push(m.couldNotReadRecords(failed.error));
      }
    }
  }
  if (parts.length === 0 || (parts.length === 1 && has(a, 'advice'))) parts.push(m.nothingToLookUp);
  for (const chart of charts) parts.push(visChartBlock(chart));
  parts.push(m.footer);
  return parts.join('\n\n');
}

/** When a named test had nothing recorded, what the records do hold (from the catalogue the engine then asked for). */
function heldInsteadLine(a: QuestionAnalysis, outcomes: readonly ToolOutcome[], m: Messages): string[] {
  if (a.indicators.every((m) => foundAnything(m, outcomes))) return [];
  const catalogue = catalogueOutcome(outcomes);
  if (!catalogue?.ok || catalogue.name !== 'summarize_health_data' || catalogue.value.series.length === 0) return [];
  const series = catalogue.value.series;
  const names = series.slice(0, MAX_CATALOGUE_NAMES).map((s) => s.common_name);
  const more = series.length > names.length ? ', …' : '';
  return [m.recordsDoHold(windowOf(a, m), `${names.join(', ')}${more}`)];
}
