import { useId, useState } from 'preact/hooks';
import type { VisChartSpec } from '../../../shared/domain/agent/vis-chart';
import { VisPie } from './vis-pie';
import { VisPlot } from './vis-plot';
import { VisDataTable } from './vis-table';
import './vis-chart.css';

const KIND: Record<VisChartSpec['type'], string> = {
  line: 'Line chart',
  area: 'Area chart',
  bar: 'Bar chart',
  column: 'Column chart',
  pie: 'Pie chart',
};

/**
 * One `vis-chart` spec drawn: a figure named by its title (visible caption), the picture, and its numbers as a table
 * for screen readers. `data-drawn="true"` appears once the picture is on screen, for tests and tooling to wait on.
 */
export function VisChart({ spec }: { spec: VisChartSpec }) {
  const [drawn, setDrawn] = useState(false);
  const captionId = useId();
  const title = spec.title?.trim() || KIND[spec.type];
  const label = `${KIND[spec.type]}: ${title}`;
  const onDrawn = () => setDrawn(true);
  return (
    <figure
      class="vis-chart"
      data-chart-type={spec.type}
      data-drawn={drawn ? 'true' : 'false'}
      aria-labelledby={captionId}
    >
      <figcaption id={captionId}>{title}</figcaption>
      {spec.type === 'pie' ? (
        <VisPie spec={spec} label={label} onDrawn={onDrawn} />
      ) : (
        <VisPlot spec={spec} label={label} onDrawn={onDrawn} />
      )}
      <VisDataTable spec={spec} title={title} />
    </figure>
  );
}
