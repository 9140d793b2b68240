import type { ModelTier } from '../domain/models';

/** One model-backed request, as the console's usage report counts it. */
export interface UsageEntry {
  accountId: string;
  tier: ModelTier;
  /** `chat` or `responses`. */
  surface: string;
  inputTokens: number;
  systemTokens: number;
  outputTokens: number;
  reasoningTokens: number;
  /** `upstream` or `offline`: the offline engine's tokens are counted but cost nothing upstream. */
  engine: 'upstream' | 'offline';
}

/** Totals of one account, tier and UTC day. */
export interface UsageDay {
  day: string;
  tier: ModelTier;
  requests: number;
  inputTokens: number;
  systemTokens: number;
  outputTokens: number;
  reasoningTokens: number;
}

export interface UsageLedger {
  record(entry: UsageEntry, nowMs: number): Promise<void>;
  /** Days from `fromDay` to `toDay` (YYYY-MM-DD, inclusive), oldest first. */
  days(accountId: string, fromDay: string, toDay: string): Promise<UsageDay[]>;
}
