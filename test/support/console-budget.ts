import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { httpRoutes } from '../../functions/routes';
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

/** True once the console API's Subject routes are in the manifest; until then the series is served by the browser. */
export const SERIES_ROUTES_PRESENT = httpRoutes.some((r) => r.path === '/api/console/series/points');

/** 10,000 glucose readings, one an hour, every 25th above the range: the series a render is timed on. */
export function syntheticSeries(n = SERIES_POINTS) {
  const start = Date.UTC(2025, 0, 1) / 1000;
  const time = Array.from({ length: n }, (_, i) => start + i * 3600);
  const value = time.map((_, i) => 85 + 15 * Math.sin(i / 24) + (i % 25 === 0 ? 40 : 0));
  return { time, value, abnormal: value.map((v) => v > 99) };
}

/**
 * Until the console API routes land, the browser answers the Subject view's calls itself with the synthetic series
 * (Playwright's request interception), so the page's own work is what is timed. With the routes present, nothing is
 * intercepted and the local runtime answers from the readings written.
 */
export async function serveSyntheticSubject(context: BrowserContext): Promise<void> {
  const points = syntheticSeries();
  const json = (body: unknown) => ({ status: 200, contentType: 'application/json', body: JSON.stringify(body) });
  await context.route(/\/api\/console\/series\/points\?/, (route) => route.fulfill(json(points)));
  await context.route(/\/api\/console\/series\?/, (route) =>
    route.fulfill(
      json({
        object: 'list',
        data: [
          {
            series: SERIES_CODE,
            loinc_code: SERIES_CODE,
            canonical_name: 'Glucose [Mass/volume] in Serum or Plasma',
            unit: 'mg/dL',
            count: points.time.length,
            latest_value: points.value.at(-1),
            latest_time: new Date(points.time.at(-1)! * 1000).toISOString(),
            reference_low: 70,
            reference_high: 99,
            abnormal_count: points.abnormal.filter(Boolean).length,
          },
        ],
      }),
    ),
  );
  await context.route(/\/api\/console\/subjects\?/, (route) =>
    route.fulfill(
      json({ object: 'list', data: [{ user: 'alice', records: points.time.length, files: 0 }], has_more: false }),
    ),
  );
  await context.route(/\/api\/console\/data\?/, (route) =>
    route.fulfill(
      json({
        object: 'list',
        data: points.time.slice(-25).map((t, i) => ({
          id: String(i + 1),
          indicator: 'Glucose',
          canonical_name: 'Glucose [Mass/volume] in Serum or Plasma',
          parsed_value: String(points.value.at(-25 + i)),
          parsed_unit: 'mg/dL',
          time: new Date(t * 1000).toISOString(),
          reference_low: 70,
          reference_high: 99,
          abnormal: points.abnormal.at(-25 + i),
        })),
        has_more: true,
        next_cursor: 'page-2',
      }),
    ),
  );
  await context.route(/\/api\/console\/(files|sessions)\?/, (route) =>
    route.fulfill(json({ object: 'list', data: [], has_more: false })),
  );
}

/**
 * Milliseconds from navigation start to the chart's first frame (`performance.mark('series-drawn')`, set in uPlot's
 * draw hook), opening `#/subjects/<user>/series/<code>` in a fresh context: no cache, the session already in
 * `sessionStorage` as after a sign-in.
 */
export async function timeSeriesRender(browser: Browser, base: string, token: string, user: string): Promise<number> {
  const context = await browser.newContext({ locale: 'en-GB', viewport: { width: 1280, height: 900 } });
  try {
    if (!SERIES_ROUTES_PRESENT) await serveSyntheticSubject(context);
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
