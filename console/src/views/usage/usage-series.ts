import type { UsageRow } from './usage-wire';

export interface TierSeries {
  tier: string;
  requests: number[];
  tokens: number[];
}

/**
 * The report's rows (one per day and tier that had requests) as chart columns: every UTC day of the window on the
 * x axis, 0 where a tier had nothing that day, so bars and lines line up across tiers.
 */
export function usageColumns(
  rows: readonly UsageRow[],
  from: string,
  to: string,
): { days: number[]; tiers: TierSeries[] } {
  const days: number[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000)
    days.push(t / 1000);
  const index = new Map(days.map((d, i) => [new Date(d * 1000).toISOString().slice(0, 10), i]));
  const byTier = new Map<string, TierSeries>();
  for (const row of rows) {
    const i = index.get(row.day);
    if (i === undefined) continue;
    let tier = byTier.get(row.tier);
    if (!tier) {
      tier = { tier: row.tier, requests: days.map(() => 0), tokens: days.map(() => 0) };
      byTier.set(row.tier, tier);
    }
    tier.requests[i] = (tier.requests[i] ?? 0) + row.requests;
    tier.tokens[i] = (tier.tokens[i] ?? 0) + row.inputTokens + row.systemTokens + row.outputTokens;
  }
  return { days, tiers: [...byTier.values()].sort((a, b) => a.tier.localeCompare(b.tier)) };
}

/** Per tier: requests, tokens and cost over the whole window. */
export function tierTotals(rows: readonly UsageRow[]) {
  const totals = new Map<string, { tier: string; requests: number; tokens: number; cost: number }>();
  for (const row of rows) {
    const t = totals.get(row.tier) ?? { tier: row.tier, requests: 0, tokens: 0, cost: 0 };
    t.requests += row.requests;
    t.tokens += row.inputTokens + row.systemTokens + row.outputTokens;
    t.cost += row.cost;
    totals.set(row.tier, t);
  }
  return [...totals.values()].sort((a, b) => a.tier.localeCompare(b.tier));
}
