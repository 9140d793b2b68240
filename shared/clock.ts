/**
 * The one clock every retention and rate-limit decision reads, so tests can move time instead of
 * waiting for it.
 */
let source: () => number = () => Date.now();

export function nowMs(): number {
  return source();
}

export function nowSeconds(): number {
  return Math.floor(source() / 1000);
}

/** Replace the clock (tests only); returns a function restoring the real one. */
export function setClock(fn: () => number): () => void {
  const previous = source;
  source = fn;
  return () => {
    source = previous;
  };
}
