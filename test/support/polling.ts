export interface PollOptions {
  /** The bound: give up this long after the first check (default 5 s). */
  timeoutMs?: number;
  /** First pause between checks (default 20 ms); each pause after is half as long again, up to `maxIntervalMs`. */
  intervalMs?: number;
  /** The longest pause (default 250 ms, or `intervalMs` when that is longer). */
  maxIntervalMs?: number;
  /** Named in the error once the bound runs out. */
  what?: string;
}

/** What `eventually` resolves with: the probe's value once it is something. */
export type Settled<T> = Exclude<Awaited<T>, undefined | null | false>;

/**
 * Checks `probe` until it gives a value (anything but `undefined`, `null` or `false`) and resolves with that value:
 * the bounded poll that takes the place of a fixed sleep. A probe that throws counts as "not yet"; once `timeoutMs`
 * has run out it rejects, naming `what` and quoting the probe's last error if it had one. The pauses grow so that a probe
 * calling the API stays inside the per-key rate limit (120 a minute by default) however long it waits: a fixed 20 ms
 * poll spent the minute's budget in 2.4 s, and a 429 answer then read as "not yet" until the window turned.
 */
export async function eventually<T>(probe: () => T | Promise<T>, options: PollOptions = {}): Promise<Settled<T>> {
  const { timeoutMs = 5_000, intervalMs = 20, what = 'condition' } = options;
  const maxIntervalMs = Math.max(intervalMs, options.maxIntervalMs ?? 250);
  const deadline = Date.now() + timeoutMs;
  let pause = intervalMs;
  for (;;) {
    let lastError: unknown;
    try {
      const value = await probe();
      if (value !== undefined && value !== null && value !== false) return value as Settled<T>;
    } catch (err) {
      lastError = err;
    }
    if (Date.now() > deadline) {
      const cause = lastError === undefined ? '' : `: ${lastError instanceof Error ? lastError.message : lastError}`;
      throw new Error(`${what} did not hold within ${timeoutMs} ms${cause}`, { cause: lastError });
    }
    await new Promise((resolve) => setTimeout(resolve, pause));
    pause = Math.min(maxIntervalMs, pause * 1.5);
  }
}

/**
 * Waits for `condition` to hold, checking every `intervalMs`, for at most `timeoutMs`: the bounded poll that takes
 * the place of a fixed sleep. Resolves as soon as it holds; rejects with `what` once the bound runs out.
 */
export async function eventuallyTrue(
  condition: () => boolean | Promise<boolean>,
  timeoutMs: number,
  intervalMs = 50,
  what = 'condition',
): Promise<void> {
  await eventually(condition, { timeoutMs, intervalMs, what });
}
