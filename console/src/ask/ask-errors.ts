/**
 * What the Ask panel tells the person when a question fails, by the answer's status and error code: who can act
 * (sign in, wait, fix the question, try later) and the server's own message where it helps. Pure.
 */
export interface AskFailure {
  status: number | null;
  code: string | null;
  message: string | null;
  /** Seconds from `Retry-After`, when the answer had one. */
  retryAfter?: number | null;
}

export function describeFailure(f: AskFailure): string {
  const detail = f.message ? ` (${f.message})` : '';
  const wait = f.retryAfter ? ` Try again in ${f.retryAfter} s.` : ' Try again shortly.';
  if (f.status === null) return `Could not reach HDS${detail}. Check the connection and try again.`;
  if (f.code === 'upstream_rate_limited') return `The answering model is busy right now.${wait}`;
  // Headers said 200, then the stream carried an error frame: the answer began and broke off.
  if (f.status === 200) return `The answer stopped early${detail}.${wait}`;
  if (f.status === 401) return 'Your session has ended. Sign in again to ask.';
  if (f.status === 429) return `Too many questions in a short time for this account.${wait}`;
  if (f.status === 404) return f.message ?? 'That Subject does not exist in this account.';
  if (f.status === 502 || f.status === 503 || f.status === 504 || f.code === 'upstream_error') {
    return `The answering model is unavailable${detail}.${wait}`;
  }
  if (f.status >= 400 && f.status < 500) return f.message ?? `The question was refused (HTTP ${f.status}).`;
  return `HDS failed to answer${detail}. Try again later.`;
}

/** `Retry-After` in seconds (delta form; HDS never sends a date), or null. */
export function retryAfterSeconds(header: string | null): number | null {
  if (!header || !/^\d+$/.test(header.trim())) return null;
  return Number(header.trim());
}
