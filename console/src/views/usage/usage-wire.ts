import type { ConsoleApi } from '../../console-api';
import { callJson, query } from '../../http';

/** `GET /api/console/usage?from=&to=` (README, GET /api/console/usage): the only place its fields are read. */
export interface UsageRow {
  day: string;
  tier: string;
  requests: number;
  inputTokens: number;
  systemTokens: number;
  outputTokens: number;
  cost: number;
}

export interface UsageReport {
  from: string;
  to: string;
  currency: string;
  rows: UsageRow[];
  totalCost: number;
  totalRequests: number;
}

interface UsageWire {
  from: string;
  to: string;
  currency: string;
  data: {
    day: string;
    tier: string;
    requests: number;
    input_tokens: number;
    system_tokens: number;
    output_tokens: number;
    cost: number;
  }[];
  totals: { requests: number; cost: number };
}

/** UTC days `from`..`to`, both included (at most 90). */
export async function loadUsage(api: ConsoleApi, from: string, to: string): Promise<UsageReport> {
  const body = await callJson<UsageWire>(api, `/api/console/usage${query({ from, to })}`);
  return {
    from: body.from,
    to: body.to,
    currency: body.currency,
    totalCost: body.totals.cost,
    totalRequests: body.totals.requests,
    rows: body.data.map((r) => ({
      day: r.day,
      tier: r.tier,
      requests: r.requests,
      inputTokens: r.input_tokens,
      systemTokens: r.system_tokens,
      outputTokens: r.output_tokens,
      cost: r.cost,
    })),
  };
}
