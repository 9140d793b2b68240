/**
 * `npm run screenshots`: the README's pictures of the console (`docs/images/console-*.png`), taken in headless
 * Chromium on a fresh in-memory runtime: the sign-in page, the API keys with a new key's dialog, usage, a Subject
 * with its chart (a sample year written with the key), and an answer with its chart. Committed by hand when the UI changes; tests never rewrite tracked files.
 */
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { startRuntime } from '../../infra/local/runtime';
import { launchBrowser } from './chromium';

/** A year of a Subject's lab panels and a daily wearable, written with the key as a partner would. */
async function writeSampleYear(baseUrl: string, apiKey: string): Promise<void> {
  const day = (d: number) => new Date(Date.UTC(2026, 0, 5) + d * 86_400_000).toISOString();
  const labs = [0, 60, 120, 180, 240, 300].flatMap((d, i) => [
    { indicator: 'LDL cholesterol', value: 162 - i * 6, unit: 'mg/dL', reference_range: '<130', time: day(d) },
    { indicator: 'HDL cholesterol', value: 44 + i * 2, unit: 'mg/dL', reference_range: '>40', time: day(d) },
    { indicator: 'HbA1c', value: 6.4 - i * 0.1, unit: '%', reference_range: '4.0-5.6', time: day(d) },
    { indicator: 'Fasting glucose', value: 112 - i * 3, unit: 'mg/dL', reference_range: '70-99', time: day(d) },
  ]);
  const steps = Array.from({ length: 320 }, (_, d) => ({
    indicator: 'Steps',
    value: 6000 + Math.round(2500 * Math.sin(d / 9)) + d * 5,
    unit: 'steps',
    time: day(d),
  }));
  const res = await fetch(`${baseUrl}/v1/data`, {
    method: 'POST',
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ user: 'alice', retention: 'permanent', records: [...labs, ...steps.slice(0, 476)] }),
  });
  if (!res.ok) throw new Error(`writing the sample year failed: ${res.status} ${await res.text()}`);
}

const OUT = fileURLToPath(new URL('../../docs/images/', import.meta.url));
process.env.HDS_LOG_LEVEL ??= 'warn';

await mkdir(OUT, { recursive: true });
const rt = await startRuntime({ host: 'localhost', env: { HDS_RATE_LIMITS: 'login-code=100,verify-code=100' } });
const browser = await launchBrowser();
try {
  const context = await browser.newContext({ viewport: { width: 1200, height: 760 }, locale: 'en-GB' });
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

  let secret = '';
  for (const name of ['laptop', 'nightly sync']) {
    await page.fill('#key-name', name);
    await page.click('button:has-text("Create key")');
    await page.waitForSelector('dialog[open]');
    secret = await page.inputValue('#new-key-secret');
    if (name === 'nightly sync') await shot('new-key');
    await page.keyboard.press('Escape');
    await page.waitForSelector(`tbody th:has-text("${name}")`);
  }
  await shot('keys');

  await writeSampleYear(rt.url, secret);
  await page.goto(`${rt.url}/console#/usage`);
  await page.waitForSelector('h2:has-text("Cost per tier")');
  await shot('usage');

  await page.goto(`${rt.url}/console#/subjects/alice`);
  await page.waitForSelector('.chart[data-drawn="true"]');
  await shot('subject');

  await page.goto(`${rt.url}/console#/ask`);
  await page.selectOption('#ask-subject', 'alice');
  await page.fill('#ask-question', 'How has my LDL cholesterol changed this year?');
  await page.click('button:has-text("Ask")');
  await page.waitForSelector('figure.vis-chart[data-drawn="true"]');
  await shot('ask', true);
  await context.close();
  console.log(`screenshots written to ${OUT}`);
} finally {
  await browser.close();
  await rt.stop();
}
