import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/chromium';

/**
 * The browser that tests drive comes from `npm ci` alone (see test/support/chromium.ts) and starts here: a form
 * with a hidden field, a POST, a 302 to another path, and a session cookie that is HttpOnly, Secure and
 * SameSite=Lax on http://localhost, which Chromium counts as a secure origin.
 */

interface Seen {
  method: string;
  path: string;
  cookie: string | undefined;
  contentType: string | undefined;
  body: string;
}

const seen: Seen[] = [];
const posts = new Map<string, URLSearchParams>();
let server: Server;
let base: string;
let browser: Browser;

const html = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const FORM = `<!doctype html>
<html><head><title>Sign in</title></head><body>
<form method="post" action="/submit">
  <input type="hidden" name="csrf" value="token-7f3a">
  <label>Name <input id="name" name="name"></label>
  <button id="send" type="submit">Send</button>
</form>
<p id="js-cookies"></p>
<script>document.getElementById('js-cookies').textContent = 'js sees: [' + document.cookie + ']';</script>
</body></html>`;

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const path = req.url ?? '/';
    const body = await readBody(req);
    seen.push({
      method: req.method ?? '',
      path,
      cookie: req.headers.cookie,
      contentType: req.headers['content-type'],
      body,
    });
    if (req.method === 'GET' && path === '/form') {
      res.writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'set-cookie': 'session=s-42; Path=/; HttpOnly; Secure; SameSite=Lax',
      });
      res.end(FORM);
    } else if (req.method === 'POST' && path === '/submit') {
      const id = String(posts.size + 1);
      posts.set(id, new URLSearchParams(body));
      res.writeHead(302, { location: `/result/${id}` });
      res.end();
    } else if (req.method === 'GET' && path.startsWith('/result/')) {
      const form = posts.get(path.slice('/result/'.length));
      if (!form) {
        res.writeHead(404).end();
        return;
      }
      const echo = [...form].map(([k, v]) => `<li id="f-${html(k)}">${html(k)}=${html(v)}</li>`).join('');
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><title>Result</title><h1>Hello, ${html(form.get('name') ?? '')}</h1><ul>${echo}</ul>`);
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://localhost:${(server.address() as AddressInfo).port}`;
  // The first launch on a machine unpacks Chromium (a few seconds); later ones take well under a second.
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
});

describe('headless Chromium from npm ci', { timeout: 60_000 }, () => {
  it('fills and posts a form, follows the 302, and keeps an HttpOnly Secure SameSite=Lax cookie from JS', async () => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      const first = await page.goto(`${base}/form`);
      expect(first?.status()).toBe(200);
      expect(await page.title()).toBe('Sign in');
      expect(await page.inputValue('input[name="csrf"]')).toBe('token-7f3a');
      // HttpOnly: the page's script ran but saw no cookie.
      expect(await page.textContent('#js-cookies')).toBe('js sees: []');

      const [cookie] = await context.cookies(base);
      expect(cookie).toMatchObject({
        name: 'session',
        value: 's-42',
        domain: 'localhost',
        path: '/',
        httpOnly: true,
        secure: true,
        sameSite: 'Lax',
      });

      await page.fill('#name', 'Zoë & <Ann>');
      const [response] = await Promise.all([page.waitForNavigation({ url: '**/result/*' }), page.click('#send')]);

      expect(new URL(page.url()).pathname).toBe('/result/1');
      expect(response?.status()).toBe(200);
      const post = response?.request().redirectedFrom();
      expect(post?.method()).toBe('POST');
      expect(new URL(post?.url() ?? '').pathname).toBe('/submit');
      expect((await post?.response())?.status()).toBe(302);

      expect(await page.textContent('h1')).toBe('Hello, Zoë & <Ann>');
      expect(await page.textContent('#f-csrf')).toBe('csrf=token-7f3a');
      expect(await page.textContent('#f-name')).toBe('name=Zoë & <Ann>');

      const trail = seen.filter((r) => r.path !== '/favicon.ico');
      expect(trail.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /form', 'POST /submit', 'GET /result/1']);
      const [, submit, result] = trail;
      expect(submit?.contentType).toBe('application/x-www-form-urlencoded');
      expect(new URLSearchParams(submit?.body).get('name')).toBe('Zoë & <Ann>');
      // Same-site top-level POST and the redirect after it both carry the Lax, Secure cookie.
      expect(submit?.cookie).toBe('session=s-42');
      expect(result?.cookie).toBe('session=s-42');
    } finally {
      await context.close();
    }
  });
});
