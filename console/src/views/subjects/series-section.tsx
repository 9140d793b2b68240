import { ErrorMessage, Loading } from '../../components/status';
import { useLoad } from '../../components/use-load';
import type { ConsoleApi } from '../../console-api';
import { formatNumber, formatTime } from '../../format';
import { subjectHref } from '../../router';
import { SeriesChart } from './series-chart';
import { listSeries, type SeriesSummary } from './subjects-wire';

interface SeriesSectionProps {
  api: ConsoleApi;
  user: string;
  selected: string | null;
  revision: number;
}

/** The Subject's series grouped by LOINC code (uncoded ones by indicator), and the chart of the one selected. */
export function SeriesSection({ api, user, selected, revision }: SeriesSectionProps) {
  const series = useLoad(() => listSeries(api, user), [api, user, revision]);
  const list = series.data ?? [];
  const open = list.find((s) => s.id === selected) ?? list[0] ?? null;
  return (
    <section aria-labelledby="series-heading">
      <h2 id="series-heading">Series</h2>
      {series.loading && !series.data && <Loading what="series" />}
      <ErrorMessage error={series.error} />
      {series.data && list.length === 0 && <p>No readings yet.</p>}
      {list.length > 0 && (
        <div class="table-scroll">
          <table>
            <caption class="visually-hidden">Series of Subject {user}, one per LOINC code</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">LOINC</th>
                <th scope="col">Unit</th>
                <th scope="col" class="num">
                  Readings
                </th>
                <th scope="col">Latest</th>
                <th scope="col">Reference range</th>
                <th scope="col" class="num">
                  Abnormal
                </th>
              </tr>
            </thead>
            <tbody>
              {list.map((s) => (
                <SeriesRow key={s.id} user={user} series={s} open={s.id === open?.id} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {open && <SeriesChart key={`${open.id}:${revision}`} api={api} user={user} series={open} />}
    </section>
  );
}

function SeriesRow({ user, series, open }: { user: string; series: SeriesSummary; open: boolean }) {
  return (
    <tr class={open ? 'selected' : undefined}>
      <th scope="row">
        <a href={subjectHref(user, series.id)} aria-current={open ? 'true' : undefined}>
          {series.name}
        </a>
      </th>
      <td>{series.loincCode ?? <span class="muted">uncoded</span>}</td>
      <td>{series.unit ?? '—'}</td>
      <td class="num">{formatNumber(series.count, 0)}</td>
      <td>
        {typeof series.latestValue === 'number' ? formatNumber(series.latestValue) : (series.latestValue ?? '—')}{' '}
        <span class="muted">{formatTime(series.latestTime)}</span>
      </td>
      <td>{rangeText(series)}</td>
      <td class="num">{series.abnormalCount > 0 ? <strong class="flag">{series.abnormalCount}</strong> : '0'}</td>
    </tr>
  );
}

export function rangeText(s: Pick<SeriesSummary, 'referenceLow' | 'referenceHigh'>): string {
  if (s.referenceLow !== null && s.referenceHigh !== null) return `${s.referenceLow}–${s.referenceHigh}`;
  if (s.referenceLow !== null) return `≥ ${s.referenceLow}`;
  if (s.referenceHigh !== null) return `≤ ${s.referenceHigh}`;
  return '—';
}
