import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { consoleManifest, firstLoadScripts } from '../../infra/console-build';

/** The page's globals, as seen by the callbacks this file runs inside the browser (the Node typecheck has no DOM). */
declare const sessionStorage: any;

/**
 * The console's two budgets (issue 14; design §7), measured the same way by the budget test and by
 * `npm run bench:console`: the JavaScript of the first load, gzipped, and the first render of a 10,000-reading series.
 */

export const FIRST_LOAD_BUDGET_BYTES = 200 * 1024;
export const SERIES_POINTS = 10_000;
export const SERIES_CODE = '2345-7';

/** Each JavaScript file `index.html` loads up front (Vite's manifest: the entry and its static imports), gzipped. */
export async function firstLoadJs(
  dir: string,
): Promise<{ files: { file: string; gzipBytes: number }[]; total: number }> {
  const files = await Promise.all(
    firstLoadScripts(await consoleManifest(dir)).map(async (file) => ({
      file,
      gzipBytes: (await stat(join(dir, `${file}.gz`))).size,
    })),
  );
  return { files, total: files.reduce((n, f) => n + f.gzipBytes, 0) };
}

/** Writes the 10,000 glucose readings (one an hour, 20 batches of 500) the timed chart draws, over `/v1/data`. */
export async function writeBudgetSeries(baseUrl: string, apiKey: string, user: string): Promise<void> {
  for (let batch = 0; batch < SERIES_POINTS / 500; batch++) {
    const records = Array.from({ length: 500 }, (_, i) => ({
      indicator: 'Glucose',
      value: 80 + ((batch * 500 + i) % 40),
      unit: 'mg/dL',
      time: new Date(Date.UTC(2024, 0, 1) + (batch * 500 + i) * 3_600_000).toISOString(),
    }));
    const res = await fetch(`${baseUrl}/v1/data`, {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ user, retention: 'permanent', records }),
    });
    if (!res.ok) throw new Error(`writing the budget series failed: ${res.status} ${await res.text()}`);
  }
}

/**
 * Milliseconds from navigation start to the chart's first frame (`performance.mark('series-drawn')`, set in uPlot's
 * draw hook), opening `#/subjects/<user>/series/<code>` in a fresh context: no cache, the session already in
 * `sessionStorage` as after a sign-in.
 */
export async function timeSeriesRender(browser: Browser, base: string, token: string, user: string): Promise<number> {
  const context = await browser.newContext({ locale: 'en-GB', viewport: { width: 1280, height: 900 } });
  try {
    await context.addInitScript((t) => sessionStorage.setItem('hds.console.access_token', t), token);
    const page = await context.newPage();
    await page.goto(`${base}/console#/subjects/${encodeURIComponent(user)}/series/${SERIES_CODE}`);
    await page.waitForSelector('.chart[data-drawn="true"]', { timeout: 30_000 });
    return await page.evaluate(() => performance.getEntriesByName('series-drawn')[0]!.startTime);
  } finally {
    await context.close();
  }
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}
