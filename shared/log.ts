import { logger, syncLogLevel } from './observability';

/**
 * Structured JSON logs, one line each, through Powertools' Logger (with the invocation's request id, cold start and
 * X-Ray trace id). Callers pass identifiers and counts only: never request bodies, health values or secrets.
 */
type Level = 'debug' | 'info' | 'warn' | 'error';

export function log(level: Level, message: string, fields: Record<string, unknown> = {}): void {
  syncLogLevel();
  logger[level](message, fields);
}

/**
 * What to log of a caught error: its class, code and where it was thrown, never its message, which can carry a file
 * name (a person's name, a diagnosis), a value or a key.
 */
export function errorFields(err: unknown): Record<string, unknown> {
  const e = err as { name?: string; code?: unknown; stack?: string } | null | undefined;
  return {
    error: e?.name ?? typeof err,
    ...(typeof e?.code === 'string' ? { code: e.code } : {}),
    ...(e?.stack ? { at: e.stack.split('\n').slice(1, 6).join('\n') } : {}),
  };
}
