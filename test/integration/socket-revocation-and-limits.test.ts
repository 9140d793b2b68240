import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueApiKey } from '../../shared/services/api-keys';
import { labCsv } from '../support/document-fixtures';
import { client, type Harness, startHarness } from '../support/harness';
import { openUploadSocket, type UploadSocket } from '../support/sockets';
import { postFile } from '../support/uploads';

let h: Harness;

beforeAll(async () => {
  h = await startHarness({
    env: {
      HDS_RATE_LIMITS: 'create-file=3,create-standardization=2',
      HDS_INVALID_KEY_LIMIT: '5',
      HDS_KEY_RECHECK_MS: '0',
    },
  });
});
afterAll(() => h.stop());

function open(query: string): Promise<UploadSocket> {
  return openUploadSocket(h.url, query);
}

const csv = labCsv();
const start = (messageId: string, filename = 'labs.csv') => ({
  type: 'upload_start',
  messageId,
  files: [{ filename, contentType: 'text/csv', size: csv.length }],
});
const chunk = (messageId: string, filename = 'labs.csv') => ({
  type: 'upload_chunk',
  messageId,
  filename,
  chunk: csv.toString('base64'),
  chunkIndex: 0,
  totalChunks: 1,
});

function upload(key: string): Promise<number> {
  return postFile(h.url, key, { name: 'labs.csv', data: csv, type: 'text/csv' });
}

describe('a revoked key stops its open sockets', () => {
  it('answers the next frame with invalid_api_key, closes the socket, and stores nothing', async () => {
    const account = await h.runtime.services.accounts.createAccount('revoked');
    const issue = () =>
      issueApiKey(h.runtime.services.accounts, account.accountId, {
        name: 'k',
        region: h.runtime.services.config.region,
      });
    const doomed = await issue();
    const socket = await open(`key=${doomed.secret}&user=rev`);
    expect((await socket.next()).type).toBe('connection_established');
    socket.ws.send(JSON.stringify(start('m1')));
    await h.runtime.services.accounts.revokeApiKey(account.accountId, doomed.record.keyId, new Date().toISOString());
    socket.ws.send(JSON.stringify(chunk('m1')));
    socket.ws.send(JSON.stringify({ type: 'upload_end', messageId: 'm1' }));
    const refused = await socket.next();
    expect(refused).toMatchObject({ type: 'error', status: 401, error: { code: 'invalid_api_key' } });
    await socket.closed;
    await h.runtime.drainQueues();
    const fresh = await issue();
    const api = client(h.url, fresh.secret);
    expect((await api.get('/v1/files?user=rev')).body.data).toEqual([]);
    // A live key of the same account still uploads over a socket.
    const other = await open(`key=${fresh.secret}&user=rev`);
    expect((await other.next()).type).toBe('connection_established');
    other.ws.close();
  });
});

describe('every channel counts against the limits', () => {
  it('a socket upload_start is refused with 429 once POST /v1/files used the minute, nothing staged', async () => {
    const { key } = await h.newAccount('uploads');
    const statuses = [await upload(key), await upload(key), await upload(key), await upload(key)];
    expect(statuses).toEqual([200, 200, 200, 429]);
    const socket = await open(`key=${key}&user=limited`);
    expect((await socket.next()).type).toBe('connection_established');
    socket.ws.send(JSON.stringify(start('m1')));
    const refused = await socket.next();
    expect(refused).toMatchObject({ type: 'error', status: 429, messageId: 'm1' });
    expect(refused.retry_after).toBeGreaterThan(0);
    // The batch was never opened: its chunks are refused for want of an upload_start.
    socket.ws.send(JSON.stringify(chunk('m1')));
    expect(await socket.next()).toMatchObject({ type: 'error', error: { code: 'invalid_message_id' } });
    socket.ws.close();
    expect((await client(h.url, key).get('/v1/files?user=limited')).body.data).toEqual([]);
  });

  it('each file announced over a socket counts, so the socket cannot pass the upload pacing either', async () => {
    const { key } = await h.newAccount('socket-first');
    const socket = await open(`key=${key}&user=s`);
    expect((await socket.next()).type).toBe('connection_established');
    socket.ws.send(
      JSON.stringify({
        type: 'upload_start',
        messageId: 'four',
        files: ['a', 'b', 'c', 'd'].map((n) => ({ filename: `${n}.csv`, contentType: 'text/csv', size: csv.length })),
      }),
    );
    expect(await socket.next()).toMatchObject({ type: 'error', status: 429, messageId: 'four' });
    socket.ws.send(JSON.stringify(start('two')));
    socket.ws.send(JSON.stringify(chunk('two')));
    socket.ws.send(JSON.stringify({ type: 'upload_end', messageId: 'two' }));
    await h.runtime.drainQueues();
    expect((await socket.next()).type).toBe('upload_end_response');
    socket.ws.close();
    expect([await upload(key), await upload(key), await upload(key)]).toEqual([200, 200, 429]);
  });

  it('/v1/standardize and /v1/extract share one counter', async () => {
    const api = client(h.url, (await h.newAccount('standardize')).key);
    const body = { text: 'Glucose 97 mg/dL' };
    const statuses = [
      (await api.post('/v1/standardize', body)).status,
      (await api.post('/v1/extract', body)).status,
      (await api.post('/v1/extract', body)).status,
      (await api.post('/v1/standardize', body)).status,
    ];
    expect(statuses).toEqual([200, 200, 429, 429]);
  });

  it('repeated invalid keys from one address are slowed; a valid key from it is still served', async () => {
    const { key } = await h.newAccount('guessing');
    const bad = client(h.url, `hds_live_${'z'.repeat(40)}`);
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await bad.get('/v1/models')).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
    const slowed = await bad.get('/v1/models');
    expect(Number(slowed.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(slowed.body.error.message).toContain('from this address');
    // Malformed keys and socket handshakes count on the same address.
    expect((await client(h.url, 'nonsense').get('/v1/models')).status).toBe(429);
    await expect(open(`key=hds_live_${'q'.repeat(40)}`)).rejects.toMatchObject({ status: 429 });
    expect((await client(h.url, key).get('/v1/models')).status).toBe(200);
  });
});
