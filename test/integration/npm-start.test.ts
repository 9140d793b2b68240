import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventuallyTrue } from '../support/polling';

/**
 * `npm start` as a newcomer runs it: every port from PORT (nothing to discover), a SIGTERM to npm stops every
 * process it started, and a data folder keeps its one first start whatever the bootstrap variable says later.
 */

const repoRoot = new URL('../..', import.meta.url).pathname;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'hds-npm-start-'));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

/** A base port whose next three are free too (API, S3, @connections, DynamoDB). */
async function freeBasePort(): Promise<number> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const base = 20_000 + Math.floor(Math.random() * 40_000);
    const free = await Promise.all([0, 1, 2, 3].map((offset) => portIsFree(base + offset)));
    if (free.every(Boolean)) return base;
  }
  throw new Error('no four consecutive free ports');
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

interface Started {
  child: ChildProcess;
  output: () => string;
}

/** `npm start` in a process group of its own, resolved once it says it listens. */
async function npmStart(env: Record<string, string>): Promise<Started> {
  const child = spawn('npm', ['start'], {
    cwd: repoRoot,
    detached: true,
    env: { ...process.env, HDS_DATA_DIR: dataDir, HDS_LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr!.on('data', (chunk) => {
    output += chunk;
  });
  await eventuallyTrue(() => output.includes('HDS listening on') || child.exitCode !== null, 90_000);
  if (!output.includes('HDS listening on')) throw new Error(`npm start failed:\n${output}`);
  return { child, output: () => output };
}

/** The pids still alive in a process group. */
function groupMembers(pgid: number): number[] {
  try {
    return execFileSync('ps', ['-o', 'pid=', '-g', String(pgid)], { encoding: 'utf8' })
      .split('\n')
      .map((l) => Number(l.trim()))
      .filter(Boolean);
  } catch {
    return []; // ps exits 1 when no process matches
  }
}

describe('npm start', () => {
  it('opens every port from PORT, names the S3 port in presigned URLs, and stops every child on SIGTERM', async () => {
    const base = await freeBasePort();
    const key = `hds_live_${'b'.repeat(30)}`;
    const { child, output } = await npmStart({ PORT: String(base), HDS_BOOTSTRAP_API_KEY: key });
    try {
      expect(output()).toContain(`HDS listening on http://127.0.0.1:${base}`);
      expect(output()).not.toContain('First start');
      for (const offset of [1, 2, 3]) expect(await portIsFree(base + offset), `port ${base + offset}`).toBe(false);

      const res = await fetch(`http://127.0.0.1:${base}/v1/files/uploads`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ user: 'alice', filename: 'scan.pdf', content_type: 'application/pdf', bytes: 1000 }),
      });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { url: string }).url).toContain(`127.0.0.1:${base + 1}`);
    } finally {
      // To npm alone, as a process manager or `kill` would: it must take everything it started with it.
      process.kill(child.pid!, 'SIGTERM');
    }
    await eventuallyTrue(() => groupMembers(child.pid!).length === 0, 20_000);
    expect(groupMembers(child.pid!)).toEqual([]);
    for (const offset of [0, 1, 2, 3]) expect(await portIsFree(base + offset)).toBe(true);
  }, 120_000);

  it('restarted without HDS_BOOTSTRAP_API_KEY, keeps the one account and prints no first start', async () => {
    const base = await freeBasePort();
    const { child, output } = await npmStart({ PORT: String(base) });
    try {
      expect(output()).not.toContain('First start');
      const res = await fetch(`http://127.0.0.1:${base}/v1/models`, {
        headers: { authorization: `Bearer hds_live_${'b'.repeat(30)}` },
      });
      expect(res.status).toBe(200);
    } finally {
      process.kill(child.pid!, 'SIGTERM');
    }
    await eventuallyTrue(() => groupMembers(child.pid!).length === 0, 20_000);
  }, 120_000);

  it('says which port is taken and which variable moves it', async () => {
    const base = await freeBasePort();
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(base + 1, '127.0.0.1', resolve));
    try {
      const child = spawn('npm', ['start'], {
        cwd: repoRoot,
        detached: true,
        env: { ...process.env, HDS_DATA_DIR: dataDir, PORT: String(base), HDS_LOG_LEVEL: 'silent' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout!.on('data', (c) => {
        output += c;
      });
      child.stderr!.on('data', (c) => {
        output += c;
      });
      const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
      expect(code).not.toBe(0);
      expect(output).toContain(`Port ${base + 1} (the S3 emulator) is in use`);
      expect(output).toContain('HDS_S3_PORT');
      await eventuallyTrue(() => groupMembers(child.pid!).length === 0, 20_000);
    } finally {
      blocker.close();
    }
  }, 120_000);
});
