import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUNDLE_FILE, bundleFunction, lazySpecifiersOf } from '../../infra/bundling';

/**
 * `fetch_url` bundled as a function's code is (the same esbuild settings and lazy-package step CDK runs): linkedom
 * and Readability stay out of the bundle, are built beside it under node_modules/ (Readability under its scope), and
 * load from there in a fresh Node process on the first HTML page.
 */

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
let assetDir: string;

beforeAll(async () => {
  assetDir = await mkdtemp(join(tmpdir(), 'hds-fetch-url-asset-'));
  await bundleFunction(join(repoRoot, 'shared/services/agent/knowledge/fetch-url.ts'), assetDir);
}, 120_000);

afterAll(async () => {
  if (assetDir) await rm(assetDir, { recursive: true, force: true });
});

describe('fetch_url as bundled', () => {
  it('imports linkedom and Readability only with import(), and carries each beside the bundle', async () => {
    const bundle = await readFile(join(assetDir, BUNDLE_FILE), 'utf8');
    const { dynamic, static: statics } = lazySpecifiersOf(bundle);
    expect(statics).toEqual([]);
    expect(dynamic).toEqual(expect.arrayContaining(['@mozilla/readability', 'linkedom', 'unpdf']));
    // Names from inside each library (Readability's article grabber, linkedom's element classes).
    expect(bundle.includes('_grabArticle'), 'Readability is in the bundle').toBe(false);
    expect(bundle.includes('HTMLTemplateElement'), 'linkedom is in the bundle').toBe(false);
    for (const pkg of ['linkedom', '@mozilla/readability']) {
      expect((await stat(join(assetDir, 'node_modules', pkg, 'index.mjs'))).isFile()).toBe(true);
      expect(JSON.parse(await readFile(join(assetDir, 'node_modules', pkg, 'package.json'), 'utf8'))).toEqual({
        name: pkg,
        type: 'module',
        exports: { '.': './index.mjs' },
      });
    }
  });

  it('reads an HTML page in a fresh Node process, loading both readers from the asset', async () => {
    const html = await readFile(join(repoRoot, 'test/fixtures/knowledge/web/article.html'));
    // An egress stand-in: this test is about module loading; the guard has its own tests.
    const script = `
      const { fetchUrl } = await import(${JSON.stringify(pathToFileURL(join(assetDir, BUNDLE_FILE)).href)});
      const body = new Uint8Array(Buffer.from(process.argv[1], 'base64'));
      const egress = { fetch: async (req) => ({ status: 200, finalUrl: req.url, contentType: 'text/html',
        headers: new Headers({ 'content-type': 'text/html; charset=utf-8' }), body }) };
      const config = { fetchUrlMaxBytes: 5242880, fetchUrlTimeoutMs: 10000 };
      const result = await fetchUrl({ url: 'https://example.org/walking' },
        { egress, config, signal: new AbortController().signal, ncbiApiKey: async () => undefined });
      process.stdout.write(JSON.stringify(result));`;
    const out = await new Promise<string>((resolve, reject) => {
      execFile(
        process.execPath,
        ['--input-type=module', '-e', script, html.toString('base64')],
        { cwd: assetDir, timeout: 60_000, env: { ...process.env, HDS_LOG_LEVEL: 'error' } },
        (error, stdout, stderr) => (error ? reject(new Error(stderr || String(error))) : resolve(stdout)),
      );
    });
    const result = JSON.parse(out);
    expect(result).toMatchObject({
      title: 'Walking after meals and blood glucose',
      byline: 'Dana Example',
      site_name: 'HDS Test Health Notes',
    });
    expect(result.text).toContain('A short walk after a meal');
  }, 60_000);
});
