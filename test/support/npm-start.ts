import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { eventuallyTrue } from './polling';

/**
 * `npm start` as a newcomer runs it, for tests that need the whole service from the outside: in a process group of
 * its own, on four consecutive free ports, stopped by a SIGTERM to npm alone (which must take every process it
 * started with it).
 */

export const repoRoot = new URL('../..', import.meta.url).pathname;

/** A base port whose next three are free too (API, S3, @connections, DynamoDB). */
export async function freeBasePort(): Promise<number> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const base = 20_000 + Math.floor(Math.random() * 40_000);
    const free = await Promise.all([0, 1, 2, 3].map((offset) => portIsFree(base + offset)));
    if (free.every(Boolean)) return base;
  }
  throw new Error('no four consecutive free ports');
}

export function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** The pids still alive in a process group. */
export function groupMembers(pgid: number): number[] {
  try {
    return execFileSync('ps', ['-o', 'pid=', '-g', String(pgid)], { encoding: 'utf8' })
      .split('\n')
      .map((l) => Number(l.trim()))
      .filter(Boolean);
  } catch {
    return []; // ps exits 1 when no process matches
  }
}

export interface StartedService {
  child: ChildProcess;
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** Everything npm and the runtime printed so far. */
  output(): string;
  /** SIGTERM to npm, then wait for its whole process group to be gone (SIGKILL to the group after 20 s). */
  stop(): Promise<void>;
}

/** Runs `npm start` with `env` on top of the test's environment; resolves once it says it listens. */
export async function npmStart(env: Record<string, string>): Promise<StartedService> {
  const base = await freeBasePort();
  const child = spawn('npm', ['start'], {
    cwd: repoRoot,
    detached: true,
    env: { ...process.env, HDS_LOG_LEVEL: 'warn', ...env, PORT: String(base) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr!.on('data', (chunk) => {
    output += chunk;
  });
  const stop = async () => {
    const pgid = child.pid!;
    if (child.exitCode === null) process.kill(pgid, 'SIGTERM');
    try {
      await eventuallyTrue(() => groupMembers(pgid).length === 0, 20_000, 100, 'npm start to stop');
    } catch (err) {
      process.kill(-pgid, 'SIGKILL');
      throw err;
    }
  };
  await eventuallyTrue(() => output.includes('HDS listening on') || child.exitCode !== null, 90_000);
  if (!output.includes('HDS listening on')) {
    await stop();
    throw new Error(`npm start failed:\n${output}`);
  }
  return { child, url: `http://127.0.0.1:${base}`, output: () => output, stop };
}
