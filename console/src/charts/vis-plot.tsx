import { useEffect, useRef } from 'preact/hooks';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { VisCategoryChartSpec, VisTimeChartSpec } from '../../../shared/domain/agent/vis-chart';
import { categoryPlotData, isTimeSpec, type PlotData, timePlotData } from './vis-data';
import { visColor, visFill } from './vis-palette';

const HEIGHT = 260;
const DAY = 86_400;
/**
 * Tick spacings of the time axis, in seconds: whole days and up, since vis-chart points are dates. uPlot's own list
 * starts at milliseconds and labels a three-day chart by the hour.
 */
const DATE_INCREMENTS = [1, 2, 3, 7, 14, 30, 60, 91, 182, 365, 730, 1826].map((d) => d * DAY);

/**
 * Line, area, bar (horizontal) and column (vertical) charts drawn by uPlot on a canvas; bars through
 * `uPlot.paths.bars`. The canvas is one picture named by `label`; the numbers are in the figure's data table.
 */
export function VisPlot({
  spec,
  label,
  onDrawn,
}: {
  spec: VisTimeChartSpec | VisCategoryChartSpec;
  label: string;
  onDrawn: () => void;
}) {
  const host = useRef<HTMLDivElement>(null);
  // Answers re-render on every streamed word; the chart is rebuilt only when its spec really changed.
  const specKey = JSON.stringify(spec);
  useEffect(() => {
    const el = host.current;
    if (!el) return;
    const data = isTimeSpec(spec) ? timePlotData(spec) : categoryPlotData(spec);
    let announced = false;
    const opts = plotOptions(spec, data, el.clientWidth || 480);
    opts.hooks = {
      draw: [
        () => {
          if (!announced) onDrawn();
          announced = true;
        },
      ],
    };
    const plot = new uPlot(opts, [data.x, ...data.series.map((s) => s.values)], el);
    const resize = new ResizeObserver(() => {
      if (el.clientWidth > 0 && el.clientWidth !== plot.width) plot.setSize({ width: el.clientWidth, height: HEIGHT });
    });
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
    // specKey stands for spec (a new object on every render); onDrawn only sets a flag, so it is not a reason to redraw.
  }, [specKey]);
  return <div class="vis-plot" ref={host} role="img" aria-label={label} />;
}

function plotOptions(spec: VisTimeChartSpec | VisCategoryChartSpec, data: PlotData, width: number): uPlot.Options {
  const time = isTimeSpec(spec);
  const horizontal = spec.type === 'bar';
  const grouped = data.series.length > 1;
  const bars = time ? null : uPlot.paths.bars!({ size: [grouped ? 0.9 : 0.6, 96] });
  const series: uPlot.Series[] = [
    { label: time ? spec.axisXTitle || 'Date' : spec.axisXTitle || 'Category' },
    ...data.series.map((s, i) => ({
      label: s.label,
      stroke: visColor(i),
      width: time ? 2 : 1,
      ...(spec.type === 'area' ? { fill: visFill(i, 0.25) } : {}),
      ...(bars ? { fill: visFill(i, 0.85), paths: bars, points: { show: false } } : {}),
      // A group with no point on some dates is still one line across them.
      spanGaps: true,
    })),
  ];
  const categories = data.categories ?? [];
  const categoryAxis: uPlot.Axis = {
    scale: 'x',
    side: horizontal ? 3 : 2,
    label: spec.axisXTitle ?? '',
    grid: { show: false },
    splits: () => categories.map((_, i) => i),
    values: (_u, splits) => splits.map((i) => categories[i] ?? ''),
    ...(horizontal ? { size: Math.min(200, 16 + 7 * Math.max(...categories.map((c) => c.length))) } : {}),
  };
  const valueAxis: uPlot.Axis = { scale: 'y', side: horizontal ? 2 : 3, label: spec.axisYTitle ?? '' };
  return {
    width,
    height: HEIGHT,
    series,
    legend: { show: grouped, live: false },
    cursor: { show: time, drag: { x: false, y: false } },
    scales: time
      ? { x: { time: true } }
      : {
          x: { time: false, ori: horizontal ? 1 : 0, dir: horizontal ? -1 : 1, range: [-0.5, categories.length - 0.5] },
          // Bars grow from zero, so their lengths compare truthfully.
          y: { ori: horizontal ? 0 : 1, range: (_u, min, max) => [Math.min(0, min), Math.max(0, max) * 1.1 || 1] },
        },
    axes: time
      ? [{ label: spec.axisXTitle ?? '', incrs: DATE_INCREMENTS }, { label: spec.axisYTitle ?? '' }]
      : [categoryAxis, valueAxis],
  };
}
