/**
 * Structured JSON logs. Callers pass identifiers and counts only: never request bodies, health
 * values or secrets.
 */
type Level = 'debug' | 'info' | 'warn' | 'error';
const ORDER: Record<Level | 'silent', number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

function threshold(): number {
  const level = (process.env.HDS_LOG_LEVEL ?? 'info') as Level | 'silent';
  return ORDER[level] ?? ORDER.info;
}

export function log(level: Level, message: string, fields: Record<string, unknown> = {}): void {
  if (ORDER[level] < threshold()) return;
  const line = JSON.stringify({ level, time: new Date().toISOString(), message, ...fields });
  if (level === 'error' || level === 'warn') console.error(line);
  else console.log(line);
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
