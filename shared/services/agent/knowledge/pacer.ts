import type { EgressTarget } from '../../../ports/egress';

/**
 * One token bucket per knowledge target per process, so one container stays under each service's published pace:
 * NCBI E-utilities 3 requests/s without an API key and 10 with one (we take 9), "exceeding 10 rps will result in
 * throttling … with a corresponding 429" (NLM KA-05510); Europe PMC publishes no limit (10/s, design §9);
 * ClinicalTrials.gov ~50/min per IP as quoted by third parties (we take 40/min). A caller waits for a token up to
 * {@link MAX_WAIT_MS}; a longer queue is a `rate_limited` failure result rather than a stalled answer.
 */
export const MAX_WAIT_MS = 2000;

export interface PacerClock {
  now(): number;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

/** Waits `ms`, ending early (rejecting with its reason) when `signal` aborts. */
export function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

const realClock: PacerClock = { now: () => Date.now(), sleep: abortableSleep };

/** A token bucket that lets waiters reserve future tokens (the balance may go negative), so order is kept. */
export class TokenBucket {
  private tokens: number;
  private last: number;

  constructor(
    readonly ratePerSecond: number,
    readonly burst: number,
    private readonly clock: PacerClock = realClock,
  ) {
    this.tokens = burst;
    this.last = clock.now();
  }

  /** Takes a token, waiting up to `maxWaitMs`; false (nothing taken) when the wait would be longer. */
  async take(maxWaitMs = MAX_WAIT_MS, signal?: AbortSignal): Promise<boolean> {
    const wait = this.waitFor();
    if (wait > maxWaitMs) return false;
    this.tokens -= 1;
    if (wait > 0) await this.clock.sleep(wait, signal);
    return true;
  }

  /** Milliseconds until one more token is free. */
  waitFor(): number {
    const now = this.clock.now();
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.last) / 1000) * this.ratePerSecond);
    this.last = now;
    return this.tokens >= 1 ? 0 : Math.ceil(((1 - this.tokens) / this.ratePerSecond) * 1000);
  }
}

/** Requests per second and burst per target; NCBI's depends on whether an API key is set. */
export function paceOf(target: EgressTarget, withNcbiKey: boolean): { ratePerSecond: number; burst: number } {
  switch (target) {
    case 'ncbi_eutils':
      return withNcbiKey ? { ratePerSecond: 9, burst: 9 } : { ratePerSecond: 3, burst: 3 };
    case 'europe_pmc':
      return { ratePerSecond: 10, burst: 10 };
    case 'clinical_trials':
      return { ratePerSecond: 40 / 60, burst: 5 };
    case 'pmc_bioc':
      // The BioC service is NCBI's too; it gets NCBI's keyless pace (the key is an E-utilities key).
      return { ratePerSecond: 3, burst: 3 };
  }
}

const buckets = new Map<string, TokenBucket>();

/** The process's bucket for a target (a new one if the key setting changed the pace). */
export function pacerFor(target: EgressTarget, withNcbiKey: boolean, clock?: PacerClock): TokenBucket {
  const { ratePerSecond, burst } = paceOf(target, withNcbiKey);
  const key = `${target}:${ratePerSecond}`;
  let bucket = buckets.get(key);
  if (!bucket) {
    bucket = new TokenBucket(ratePerSecond, burst, clock);
    buckets.set(key, bucket);
  }
  return bucket;
}

/** Tests: every bucket full again. */
export function resetPacers(): void {
  buckets.clear();
}
