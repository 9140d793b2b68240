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
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await condition()) return;
    if (Date.now() > deadline) throw new Error(`${what} did not hold within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
