import { useMemo } from 'preact/hooks';
import { TimeChart } from '../../charts/time-chart';
import { ErrorMessage, Loading } from '../../components/status';
import { useLoad } from '../../components/use-load';
import type { ConsoleApi } from '../../console-api';
import { formatTime } from '../../format';
import { rangeText } from './series-section';
import { type SeriesSummary, seriesPoints } from './subjects-wire';

const VALUE_COLOR = '#0072B2';
const ABNORMAL_COLOR = '#C62828';

/** Every point of one series in one answer (`series/points`), drawn as a line with abnormal readings marked. */
export function SeriesChart({ api, user, series }: { api: ConsoleApi; user: string; series: SeriesSummary }) {
  const points = useLoad(() => seriesPoints(api, user, series.id), [api, user, series.id]);
  const lines = useMemo(() => {
    if (!points.data) return null;
    const { value, abnormal } = points.data;
    return [
      { label: series.name, values: value, color: VALUE_COLOR },
      {
        label: 'Outside the reference range',
        values: value.map((v, i) => (abnormal[i] ? v : null)),
        color: ABNORMAL_COLOR,
        pointsOnly: true,
      },
    ];
  }, [points.data, series.name]);
  const data = points.data;
  const summary = data
    ? `${series.name}: ${data.time.length} readings from ${formatTime(data.time[0])} to ${formatTime(
        data.time[data.time.length - 1],
      )}, ${series.abnormalCount} outside the reference range (${rangeText(series)}${series.unit ? ` ${series.unit}` : ''}).`
    : '';
  return (
    <figure class="series-chart">
      <figcaption>
        <strong>{series.name}</strong>
        {series.unit ? ` (${series.unit})` : ''}: reference range shaded, abnormal readings in red.
      </figcaption>
      {points.loading && !data && <Loading what="the series" />}
      <ErrorMessage error={points.error} />
      {data && lines && (
        <TimeChart
          summary={summary}
          times={data.time}
          series={lines}
          band={{ low: series.referenceLow, high: series.referenceHigh }}
          yLabel={series.unit ?? ''}
          onDrawn={() => performance.mark('series-drawn')}
        />
      )}
    </figure>
  );
}
