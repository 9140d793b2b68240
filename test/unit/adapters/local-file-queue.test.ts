import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { LocalFileQueue } from '../../../shared/adapters/queue/local-file-queue';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'hds-queue-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

it('holds a delayed message back until its delay has passed, across a restart', async () => {
  const queue = new LocalFileQueue(dir);
  const before = Date.now();
  await queue.send('purge', { n: 'now' });
  await queue.send('purge', { n: 'later' }, { delaySeconds: 30 });
  const after = Date.now();

  const bodies = (messages: { body: string }[]) => messages.map((m) => JSON.parse(m.body).n);
  expect(bodies(await queue.deliverable('purge', after))).toEqual(['now']);
  expect(bodies(await queue.pending('purge'))).toEqual(['now', 'later']);
  const reopened = new LocalFileQueue(dir);
  expect(bodies(await reopened.deliverable('purge', before + 29_000))).toEqual(['now']);
  expect(bodies(await reopened.deliverable('purge', after + 30_000))).toEqual(['now', 'later']);
});

it('refuses a delay outside 0–900 whole seconds and stores nothing', async () => {
  const queue = new LocalFileQueue(dir);
  for (const delaySeconds of [901, -1, 0.5]) {
    await expect(queue.send('purge', { n: 1 }, { delaySeconds })).rejects.toThrow(/delaySeconds/);
  }
  expect(await queue.pending('purge')).toEqual([]);
});
