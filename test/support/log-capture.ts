import { vi } from 'vitest';

/**
 * Every line the process logs while `run` runs, at HDS_LOG_LEVEL `level`: Powertools' Logger writes to the process's
 * own stdout and stderr (as on Lambda), so both streams are captured, plus the global console for anything else.
 */
export async function captureLogs(level: string, run: () => Promise<unknown>): Promise<string[]> {
  const lines: string[] = [];
  const previous = process.env.HDS_LOG_LEVEL;
  process.env.HDS_LOG_LEVEL = level;
  const spies = [
    ...[process.stdout, process.stderr].map((stream) =>
      vi.spyOn(stream, 'write').mockImplementation((chunk: unknown) => {
        lines.push(...String(chunk).split('\n').filter(Boolean));
        return true;
      }),
    ),
    ...(['log', 'error', 'warn', 'info', 'debug'] as const).map((method) =>
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
        lines.push(args.map(String).join(' '));
      }),
    ),
  ];
  try {
    await run();
  } finally {
    for (const spy of spies) spy.mockRestore();
    if (previous === undefined) delete process.env.HDS_LOG_LEVEL;
    else process.env.HDS_LOG_LEVEL = previous;
  }
  return lines;
}

/** The captured lines that are JSON log entries, parsed. */
export function logEntries(lines: string[]): Record<string, unknown>[] {
  return lines.flatMap((line) => {
    try {
      const entry = JSON.parse(line);
      return entry && typeof entry === 'object' ? [entry as Record<string, unknown>] : [];
    } catch {
      return [];
    }
  });
}
