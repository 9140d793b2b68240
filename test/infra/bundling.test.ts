import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { manifest } from '../../functions/routes';
import {
  BUNDLE_FILE,
  bundleFunction,
  copyDataFiles,
  DATA_FILES,
  dataFilesOf,
  esbuildOptionsFor,
  LAMBDA_NODE_TARGET,
  sharedSpecifiersOf,
} from '../../infra/bundling';

/**
 * The bundle settings a benchmark script shares with CDK, exercised for real: every handler of the
 * manifest bundles to one ESM file that Node loads, with a `handler` export, and CommonJS dependencies
 * find `require` through the banner.
 */

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
let outdir: string | undefined;

afterAll(async () => {
  if (outdir) await rm(outdir, { recursive: true, force: true });
});

describe('esbuildOptionsFor', () => {
  it('matches the Lambda runtime and the house bundling rules', () => {
    const options = esbuildOptionsFor('functions/health/get-health.ts');
    expect(options).toMatchObject({
      entryPoints: ['functions/health/get-health.ts'],
      outfile: join('dist', 'get-health', 'index.mjs'),
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: LAMBDA_NODE_TARGET,
      minify: true,
      sourcemap: true,
      mainFields: ['module', 'main'],
    });
    // Outside the bundle: the local OCR engines, and the lazy packages built beside it; the AWS SDK is inside.
    expect(options.external).toEqual([
      'tesseract.js',
      '@tesseract.js-data/eng',
      '@napi-rs/canvas',
      'unpdf',
      'exceljs',
      'gpt-tokenizer',
      'linkedom',
      '@mozilla/readability',
      'htmlparser2',
      '#tracing',
      '#mcp-client',
      '#offline-engine',
      '#offline-extractor',
      '#eval-sandbox',
      '#standardization',
    ]);
    expect(LAMBDA_NODE_TARGET).toBe('node22');
    expect(options.banner?.js).toMatch(/const require = \w*createRequire\w*\(import\.meta\.url\)/i);
  });
});

describe('data files beside the bundle', () => {
  it('finds the shared modules a built module imports, statically or not, and nothing else', () => {
    expect(sharedSpecifiersOf('import{a as b}from"#standardization";import("#standardization")')).toEqual([
      '#standardization',
    ]);
    expect(sharedSpecifiersOf('import"#standardization";')).toEqual(['#standardization']);
    expect(sharedSpecifiersOf('const s="#standardization";import("#offline-extractor")')).toEqual([]);
  });

  it('finds the ./data/ files a module reads beside itself, as esbuild leaves the URL', () => {
    const minified = 'var r=JSON.parse(o(new URL("./data/loinc-corpus.json",import.meta.url),"utf8"));';
    expect(dataFilesOf(minified + minified)).toEqual(['./data/loinc-corpus.json']);
    // QuickJS's WASM beside its lazy module is LAZY_IMPORT_FILES' business, not a data file.
    expect(dataFilesOf('new URL("emscripten-module.wasm", import.meta.url)')).toEqual([]);
  });

  it("copies each into data/ beside every one of our modules that reads it, and refuses one it doesn't know", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'hds-data-files-'));
    try {
      const reads = (url: string) => `export const x = new URL(${JSON.stringify(url)}, import.meta.url);`;
      await mkdir(join(dir, 'lazy'));
      await writeFile(join(dir, BUNDLE_FILE), reads('./data/loinc-corpus.json'));
      await writeFile(join(dir, 'lazy', 'offline-engine.mjs'), reads('./data/loinc-corpus.json'));
      await writeFile(join(dir, 'lazy', 'tracing.mjs'), 'export {};');
      expect(await copyDataFiles(dir)).toEqual(['data/loinc-corpus.json', 'lazy/data/loinc-corpus.json']);
      const corpus = await readFile(join(repoRoot, DATA_FILES['./data/loinc-corpus.json']!), 'utf8');
      expect(await readFile(join(dir, 'lazy', 'data', 'loinc-corpus.json'), 'utf8')).toBe(corpus);
      await writeFile(join(dir, BUNDLE_FILE), reads('./data/unknown.json'));
      await expect(copyDataFiles(dir)).rejects.toThrow(/reads \.\/data\/unknown\.json beside itself/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('every manifest handler', () => {
  it('bundles to an ES module Node can load, exporting handler', async () => {
    outdir = await mkdtemp(join(tmpdir(), 'hds-bundle-'));
    const dir = outdir;
    const bundles = await Promise.all(
      manifest.map(async (entry) => {
        const outfile = join(dir, entry.id, BUNDLE_FILE);
        await bundleFunction(join(repoRoot, 'functions', entry.handler), join(dir, entry.id));
        expect((await stat(`${outfile}.map`)).isFile()).toBe(true);
        // The LOINC corpus is a file beside the bundles that read it (the import below fails without it), never inlined.
        expect(await readFile(outfile, 'utf8'), entry.id).not.toContain('Glasgow Coma Scale Data');
        return { id: entry.id, outfile };
      }),
    );
    // Loaded in a fresh Node process, as Lambda would: vitest's own module loader must not stand in between.
    const loader = `
      for (const file of JSON.parse(process.argv[1])) {
        const module = await import(file);
        if (typeof module.handler !== 'function') throw new Error(file + ' exports no handler');
      }`;
    const urls = bundles.map((b) => pathToFileURL(b.outfile).href);
    const failure = await new Promise<string | undefined>((resolve) => {
      execFile(
        process.execPath,
        ['--input-type=module', '--enable-source-maps', '-e', loader, JSON.stringify(urls)],
        // Lambda's environment turns tracing on: the Tracer is loaded by the bundle then, and only then.
        {
          cwd: dir,
          timeout: 180_000,
          env: {
            ...process.env,
            AWS_REGION: 'eu-west-1',
            AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs22.x',
            AWS_LAMBDA_FUNCTION_NAME: 'bundle-test',
          },
        },
        (error, _stdout, stderr) => resolve(error ? stderr || String(error) : undefined),
      );
    });
    expect(failure).toBeUndefined();
  }, 420_000);
});
