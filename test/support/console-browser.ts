import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/** The page's globals, as seen by the callbacks this file runs inside the browser (the Node typecheck has no DOM). */
declare const document: any;

/**
 * What the console's browser test, the budget test, the benchmark and the screenshot script share: axe in the page,
 * a CSP watch, and signing in through the page itself.
 */

const require = createRequire(import.meta.url);
let axeSource: string | undefined;

export interface AxeFinding {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/**
 * axe-core run inside the page on what is on screen now; its findings of impact `serious` or `critical`. The source
 * is evaluated through DevTools (`page.evaluate`), which the page's CSP does not govern, unlike a `<script>` tag.
 */
export async function seriousAxeFindings(page: Page): Promise<AxeFinding[]> {
  axeSource ??= await readFile(require.resolve('axe-core/axe.min.js'), 'utf8');
  await page.evaluate(axeSource);
  const findings = await page.evaluate(async () => {
    const axe = (globalThis as any).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v: any) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.map((n: any) => String(n.target)),
    }));
  });
  return (findings as AxeFinding[]).filter((f) => f.impact === 'serious' || f.impact === 'critical');
}

/** Collects Content Security Policy refusals and uncaught page errors, which a test expects to stay empty. */
export function watchPage(page: Page): { csp: string[]; errors: string[] } {
  const seen = { csp: [] as string[], errors: [] as string[] };
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) seen.csp.push(m.text());
  });
  page.on('pageerror', (e) => seen.errors.push(e.message));
  return seen;
}

/** Signs in through the page: email, "Read the code from the local outbox", Continue. Ends on the API keys view. */
export async function signInThroughPage(page: Page, base: string, email: string): Promise<void> {
  await page.goto(`${base}/console`);
  await page.fill('#email', email);
  await page.click('button:has-text("Send code")');
  await page.click('button:has-text("Read the code from the local outbox")');
  await page.waitForFunction(() => /^\d{6}$/.test(document.getElementById('code')?.value ?? ''));
  await page.click('button:has-text("Continue")');
  await page.waitForSelector('h1:has-text("API keys")');
}
