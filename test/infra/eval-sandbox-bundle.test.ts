import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUNDLE_FILE, bundleFunction, LAZY_IMPORTS, lazySpecifiersOf } from '../../infra/bundling';

/**
 * `#eval-sandbox` bundled as CDK bundles a function that imports it: QuickJS leaves the function's bundle for
 * `lazy/eval-sandbox.mjs`, and the variant's WASM, which it reads from beside its own module, is copied there. The asset
 * is run from a temporary directory with no node_modules, so the WASM can only come from the asset.
 */

let assetDir: string;

const entry = `
export async function handler(event) {
  const { evaluate } = await import('#eval-sandbox');
  const out = [];
  for (const code of event.codes) out.push(await evaluate(code, { input: event.input, files: {} }));
  return out;
}`;

beforeAll(async () => {
  const work = await mkdtemp(join(tmpdir(), 'hds-eval-entry-'));
  assetDir = join(work, 'asset');
  await writeFile(join(work, 'evaluate.mjs'), entry);
  await bundleFunction(join(work, 'evaluate.mjs'), assetDir);
}, 120_000);

afterAll(async () => {
  if (assetDir) await rm(join(assetDir, '..'), { recursive: true, force: true });
});

function runAsset(event: unknown): Promise<{ ok: boolean; result?: unknown; error?: string }[]> {
  const script = `
    const { handler } = await import(${JSON.stringify(pathToFileURL(join(assetDir, BUNDLE_FILE)).href)});
    process.stdout.write('\\n' + JSON.stringify(await handler(JSON.parse(process.argv[1]))));`;
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['--input-type=module', '-e', script, JSON.stringify(event)],
      { cwd: assetDir, timeout: 60_000 },
      (error, stdout, stderr) =>
        error ? reject(new Error(stderr || String(error))) : resolve(JSON.parse(stdout.split('\n').pop()!)),
    );
  });
}

describe('#eval-sandbox in a bundled asset', () => {
  it('is a lazy module, with the WASM beside it', async () => {
    expect(LAZY_IMPORTS).toContain('#eval-sandbox');
    const bundle = await readFile(join(assetDir, BUNDLE_FILE), 'utf8');
    expect(lazySpecifiersOf(bundle)).toEqual({ dynamic: ['#eval-sandbox'], static: [] });
    expect(bundle).not.toContain('quickjs');
    expect(JSON.parse(await readFile(join(assetDir, 'package.json'), 'utf8'))).toEqual({
      type: 'module',
      imports: { '#eval-sandbox': './lazy/eval-sandbox.mjs' },
    });
    expect((await readdir(join(assetDir, 'lazy'))).sort()).toEqual(['emscripten-module.wasm', 'eval-sandbox.mjs']);
    expect((await stat(join(assetDir, 'lazy', 'emscripten-module.wasm'))).size).toBeGreaterThan(100_000);
    await expect(stat(join(assetDir, 'node_modules'))).rejects.toThrow();
  });

  it('evaluates in a fresh Node process, and recovers from an interrupt with a fresh module', async () => {
    const [sum, loop, after] = await runAsset({
      codes: ['1+1', 'while(true){}', 'input.xs.length + 1'],
      input: { xs: [1, 2] },
    });
    expect(sum).toMatchObject({ ok: true, result: 2 });
    expect(loop).toMatchObject({ ok: false });
    expect(loop!.error).toMatch(/interrupted/);
    expect(after).toMatchObject({ ok: true, result: 3 });
  }, 60_000);

  it('fails without the WASM file beside the module (the asset is what it loads)', async () => {
    const wasm = join(assetDir, 'lazy', 'emscripten-module.wasm');
    const saved = await readFile(wasm);
    await rm(wasm);
    try {
      await expect(runAsset({ codes: ['1+1'] })).rejects.toThrow(/emscripten-module\.wasm|ENOENT|Aborted/);
    } finally {
      await writeFile(wasm, saved);
    }
  }, 60_000);
});
