import { vi } from 'vitest';

/**
 * Every line the process logs while `run` runs, at HDS_LOG_LEVEL `level`; the level and the streams are as they were
 * afterwards, so one test can capture without touching the others.
 */
export async function captureLogs(level: string, run: () => Promise<unknown>): Promise<string[]> {
  const lines: string[] = [];
  const previous = process.env.HDS_LOG_LEVEL;
  process.env.HDS_LOG_LEVEL = level;
  const spies = spyOnLogOutput(lines, { splitWrites: true });
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

/**
 * Captures every line logged from now on at debug level, for a whole log-hygiene test file: call it in `beforeAll`
 * before the harness starts (the harness keeps a level already set). Each stream write stays one entry, as it was
 * written. Undo with `stopCapturingLogLines`.
 */
export function captureLogLines(): string[] {
  const lines: string[] = [];
  process.env.HDS_LOG_LEVEL = 'debug';
  spyOnLogOutput(lines, { splitWrites: false });
  return lines;
}

export function stopCapturingLogLines(): void {
  vi.restoreAllMocks();
  delete process.env.HDS_LOG_LEVEL;
}

/**
 * Sends everything logged into `lines` instead of the terminal: Powertools' Logger writes to the process's own stdout
 * and stderr (as on Lambda), anything else goes through the global console.
 */
function spyOnLogOutput(lines: string[], { splitWrites }: { splitWrites: boolean }) {
  return [
    ...[process.stdout, process.stderr].map((stream) =>
      vi.spyOn(stream, 'write').mockImplementation((chunk: unknown) => {
        const text = String(chunk);
        lines.push(...(splitWrites ? text.split('\n').filter(Boolean) : [text]));
        return true;
      }),
    ),
    ...(['log', 'error', 'warn', 'info', 'debug'] as const).map((method) =>
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
        lines.push(args.map(String).join(' '));
      }),
    ),
  ];
}
