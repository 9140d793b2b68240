import { useMemo, useState } from 'preact/hooks';
import { TimeChart } from '../../charts/time-chart';
import { ErrorMessage, Loading } from '../../components/status';
import { useLoad } from '../../components/use-load';
import type { ConsoleApi } from '../../console-api';
import { formatMoney, formatNumber, utcDay } from '../../format';
import { tierTotals, usageColumns } from './usage-series';
import { loadUsage, type UsageReport } from './usage-wire';

/** Colours told apart by people with the common colour-vision deficiencies (Okabe–Ito). */
const TIER_COLORS = ['#0072B2', '#D55E00', '#009E73', '#CC79A7', '#E69F00', '#56B4E9'];

/** Requests and tokens per UTC day and tier as charts, and the cost per tier, over a chosen window (≤ 90 days). */
export function UsageView({ api }: { api: ConsoleApi }) {
  const [range, setRange] = useState({ from: utcDay(-29), to: utcDay(0) });
  const [draft, setDraft] = useState(range);
  const report = useLoad(() => loadUsage(api, range.from, range.to), [api, range.from, range.to]);

  const apply = (event: Event) => {
    event.preventDefault();
    setRange(draft);
  };

  return (
    <>
      <h1 tabIndex={-1}>Usage</h1>
      <form class="inline-form" onSubmit={apply} aria-label="Date range">
        <label for="usage-from">From</label>
        <input
          id="usage-from"
          type="date"
          required
          value={draft.from}
          max={draft.to}
          onInput={(e) => setDraft({ ...draft, from: e.currentTarget.value })}
        />
        <label for="usage-to">To</label>
        <input
          id="usage-to"
          type="date"
          required
          value={draft.to}
          min={draft.from}
          onInput={(e) => setDraft({ ...draft, to: e.currentTarget.value })}
        />
        <button type="submit">Show</button>
      </form>
      <p class="muted">UTC days, both included; at most 90 days. Model-backed requests only (chat and responses).</p>
      {report.loading && !report.data && <Loading what="usage" />}
      <ErrorMessage error={report.error} />
      {report.data && <UsageReportView report={report.data} />}
    </>
  );
}

function UsageReportView({ report }: { report: UsageReport }) {
  const columns = useMemo(() => usageColumns(report.rows, report.from, report.to), [report]);
  const totals = useMemo(() => tierTotals(report.rows), [report]);
  const colored = columns.tiers.map((t, i) => ({ ...t, color: TIER_COLORS[i % TIER_COLORS.length]! }));
  const requestSeries = useMemo(
    () => colored.map((t) => ({ label: t.tier, values: t.requests, color: t.color, bars: true })),
    [columns],
  );
  const tokenSeries = useMemo(
    () => colored.map((t) => ({ label: t.tier, values: t.tokens, color: t.color })),
    [columns],
  );
  const window = `from ${report.from} to ${report.to}`;

  return (
    <>
      <section aria-labelledby="usage-charts-heading">
        <h2 id="usage-charts-heading">Per day, {window}</h2>
        {colored.length === 0 ? (
          <p>No model-backed requests in this window.</p>
        ) : (
          <>
            <Legend tiers={colored} />
            <h3>Requests</h3>
            <TimeChart
              summary={`Requests per day and tier ${window}: ${report.totalRequests} in all.`}
              times={columns.days}
              series={requestSeries}
              yLabel="requests"
              height={220}
            />
            <h3>Tokens</h3>
            <TimeChart
              summary={`Tokens (input, system and output) per day and tier ${window}.`}
              times={columns.days}
              series={tokenSeries}
              yLabel="tokens"
              height={220}
            />
          </>
        )}
      </section>
      <section aria-labelledby="usage-cost-heading">
        <h2 id="usage-cost-heading">Cost per tier</h2>
        <table>
          <thead>
            <tr>
              <th scope="col">Tier</th>
              <th scope="col" class="num">
                Requests
              </th>
              <th scope="col" class="num">
                Tokens
              </th>
              <th scope="col" class="num">
                Cost
              </th>
            </tr>
          </thead>
          <tbody>
            {totals.map((t) => (
              <tr key={t.tier}>
                <th scope="row">{t.tier}</th>
                <td class="num">{formatNumber(t.requests, 0)}</td>
                <td class="num">{formatNumber(t.tokens, 0)}</td>
                <td class="num">{formatMoney(t.cost, report.currency)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">Total</th>
              <td class="num">{formatNumber(report.totalRequests, 0)}</td>
              <td class="num">
                {formatNumber(
                  totals.reduce((n, t) => n + t.tokens, 0),
                  0,
                )}
              </td>
              <td class="num">{formatMoney(report.totalCost, report.currency)}</td>
            </tr>
          </tfoot>
        </table>
      </section>
    </>
  );
}

function Legend({ tiers }: { tiers: { tier: string; color: string }[] }) {
  return (
    <ul class="legend" aria-label="Tiers">
      {tiers.map((t) => (
        <li key={t.tier}>
          <span class="swatch" style={{ background: t.color }} />
          {t.tier}
        </li>
      ))}
    </ul>
  );
}
