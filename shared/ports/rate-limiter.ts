export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Epoch seconds at which the current window ends. */
  resetAt: number;
}

export interface RateLimiter {
  /**
   * Counts `cost` (default 1) requests of `accountId` on the counter `routeId` in the window of `windowSeconds`
   * (default 60) ending now; refused, and not counted, when they would pass `limit`. Each window length is a counter
   * of its own, so one key can carry several rules (90 a minute and 9,500 a day).
   */
  hit(
    accountId: string,
    routeId: string,
    limit: number,
    nowMs: number,
    cost?: number,
    windowSeconds?: number,
  ): Promise<RateDecision>;
}
