/**
 * `npm run bench:console`: the console's budgets (issue 14, design §7) on this machine.
 *  - the gzip size of each JavaScript file the page loads before its first render (Vite's manifest: the entry and
 *    its static imports) and their sum, against 200 KB; the lazy chunks (reference page, Ask) are listed apart;
 *  - the first render of a 10,000-reading series: navigation start → uPlot's first frame (`series-drawn`), in a
 *    fresh browser context each time, median of 5. The readings are written through `/v1/data` and served by the
 *    console API, so the figure is the server's answer plus the page's own work.
 */
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { buildConsole, consoleManifest, firstLoadScripts } from '../infra/console-build';
import { startRuntime } from '../infra/local/runtime';
import { launchBrowser } from '../test/support/chromium';
import {
  FIRST_LOAD_BUDGET_BYTES,
  firstLoadJs,
  median,
  SERIES_POINTS,
  timeSeriesRender,
  writeBudgetSeries,
} from '../test/support/console-budget';
import { signIn } from '../test/support/sign-in';

process.env.HDS_LOG_LEVEL ??= 'warn';
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const started = performance.now();
const dir = await buildConsole();
console.log(`console build: ${dir} (${Math.round(performance.now() - started)} ms, 0 when cached)`);
const first = await firstLoadJs(dir);
for (const f of first.files) console.log(`  first load  ${f.file}  ${kb(f.gzipBytes)} gz`);
console.log(`first-load JavaScript: ${kb(first.total)} gz (budget ${kb(FIRST_LOAD_BUDGET_BYTES)})`);
const manifest = await consoleManifest(dir);
const upFront = new Set(firstLoadScripts(manifest));
for (const chunk of Object.values(manifest)) {
  if (upFront.has(chunk.file) || !chunk.file.endsWith('.js')) continue;
  console.log(`  lazy / other page  ${chunk.file}  ${kb((await stat(join(dir, `${chunk.file}.gz`))).size)} gz`);
}

const rt = await startRuntime({ host: 'localhost', env: { HDS_RATE_LIMITS: 'login-code=100,verify-code=100' } });
const browser = await launchBrowser();
try {
  const h = { url: rt.url, runtime: rt } as Parameters<typeof signIn>[0];
  const { access_token } = await signIn(h, `bench-${Date.now()}@example.org`);
  const auth = { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' };
  const key = (await (
    await fetch(`${rt.url}/api/console/keys`, { method: 'POST', headers: auth, body: '{"name":"bench"}' })
  ).json()) as { secret: string };
  await writeBudgetSeries(rt.url, key.secret, 'bench');
  const runs: number[] = [];
  for (let i = 0; i < 5; i++) runs.push(await timeSeriesRender(browser, rt.url, access_token, 'bench'));
  console.log(
    `first render of a ${SERIES_POINTS}-reading series: median ${Math.round(median(runs))} ms ` +
      `(runs ${runs.map((r) => Math.round(r)).join(', ')} ms; budget 1000 ms; served by the console API)`,
  );
} finally {
  await browser.close();
  await rt.stop();
}
