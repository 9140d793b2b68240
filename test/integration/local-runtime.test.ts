import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bootstrapAccount } from '../../infra/local/bootstrap';
import { startRuntime } from '../../infra/local/runtime';
import { client } from '../support/harness';
import { eventually } from '../support/polling';

process.env.HDS_LOG_LEVEL = 'silent';
const dirs: string[] = [];
afterAll(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

async function dataDir(): Promise<string> {
  const d = await mkdtemp(join(tmpdir(), 'hds-rt-'));
  dirs.push(d);
  return d;
}

describe('local runtime', () => {
  it('keeps data and queued jobs across a restart, and prints a first key only once', async () => {
    const dir = await dataDir();
    let rt = await startRuntime({ dataDir: dir, queuePollMs: 60_000 });
    const boot = await bootstrapAccount(rt.services, undefined);
    expect(boot.kind).toBe('first-start');
    const key = boot.kind === 'first-start' ? boot.secret : '';
    expect(key).toMatch(/^hds_live_[A-Za-z0-9]{40}$/);
    const api = () => client(rt.url, key);
    await api().post('/v1/data', {
      user: 'erin',
      retention: 'permanent',
      records: [{ indicator: 'Weight', value: 70, unit: 'kg' }],
    });
    await api().post('/v1/data', {
      user: 'frank',
      retention: 'permanent',
      records: [{ indicator: 'Weight', value: 80, unit: 'kg' }],
    });
    // The erase enqueues a purge job; the poller is slowed so the job is still queued at the restart.
    expect((await api().delete('/v1/subjects/frank')).status).toBe(200);
    expect(await rt.queue!.pending('purge')).toHaveLength(1);
    await rt.stop();

    rt = await startRuntime({ dataDir: dir, queuePollMs: 60_000 });
    expect((await bootstrapAccount(rt.services, undefined)).kind).toBe('existing');
    const rows = (await api().get('/v1/data?user=erin')).body.data;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ indicator: 'Weight', value: '70' });
    expect(await rt.queue!.pending('purge')).toHaveLength(1);
    await rt.drainQueues();
    expect(await rt.queue!.pending('purge')).toHaveLength(0);
    expect((await client(rt.url).get('/api/health')).status).toBe(200);
    await rt.stop();
  });

  it('ensures an account holding exactly HDS_BOOTSTRAP_API_KEY', async () => {
    const dir = await dataDir();
    const secret = `hds_live_${'b'.repeat(40)}`;
    const rt = await startRuntime({ dataDir: dir });
    const first = await bootstrapAccount(rt.services, secret);
    expect(first).toMatchObject({ kind: 'configured', created: true });
    expect((await bootstrapAccount(rt.services, secret)).kind).toBe('configured');
    expect((await client(rt.url, secret).get('/v1/models')).status).toBe(200);
    await expect(bootstrapAccount(rt.services, 'not-a-key')).rejects.toThrow('HDS_BOOTSTRAP_API_KEY');
    await rt.stop();
  });

  it('retries a failing queue message and dead-letters it after maxReceiveCount', async () => {
    const rt = await startRuntime({ queuePollMs: 20, queueRetryDelayMs: 10 });
    await rt.queue!.send('purge', { type: 'something-else' });
    const dead = await eventually(
      async () => {
        const letters = await rt.queue!.deadLetters('purge');
        return letters.length > 0 && letters;
      },
      { timeoutMs: 5_000, what: 'the message dead-lettered' },
    );
    expect(dead).toHaveLength(1);
    expect(dead[0]!.receiveCount).toBe(5);
    expect(await rt.queue!.pending('purge')).toHaveLength(0);
    await rt.stop();
  });
});
