import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { extname, join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type VisChartSpec, visChartBlock } from '../../shared/domain/agent/vis-chart';
import { launchBrowser } from '../support/chromium';
import { client, type Harness, startHarness } from '../support/harness';
import { signIn } from '../support/sign-in';

/**
 * The Ask panel in headless Chromium, built by Vite as the console builds it and served from the runtime's own origin
 * under the console's CSP: every chart type of a streamed answer is drawn (`data-drawn="true"`), a real question
 * through `POST /api/console/chat/completions` draws the offline engine's chart, errors are shown, and axe finds no
 * serious or critical violation. The full console journey (sign-in to revoke) is test/e2e/console.test.ts's.
 */
const ROOT = resolve(import.meta.dirname, '../..');
const WORK = join(ROOT, '.hds', 'ask-harness');
const ARTIFACTS = join(ROOT, 'test-artifacts', 'console');
const HARNESS = '/ask-harness/';
/** The console page's policy (docs/design/console-and-openapi.md §2): no inline script or style. */
const CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; connect-src 'self'; " +
  "font-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const day = (monthsAgo: number) => new Date(Date.now() - monthsAgo * 30 * 86_400_000).toISOString();
const charts: VisChartSpec[] = [
  {
    type: 'line',
    title: 'LDL and HDL cholesterol',
    axisXTitle: 'Date',
    axisYTitle: 'mg/dL',
    data: [
      { time: '2026-01-15', value: 162, group: 'LDL' },
      { time: '2026-05-10', value: 148, group: 'LDL' },
      { time: '2026-10-02', value: 131, group: 'LDL' },
      { time: '2026-01-15', value: 48, group: 'HDL' },
      { time: '2026-10-02', value: 55, group: 'HDL' },
    ],
  },
  {
    type: 'area',
    title: 'Daily steps',
    axisYTitle: 'steps',
    data: [
      { time: '2026-10-01', value: 6400 },
      { time: '2026-10-02', value: 8100 },
      { time: '2026-10-03', value: 7300 },
    ],
  },
  {
    type: 'bar',
    title: 'Flagged readings per test',
    axisXTitle: 'Test',
    axisYTitle: 'readings',
    data: [
      { category: 'Fasting glucose', value: 3 },
      { category: 'HbA1c', value: 2 },
    ],
  },
  {
    type: 'column',
    title: 'Readings per quarter',
    data: [
      { category: 'Q1', value: 5, group: 'normal' },
      { category: 'Q1', value: 1, group: 'high' },
      { category: 'Q2', value: 4, group: 'normal' },
      { category: 'Q2', value: 2, group: 'high' },
    ],
  },
  {
    type: 'pie',
    title: 'Readings by status',
    data: [
      { category: 'Normal', value: 14 },
      { category: 'High', value: 4 },
      { category: 'Low', value: 1 },
    ],
  },
];
const CANNED = [
  '## Your results',
  'Your **LDL** fell from 162 to 131 mg/dL; the charts below show it with the rest.',
  ...charts.map(visChartBlock),
  '- `HbA1c` stayed above range\n- Steps rose',
].join('\n\n');

/**
 * The harness page: the panel against the real route (`#token=…`), or against a stand-in `ConsoleApi` that streams
 * CANNED in small pieces (`#canned`), so fences arrive split as a real model sends them.
 */
const MAIN_JS = `
import { h, render } from 'preact';
import { AskPanel } from '${join(ROOT, 'console/src/ask/ask-panel.tsx')}';

const params = new URLSearchParams(location.hash.slice(1));
const token = params.get('token');
const encoder = new TextEncoder();
const frame = (content) =>
  'data: ' + JSON.stringify({ object: 'chat.completion.chunk', choices: [{ index: 0, delta: { content } }] }) + '\\n\\n';
const cannedApi = {
  base: '',
  async fetch() {
    const text = ${JSON.stringify(CANNED)};
    const body = new ReadableStream({
      async start(c) {
        c.enqueue(encoder.encode(frame('')));
        for (let i = 0; i < text.length; i += 23) {
          await new Promise((r) => setTimeout(r, 2));
          c.enqueue(encoder.encode(frame(text.slice(i, i + 23))));
        }
        c.enqueue(encoder.encode('data: [DONE]\\n\\n'));
        c.close();
      },
    });
    return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
  },
};
const sessionApi = {
  base: '',
  fetch: (path, init = {}) =>
    fetch(path, { ...init, headers: { ...init.headers, authorization: 'Bearer ' + token } }),
};
render(
  h('main', null, h('h1', null, 'Console'), h(AskPanel, { api: params.has('canned') ? cannedApi : sessionApi, subjects: ['olga', 'ghost'] })),
  document.getElementById('app'),
);
`;

let h: Harness;
let browser: Browser;
let token: string;
let built: Map<string, Buffer>;

/** Vite builds the harness as the console is built (Oxc's automatic JSX runtime from preact, no Babel). */
async function buildHarness(): Promise<Map<string, Buffer>> {
  await rm(WORK, { recursive: true, force: true });
  await mkdir(WORK, { recursive: true });
  await writeFile(
    join(WORK, 'index.html'),
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Ask</title>' +
      '<script type="module" src="./main.js"></script></head><body><div id="app"></div></body></html>',
  );
  await writeFile(join(WORK, 'main.js'), MAIN_JS);
  const out = await build({
    root: WORK,
    base: HARNESS,
    logLevel: 'silent',
    configFile: false,
    oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
    build: { outDir: join(WORK, 'dist'), emptyOutDir: true, write: false, modulePreload: { polyfill: false } },
  });
  const files = new Map<string, Buffer>();
  for (const output of [out].flat()) {
    if (!('output' in output)) throw new Error('Vite returned a watcher');
    for (const item of output.output) {
      files.set(item.fileName, Buffer.from(item.type === 'asset' ? item.source : item.code));
    }
  }
  return files;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
};

/** A page on the runtime's origin whose /ask-harness/ files come from the build; everything else reaches the runtime. */
async function openHarness(hash: string): Promise<{ page: Page; problems: string[] }> {
  // An explicit locale: this machine's POSIX locale reaches Chromium as `en-US@posix`, which Intl (uPlot's dates) refuses.
  const page = await browser.newPage({ viewport: { width: 1000, height: 900 }, locale: 'en-US' });
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' && !/status of 404/.test(m.text())) problems.push(`console: ${m.text()}`);
  });
  await page.route(`${h.url}${HARNESS}**`, (route) => {
    const name = new URL(route.request().url()).pathname.slice(HARNESS.length) || 'index.html';
    const body = built.get(name);
    if (!body) return route.fulfill({ status: 404, body: 'not built' });
    return route.fulfill({
      status: 200,
      body,
      headers: { 'content-type': TYPES[extname(name)] ?? 'application/octet-stream', 'content-security-policy': CSP },
    });
  });
  await page.goto(`${h.url}${HARNESS}#${hash}`);
  return { page, problems };
}

async function axeViolations(page: Page) {
  const source = await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  // Evaluated through DevTools, which the page's CSP does not govern (an injected <script> would be refused).
  await page.evaluate(source);
  const result: any = await page.evaluate("axe.run(document, { resultTypes: ['violations'] })");
  return (result.violations as { id: string; impact: string; nodes: unknown[] }[])
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}, ${v.nodes.length} nodes)`);
}

beforeAll(async () => {
  [h, built, browser] = await Promise.all([
    startHarness({ env: { OPENAI_BASE_URL: '', OPENAI_API_KEY: '' } }),
    buildHarness(),
    launchBrowser(),
  ]);
  token = (await signIn(h, `ask-browser-${Date.now()}@example.org`)).access_token;
  const key = (await client(h.url, token).post('/api/console/keys', { name: 'browser' })).body.secret;
  const written = await client(h.url, key).post('/v1/data', {
    user: 'olga',
    retention: 'permanent',
    records: [
      { indicator: 'LDL cholesterol', value: 162, unit: 'mg/dL', time: day(5) },
      { indicator: 'LDL cholesterol', value: 148, unit: 'mg/dL', time: day(3) },
      { indicator: 'LDL cholesterol', value: 131, unit: 'mg/dL', time: day(1) },
    ],
  });
  expect(written.status).toBe(200);
  await mkdir(ARTIFACTS, { recursive: true });
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await h?.stop();
});

describe('the Ask panel in Chromium', () => {
  it('keeps the Ask panel small: Preact, uPlot, the panel and its charts in well under the page’s 200 KB gzipped', () => {
    const gzipped = [...built]
      .filter(([name]) => name.endsWith('.js') || name.endsWith('.css'))
      .reduce((sum, [, body]) => sum + gzipSync(body, { level: 9 }).length, 0);
    expect(gzipped).toBeLessThan(45_000);
  });

  it('draws every chart type of a streamed answer: line, area, bar, column (uPlot) and pie (SVG)', async () => {
    const { page, problems } = await openHarness('canned');
    await page.getByLabel('Question').fill('Show me everything');
    await page.getByRole('button', { name: 'Ask' }).click();
    await page.waitForSelector('.ask-turn[data-state="done"]');
    for (const type of ['line', 'area', 'bar', 'column', 'pie']) {
      const figure = page.locator(`figure.vis-chart[data-chart-type="${type}"]`);
      await page.locator(`figure.vis-chart[data-chart-type="${type}"][data-drawn="true"]`).waitFor({ timeout: 10_000 });
      expect(await figure.count(), type).toBe(1);
      await expect(figure.getByRole('img').first().getAttribute('aria-label')).resolves.toMatch(/chart: /);
    }
    expect(await page.locator('figure.vis-chart canvas').count()).toBeGreaterThanOrEqual(4);
    expect(await page.locator('figure.vis-chart[data-chart-type="pie"] svg path').count()).toBe(3);
    // The figure is named by its caption and its numbers are in a table for screen readers.
    const line = page.getByRole('figure', { name: 'LDL and HDL cholesterol' });
    const table = line.getByRole('table', { name: 'Data of LDL and HDL cholesterol' });
    await expect(table.textContent()).resolves.toMatch(/2026-10-02.*131.*55/);
    // Markdown became elements, not HTML.
    expect(await page.locator('.ask-answer h5, .ask-answer strong, .ask-answer li code').count()).toBe(3);
    await page.screenshot({ path: join(ARTIFACTS, 'ask-charts.png'), fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('asks the real route with the keyboard alone and draws the answer’s chart; a missing Subject is shown as an error', async () => {
    const { page, problems } = await openHarness(`token=${token}`);
    await page.locator('body').focus();
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Tab');
      if ((await page.evaluate('document.activeElement?.id')) === 'ask-question') break;
    }
    expect(await page.evaluate('document.activeElement?.id')).toBe('ask-question');
    await page.keyboard.type('How has my LDL cholesterol changed?');
    await page.keyboard.press('Control+Enter');
    await page.waitForSelector('.ask-turn[data-state="done"]');
    await page.waitForSelector('figure.vis-chart[data-chart-type="line"][data-drawn="true"]');
    await expect(page.locator('.ask-answer').first().textContent()).resolves.toContain('131');
    await page.screenshot({ path: join(ARTIFACTS, 'ask-answer.png'), fullPage: true });
    expect(await axeViolations(page)).toEqual([]);

    await page.getByLabel('Subject').selectOption('ghost');
    await page.getByLabel('Question').fill('Anything?');
    await page.getByRole('button', { name: 'Ask' }).click();
    await expect(page.getByRole('alert').textContent()).resolves.toContain("No Subject exists for user 'ghost'");
    expect(await page.locator('.ask-turn[data-state="error"]').count()).toBe(1);
    expect(problems).toEqual([]);
    await page.close();
  });
});
