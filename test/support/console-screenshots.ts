/**
 * `npm run screenshots`: the README's pictures of the console (`docs/images/console-*.png`), taken in headless
 * Chromium on a fresh in-memory runtime: the sign-in page, the API keys with a new key's dialog, usage, and a
 * Subject with its chart. Committed by hand when the UI changes; tests never rewrite tracked files.
 */
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { startRuntime } from '../../infra/local/runtime';
import { launchBrowser } from './chromium';
import { SERIES_ROUTES_PRESENT, serveSyntheticSubject } from './console-budget';

const OUT = fileURLToPath(new URL('../../docs/images/', import.meta.url));
process.env.HDS_LOG_LEVEL ??= 'warn';

await mkdir(OUT, { recursive: true });
const rt = await startRuntime({ host: 'localhost', env: { HDS_RATE_LIMITS: 'login-code=100,verify-code=100' } });
const browser = await launchBrowser();
try {
  const context = await browser.newContext({ viewport: { width: 1200, height: 760 }, locale: 'en-GB' });
  // Until the console API's Subject routes land, the browser serves the Subject's calls (test/support/console-budget.ts).
  if (!SERIES_ROUTES_PRESENT) await serveSyntheticSubject(context);
  const page = await context.newPage();
  const shot = (name: string, fullPage = false) => page.screenshot({ path: `${OUT}console-${name}.png`, fullPage });

  await page.goto(`${rt.url}/console`);
  await page.fill('#email', 'ada@example.org');
  await page.click('button:has-text("Send code")');
  await page.click('button:has-text("Read the code from the local outbox")');
  await page.waitForFunction(() => /^\d{6}$/.test((globalThis as any).document.getElementById('code').value));
  await shot('sign-in');
  await page.click('button:has-text("Continue")');
  await page.waitForSelector('h1:has-text("API keys")');

  for (const name of ['laptop', 'nightly sync']) {
    await page.fill('#key-name', name);
    await page.click('button:has-text("Create key")');
    await page.waitForSelector('dialog[open]');
    if (name === 'nightly sync') await shot('new-key');
    await page.keyboard.press('Escape');
    await page.waitForSelector(`tbody th:has-text("${name}")`);
  }
  await shot('keys');

  await page.goto(`${rt.url}/console#/usage`);
  await page.waitForSelector('h2:has-text("Cost per tier")');
  await shot('usage');

  await page.goto(`${rt.url}/console#/subjects/alice`);
  await page.waitForSelector('.chart[data-drawn="true"]');
  await shot('subject');
  await context.close();
  console.log(`screenshots written to ${OUT}`);
} finally {
  await browser.close();
  await rt.stop();
}
