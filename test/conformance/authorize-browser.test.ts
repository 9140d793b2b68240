import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/chromium';
import { type Harness, startHarness } from '../support/harness';
import { basic, pkce, register, tokenRequest } from '../support/oauth';
import { latestCode } from '../support/sign-in';

/**
 * The authorize pages in a real browser (headless Chromium, test/support/chromium.ts): the `__Host-` cookie on the
 * local runtime's http origin, forms posted with no script on the page, the CSP's `form-action` letting the Allow
 * post's redirect reach the client, and the browser landing on the client's loopback redirect URI with `code`,
 * `state` and `iss`, which the client then exchanges.
 */

const GENEROUS = 'login-code=1000,verify-code=1000,authorize=1000,register-client=1000,create-token=1000';

let h: Harness;
let browser: Browser;
let callbackServer: Server;
let redirectUri: string;
const arrivals: URL[] = [];

beforeAll(async () => {
  // Chromium keeps a `Secure` cookie from plain http only on `localhost` (a secure context by name); on
  // http://127.0.0.1 it drops it, so the runtime is reached, and names itself, by `localhost` here.
  h = await startHarness({ host: 'localhost', env: { HDS_RATE_LIMITS: GENEROUS } });
  // The partner's redirect target: a loopback HTTP server that records what the browser brings back.
  callbackServer = createServer((req, res) => {
    arrivals.push(new URL(req.url ?? '/', redirectUri));
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end('<!doctype html><title>Partner</title><h1>Back at the partner</h1>');
  });
  await new Promise<void>((resolve) => callbackServer.listen(0, '127.0.0.1', resolve));
  redirectUri = `http://127.0.0.1:${(callbackServer.address() as AddressInfo).port}/cb`;
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await new Promise<void>((resolve) => (callbackServer ? callbackServer.close(() => resolve()) : resolve()));
  await h?.stop();
});

describe('the authorize pages in headless Chromium', { timeout: 90_000 }, () => {
  it('signs in by email code, allows, lands on the redirect URI with code, state and iss, and the code redeems', async () => {
    const partner = await register(h, {
      client_name: 'Browser <Partner>',
      redirect_uris: [redirectUri],
      grant_types: ['authorization_code', 'refresh_token'],
    });
    const { verifier, challenge } = pkce();
    const state = `st-${Date.now()}`;
    const email = `browser-${Date.now()}@example.org`;
    const query = new URLSearchParams({
      response_type: 'code',
      client_id: partner.client_id,
      redirect_uri: redirectUri,
      state,
      scope: 'mcp:read',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    });

    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      const violations: string[] = [];
      page.on('console', (m) => {
        if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
      });
      const first = await page.goto(`${h.url}/oauth2/authorize?${query}`);
      expect(first?.status()).toBe(200);
      expect(await page.title()).toBe('Sign in to HDS · HDS');
      // The client name is shown as text, not markup.
      expect(await page.textContent('strong')).toBe('Browser <Partner>');
      const [cookie] = await context.cookies(h.url);
      expect(cookie).toMatchObject({
        name: '__Host-hds_authz',
        httpOnly: true,
        secure: true,
        sameSite: 'Lax',
        path: '/',
      });

      await page.fill('#email', email);
      await Promise.all([page.waitForURL(`${h.url}/oauth2/authorize`), page.click('button:has-text("Send code")')]);
      expect(await page.title()).toBe('Enter your code · HDS');

      const code = await latestCode(h.runtime.services.config.auth.mail.outboxDir!, email);
      await page.fill('#code', code);
      await Promise.all([page.waitForLoadState('load'), page.click('button:has-text("Continue")')]);
      expect(await page.title()).toBe('Allow access? · HDS');
      expect(await page.textContent('main')).toContain(new URL(redirectUri).host);

      await Promise.all([page.waitForURL(`${redirectUri}?**`), page.click('button:has-text("Allow")')]);
      expect(await page.textContent('h1')).toBe('Back at the partner');
      expect(violations).toEqual([]);

      const back = arrivals.at(-1)!;
      expect(`${back.origin}${back.pathname}`).toBe(redirectUri);
      expect(back.searchParams.get('state')).toBe(state);
      expect(back.searchParams.get('iss')).toBe(h.runtime.services.config.auth.issuer);
      const authCode = back.searchParams.get('code')!;
      expect(authCode).toMatch(/^[0-9A-Za-z]{43}$/);
      // The pending authorization's cookie is gone once answered.
      expect((await context.cookies(h.url)).map((c) => c.name)).not.toContain('__Host-hds_authz');

      const tokens = await tokenRequest(
        h,
        { grant_type: 'authorization_code', code: authCode, redirect_uri: redirectUri, code_verifier: verifier },
        basic(partner.client_id, partner.client_secret!),
      );
      expect(tokens.status).toBe(200);
      expect(tokens.body).toMatchObject({ token_type: 'Bearer', scope: 'mcp:read' });
      expect(tokens.body.refresh_token).toMatch(/^hdsr_fam_/);
    } finally {
      await context.close();
    }
  });
});
