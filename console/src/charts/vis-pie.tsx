import { useEffect } from 'preact/hooks';
import type { VisPieChartSpec } from '../../../shared/domain/agent/vis-chart';
import { pieSlices, slicePath } from './vis-data';
import { visColor } from './vis-palette';

const SIZE = 200;
const R = 96;

/** A pie of the spec's categories in SVG (uPlot has no pie), with a legend naming each slice's value and share. */
export function VisPie({ spec, label, onDrawn }: { spec: VisPieChartSpec; label: string; onDrawn: () => void }) {
  const slices = pieSlices(spec);
  // SVG is drawn as soon as it is in the document.
  useEffect(onDrawn, []);
  const share = (f: number) => `${(f * 100).toFixed(f < 0.1 ? 1 : 0)}%`;
  return (
    <div class="vis-pie">
      <svg viewBox={`0 0 ${SIZE} ${SIZE}`} width={SIZE} height={SIZE} role="img" aria-label={label}>
        {slices.map((s, i) => (
          <path
            key={s.label}
            d={slicePath(SIZE / 2, SIZE / 2, R, s.start, s.end)}
            fill={visColor(i)}
            stroke="#fff"
            stroke-width="1.5"
          >
            <title>{`${s.label}: ${s.value} (${share(s.fraction)})`}</title>
          </path>
        ))}
      </svg>
      <ul class="vis-legend" aria-hidden="true">
        {slices.map((s, i) => (
          <li key={s.label}>
            <span class="vis-swatch" style={{ backgroundColor: visColor(i) }} />
            {s.label}: {s.value} ({share(s.fraction)})
          </li>
        ))}
      </ul>
    </div>
  );
}
