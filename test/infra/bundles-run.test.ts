import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BUNDLE_FILE,
  bundleFunction,
  DATA_FILES,
  LAZY_PACKAGES,
  lazySpecifiersOf,
  sharedSpecifiersOf,
} from '../../infra/bundling';
import { longLayoutXlsx, textPdf } from '../support/document-fixtures';
import { client, type Harness, startHarness } from '../support/harness';

/**
 * A document function's asset exactly as CDK builds it (the bundle, and the lazy packages beside it under
 * node_modules/), run in a fresh Node process on REST API events against the local emulators: pdf.js and exceljs are
 * not in the bundle, and load from the asset on the first PDF and the first workbook. And `create-data`'s, whose LOINC
 * corpus is a data file beside the bundle, not in it.
 */

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
let h: Harness;
let key: string;
let assetDir: string;
let dataAssetDir: string;

beforeAll(async () => {
  h = await startHarness();
  key = (await h.newAccount('bundles')).key;
  assetDir = await mkdtemp(join(tmpdir(), 'hds-asset-'));
  dataAssetDir = await mkdtemp(join(tmpdir(), 'hds-asset-'));
  await Promise.all([
    bundleFunction(join(repoRoot, 'functions/standardize/create-standardization.ts'), assetDir),
    bundleFunction(join(repoRoot, 'functions/data/create-data.ts'), dataAssetDir),
  ]);
}, 180_000);

afterAll(async () => {
  await h?.stop();
  for (const dir of [assetDir, dataAssetDir]) if (dir) await rm(dir, { recursive: true, force: true });
});

async function multipartEvent(file: Buffer, filename: string, type: string) {
  const form = new FormData();
  form.set('user', 'bundle-reader');
  form.set('file', new Blob([new Uint8Array(file)], { type }), filename);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  const body = Buffer.from(await request.arrayBuffer());
  const event = JSON.parse(readFileSync(join(repoRoot, 'events/create-standardization.json'), 'utf8'));
  const headers = {
    ...event.headers,
    authorization: `Bearer ${key}`,
    'content-type': request.headers.get('content-type'),
  };
  return {
    ...event,
    headers,
    multiValueHeaders: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, [v]])),
    body: body.toString('base64'),
    isBase64Encoded: true,
  };
}

/**
 * Invokes the handler of the bundle in `dir` (create-standardization's unless told) once per event in one fresh
 * process, as a warm Lambda would; returns the answers.
 */
function runBundle(
  events: unknown[],
  env: Record<string, string> = {},
  { dir = assetDir, functionName = 'create-standardization' } = {},
): Promise<{ statusCode: number; body: string }[]> {
  // With HDS_COUNT_CORPUS_READS, every read of the corpus file is counted (node:fs patched before the bundle loads,
  // its ESM bindings synced) and the count is added to each answer.
  const script = `
    let corpusReads = 0;
    if (process.env.HDS_COUNT_CORPUS_READS) {
      const fs = (await import('node:fs')).default;
      const read = fs.readFileSync;
      fs.readFileSync = function (path, ...rest) {
        if (String(path).endsWith('loinc-corpus.json')) corpusReads++;
        return read.call(this, path, ...rest);
      };
      (await import('node:module')).syncBuiltinESMExports();
    }
    const { handler } = await import(${JSON.stringify(pathToFileURL(join(dir, BUNDLE_FILE)).href)});
    const context = { functionName: '${functionName}', functionVersion: '$LATEST', memoryLimitInMB: '1024',
      invokedFunctionArn: 'arn:aws:lambda:eu-west-1:000000000000:function:${functionName}',
      awsRequestId: 'bundle-test', getRemainingTimeInMillis: () => 29000 };
    const out = [];
    for (const event of JSON.parse(process.argv[1])) out.push(await handler(event, context));
    if (process.env.HDS_COUNT_CORPUS_READS) for (const answer of out) answer.corpusReads = corpusReads;
    process.stdout.write('\\n' + JSON.stringify(out));`;
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['--input-type=module', '--enable-source-maps', '-e', script, JSON.stringify(events)],
      {
        cwd: dir,
        timeout: 120_000,
        maxBuffer: 16 * 1024 * 1024,
        env: { ...process.env, HDS_LOG_LEVEL: 'error', ...env },
      },
      (error, stdout, stderr) => {
        if (process.env.DEBUG_BUNDLES) console.log(stderr);
        return error ? reject(new Error(stderr || String(error))) : resolve(JSON.parse(stdout.split('\n').pop()!));
      },
    );
  });
}

describe('a document function bundled as CDK bundles it', () => {
  it('keeps pdf.js and exceljs out of the bundle, beside it as packages it imports only with import()', async () => {
    const bundle = await readFile(join(assetDir, BUNDLE_FILE), 'utf8');
    const { dynamic, static: statics } = lazySpecifiersOf(bundle);
    expect(statics).toEqual([]);
    expect(dynamic).toEqual(['#offline-engine', '#offline-extractor', '#tracing', 'exceljs', 'unpdf']);
    // The offline engine counts tokens: its lazy tokenizer tables are built beside the asset too.
    expect((await stat(join(assetDir, 'node_modules', 'gpt-tokenizer', 'encoding', 'o200k_base.mjs'))).isFile()).toBe(
      true,
    );
    for (const pkg of ['unpdf', 'exceljs']) {
      expect((await stat(join(assetDir, 'node_modules', pkg, 'index.mjs'))).isFile()).toBe(true);
      expect(JSON.parse(await readFile(join(assetDir, 'node_modules', pkg, 'package.json'), 'utf8'))).toMatchObject({
        name: pkg,
        type: 'module',
        exports: { '.': './index.mjs' },
      });
    }
    // The lazy packages are the largest libraries; the bundle no longer carries them.
    expect(LAZY_PACKAGES).toContain('unpdf');
    expect(bundle).not.toContain('pdfjs-dist');
  });

  it('reads a PDF and a workbook in a fresh Node process, loading each reader on its first file', async () => {
    const events = [
      await multipartEvent(await textPdf(), 'report.pdf', 'application/pdf'),
      await multipartEvent(
        await longLayoutXlsx(),
        'results.xlsx',
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      ),
    ];
    const answers = await runBundle(events);
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(200);
      const codes = JSON.parse(answer.body).data.map((r: { loinc_code: string | null }) => r.loinc_code);
      expect(codes).toContain('2345-7');
      expect(codes.length).toBeGreaterThanOrEqual(3);
    }
  }, 120_000);
});

describe("the same asset with Lambda's environment", () => {
  it('loads the Tracer from its lazy module and answers with tracing on', async () => {
    expect(JSON.parse(await readFile(join(assetDir, 'package.json'), 'utf8'))).toEqual({
      type: 'module',
      imports: {
        '#offline-engine': './lazy/offline-engine.mjs',
        '#offline-extractor': './lazy/offline-extractor.mjs',
        '#tracing': './lazy/tracing.mjs',
        '#standardization': './lazy/standardization.mjs',
      },
    });
    expect(await readFile(join(assetDir, BUNDLE_FILE), 'utf8')).not.toContain('cls-hooked');
    const [answer] = await runBundle([await multipartEvent(await textPdf(), 'report.pdf', 'application/pdf')], {
      AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs22.x',
      AWS_LAMBDA_FUNCTION_NAME: 'create-standardization',
      _X_AMZN_TRACE_ID: 'Root=1-6745a1b2-0123456789abcdef01234567;Parent=53995c3f42cd8ad8;Sampled=1',
      // No X-Ray daemon here: segments go to a UDP port nothing listens on.
      AWS_XRAY_DAEMON_ADDRESS: '127.0.0.1:2999',
      AWS_XRAY_CONTEXT_MISSING: 'IGNORE_ERROR',
    });
    expect(answer!.statusCode, answer!.body).toBe(200);
  }, 120_000);
});

describe('a function that standardizes, with the LOINC corpus beside its bundle', () => {
  const corpusFile = readFileSync(join(repoRoot, DATA_FILES['./data/loinc-corpus.json']!), 'utf8');

  it('ships the corpus once, beside the one shared module that reads it (#standardization), and not inside it', async () => {
    for (const dir of [assetDir, dataAssetDir])
      expect(await readFile(join(dir, 'lazy/data/loinc-corpus.json'), 'utf8'), dir).toBe(corpusFile);
    // A synonym and the corpus's own description: strings nothing but the corpus holds.
    const { description } = JSON.parse(corpusFile) as { description: string };
    for (const module of [join(dataAssetDir, 'lazy/standardization.mjs'), join(assetDir, 'lazy/standardization.mjs')]) {
      const code = await readFile(module, 'utf8');
      expect(code, module).toContain('"./data/loinc-corpus.json"');
      expect(code, module).not.toContain('Glasgow Coma Scale Data');
      expect(code, module).not.toContain(description.slice(0, 60));
    }
    // The bundle and the offline engine and extractor import the resolver by name: none holds a copy of it.
    for (const module of [
      join(dataAssetDir, BUNDLE_FILE),
      join(assetDir, BUNDLE_FILE),
      join(assetDir, 'lazy/offline-engine.mjs'),
      join(assetDir, 'lazy/offline-extractor.mjs'),
    ]) {
      const code = await readFile(module, 'utf8');
      expect(code, module).not.toContain('loinc-corpus.json');
      expect(sharedSpecifiersOf(code), module).toEqual(['#standardization']);
    }
    for (const dir of [assetDir, dataAssetDir]) await expect(stat(join(dir, 'data'))).rejects.toThrow();
  });

  it('reads and indexes the corpus once per process, though the function, the extractor and the engine standardize', async () => {
    // No model configured: the PDF's readings come from the lazy offline extractor, which resolves names as it reads,
    // and the function standardizes them after; both through the one `#standardization` module.
    const [answer] = await runBundle([await multipartEvent(await textPdf(), 'report.pdf', 'application/pdf')], {
      HDS_COUNT_CORPUS_READS: '1',
    });
    expect(answer!.statusCode, answer!.body).toBe(200);
    expect(JSON.parse(answer!.body).data.length).toBeGreaterThanOrEqual(3);
    expect((answer as unknown as { corpusReads: number }).corpusReads).toBe(1);
  }, 120_000);

  it('resolves LOINC codes when create-data runs from its asset in a fresh Node process', async () => {
    const event = JSON.parse(readFileSync(join(repoRoot, 'events/create-data.json'), 'utf8'));
    const body = {
      user: 'bundle-data',
      retention: 'permanent',
      records: [
        { indicator: 'Glucose', value: 97, unit: 'mg/dL', time: '2026-11-20T07:30:00Z' },
        // Only in the corpus since slice B (issue 18): the data file is the one read, not an older copy.
        { indicator: 'Leptin', value: 8.1, unit: 'ng/mL', time: '2026-11-20T07:30:00Z' },
      ],
    };
    const headers = { ...event.headers, authorization: `Bearer ${key}` };
    const [answer] = await runBundle(
      [
        {
          ...event,
          headers,
          multiValueHeaders: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, [v]])),
          body: Buffer.from(JSON.stringify(body)).toString('base64'),
          isBase64Encoded: true,
        },
      ],
      {},
      { dir: dataAssetDir, functionName: 'create-data' },
    );
    expect(answer!.statusCode, answer!.body).toBe(200);
    expect(JSON.parse(answer!.body)).toMatchObject({ ingested: 2, standardized: 2 });
    const stored = (await client(h.url, key).get('/v1/data?user=bundle-data')).body.data as {
      loinc_code: string | null;
    }[];
    expect(stored.map((r) => r.loinc_code).sort()).toEqual(['21365-2', '2345-7']);
  }, 120_000);
});
