import type { Tenancy } from '../../http/tenancy';
import type { Services } from '../container';

/** Who one `/mcp` request acts for: one account (through `Tenancy`), one Subject of it, and whether it may write. */
export interface McpCaller {
  services: Services;
  tenancy: Tenancy;
  /** The only Subject reachable: the key's `?user=` or a user token's own default Subject. */
  subjectKey: string;
  canWrite: boolean;
  /** Aborted shortly before the function is stopped, so a slow tool answers "timed out" rather than nothing. */
  signal: AbortSignal;
  /** Epoch ms a read of the whole Subject (series, resources) stops at. */
  deadlineMs: number;
}

/** Time kept back from a tool's run for the answer to go out. */
const ANSWER_MARGIN_MS = 2_000;

export function mcpCallerOf(
  ctx: { services: Services; tenancy: Tenancy; subjectKey: string; canWrite: boolean },
  remainingMs: number,
  deadlineMs: number,
): McpCaller {
  const signal = Number.isFinite(remainingMs)
    ? AbortSignal.timeout(Math.max(1_000, remainingMs - ANSWER_MARGIN_MS))
    : new AbortController().signal;
  return {
    services: ctx.services,
    tenancy: ctx.tenancy,
    subjectKey: ctx.subjectKey,
    canWrite: ctx.canWrite,
    signal,
    deadlineMs,
  };
}
