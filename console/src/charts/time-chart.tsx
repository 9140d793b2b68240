import { useEffect, useRef } from 'preact/hooks';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface TimeSeries {
  label: string;
  values: (number | null)[];
  color: string;
  /** Points only (no line): abnormal readings drawn over the series they belong to. */
  pointsOnly?: boolean;
  /** Bars instead of a line (per-day counts). */
  bars?: boolean;
}

interface TimeChartProps {
  /** Said by screen readers instead of the canvas: what the chart shows, in one sentence. */
  summary: string;
  /** x values in seconds since the epoch, ascending. */
  times: number[];
  series: TimeSeries[];
  /** A shaded band (a reference range) in y units. */
  band?: { low: number | null; high: number | null };
  yLabel?: string;
  height?: number;
  /** Set once the first frame is drawn (the page's budget mark and the tests wait on it). */
  onDrawn?: () => void;
}

const BAND_FILL = 'rgba(46, 125, 50, 0.12)';

/**
 * One uPlot chart over time, sized to its container. uPlot styles through the CSSOM, which the page's
 * `style-src 'self'` allows; its own legend is replaced by the caller's text (a table) so nothing on the canvas
 * is the only place a number is told.
 */
export function TimeChart({ summary, times, series, band, yLabel, height = 280, onDrawn }: TimeChartProps) {
  const holder = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const el = holder.current;
    if (!el) return;
    let drawn = false;
    const bars = uPlot.paths.bars?.({ size: [0.6, 40] });
    const options: uPlot.Options = {
      width: Math.max(el.clientWidth, 320),
      height,
      legend: { show: false },
      cursor: { drag: { x: true, y: false } },
      scales: { x: { time: true } },
      axes: [{}, { label: yLabel ?? '', size: 60 }],
      series: [
        {},
        ...series.map((s) => ({
          label: s.label,
          stroke: s.color,
          width: s.pointsOnly ? 0 : 2,
          fill: s.bars ? s.color : undefined,
          paths: s.pointsOnly ? () => null : s.bars ? bars : undefined,
          points: s.pointsOnly
            ? { show: true, size: 8, fill: s.color, stroke: s.color }
            : { show: !s.bars && times.length < 200 },
          spanGaps: !s.pointsOnly,
        })),
      ],
      hooks: {
        // After the grid, before the series: the band sits behind the line.
        drawAxes: [
          (u: uPlot) => {
            if (!band || (band.low === null && band.high === null)) return;
            const top = u.valToPos(band.high ?? u.scales.y?.max ?? 0, 'y', true);
            const bottom = u.valToPos(band.low ?? u.scales.y?.min ?? 0, 'y', true);
            u.ctx.save();
            u.ctx.fillStyle = BAND_FILL;
            u.ctx.fillRect(u.bbox.left, top, u.bbox.width, bottom - top);
            u.ctx.restore();
          },
        ],
        draw: [
          () => {
            if (drawn) return;
            drawn = true;
            el.dataset.drawn = 'true';
            onDrawn?.();
          },
        ],
      },
    };
    const chart = new uPlot(options, [times, ...series.map((s) => s.values)] as uPlot.AlignedData, el);
    const resize = new ResizeObserver(() => chart.setSize({ width: Math.max(el.clientWidth, 320), height }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      chart.destroy();
      delete el.dataset.drawn;
    };
  }, [times, series, band?.low, band?.high, height]);

  return <div ref={holder} class="chart" role="img" aria-label={summary} />;
}
