import WebSocket from 'ws';

export interface UploadSocket {
  ws: WebSocket;
  /** The next frame from the server, in order, as parsed JSON. */
  next(): Promise<any>;
  /** Resolves with the close code once the socket is closed. */
  closed: Promise<number>;
}

/**
 * Opens `/v1/files/stream` with `query` (`key=…&user=…`). A refused handshake rejects with its HTTP `status` and
 * `body`, as the route's envelope.
 */
export function openUploadSocket(baseUrl: string, query: string): Promise<UploadSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${baseUrl.replace('http', 'ws')}/v1/files/stream?${query}`);
    const frames: any[] = [];
    const waiters: ((f: any) => void)[] = [];
    const closed = new Promise<number>((r) => ws.on('close', (code) => r(code)));
    ws.on('message', (data) => {
      const frame = JSON.parse(data.toString());
      const waiter = waiters.shift();
      if (waiter) waiter(frame);
      else frames.push(frame);
    });
    ws.on('open', () =>
      resolve({
        ws,
        closed,
        next: () => (frames.length ? Promise.resolve(frames.shift()) : new Promise((r) => waiters.push(r))),
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
