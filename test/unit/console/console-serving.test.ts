import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pickEncoding } from '../../../functions/console-page/console-files';
import { handleLocal } from '../../../infra/local/local-routes';
import { resetConfig } from '../../../shared/config/config';

describe('pickEncoding', () => {
  it('prefers brotli, then gzip, and honours q=0', () => {
    expect(pickEncoding('gzip, deflate, br')).toBe('br');
    expect(pickEncoding('gzip, br;q=0')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip;q=0')).toBe('identity');
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding('identity')).toBe('identity');
    expect(pickEncoding(undefined)).toBe('identity');
  });
});

/** A request as the gateway sees it, from `remoteAddress`, and a response that records what was written. */
function exchange(url: string, remoteAddress: string) {
  const req = { url, method: 'GET', socket: { remoteAddress } } as unknown as IncomingMessage;
  const written: { status?: number; body?: string } = {};
  const res = {
    writeHead(status: number) {
      written.status = status;
      return this;
    },
    end(body: string) {
      written.body = body;
    },
  } as unknown as ServerResponse;
  return { req, res, written };
}

describe('/_local/* on the local gateway', () => {
  const env = { ...process.env };
  beforeAll(() => {
    process.env.HDS_MAIL_OUTBOX_DIR = '/nonexistent/outbox';
    delete process.env.HDS_SMTP_URL;
    resetConfig();
  });
  afterAll(() => {
    process.env = env;
    resetConfig();
  });

  it('leaves every other path to the manifest routes', async () => {
    const { req, res } = exchange('/console', '127.0.0.1');
    expect(await handleLocal(req, res)).toBe(false);
  });

  it('tells a loopback browser the outbox is readable, and anyone else that it is not', async () => {
    for (const [peer, outbox] of [
      ['127.0.0.1', true],
      ['::1', true],
      ['192.168.1.20', false],
    ] as const) {
      const { req, res, written } = exchange('/_local/status', peer);
      expect(await handleLocal(req, res)).toBe(true);
      expect(JSON.parse(written.body!)).toEqual({ outbox });
    }
  });

  it('answers 404 to a peer that is not this machine, and when mail goes to SMTP', async () => {
    const remote = exchange('/_local/outbox?email=a@example.org', '10.0.0.7');
    await handleLocal(remote.req, remote.res);
    expect(remote.written.status).toBe(404);
    process.env.HDS_SMTP_URL = 'smtp://127.0.0.1:1025';
    resetConfig();
    const local = exchange('/_local/outbox?email=a@example.org', '127.0.0.1');
    await handleLocal(local.req, local.res);
    expect(local.written.status).toBe(404);
    delete process.env.HDS_SMTP_URL;
    resetConfig();
  });
});

describe('get-console and get-console-asset on their sample events', () => {
  it('serve the page brotli-encoded under its CSP, assets named relative to /console, and 404 an unknown asset', async () => {
    const { readFileSync } = await import('node:fs');
    const { brotliDecompressSync } = await import('node:zlib');
    const { buildConsole } = await import('../../../infra/console-build');
    process.env.HDS_CONSOLE_DIR = await buildConsole();
    const { handler: page } = await import('../../../functions/console-page/get-console');
    const { handler: asset } = await import('../../../functions/console-page/get-console-asset');
    const event = (id: string) =>
      JSON.parse(readFileSync(new URL(`../../../events/${id}.json`, import.meta.url), 'utf8'));
    const ctx = { getRemainingTimeInMillis: () => 10_000 } as any;

    const html = (await page(event('get-console'), ctx)) as any;
    expect(html.statusCode).toBe(200);
    expect(html.isBase64Encoded).toBe(true);
    expect(html.headers).toMatchObject({
      'content-encoding': 'br',
      vary: 'Accept-Encoding',
      'x-frame-options': 'DENY',
    });
    expect(html.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    const text = brotliDecompressSync(Buffer.from(html.body, 'base64')).toString('utf8');
    expect(text).toMatch(/src="\.\/console\/assets\/console-[\w-]+\.js"/);
    expect(text).not.toMatch(/<script>|<style>/);

    const reference = (await asset(event('get-console-asset'), ctx)) as any;
    expect(reference.statusCode).toBe(200);
    expect(reference.headers['content-security-policy']).toContain("'unsafe-inline'");

    const missing = event('get-console-asset');
    missing.path = '/console/assets/nope.js';
    missing.pathParameters = { asset: 'assets/nope.js' };
    expect(((await asset(missing, ctx)) as any).statusCode).toBe(404);
  });
});
