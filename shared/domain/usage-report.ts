import { invalidField } from '../errors';
import type { TierEntry } from './models';

/** The longest window the console reports, and the one it reports when none is asked for (design §7.1). */
export const MAX_USAGE_DAYS = 90;
export const DEFAULT_USAGE_DAYS = 30;

/** One account's counters of one UTC day and tier, as the usage ledger keeps them. */
export interface UsageCounters {
  /** `YYYY-MM-DD` (UTC). */
  day: string;
  tier: string;
  requests: number;
  inputTokens: number;
  systemTokens: number;
  outputTokens: number;
  reasoningTokens: number;
}

export interface UsageTotalsWire {
  requests: number;
  input_tokens: number;
  system_tokens: number;
  output_tokens: number;
  reasoning_tokens: number;
  cost: number;
}

export interface UsageRowWire extends UsageTotalsWire {
  day: string;
  tier: string;
}

/** `GET /api/console/usage`: one row per day and tier that saw a request, oldest first, and the window's totals. */
export interface UsageReportWire {
  object: 'usage';
  from: string;
  to: string;
  currency: string;
  data: UsageRowWire[];
  totals: UsageTotalsWire;
}

/** The window of `days` UTC days ending today (inclusive at both ends), as `YYYY-MM-DD`. */
export function usageWindow(days: number, nowMs: number): { from: string; to: string } {
  const dayMs = 86_400_000;
  const to = new Date(nowMs).toISOString().slice(0, 10);
  const from = new Date(Date.parse(`${to}T00:00:00Z`) - (days - 1) * dayMs).toISOString().slice(0, 10);
  return { from, to };
}

/**
 * The window from `from` to `to` (UTC days `YYYY-MM-DD`, both included), for a date range picked in the console. `to`
 * defaults to today and `from` to the `DEFAULT_USAGE_DAYS` days ending at `to`; the window spans at most
 * `MAX_USAGE_DAYS` days (else 400 naming `from`), and `from` may not be after `to`.
 */
export function usageRange(range: { from?: string; to?: string }, nowMs: number): { from: string; to: string } {
  const dayMs = 86_400_000;
  const to = range.to ?? usageWindow(1, nowMs).to;
  const toMs = Date.parse(`${to}T00:00:00Z`);
  const from = range.from ?? new Date(toMs - (DEFAULT_USAGE_DAYS - 1) * dayMs).toISOString().slice(0, 10);
  const days = (toMs - Date.parse(`${from}T00:00:00Z`)) / dayMs + 1;
  if (days < 1) throw invalidField('from', 'from must not be after to');
  if (days > MAX_USAGE_DAYS) {
    throw invalidField('from', `from and to must span at most ${MAX_USAGE_DAYS} days, both included`);
  }
  return { from, to };
}

/**
 * A row's cost in millionths of the currency, rounded to a whole one: (input + system) / 10^6 × the tier's input price
 * plus output / 10^6 × its output price, the `billed_tokens` rule (reasoning tokens are inside output and not counted
 * twice). Prices are per 10^6 tokens, so tokens × price is the cost in millionths already, with no division to blur it.
 */
export function costMicros(row: UsageCounters, pricing: TierEntry['pricing'] | undefined): number {
  if (!pricing) return 0;
  return Math.round(
    (row.inputTokens + row.systemTokens) * pricing.input_per_1m_tokens +
      row.outputTokens * pricing.output_per_1m_tokens,
  );
}

/**
 * The console's usage report over a window: each ledger row priced at its tier (offline-engine turns too: the report
 * shows what the account is metered, design §9), costs rounded to 6 decimals per row, and totals whose cost is the sum
 * of the rows' rounded costs, so the figures a reader adds up agree with the total. A tier no longer offered is listed
 * at cost 0.
 */
export function usageReport(
  rows: readonly UsageCounters[],
  tiers: readonly TierEntry[],
  window: { from: string; to: string },
): UsageReportWire {
  const pricing = new Map(tiers.map((t) => [t.id as string, t.pricing]));
  const inWindow = rows
    .filter((r) => r.day >= window.from && r.day <= window.to)
    .sort((a, b) => a.day.localeCompare(b.day) || a.tier.localeCompare(b.tier));
  let totalMicros = 0;
  const totals = { requests: 0, input_tokens: 0, system_tokens: 0, output_tokens: 0, reasoning_tokens: 0 };
  const data = inWindow.map((row) => {
    const micros = costMicros(row, pricing.get(row.tier));
    totalMicros += micros;
    totals.requests += row.requests;
    totals.input_tokens += row.inputTokens;
    totals.system_tokens += row.systemTokens;
    totals.output_tokens += row.outputTokens;
    totals.reasoning_tokens += row.reasoningTokens;
    return {
      day: row.day,
      tier: row.tier,
      requests: row.requests,
      input_tokens: row.inputTokens,
      system_tokens: row.systemTokens,
      output_tokens: row.outputTokens,
      reasoning_tokens: row.reasoningTokens,
      cost: micros / 1e6,
    };
  });
  return {
    object: 'usage',
    from: window.from,
    to: window.to,
    currency: tiers[0]?.pricing.currency ?? 'USD',
    data,
    totals: { ...totals, cost: totalMicros / 1e6 },
  };
}
