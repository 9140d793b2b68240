/**
 * `vis-chart` specs as the arrays the chart components draw: uPlot's columnar data (one x array, one y array per
 * series, `null` where a series has no point) for line, area, bar and column, and slice angles for pie. Pure: no
 * DOM and no uPlot import, so it is unit-tested on its own.
 * @see https://github.com/leeoniya/uPlot/tree/1.6.32/docs#data-format — the aligned data format
 */
import type {
  VisCategoryChartSpec,
  VisCategoryValue,
  VisChartSpec,
  VisPieChartSpec,
  VisTimeChartSpec,
} from '../../../shared/domain/agent/vis-chart';

/** One named y series, aligned with the plot's x values. */
export interface PlotSeries {
  label: string;
  values: (number | null)[];
}

/** What uPlot needs: x values, the series, and for categories the label of each x tick. */
export interface PlotData {
  x: number[];
  series: PlotSeries[];
  /** Category charts: tick positions (0, 1, …) and their labels. */
  categories?: string[];
}

/** Line and area charts plot over time; the rest over categories. (`type` has two literals per side, which TypeScript does not narrow on its own.) */
export function isTimeSpec(spec: VisChartSpec): spec is VisTimeChartSpec {
  return spec.type === 'line' || spec.type === 'area';
}

/** The series name of a point: its `group`, else one name for the whole chart. */
function groupsOf<T extends { group?: string }>(points: readonly T[], fallback: string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const p of points) {
    const name = p.group ?? fallback;
    groups.set(name, [...(groups.get(name) ?? []), p]);
  }
  return groups;
}

/**
 * Line and area: x is epoch seconds (uPlot's time unit) of every distinct date, ascending; one series per group.
 * Two points of one group on the same date keep the last, as the spec lists them.
 */
export function timePlotData(spec: VisTimeChartSpec): PlotData {
  const seconds = (time: string) => Date.parse(time.length === 10 ? `${time}T00:00:00Z` : time) / 1000;
  const valid = spec.data.filter((p) => Number.isFinite(seconds(p.time)) && Number.isFinite(p.value));
  const x = [...new Set(valid.map((p) => seconds(p.time)))].sort((a, b) => a - b);
  const index = new Map(x.map((t, i) => [t, i]));
  const series = [...groupsOf(valid, spec.axisYTitle || spec.title || 'Value')].map(([label, points]) => {
    const values: (number | null)[] = x.map(() => null);
    for (const p of points) values[index.get(seconds(p.time)) as number] = p.value;
    return { label, values };
  });
  return { x, series };
}

/** Bars of one category, each group's bar side by side, take this share of the space between categories. */
const GROUP_WIDTH = 0.8;

/**
 * Bar and column: categories at x = 0, 1, …; with several groups, each group's bars sit at its own offset around the
 * category's position, so one x array serves every series (a series is `null` at the others' offsets; uPlot's bars
 * are then one offset wide). Values of a repeated category and group are summed.
 */
export function categoryPlotData(spec: VisCategoryChartSpec): PlotData {
  const categories = [...new Set(spec.data.map((p) => p.category))];
  const groups = [...groupsOf(spec.data, spec.axisYTitle || spec.title || 'Value')];
  const width = groups.length > 1 ? GROUP_WIDTH / groups.length : 0;
  const offset = (g: number) => (g - (groups.length - 1) / 2) * width;
  const x = categories.flatMap((_, c) => groups.map((_g, g) => c + offset(g)));
  const series = groups.map(([label, points], g) => {
    const values: (number | null)[] = x.map(() => null);
    for (const p of points) {
      const at = categories.indexOf(p.category) * groups.length + g;
      values[at] = (values[at] ?? 0) + p.value;
    }
    return { label, values };
  });
  return { x, series, categories };
}

/** One slice of a pie: its share and where it starts and ends, in radians clockwise from 12 o'clock. */
export interface PieSlice {
  label: string;
  value: number;
  fraction: number;
  start: number;
  end: number;
}

/** Pie: values summed per category; zero and negative values have no area and are left out. */
export function pieSlices(spec: VisPieChartSpec): PieSlice[] {
  const totals = new Map<string, number>();
  for (const p of spec.data as VisCategoryValue[]) totals.set(p.category, (totals.get(p.category) ?? 0) + p.value);
  const positive = [...totals].filter(([, v]) => v > 0);
  const sum = positive.reduce((s, [, v]) => s + v, 0);
  let angle = 0;
  return positive.map(([label, value]) => {
    const fraction = value / sum;
    const start = angle;
    angle += fraction * 2 * Math.PI;
    return { label, value, fraction, start, end: angle };
  });
}

/** The SVG path of a slice of a circle at (`cx`, `cy`); a whole circle is drawn as two half arcs (one arc cannot close). */
export function slicePath(cx: number, cy: number, r: number, start: number, end: number): string {
  const point = (a: number) => `${round(cx + r * Math.sin(a))} ${round(cy - r * Math.cos(a))}`;
  if (end - start >= 2 * Math.PI - 1e-9) {
    return `M ${point(0)} A ${r} ${r} 0 1 1 ${point(Math.PI)} A ${r} ${r} 0 1 1 ${point(0)} Z`;
  }
  const large = end - start > Math.PI ? 1 : 0;
  return `M ${cx} ${cy} L ${point(start)} A ${r} ${r} 0 ${large} 1 ${point(end)} Z`;
}

function round(n: number): number {
  return Math.round(n * 100) / 100;
}
