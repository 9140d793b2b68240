import type { VisChartSpec } from '../../../shared/domain/agent/vis-chart';
import { categoryPlotData, isTimeSpec, pieSlices, timePlotData } from './vis-data';

/**
 * The chart's numbers as a table only screen readers see: the canvas (or SVG) is a picture, this is what it says.
 * Rows are what the chart draws after the same grouping, so both tell the same numbers.
 */
export function VisDataTable({ spec, title }: { spec: VisChartSpec; title: string }) {
  const { head, rows } = tableOf(spec);
  return (
    <table class="vis-sr-only">
      <caption>Data of {title}</caption>
      <thead>
        <tr>
          {head.map((h) => (
            <th scope="col" key={h}>
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map(([first, ...cells], r) => (
          <tr key={r}>
            <th scope="row">{first}</th>
            {cells.map((c, i) => (
              <td key={i}>{c}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function tableOf(spec: VisChartSpec): { head: string[]; rows: string[][] } {
  const show = (v: number | null | undefined) => (v === null || v === undefined ? '—' : String(v));
  if (spec.type === 'pie') {
    return {
      head: [spec.title ? 'Category' : 'Slice', 'Value', 'Share'],
      rows: pieSlices(spec).map((s) => [s.label, String(s.value), `${(s.fraction * 100).toFixed(1)}%`]),
    };
  }
  if (isTimeSpec(spec)) {
    const data = timePlotData(spec);
    return {
      head: [spec.axisXTitle || 'Date', ...data.series.map((s) => s.label)],
      rows: data.x.map((t, i) => [
        new Date(t * 1000).toISOString().slice(0, 10),
        ...data.series.map((s) => show(s.values[i])),
      ]),
    };
  }
  const data = categoryPlotData(spec);
  const groups = data.series.length;
  return {
    head: [spec.axisXTitle || 'Category', ...data.series.map((s) => s.label)],
    rows: (data.categories ?? []).map((c, i) => [c, ...data.series.map((s, g) => show(s.values[i * groups + g]))]),
  };
}
