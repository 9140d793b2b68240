import type { LookupAddress } from 'node:dns';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Resolver } from '../../shared/adapters/egress/address-guard';

/**
 * Local HTTP servers for the SSRF tests. Every server here listens on loopback, which the guard refuses, so a test
 * that needs a "public" page lets one server pose as a public host honestly: a fake name (`public.example`) that an
 * injected resolver maps to it, and that name, and only that name, on the allow list. A redirect from it to
 * `127.0.0.1:<port>` then names a host that is not allow-listed, and must be refused at the hop.
 */

export const POSING_HOST = 'public.example';

export interface TestServer {
  port: number;
  /** `http://127.0.0.1:<port>` */
  origin: string;
  /** Requests received, in order (method and path). */
  requests: { method: string; path: string; host: string | undefined }[];
  /** Responses the client walked away from before they were finished (a destroyed connection). */
  abandoned: number;
  close(): Promise<void>;
}

export type Handler = (req: http.IncomingMessage, res: http.ServerResponse, server: TestServer) => void;

/** A server on `host:port` (port 0: any) that records every request and hands it to `handle`. */
export async function startServer(handle: Handler, host = '127.0.0.1', port = 0): Promise<TestServer> {
  const server = http.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const bound = (server.address() as AddressInfo).port;
  const state: TestServer = {
    port: bound,
    origin: `http://${host}:${bound}`,
    requests: [],
    abandoned: 0,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  server.on('request', (req, res) => {
    state.requests.push({ method: req.method ?? '', path: req.url ?? '', host: req.headers.host });
    res.on('close', () => {
      if (!res.writableFinished) state.abandoned++;
    });
    handle(req, res, state);
  });
  return state;
}

/** A resolver answering from a table; a name not in it does not exist. Counts its lookups. */
export function tableResolver(table: Record<string, string[] | (() => string[])>): Resolver & { lookups: string[] } {
  const lookups: string[] = [];
  const resolve = async (host: string): Promise<LookupAddress[]> => {
    lookups.push(host);
    const entry = table[host.toLowerCase()];
    if (!entry) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    const addresses = typeof entry === 'function' ? entry() : entry;
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return Object.assign(resolve, { lookups });
}

/**
 * Writes `type` bytes in 64 KB chunks, waiting for the client to drain, until `totalBytes` or until the client goes:
 * a client that stops reading makes the response end unfinished (`abandoned`).
 */
export function stream(res: http.ServerResponse, type: string, totalBytes: number, fill = 0x61): void {
  res.writeHead(200, { 'content-type': type });
  const chunk = Buffer.alloc(64 * 1024, fill);
  let sent = 0;
  const write = () => {
    while (sent < totalBytes && !res.destroyed) {
      const piece = chunk.subarray(0, Math.min(chunk.length, totalBytes - sent));
      sent += piece.length;
      if (!res.write(piece)) {
        res.once('drain', write);
        return;
      }
    }
    if (!res.destroyed) res.end();
  };
  write();
}
