import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { client, type Harness, startHarness } from '../support/harness';
import { postFile } from '../support/uploads';

/**
 * A file's name can say whose it is and what they have. Uploads whose processing fails (the path that logs the
 * most) and requests refused for their file must leave no trace of the name in any log line.
 */
const NAME = 'jane-doe-hiv-positive';
const lines: string[] = [];
let h: Harness;
let key: string;

beforeAll(async () => {
  process.env.HDS_LOG_LEVEL = 'debug';
  for (const stream of ['log', 'error', 'warn', 'info', 'debug'] as const) {
    vi.spyOn(console, stream).mockImplementation((...args: unknown[]) => {
      lines.push(args.map(String).join(' '));
    });
  }
  h = await startHarness({ queueRetryDelayMs: 10 });
  ({ key } = await h.newAccount('logs'));
});
afterAll(async () => {
  await h.stop();
  vi.restoreAllMocks();
});

function upload(data: Buffer, filename: string, type: string): Promise<number> {
  return postFile(h.url, key, { name: filename, data, type });
}

it('never logs a file name, through failed processing, refusals and erasure', async () => {
  // A PDF that is not one: accepted by its signature, then fails on every delivery and is dead-lettered.
  expect(
    await upload(Buffer.from('%PDF-1.7\n garbage that no reader can parse'), `${NAME}.pdf`, 'application/pdf'),
  ).toBe(200);
  expect(await upload(Buffer.from([0x4d, 0x5a, 0x90, 0x00]), `${NAME}.exe`, 'application/octet-stream')).toBe(415);
  for (let i = 0; i < 5; i++) await h.runtime.drainQueues();
  const api = client(h.url, key);
  const files = (await api.get('/v1/files')).body.data as { status?: string }[];
  expect(files).toHaveLength(1);
  expect((await api.delete('/v1/subjects/default')).status).toBe(200);
  await h.runtime.drainQueues();

  expect(lines.length).toBeGreaterThan(0);
  expect(lines.filter((l) => l.includes('jane-doe') || l.includes('hiv-positive'))).toEqual([]);
});
