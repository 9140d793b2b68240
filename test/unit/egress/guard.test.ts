import zlib from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Resolver } from '../../../shared/adapters/egress/address-guard';
import { createGuardedEgress } from '../../../shared/adapters/egress/guarded-egress';
import { EgressRefused, type EgressRequest, type EgressResponse } from '../../../shared/ports/egress';
import { POSING_HOST, startServer, stream, type TestServer, tableResolver } from '../../support/egress-servers';

/**
 * The SSRF spellings of docs/design/knowledge-tools.md §7.2, each its own test, through `Egress.fetch` with
 * `trust: 'public'`. `target` is a loopback server every refused URL would reach if the guard let it through (same
 * port, every loopback spelling): each refusal test also checks it received no request. `poser` is a loopback server
 * posing as the public host `public.example` (an injected resolver maps the name to it, and only the name is
 * allow-listed), for the redirect, size and type cases.
 */

const MB = 1024 * 1024;
let target: TestServer;
let poser: TestServer;

beforeAll(async () => {
  target = await startServer((_req, res) =>
    res.writeHead(200, { 'content-type': 'text/plain' }).end('the loopback target answered'),
  );
  const gzipBomb = zlib.gzipSync(Buffer.alloc(50 * MB), { level: 9 });
  const brotliBomb = zlib.brotliCompressSync(Buffer.alloc(50 * MB));
  poser = await startServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const to = url.searchParams.get('to');
    const hops = Number(url.searchParams.get('hops') ?? 0);
    switch (url.pathname) {
      case '/redirect':
        res.writeHead(Number(url.searchParams.get('status') ?? 302), { location: to ?? '/' }).end();
        return;
      case '/chain':
        if (hops > 0) res.writeHead(302, { location: `/chain?hops=${hops - 1}` }).end();
        else res.writeHead(200, { 'content-type': 'text/plain' }).end('end of the chain');
        return;
      case '/echo':
        req.resume();
        res.writeHead(200, { 'content-type': 'text/plain' }).end(`${req.method} ${req.headers.authorization ?? '-'}`);
        return;
      case '/echo-body': {
        let text = '';
        req.setEncoding('utf8');
        req.on('data', (c: string) => (text += c));
        req.on('end', () => {
          const length = req.headers['content-length'] ?? '-';
          const type = req.headers['content-type'] ?? '-';
          res.writeHead(200, { 'content-type': 'text/plain' }).end(`${req.method} ${type} ${length} [${text}]`);
        });
        return;
      }
      case '/six-mb':
        stream(res, 'text/plain', 6 * MB);
        return;
      case '/endless':
        stream(res, 'text/plain', 1024 * MB);
        return;
      case '/png':
        stream(res, 'image/png', 1024 * MB, 0x89);
        return;
      case '/gzip-bomb':
        res.writeHead(200, { 'content-type': 'text/plain', 'content-encoding': 'gzip' }).end(gzipBomb);
        return;
      case '/brotli-bomb':
        res.writeHead(200, { 'content-type': 'text/plain', 'content-encoding': 'br' }).end(brotliBomb);
        return;
      case '/gzipped':
        res.writeHead(200, { 'content-type': 'text/plain', 'content-encoding': 'gzip' });
        res.end(zlib.gzipSync('small and compressed'));
        return;
      case '/stall':
        return; // never answers
      default:
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<p>public page</p>');
    }
  });
}, 30_000);

afterAll(async () => {
  await target?.close();
  await poser?.close();
});

beforeEach(() => {
  target.requests.length = 0;
  poser.requests.length = 0;
});

const posing = () => tableResolver({ [POSING_HOST]: ['127.0.0.1'] });
/** No allow list, the system resolver: the guard as it runs in production. */
const production = () => createGuardedEgress({ allowHosts: [] });
/** `public.example` is the poser; nothing else is allow-listed. */
const withPoser = (resolve: Resolver = posing()) => createGuardedEgress({ allowHosts: [POSING_HOST], resolve });
const poserUrl = (path: string) => `http://${POSING_HOST}:${poser.port}${path}`;

function request(url: string, overrides: Partial<EgressRequest> = {}): EgressRequest {
  return {
    url: new URL(url),
    trust: 'public',
    accept: [{ prefix: 'text/' }],
    maxBytes: 5 * MB,
    timeoutMs: 5_000,
    maxRedirects: 5,
    ...overrides,
  };
}

async function refusal(pending: Promise<EgressResponse>): Promise<EgressRefused> {
  const err = await pending.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(EgressRefused);
  return err as EgressRefused;
}

function expectTargetUntouched() {
  expect(target.requests).toEqual([]);
}

describe('loopback, in every spelling, is refused before any connection', () => {
  it.each([
    ['dotted', (p: number) => `http://127.0.0.1:${p}/`],
    ['localhost (system resolver)', (p: number) => `http://localhost:${p}/`],
    ['IPv6 [::1]', (p: number) => `http://[::1]:${p}/`],
    ['decimal 2130706433', (p: number) => `http://2130706433:${p}/`],
    ['octal 0177.0.0.1', (p: number) => `http://0177.0.0.1:${p}/`],
    ['hex 0x7f000001', (p: number) => `http://0x7f000001:${p}/`],
    ['short 127.1', (p: number) => `http://127.1:${p}/`],
    ['unspecified 0.0.0.0', (p: number) => `http://0.0.0.0:${p}/`],
    ['unspecified [::]', (p: number) => `http://[::]:${p}/`],
    ['IPv4-mapped [::ffff:127.0.0.1]', (p: number) => `http://[::ffff:127.0.0.1]:${p}/`],
    ['IPv4-mapped hex [::ffff:7f00:1]', (p: number) => `http://[::ffff:7f00:1]:${p}/`],
  ])('%s', async (_name, spell) => {
    const r = await refusal(production().fetch(request(spell(target.port))));
    expect(r.reason).toBe('non_public_address');
    expect(r.message).not.toMatch(/127\.0\.0\.1|::1/);
    expectTargetUntouched();
  });
});

describe('private, shared and link-local ranges are refused', () => {
  it.each([
    ['private 10.0.0.1', 'http://10.0.0.1/'],
    ['private 172.16.0.1', 'http://172.16.0.1/'],
    ['private 192.168.1.1', 'http://192.168.1.1/'],
    ['CGNAT 100.64.0.1', 'http://100.64.0.1/'],
    ['cloud metadata 169.254.169.254', 'http://169.254.169.254/latest/meta-data/'],
    ['IPv6 link-local [fe80::1]', 'http://[fe80::1]/'],
    ['NAT64 of the metadata address [64:ff9b::a9fe:a9fe]', 'http://[64:ff9b::a9fe:a9fe]/'],
    ['6to4 of the metadata address [2002:a9fe:a9fe::]', 'http://[2002:a9fe:a9fe::]/'],
  ])('%s', async (_name, url) => {
    const r = await refusal(production().fetch(request(url)));
    expect(r.reason).toBe('non_public_address');
    expectTargetUntouched();
  });
});

describe('names are judged by every address they resolve to', () => {
  it('refuses a name resolving to 127.0.0.1, without naming the address', async () => {
    const resolve = tableResolver({ 'innocent.example': ['127.0.0.1'] });
    const egress = createGuardedEgress({ allowHosts: [], resolve });
    const r = await refusal(egress.fetch(request(`http://innocent.example:${target.port}/`)));
    expect(r.reason).toBe('non_public_address');
    expect(r.message).not.toContain('127.0.0.1');
    expect(resolve.lookups).toEqual(['innocent.example']);
    expectTargetUntouched();
  });

  it('refuses a name with one public and one private address', async () => {
    const resolve = tableResolver({ 'mixed.example': ['93.184.215.14', '127.0.0.1'] });
    const egress = createGuardedEgress({ allowHosts: [], resolve });
    const r = await refusal(egress.fetch(request(`http://mixed.example:${target.port}/`)));
    expect(r.reason).toBe('non_public_address');
    expectTargetUntouched();
  });

  it('answers a name that does not resolve with dns', async () => {
    const egress = createGuardedEgress({ allowHosts: [], resolve: tableResolver({}) });
    expect((await refusal(egress.fetch(request('http://nowhere.example/')))).reason).toBe('dns');
  });
});

describe('redirects are checked again at every hop', () => {
  it('refuses a redirect from the public page to loopback, at the hop', async () => {
    const to = `http://127.0.0.1:${target.port}/`;
    const r = await refusal(withPoser().fetch(request(poserUrl(`/redirect?to=${encodeURIComponent(to)}`))));
    expect(r.reason).toBe('non_public_address');
    expect(poser.requests).toHaveLength(1);
    expectTargetUntouched();
  });

  it('refuses a redirect to the metadata address spelled IPv4-mapped', async () => {
    const to = 'http://[::ffff:169.254.169.254]/latest/meta-data/';
    const r = await refusal(withPoser().fetch(request(poserUrl(`/redirect?to=${encodeURIComponent(to)}`))));
    expect(r.reason).toBe('non_public_address');
    expect(poser.requests).toHaveLength(1);
    expectTargetUntouched();
  });

  it('refuses a sixth redirect', async () => {
    const r = await refusal(withPoser().fetch(request(poserUrl('/chain?hops=6'))));
    expect(r.reason).toBe('too_many_redirects');
    expect(poser.requests).toHaveLength(6);
    expectTargetUntouched();
  });

  it('follows five, and reports where it ended', async () => {
    const res = await withPoser().fetch(request(poserUrl('/chain?hops=5')));
    expect(res.status).toBe(200);
    expect(new TextDecoder().decode(res.body)).toBe('end of the chain');
    expect(res.finalUrl.href).toBe(poserUrl('/chain?hops=0'));
  });

  it('answers the 3xx itself when no redirect may be followed', async () => {
    const to = `http://127.0.0.1:${target.port}/`;
    const res = await withPoser().fetch(
      request(poserUrl(`/redirect?to=${encodeURIComponent(to)}`), { maxRedirects: 0 }),
    );
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(to);
    expectTargetUntouched();
  });

  it('turns a POST into a GET on 303, and drops the authorization on leaving the origin', async () => {
    const resolve = tableResolver({ [POSING_HOST]: ['127.0.0.1'], 'other.example': ['127.0.0.1'] });
    const egress = createGuardedEgress({ allowHosts: [POSING_HOST, 'other.example'], resolve });
    const to = `http://other.example:${poser.port}/echo`;
    const res = await egress.fetch(
      request(poserUrl(`/redirect?status=303&to=${encodeURIComponent(to)}`), {
        method: 'POST',
        body: 'x=1',
        headers: { Authorization: 'Bearer secret' },
      }),
    );
    expect(new TextDecoder().decode(res.body)).toBe('GET -');
  });
});

describe('methods', () => {
  const text = (res: EgressResponse) => new TextDecoder().decode(res.body);
  const form = { 'Content-Type': 'application/x-www-form-urlencoded' };

  it.each(['PUT', 'DELETE', 'POST'] as const)('sends a %s with its body', async (method) => {
    const res = await withPoser().fetch(request(poserUrl('/echo-body'), { method, body: 'token=abc', headers: form }));
    expect(text(res)).toBe(`${method} application/x-www-form-urlencoded 9 [token=abc]`);
    expect(poser.requests.map((r) => r.method)).toEqual([method]);
  });

  it('sends a DELETE without a body as a bare DELETE', async () => {
    const res = await withPoser().fetch(request(poserUrl('/echo-body'), { method: 'DELETE' }));
    expect(text(res)).toBe('DELETE - - []');
  });

  it.each([307, 308, 301, 302])('keeps a PUT and its body across a %i', async (status) => {
    const to = encodeURIComponent('/echo-body');
    const res = await withPoser().fetch(
      request(poserUrl(`/redirect?status=${status}&to=${to}`), { method: 'PUT', body: '{"a":1}' }),
    );
    expect(text(res)).toBe('PUT - 7 [{"a":1}]');
  });

  it('turns a DELETE into a bare GET on 303', async () => {
    const to = encodeURIComponent('/echo-body');
    const res = await withPoser().fetch(
      request(poserUrl(`/redirect?status=303&to=${to}`), { method: 'DELETE', body: 'x=1', headers: form }),
    );
    expect(text(res)).toBe('GET - - []');
  });
});

describe('DNS rebinding', () => {
  it('connects only to the address it checked, never resolving again', async () => {
    // The name first answers with the poser's address and then with another loopback address where a second server
    // listens on the same port. Were the socket layer to resolve the name again, it would reach the second server
    // (or fail: the system resolver does not know the name).
    let second: TestServer | undefined;
    try {
      second = await startServer((_req, res) => res.end('rebound'), '127.0.0.2', poser.port);
    } catch {
      second = undefined; // no 127.0.0.2 on this host: the lookup count below still shows the pinning
    }
    let answers = 0;
    const resolve = tableResolver({ 'rebind.example': () => (answers++ === 0 ? ['127.0.0.1'] : ['127.0.0.2']) });
    const egress = createGuardedEgress({ allowHosts: ['rebind.example'], resolve });
    try {
      const res = await egress.fetch(
        request(`http://rebind.example:${poser.port}/`, { accept: [{ type: 'text/html' }] }),
      );
      expect(new TextDecoder().decode(res.body)).toBe('<p>public page</p>');
      expect(resolve.lookups).toEqual(['rebind.example']);
      expect(poser.requests).toEqual([{ method: 'GET', path: '/', host: `rebind.example:${poser.port}` }]);
      expect(second?.requests ?? []).toEqual([]);
    } finally {
      await second?.close();
    }
  });
});

describe('what is never fetched', () => {
  it('refuses user and password in the URL, before resolving', async () => {
    const resolve = posing();
    const r = await refusal(withPoser(resolve).fetch(request(`http://user:pw@${POSING_HOST}:${poser.port}/`)));
    expect(r.reason).toBe('credentials_in_url');
    expect(resolve.lookups).toEqual([]);
    expect(poser.requests).toEqual([]);
    expectTargetUntouched();
  });

  it('refuses file:', async () => {
    expect((await refusal(production().fetch(request('file:///etc/passwd')))).reason).toBe('scheme');
    expectTargetUntouched();
  });

  it('refuses gopher:', async () => {
    const r = await refusal(withPoser().fetch(request(`gopher://${POSING_HOST}:${poser.port}/_GET`)));
    expect(r.reason).toBe('scheme');
    expect(poser.requests).toEqual([]);
    expectTargetUntouched();
  });
});

describe('caps', () => {
  it('refuses a 6 MB body against 5 MB', async () => {
    const r = await refusal(withPoser().fetch(request(poserUrl('/six-mb'))));
    expect(r.reason).toBe('too_large');
    expectTargetUntouched();
  });

  it('destroys the connection of an endless body at the cap', async () => {
    const r = await refusal(withPoser().fetch(request(poserUrl('/endless'), { maxBytes: MB })));
    expect(r.reason).toBe('too_large');
    await expect.poll(() => poser.abandoned).toBeGreaterThan(0);
  });

  it('refuses image/png before reading its body', async () => {
    const before = poser.abandoned;
    const r = await refusal(withPoser().fetch(request(poserUrl('/png'), { accept: [{ type: 'text/html' }] })));
    expect(r.reason).toBe('content_type');
    expect(r.contentType).toBe('image/png');
    await expect.poll(() => poser.abandoned).toBeGreaterThan(before);
    expectTargetUntouched();
  });

  it('counts decompressed bytes: a gzip bomb (50 KB → 50 MB) is too large', async () => {
    const r = await refusal(withPoser().fetch(request(poserUrl('/gzip-bomb'))));
    expect(r.reason).toBe('too_large');
    expectTargetUntouched();
  });

  it('counts decompressed bytes: a brotli bomb (under 1 KB → 50 MB) is too large', async () => {
    const r = await refusal(withPoser().fetch(request(poserUrl('/brotli-bomb'))));
    expect(r.reason).toBe('too_large');
    expectTargetUntouched();
  });

  it('decompresses a small gzip body', async () => {
    const res = await withPoser().fetch(request(poserUrl('/gzipped')));
    expect(new TextDecoder().decode(res.body)).toBe('small and compressed');
    expect(res.contentType).toBe('text/plain');
  });

  it('ends a stalled exchange at the one deadline, as timeout', async () => {
    const started = Date.now();
    const r = await refusal(withPoser().fetch(request(poserUrl('/stall'), { timeoutMs: 300 })));
    expect(r.reason).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it("stops when the caller's signal aborts, with the caller's reason", async () => {
    const controller = new AbortController();
    const pending = withPoser().fetch(request(poserUrl('/stall'), { signal: controller.signal }));
    setTimeout(() => controller.abort(new Error('caller went away')), 50);
    await expect(pending).rejects.toThrow('caller went away');
  });
});

describe('trusted destinations', () => {
  it("reaches loopback when the request is trust: 'configured' (an operator's base URL)", async () => {
    const res = await production().fetch(request(`${target.origin}/`, { trust: 'configured' }));
    expect(res.status).toBe(200);
    expect(target.requests).toHaveLength(1);
  });

  it('reaches loopback when host:port is allow-listed', async () => {
    const egress = createGuardedEgress({ allowHosts: [`127.0.0.1:${target.port}`] });
    expect((await egress.fetch(request(`${target.origin}/`))).status).toBe(200);
  });
});
