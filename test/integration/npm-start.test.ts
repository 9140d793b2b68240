import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freeBasePort, groupMembers, npmStart, portIsFree, repoRoot } from '../support/npm-start';
import { eventuallyTrue } from '../support/polling';

/**
 * `npm start` as a newcomer runs it: every port from PORT (nothing to discover), a SIGTERM to npm stops every
 * process it started, and a data folder keeps its one first start whatever the bootstrap variable says later.
 */

let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'hds-npm-start-'));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

describe('npm start', () => {
  it('opens every port from PORT, names the S3 port in presigned URLs, and stops every child on SIGTERM', async () => {
    const key = `hds_live_${'b'.repeat(30)}`;
    const { child, url, output, stop } = await npmStart({ HDS_DATA_DIR: dataDir, HDS_BOOTSTRAP_API_KEY: key });
    const base = Number(new URL(url).port);
    try {
      expect(output()).toContain(`HDS listening on http://127.0.0.1:${base}`);
      // The pages' Secure cookie survives plain http only on `localhost`, so that is the name tokens and metadata use.
      const metadata = await fetch(`http://127.0.0.1:${base}/.well-known/oauth-authorization-server`);
      expect(((await metadata.json()) as { issuer: string }).issuer).toBe(`http://localhost:${base}`);
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
      await stop();
    }
    expect(groupMembers(child.pid!)).toEqual([]);
    for (const offset of [0, 1, 2, 3]) expect(await portIsFree(base + offset)).toBe(true);
  }, 120_000);

  it('restarted without HDS_BOOTSTRAP_API_KEY, keeps the one account and prints no first start', async () => {
    const { url, output, stop } = await npmStart({ HDS_DATA_DIR: dataDir });
    try {
      expect(output()).not.toContain('First start');
      const res = await fetch(`${url}/v1/models`, {
        headers: { authorization: `Bearer hds_live_${'b'.repeat(30)}` },
      });
      expect(res.status).toBe(200);
    } finally {
      await stop();
    }
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
