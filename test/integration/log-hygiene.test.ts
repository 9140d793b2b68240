import { afterAll, beforeAll, expect, it } from 'vitest';
import { client, type Harness, startHarness } from '../support/harness';
import { captureLogLines, stopCapturingLogLines } from '../support/log-capture';
import { postFile } from '../support/uploads';

/**
 * A file's name can say whose it is and what they have. Uploads whose processing fails (the path that logs the
 * most) and requests refused for their file must leave no trace of the name in any log line.
 */
const NAME = 'jane-doe-hiv-positive';
let lines: string[] = [];
let h: Harness;
let key: string;
let accountId: string;

beforeAll(async () => {
  lines = captureLogLines();
  h = await startHarness({ queueRetryDelayMs: 10 });
  ({ key, accountId } = await h.newAccount('logs'));
});
afterAll(async () => {
  await h.stop();
  stopCapturingLogLines();
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

it("writes one request line per HTTP request: the gateway's request id, route, status, account; no path or query", async () => {
  const api = client(h.url, key);
  const user = 'jane-doe@example.org';
  const res = await api.get(`/v1/data?user=${encodeURIComponent(user)}&indicator=hiv-viral-load`);
  expect(res.status).toBe(200);
  const requestId = res.headers.get('x-request-id');
  const entries = lines
    .flatMap((l) => l.split('\n'))
    .filter((l) => l.trim().startsWith('{'))
    .map((l) => JSON.parse(l) as Record<string, unknown>)
    .filter((entry) => entry.message === 'request' && entry.requestId === requestId);
  expect(entries).toHaveLength(1);
  expect(entries[0]).toMatchObject({ level: 'INFO', route: 'list-data', status: 200, account: accountId });
  expect(typeof entries[0]!.latencyMs).toBe('number');
  const text = JSON.stringify(entries[0]);
  expect(text).not.toContain('jane-doe');
  expect(text).not.toContain('hiv');
  expect(text).not.toContain(key);

  // A refused request is logged the same way, with its error code and no account.
  const refused = await fetch(`${h.url}/v1/data`, { headers: { authorization: 'Bearer hds_live_nope' } });
  const refusedId = refused.headers.get('x-request-id');
  const refusedLine = lines.find((l) => l.includes(`"requestId":"${refusedId}"`) && l.includes('"message":"request"'));
  expect(JSON.parse(refusedLine!)).toMatchObject({ status: 401, code: 'invalid_api_key', route: 'list-data' });
  expect(refusedLine).not.toContain('"account"');
});
