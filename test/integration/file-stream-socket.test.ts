import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type Harness, startHarness } from '../support/harness';

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

  it('greets first with connection_established and the chunk limits, then answers frames', async () => {
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
    expect(await next()).toMatchObject({ type: 'error', error: { code: 'invalid_type', param: 'type' } });
    ws.send(JSON.stringify({ type: 'upload_start', messageId: 'm1', files: [] }));
    expect(await next()).toMatchObject({ type: 'error', messageId: 'm1', error: { code: 'uploads_unavailable' } });
    ws.close();
  });

  it('forgets the connection when the client leaves', async () => {
    const { ws, next } = await open(`key=${key}`);
    const { connectionId } = await next();
    expect(await h.runtime.services.connections.get(connectionId)).not.toBeNull();
    ws.close();
    for (let i = 0; i < 100 && (await h.runtime.services.connections.get(connectionId)); i++) {
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(await h.runtime.services.connections.get(connectionId)).toBeNull();
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
