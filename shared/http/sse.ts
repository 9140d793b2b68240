/** One server-sent event: an optional `event:` line, then the JSON data. */
export function sseFrame(data: unknown, event?: string): string {
  return `${event ? `event: ${event}\n` : ''}data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`;
}

/** Headers of an event stream; proxies must not buffer it. */
export const SSE_HEADERS: Record<string, string> = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache',
  'x-accel-buffering': 'no',
};

/** Idle time after which a comment line keeps intermediaries from closing the stream. */
export const KEEP_ALIVE_MS = 10_000;

/**
 * The frames of `source`, with an SSE comment (`: keep-alive`) whenever nothing was sent for `idleMs`. Comments
 * are the only keep-alive clients ignore safely (an empty `data:` line breaks the OpenAI SDKs). Closing this
 * iterator calls `onStop` (abort the work) and closes `source`, so a client that goes away stops what feeds it.
 */
export async function* withKeepAlive(
  source: AsyncIterable<string>,
  options: { idleMs?: number; onStop?: () => void } = {},
): AsyncGenerator<string> {
  const idleMs = options.idleMs ?? KEEP_ALIVE_MS;
  const iterator = source[Symbol.asyncIterator]();
  let pending: Promise<IteratorResult<string>> | undefined;
  try {
    for (;;) {
      pending ??= iterator.next();
      let timer: NodeJS.Timeout | undefined;
      const tick = new Promise<'tick'>((resolve) => {
        timer = setTimeout(() => resolve('tick'), idleMs);
      });
      const next = await Promise.race([pending, tick]);
      clearTimeout(timer);
      if (next === 'tick') {
        yield ': keep-alive\n\n';
        continue;
      }
      pending = undefined;
      if (next.done) return;
      yield next.value;
    }
  } finally {
    // Stop the work first: a source suspended on an upstream call only returns once that call ends.
    options.onStop?.();
    await iterator.return?.();
  }
}
