export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Epoch seconds at which the current window ends. */
  resetAt: number;
}

export interface RateLimiter {
  /** Counts one request of `accountId` on `routeId` in the current minute window. */
  hit(accountId: string, routeId: string, limit: number, nowMs: number): Promise<RateDecision>;
}
