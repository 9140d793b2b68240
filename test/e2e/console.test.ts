import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/chromium';
import { seriousAxeFindings, watchPage } from '../support/console-browser';
import { client, type Harness, startHarness } from '../support/harness';

/** The page's globals, as seen by the callbacks this file runs inside the browser (the Node typecheck has no DOM). */
declare const document: any, localStorage: any, sessionStorage: any;

/**
 * The developer console in headless Chromium, as a partner uses it: sign in with the code the page reads from the
 * local outbox (keyboard only), create a key (keyboard only, the secret read from its dialog), write readings with
 * it over `/v1/data` from Node, look at usage and the Subject's chart, ask about it and see the answer's chart, revoke the key and see `/v1` refuse it. axe
 * runs on every view and dialog; no view may break the CSP or throw.
 */

const ARTIFACTS = fileURLToPath(new URL('../../test-artifacts/console/', import.meta.url));
const GENEROUS = 'login-code=1000,verify-code=1000,create-token=1000';

let h: Harness;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let seen: ReturnType<typeof watchPage>;
let secret = '';
const email = `console-${Date.now()}@example.org`;

beforeAll(async () => {
  await mkdir(ARTIFACTS, { recursive: true });
  h = await startHarness({ host: 'localhost', env: { HDS_RATE_LIMITS: GENEROUS } });
  browser = await launchBrowser();
  // A locale of its own: this sandbox's POSIX locale (`en-US@posix`) is no language tag `Intl` accepts.
  context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
  page = await context.newPage();
  seen = watchPage(page);
}, 180_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await h?.stop();
});

async function expectAccessible(what: string) {
  expect(await seriousAxeFindings(page), what).toEqual([]);
}

/** Presses Tab until the element matching `selector` has focus: how a keyboard user reaches it. */
async function tabTo(selector: string, max = 25) {
  for (let i = 0; i < max; i++) {
    if (await page.locator(selector).evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${selector}`);
}

const activeId = () => page.evaluate(() => document.activeElement?.id ?? '');
const activeText = () => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');

describe('the console in headless Chromium', { timeout: 120_000 }, () => {
  it('signs in with the keyboard alone, the code read from the local outbox by the page', async () => {
    const res = await page.goto(`${h.url}/console`);
    expect(res?.headers()['content-security-policy']).toContain("script-src 'self'");
    await page.waitForSelector('h1:has-text("Sign in")');
    await expectAccessible('sign-in, email step');

    await tabTo('#email');
    await page.keyboard.type(email);
    await page.keyboard.press('Enter');
    await page.waitForSelector('#code');
    expect(await activeId()).toBe('code');
    await expectAccessible('sign-in, code step');
    await tabTo('button:has-text("Read the code from the local outbox")');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => /^\d{6}$/.test(document.getElementById('code').value));
    // The page moves focus to Continue once the code is in.
    expect(await activeText()).toBe('Continue');
    await page.keyboard.press('Enter');
    await page.waitForSelector('h1:has-text("API keys")');
    // The access token is in sessionStorage (dies with the tab), never in localStorage.
    expect(await page.evaluate(() => Object.keys(localStorage))).toEqual([]);
    expect(await page.evaluate(() => Object.keys(sessionStorage))).toContain('hds.console.access_token');
    await expectAccessible('API keys');
  });

  it('creates a key with the keyboard: the secret shown once, focus trapped in the dialog and given back', async () => {
    await tabTo('#key-name');
    await page.keyboard.type('e2e laptop');
    await page.keyboard.press('Enter');
    const dialog = page.locator('dialog[open]');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('shown only once');
    secret = await page.inputValue('#new-key-secret');
    expect(secret).toMatch(/^hds_live_/);
    await expectAccessible('new key dialog');
    // Tab cycles inside the dialog: the page behind it is out of reach.
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => !!document.activeElement?.closest('dialog[open]'))).toBe(true);
    }
    await page.screenshot({ path: join(ARTIFACTS, 'new-key.png') });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // Focus comes back to where the person was, once the dialog's closing render has run.
    await page.waitForFunction(() => document.activeElement?.id === 'key-name', undefined, { timeout: 5_000 });
    await page.waitForSelector('tbody th:has-text("e2e laptop")');
    expect(await page.textContent('tbody')).toContain(secret.slice(0, 13));
    // The list never holds the secret.
    expect(await page.textContent('main')).not.toContain(secret);
  });

  it('writes readings with that key over /v1/data, from outside the browser', async () => {
    const records = Array.from({ length: 40 }, (_, i) => ({
      indicator: 'Glucose',
      value: 80 + ((i * 7) % 40),
      unit: 'mg/dL',
      reference_range: '70-99',
      time: new Date(Date.UTC(2026, 0, 1 + i, 8)).toISOString(),
    }));
    const written = await client(h.url, secret).post('/v1/data', { user: 'alice', retention: 'permanent', records });
    expect(written.status, JSON.stringify(written.body)).toBe(200);
    expect(written.body).toMatchObject({ ingested: 40, subject: 'alice' });
  });

  it('shows usage for a date range as charts and a cost table', async () => {
    await page.goto(`${h.url}/console#/usage`);
    await page.waitForSelector('h1:has-text("Usage")');
    await page.waitForSelector('h2:has-text("Cost per tier")');
    expect(await page.inputValue('#usage-to')).toBe(new Date().toISOString().slice(0, 10));
    await expectAccessible('usage');
  });

  it("opens the Subject: its series by LOINC code, the series' chart drawn, readings a page at a time", async () => {
    await page.goto(`${h.url}/console#/subjects`);
    await page.waitForSelector('h1:has-text("Subjects")');
    await expectAccessible('Subjects');
    await page.click('a:has-text("alice")');
    await page.waitForSelector('h1:has-text("Subject alice")');
    await page.waitForSelector('.chart[data-drawn="true"] canvas');
    const series = await page.textContent('#series-heading + *');
    // The series row carries the standardized name, its LOINC code, the unit and the count written above.
    expect(series).toMatch(/Glucose/);
    expect(series).toMatch(/\d{1,5}-\d/);
    expect(series).toContain('mg/dL');
    expect(series).toContain('40');
    await page.waitForSelector('button:has-text("Next page")');
    await page.screenshot({ path: join(ARTIFACTS, 'subject.png'), fullPage: true });
    await expectAccessible('Subject');
    // Erasing asks for the Subject's key typed out before the button works.
    await page.click('button:has-text("Erase Subject alice")');
    const confirm = page.locator('dialog[open] button:has-text("Erase Subject")');
    expect(await confirm.isDisabled()).toBe(true);
    await page.keyboard.type('alic');
    expect(await confirm.isDisabled()).toBe(true);
    await page.keyboard.type('e');
    expect(await confirm.isDisabled()).toBe(false);
    await expectAccessible('erase dialog');
    await page.keyboard.press('Escape');
    await page.locator('dialog[open]').waitFor({ state: 'detached' });
  });

  it("asks the Answers API about the Subject and draws the answer's vis-chart", async () => {
    await page.goto(`${h.url}/console#/ask`);
    await page.waitForSelector('#ask-subject');
    await page.selectOption('#ask-subject', 'alice');
    await page.fill('#ask-question', 'How has my glucose changed over time? Show it as a chart.');
    await page.click('button:has-text("Ask")');
    await page.waitForSelector('.ask-turn[data-state="done"]', { timeout: 60_000 });
    const chart = page.locator('figure.vis-chart[data-drawn="true"]').first();
    await chart.waitFor();
    expect(await chart.getAttribute('data-chart-type')).toMatch(/^(line|area|bar|column|pie)$/);
    await page.screenshot({ path: join(ARTIFACTS, 'ask.png'), fullPage: true });
    await expectAccessible('Ask');
  });

  it('serves the API reference page under its own policy, linked from the header', async () => {
    await page.goto(`${h.url}/console#/keys`);
    const href = await page.getAttribute('a:has-text("API reference")', 'href');
    expect(href).toBe('/console/reference');
    const res = await page.goto(`${h.url}${href}`);
    expect(res?.status()).toBe(200);
    expect(res?.headers()['content-security-policy']).toContain("style-src 'self' 'unsafe-inline'");
    await page.waitForSelector('.swagger-ui');
    await page.waitForSelector('.swagger-ui .info .title');
    await expectAccessible('API reference');
  });

  it('revokes the key after a confirmation, and /v1 refuses it at once', async () => {
    await page.goto(`${h.url}/console#/keys`);
    await page.click('button:has-text("Revoke")');
    const dialog = page.locator('dialog[open]');
    await dialog.waitFor();
    // Focus starts on Cancel: Enter alone never destroys anything.
    expect(await activeText()).toBe('Cancel');
    await expectAccessible('revoke dialog');
    await page.click('dialog button:has-text("Revoke key")');
    await dialog.waitFor({ state: 'detached' });
    await page.waitForSelector('text=No live keys yet.');
    const refused = await client(h.url, secret).get('/v1/models');
    expect(refused.status).toBe(401);
    expect(refused.body.error.code).toBe('invalid_api_key');
  });

  it('broke no CSP rule and threw nothing on any view', () => {
    expect(seen.csp).toEqual([]);
    expect(seen.errors).toEqual([]);
  });
});
