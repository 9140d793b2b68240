import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { labCsv, labTxt } from '../support/document-fixtures';
import { client, type Harness, startHarness } from '../support/harness';
import { eventually } from '../support/polling';

function chunks(messageId: string, filename: string, data: Buffer, size: number) {
  const totalChunks = Math.ceil(data.length / size);
  return Array.from({ length: totalChunks }, (_, chunkIndex) => ({
    type: 'upload_chunk',
    messageId,
    filename,
    chunk: data.subarray(chunkIndex * size, (chunkIndex + 1) * size).toString('base64'),
    chunkIndex,
    totalChunks,
  }));
}

/** A fixed permutation, so a failure replays the same order. */
function shuffle<T>(items: T[]): T[] {
  return items
    .map((item, i) => ({ item, k: (i * 7919) % 101 }))
    .sort((a, b) => a.k - b.k)
    .map((x) => x.item);
}

let h: Harness;
let key: string;

beforeAll(async () => {
  h = await startHarness();
  key = (await h.newAccount()).key;
});
afterAll(() => h?.stop());

const wsUrl = (query: string) => `${h.url.replace('http', 'ws')}/v1/files/stream?${query}`;

/** Opens a socket and collects its frames; resolves once the handshake is done. */
function open(query: string): Promise<{ ws: WebSocket; frames: any[]; next(): Promise<any> }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(wsUrl(query));
    const frames: any[] = [];
    const waiters: ((f: any) => void)[] = [];
    let read = 0;
    ws.on('message', (data) => {
      frames.push(JSON.parse(data.toString()));
      waiters.shift()?.(frames[read++]);
    });
    ws.on('open', () =>
      resolve({
        ws,
        frames,
        next: () => (read < frames.length ? Promise.resolve(frames[read++]) : new Promise((r) => waiters.push(r))),
      }),
    );
    ws.on('unexpected-response', (_req, res) => {
      let body = '';
      res.on('data', (c) => (body += c));
      res.on('end', () =>
        reject(Object.assign(new Error(`handshake ${res.statusCode}`), { status: res.statusCode, body })),
      );
    });
    ws.on('error', (err) => reject(err));
  });
}

describe('WebSocket /v1/files/stream transport', () => {
  it('refuses a handshake without a valid key, in the envelope', async () => {
    await expect(open('user=alice')).rejects.toMatchObject({ status: 401 });
    const bad = await open(`key=hds_live_${'x'.repeat(40)}`).catch((e) => e);
    expect(bad.status).toBe(401);
    expect(JSON.parse(bad.body).error.code).toBe('invalid_api_key');
    const session = await open(`key=${key}&retention=session`).catch((e) => e);
    expect(session.status).toBe(400);
    expect(JSON.parse(session.body).error).toMatchObject({ code: 'invalid_session', param: 'session_id' });
  });

  it('greets first with connection_established and the chunk limits, then answers malformed frames', async () => {
    const { ws, next } = await open(`key=${key}&user=Alice&retention=6h`);
    const hello = await next();
    expect(hello).toMatchObject({
      type: 'connection_established',
      subject: 'alice',
      retention: '6h',
      limits: { max_chunk_bytes: 256 * 1024, max_file_bytes: 100 * 1024 * 1024 },
    });
    ws.send('not json');
    expect(await next()).toMatchObject({
      type: 'error',
      error: { code: 'invalid_json', type: 'invalid_request_error' },
    });
    ws.send(JSON.stringify({ type: 'hello' }));
    expect(await next()).toMatchObject({ type: 'error', error: { param: 'type' } });
    ws.send(
      JSON.stringify({
        type: 'upload_chunk',
        messageId: 'nope',
        filename: 'a.csv',
        chunk: 'QQ==',
        chunkIndex: 0,
        totalChunks: 1,
      }),
    );
    expect(await next()).toMatchObject({ type: 'error', messageId: 'nope', error: { param: 'messageId' } });
    ws.close();
  });

  it('stores and parses a batch of files sent in chunks out of order, then answers upload_end_response', async () => {
    const { ws, next } = await open(`key=${key}&user=streamer`);
    await next();
    const csv = labCsv();
    const txt = labTxt();
    ws.send(
      JSON.stringify({
        type: 'upload_start',
        messageId: 'b1',
        files: [
          { filename: 'labs.csv', contentType: 'text/csv', size: csv.length },
          { filename: 'labs.txt', contentType: 'text/plain', size: txt.length },
        ],
      }),
    );
    const frames = [...chunks('b1', 'labs.csv', csv, 100), ...chunks('b1', 'labs.txt', txt, 64)];
    for (const f of shuffle(frames)) ws.send(JSON.stringify(f));
    ws.send(JSON.stringify({ type: 'upload_end', messageId: 'b1' }));
    const done = await next();
    expect(done).toMatchObject({ type: 'upload_end_response', messageId: 'b1' });
    expect(done.files.map((f: any) => [f.filename, f.status, f.bytes])).toEqual(
      expect.arrayContaining([
        ['labs.csv', 'processed', csv.length],
        ['labs.txt', 'processed', txt.length],
      ]),
    );
    expect(done.failed).toBeUndefined();
    const api = client(h.url, key);
    const listed = (await api.get('/v1/files?user=streamer')).body.data;
    expect(listed).toHaveLength(2);
    const text = (await api.get(`/v1/files/${listed[0].id}?user=streamer`)).body.extracted_text;
    expect(text).toContain('Glucose');
    expect(
      (await api.get('/v1/data?user=streamer')).body.data.some(
        (r: any) => r.loinc_code === '2345-7' && r.source === 'upload',
      ),
    ).toBe(true);
    ws.close();
  });

  it('names the file and chunk of every bad chunk, and stores nothing of a broken file', async () => {
    const { ws, next } = await open(`key=${key}&user=broken`);
    await next();
    const csv = labCsv();
    ws.send(
      JSON.stringify({
        type: 'upload_start',
        messageId: 'b2',
        files: [
          { filename: 'dup.csv', size: csv.length },
          { filename: 'gap.csv', size: csv.length },
          { filename: 'bad64.csv', size: csv.length },
          { filename: 'big.csv', size: csv.length },
          { filename: 'short.csv', size: csv.length + 5 },
          { filename: 'ok.csv', contentType: 'text/csv', size: csv.length },
        ],
      }),
    );
    const dup = chunks('b2', 'dup.csv', csv, 200);
    for (const f of dup) ws.send(JSON.stringify(f));
    ws.send(JSON.stringify(dup[0]));
    expect(await next()).toMatchObject({ type: 'error', messageId: 'b2', filename: 'dup.csv', chunkIndex: 0 });
    const gap = chunks('b2', 'gap.csv', csv, 100);
    for (const f of gap.filter((c) => c.chunkIndex !== 1)) ws.send(JSON.stringify(f));
    ws.send(JSON.stringify({ ...chunks('b2', 'bad64.csv', csv, 100)[0], chunk: '!!not base64!!' }));
    expect(await next()).toMatchObject({ type: 'error', filename: 'bad64.csv', chunkIndex: 0 });
    ws.send(
      JSON.stringify({
        type: 'upload_chunk',
        messageId: 'b2',
        filename: 'big.csv',
        chunk: Buffer.alloc(300 * 1024, 65).toString('base64'),
        chunkIndex: 0,
        totalChunks: 1,
      }),
    );
    expect(await next()).toMatchObject({ type: 'error', filename: 'big.csv', chunkIndex: 0 });
    for (const f of chunks('b2', 'short.csv', csv, 100)) ws.send(JSON.stringify(f));
    for (const f of chunks('b2', 'ok.csv', csv, 100)) ws.send(JSON.stringify(f));
    ws.send(
      JSON.stringify({
        type: 'upload_chunk',
        messageId: 'b2',
        filename: 'unknown.csv',
        chunk: 'QQ==',
        chunkIndex: 0,
        totalChunks: 1,
      }),
    );
    expect(await next()).toMatchObject({ type: 'error', filename: 'unknown.csv' });
    ws.send(JSON.stringify({ type: 'upload_end', messageId: 'b2' }));
    const done = await next();
    expect(done.type).toBe('upload_end_response');
    expect(done.files.map((f: any) => f.filename)).toEqual(['ok.csv']);
    expect(done.failed.map((f: any) => f.filename).sort()).toEqual([
      'bad64.csv',
      'big.csv',
      'dup.csv',
      'gap.csv',
      'short.csv',
    ]);
    expect(done.failed.find((f: any) => f.filename === 'gap.csv').reason).toContain('chunk 1');
    const listed = (await client(h.url, key).get('/v1/files?user=broken')).body.data;
    expect(listed.map((f: any) => f.filename)).toEqual(['ok.csv']);
    ws.send(JSON.stringify({ type: 'upload_end', messageId: 'b2' }));
    expect(await next()).toMatchObject({ type: 'error', messageId: 'b2', error: { param: 'messageId' } });
    ws.close();
  });

  it('refuses a file announced over 100 MB', async () => {
    const { ws, next } = await open(`key=${key}`);
    await next();
    ws.send(
      JSON.stringify({
        type: 'upload_start',
        messageId: 'huge',
        files: [{ filename: 'huge.csv', size: 100 * 1024 * 1024 + 1 }],
      }),
    );
    expect(await next()).toMatchObject({ type: 'error', messageId: 'huge', filename: 'huge.csv' });
    ws.close();
  });

  it('forgets the connection when the client leaves', async () => {
    const { ws, next } = await open(`key=${key}`);
    const { connectionId } = await next();
    expect(await h.runtime.services.connections.get(connectionId)).not.toBeNull();
    ws.close();
    // $disconnect runs once the server has seen the close.
    await eventually(async () => (await h.runtime.services.connections.get(connectionId)) === null, {
      timeoutMs: 5_000,
      what: 'the connection forgotten',
    });
  });

  it('answers 404 for a WebSocket on any other path', async () => {
    const other = await new Promise<number>((resolve) => {
      const ws = new WebSocket(`${h.url.replace('http', 'ws')}/v1/data`);
      ws.on('unexpected-response', (_q, res) => resolve(res.statusCode ?? 0));
      ws.on('error', () => resolve(-1));
    });
    expect(other).toBe(404);
  });
});
