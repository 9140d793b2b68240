import type { SeriesSummary } from '../../../domain/agent/tool-results';
import type { VisCategoryValue, VisChartSpec, VisTimePoint } from '../../../domain/agent/vis-chart';
import { displayUnit } from './format';
import type { Messages } from './messages/types';

/** Charts per answer, so that a wide comparison stays readable. */
const MAX_CHARTS = 4;

function day(time: string): string {
  return time.slice(0, 10);
}

function drawable(s: SeriesSummary): boolean {
  return s.points.filter((p) => Number.isFinite(p.value)).length >= 2;
}

function seriesPoints(s: SeriesSummary, group?: string): VisTimePoint[] {
  return s.points
    .filter((p) => Number.isFinite(p.value))
    .map((p) =>
      group === undefined ? { time: day(p.time), value: p.value } : { time: day(p.time), value: p.value, group },
    );
}

function axisY(unit: string | null, m: Messages): string {
  return displayUnit(unit, m.unitWords) || m.chart.value;
}

/** A line chart of one series, when it has at least two numeric points. */
export function seriesChart(s: SeriesSummary, m: Messages): VisChartSpec | null {
  if (!drawable(s)) return null;
  return {
    type: 'line',
    title: s.common_name,
    axisXTitle: m.chart.date,
    axisYTitle: axisY(s.unit, m),
    data: seriesPoints(s),
  };
}

/**
 * Charts for several series: those sharing a unit on one line chart, a group per series; a series whose unit no
 * other shares gets a chart of its own. Series with fewer than two numeric points are left out.
 */
export function comparisonCharts(series: readonly SeriesSummary[], m: Messages): VisChartSpec[] {
  const byUnit = new Map<string, SeriesSummary[]>();
  for (const s of series.filter(drawable)) {
    const key = s.unit ?? '';
    byUnit.set(key, [...(byUnit.get(key) ?? []), s]);
  }
  const charts: VisChartSpec[] = [];
  for (const [, group] of byUnit) {
    const first = group[0] as SeriesSummary;
    if (group.length === 1) {
      const chart = seriesChart(first, m);
      if (chart) charts.push(chart);
      continue;
    }
    const names = group.map((s) => s.common_name);
    // Two series that shorten alike (mass and molar siblings) keep their full names apart.
    const labels = new Set(names).size === names.length ? names : group.map((s) => s.name);
    charts.push({
      type: 'line',
      title: labels.join(m.chart.versus),
      axisXTitle: m.chart.date,
      axisYTitle: axisY(first.unit, m),
      data: group.flatMap((s, i) => seriesPoints(s, labels[i])),
    });
  }
  return charts.slice(0, MAX_CHARTS);
}

/** A bar chart of flagged readings per test, when at least two tests have some. */
export function flaggedChart(counts: ReadonlyMap<string, number>, m: Messages): VisChartSpec | null {
  const data: VisCategoryValue[] = [...counts]
    .filter(([, n]) => n > 0)
    .map(([category, value]) => ({ category, value }));
  if (data.length < 2) return null;
  return {
    type: 'bar',
    title: m.chart.flaggedPerTest,
    axisXTitle: m.chart.test,
    axisYTitle: m.chart.flaggedReadings,
    data,
  };
}
