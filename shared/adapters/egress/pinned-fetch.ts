import type { LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { Readable, Transform } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { FetchLike } from '../../ports/egress';
import { bareHost } from './address-guard';

/** A larger response from a remote server is cut off: tool results are bounded far below this anyway. */
const MAX_RESPONSE_BYTES = 8 * 1024 * 1024;

export interface PinnedFetch {
  fetch: FetchLike;
  /** Drops the kept-alive connections. */
  close(): void;
}

/**
 * A `fetch` for the MCP transport that connects only to `addresses`, the ones `resolvePublicAddresses` checked for
 * `hostname`. Why not the global fetch: it resolves the name again when it connects, so a name that answered with
 * a public address at check time could answer with 127.0.0.1 a moment later (DNS rebinding) and the check would
 * be worthless. Here node:http's `lookup` hook hands the socket the pinned addresses, while the URL keeps the
 * host name, so the `Host` header, TLS SNI and certificate checks still use the name. Redirects are never followed
 * by this fetch itself; the SDK follows only same-origin ones, through this fetch again, and a request for any
 * other host is refused.
 */
export function pinnedFetch(hostname: string, addresses: readonly LookupAddress[]): PinnedFetch {
  const pinnedHost = bareHost(hostname).toLowerCase();
  const lookup = pinnedLookup(pinnedHost, addresses);
  const agents = {
    'http:': new http.Agent({ keepAlive: true }),
    'https:': new https.Agent({ keepAlive: true }),
  };

  const fetch: FetchLike = async (input, init = {}) => {
    const url = new URL(input);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`refusing ${url.protocol} request`);
    if (bareHost(url.hostname).toLowerCase() !== pinnedHost) {
      throw new Error(`refusing a request to another host than ${pinnedHost}`);
    }
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, name) => {
      headers[name] = value;
    });
    const body = requestBody(init.body);
    if (body) headers['content-length'] = String(body.length);
    const method = (init.method ?? 'GET').toUpperCase();
    const request = url.protocol === 'https:' ? https.request : http.request;

    const agent = agents[url.protocol as 'http:'];
    const res = await new Promise<http.IncomingMessage>((resolve, reject) => {
      const req = request(
        url,
        { method, headers, agent, lookup, ...(init.signal ? { signal: init.signal } : {}) },
        resolve,
      );
      req.on('error', reject);
      req.end(body);
    });
    return toResponse(res, method);
  };

  return {
    fetch,
    close() {
      agents['http:'].destroy();
      agents['https:'].destroy();
    },
  };
}

/**
 * A node:net `lookup` that answers with the checked addresses only, whatever name it is asked for: the socket
 * connects where the guard looked, never where a second resolution would point.
 */
export function pinnedLookup(host: string, addresses: readonly LookupAddress[]): LookupFunction {
  return (_host, options, callback) => {
    const family = options.family === 4 || options.family === 6 ? options.family : 0;
    const usable = addresses.filter((a) => !family || a.family === family);
    const first = usable[0];
    if (!first) {
      callback(Object.assign(new Error(`no IPv${family} address for ${host}`), { code: 'ENOTFOUND' }), '', 0);
    } else if (options.all) callback(null, usable);
    else callback(null, first.address, first.family);
  };
}

function requestBody(body: RequestInit['body']): Buffer | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return Buffer.from(body);
  if (body instanceof URLSearchParams) return Buffer.from(body.toString());
  if (body instanceof ArrayBuffer) return Buffer.from(body);
  if (ArrayBuffer.isView(body)) return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  throw new TypeError('unsupported request body for an MCP request');
}

function toResponse(res: http.IncomingMessage, method: string): Response {
  const status = res.statusCode ?? 0;
  if (status < 200 || status > 599) {
    res.destroy();
    throw new Error(`unexpected HTTP status ${status}`);
  }
  const headers = new Headers();
  for (let i = 0; i + 1 < res.rawHeaders.length; i += 2) headers.append(res.rawHeaders[i]!, res.rawHeaders[i + 1]!);
  if (method === 'HEAD' || status === 204 || status === 205 || status === 304) {
    res.resume();
    return new Response(null, { status, statusText: res.statusMessage ?? '', headers });
  }
  let received = 0;
  const limited = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      received += chunk.length;
      if (received > MAX_RESPONSE_BYTES) done(new Error(`response larger than ${MAX_RESPONSE_BYTES} bytes`));
      else done(null, chunk);
    },
  });
  res.on('error', (err) => limited.destroy(err));
  limited.on('close', () => res.destroy());
  res.pipe(limited);
  const body = Readable.toWeb(limited) as NodeReadableStream as unknown as ReadableStream<Uint8Array>;
  return new Response(body, { status, statusText: res.statusMessage ?? '', headers });
}
