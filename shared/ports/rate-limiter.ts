export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Epoch seconds at which the current window ends. */
  resetAt: number;
}

export interface RateLimiter {
  /**
   * Counts `cost` (default 1) requests of `accountId` on the counter `routeId` in the current minute window; refused,
   * and not counted, when they would pass `limit`.
   */
  hit(accountId: string, routeId: string, limit: number, nowMs: number, cost?: number): Promise<RateDecision>;
}
