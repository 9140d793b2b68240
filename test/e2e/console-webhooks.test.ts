import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/chromium';
import { seriousAxeFindings, signInThroughPage, watchPage } from '../support/console-browser';
import { client, type Harness, startHarness } from '../support/harness';
import { eventually } from '../support/polling';
import { WebhookReceiver } from '../support/webhook-receiver';

/** The page's globals, as seen by the callbacks this file runs inside the browser (the Node typecheck has no DOM). */
declare const document: any, sessionStorage: any;

/**
 * Webhook endpoints managed from the console (issue 19) in headless Chromium: add an endpoint pointing at a local
 * receiver (let through the SSRF guard by `HDS_EGRESS_ALLOW_HOSTS`, as the webhook integration test does) with the
 * keyboard, read its secret from the dialog, trigger an event over `/v1` with a key, verify what the receiver got
 * with the `standardwebhooks` library and that secret, see the delivery in the deliveries panel, redeliver it, rotate
 * the secret (the new one verifies the next event) and delete the endpoint. axe runs on the view and every dialog.
 */

const ARTIFACTS = fileURLToPath(new URL('../../test-artifacts/console/', import.meta.url));
const receiver = new WebhookReceiver();
const HOOK = '/e2e-hook';

let h: Harness;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let seen: ReturnType<typeof watchPage>;
let v1: ReturnType<typeof client>;
let secret = '';

beforeAll(async () => {
  await mkdir(ARTIFACTS, { recursive: true });
  await receiver.start();
  h = await startHarness({
    host: 'localhost',
    env: {
      HDS_RATE_LIMITS: 'login-code=1000,verify-code=1000,create-token=1000',
      HDS_EGRESS_ALLOW_HOSTS: `127.0.0.1:${receiver.port}`,
      HDS_WEBHOOK_RETRY_SCHEDULE: '1,1,1',
      HDS_WEBHOOK_TIMEOUT_MS: '3000',
    },
  });
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
  page = await context.newPage();
  seen = watchPage(page);
}, 180_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await h?.stop();
  await receiver.stop();
});

async function expectAccessible(what: string) {
  expect(await seriousAxeFindings(page), what).toEqual([]);
}

/** Presses Tab until the element matching `selector` has focus: how a keyboard user reaches it. */
async function tabTo(selector: string, max = 30) {
  for (let i = 0; i < max; i++) {
    if (await page.locator(selector).evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${selector}`);
}

const activeText = () => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');

/** The receiver's requests to the hook, once there are `count` of them. */
const received = (count: number) =>
  eventually(() => receiver.at(HOOK).length >= count && receiver.at(HOOK), {
    timeoutMs: 10_000,
    what: `${count} requests`,
  });

describe('webhook endpoints in the console, in headless Chromium', { timeout: 120_000 }, () => {
  it('signs in; an API key of the same account comes from the console routes', async () => {
    await signInThroughPage(page, h.url, `hooks-e2e-${Date.now()}@example.org`);
    const token = await page.evaluate(() => sessionStorage.getItem('hds.console.access_token'));
    const key = await client(h.url, token).post('/api/console/keys', { name: 'events' });
    expect(key.status).toBe(201);
    v1 = client(h.url, key.body.secret);
  });

  it('reaches the Webhooks view from the navigation with the keyboard', async () => {
    await tabTo('nav a:has-text("Webhooks")');
    await page.keyboard.press('Enter');
    await page.waitForSelector('h1:has-text("Webhooks")');
    await page.waitForSelector('text=No webhook endpoints yet.');
    expect(await page.getAttribute('nav a:has-text("Webhooks")', 'aria-current')).toBe('page');
    await expectAccessible('Webhooks, empty');
  });

  it('adds an endpoint with the keyboard: one event type ticked, the secret shown once', async () => {
    await tabTo('main > button:has-text("Add endpoint")');
    await page.keyboard.press('Enter');
    const dialog = page.locator('dialog[open]');
    await dialog.waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('endpoint-url');
    await expectAccessible('add endpoint dialog');
    // A refusal of the service is shown inside the dialog, which stays open.
    await page.keyboard.type('https://127.0.0.1/hook');
    await tabTo('dialog[open] button[type="submit"]');
    await page.keyboard.press('Enter');
    await page.waitForSelector('dialog[open] [role="alert"]');
    expect(await page.textContent('dialog[open] [role="alert"]')).toMatch(/non-public address/);
    await page.fill('#endpoint-url', '');
    await tabTo('#endpoint-url');
    await page.keyboard.type(receiver.url(HOOK));
    await page.keyboard.press('Tab');
    await page.keyboard.type('e2e receiver');
    await tabTo('input[value="session.deleted"]');
    await page.keyboard.press('Space');
    await tabTo('dialog[open] button[type="submit"]');
    await page.keyboard.press('Enter');

    await page.waitForSelector('#webhook-secret');
    expect(await page.textContent('dialog[open]')).toContain('shown only once');
    secret = await page.inputValue('#webhook-secret');
    expect(secret).toMatch(/^whsec_/);
    await expectAccessible('secret dialog');
    await page.screenshot({ path: join(ARTIFACTS, 'webhook-secret.png') });
    await page.keyboard.press('Escape');
    await page.locator('dialog[open]').waitFor({ state: 'detached' });
    await page.waitForSelector(`tbody th:has-text("${receiver.url(HOOK)}")`);
    const row = await page.textContent('tbody tr');
    expect(row).toContain('session.deleted');
    expect(row).toContain('None yet');
    expect(await page.textContent('main')).not.toContain(secret);
    await expectAccessible('Webhooks, one endpoint');
  });

  it('delivers an event the /v1 API emits, signed with the secret the dialog showed', async () => {
    expect((await v1.delete('/v1/sessions/e2e-1?user=alice')).status).toBe(200);
    const [got] = await received(1);
    expect(new Webhook(secret).verify(got!.body, got!.headers)).toMatchObject({
      type: 'session.deleted',
      data: { user: 'alice', session_id: 'e2e-1' },
    });
  });

  it('shows the delivery in the deliveries panel and redelivers it under the same webhook-id', async () => {
    await tabTo('tbody button:has-text("Deliveries")');
    await page.keyboard.press('Enter');
    await page.waitForSelector('h2:has-text("Deliveries to")');
    const webhookId = receiver.at(HOOK)[0]!.headers['webhook-id']!;
    const row = page.locator(`tr[data-delivery-id="${webhookId}"]`);
    await eventually(
      async () => {
        if (await row.locator('td.status-delivered').count()) return true;
        await page.click('button:has-text("Refresh deliveries")');
        return false;
      },
      { timeoutMs: 10_000, intervalMs: 300, what: 'the delivered row' },
    );
    expect(await row.textContent()).toContain('HTTP 200');
    // The endpoints table reads the newest delivery's status again with the log.
    await page.waitForSelector('section[aria-labelledby="endpoints-heading"] td.status-delivered');
    await expectAccessible('deliveries panel');
    await page.screenshot({ path: join(ARTIFACTS, 'webhook-deliveries.png'), fullPage: true });

    await tabTo(`tr[data-delivery-id="${webhookId}"] button:has-text("Redeliver")`);
    await page.keyboard.press('Enter');
    await page.waitForSelector('text=queued again');
    const [, again] = await received(2);
    expect(again!.headers['webhook-id']).toBe(webhookId);
    expect(new Webhook(secret).verify(again!.body, again!.headers)).toMatchObject({ type: 'session.deleted' });
    await eventually(
      async () => {
        if ((await row.locator('td.num').textContent())?.trim() === '2') return true;
        await page.click('button:has-text("Refresh deliveries")');
        return false;
      },
      { timeoutMs: 10_000, intervalMs: 300, what: 'two attempts in the log' },
    );
  });

  it('rotates the secret after a confirmation; the new secret verifies the next event', async () => {
    await tabTo('tbody button:has-text("Rotate secret")');
    await page.keyboard.press('Enter');
    await page.locator('dialog[open]').waitFor();
    expect(await activeText()).toBe('Cancel');
    await expectAccessible('rotate dialog');
    await tabTo('dialog[open] button:has-text("Rotate secret")');
    await page.keyboard.press('Enter');
    await page.waitForSelector('#webhook-secret');
    const rotated = await page.inputValue('#webhook-secret');
    expect(rotated).toMatch(/^whsec_/);
    expect(rotated).not.toBe(secret);
    await expectAccessible('new secret dialog');
    await page.keyboard.press('Escape');
    await page.locator('dialog[open]').waitFor({ state: 'detached' });

    expect((await v1.delete('/v1/sessions/e2e-2?user=alice')).status).toBe(200);
    const [, , next] = await received(3);
    expect(new Webhook(rotated).verify(next!.body, next!.headers)).toMatchObject({
      data: { session_id: 'e2e-2' },
    });
  });

  it('deletes the endpoint after a confirmation; nothing more is sent to it', async () => {
    await tabTo('tbody button.danger:has-text("Delete")');
    await page.keyboard.press('Enter');
    await page.locator('dialog[open]').waitFor();
    expect(await activeText()).toBe('Cancel');
    await expectAccessible('delete dialog');
    await page.click('dialog[open] button:has-text("Delete endpoint")');
    await page.locator('dialog[open]').waitFor({ state: 'detached' });
    await page.waitForSelector('text=No webhook endpoints yet.');
    expect((await v1.get('/v1/webhook_endpoints')).body.data).toEqual([]);
    expect((await v1.delete('/v1/sessions/e2e-3?user=alice')).status).toBe(200);
    await h.runtime.drainQueues();
    expect(receiver.at(HOOK)).toHaveLength(3);
  });

  it('broke no CSP rule and threw nothing', () => {
    expect(seen.csp).toEqual([]);
    expect(seen.errors).toEqual([]);
  });
});
