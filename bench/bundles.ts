/**
 * `npm run bench:bundles` (and the last part of `npm run bench`): every function bundled as CDK bundles it
 * (minified ESM with source maps), its size, and its cold import in a fresh Node process, with and without
 * `--enable-source-maps` (the functions' NODE_OPTIONS in the cloud). Targets from the platform issue: platform
 * functions ≤ 1 MB and ≤ 80 ms; answering and document functions ≤ 2 MB and ≤ 150 ms.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type ManifestEntry, manifest } from '../functions/routes';
import { BUNDLE_FILE, bundleFunction, lazySpecifiersOf, sharedSpecifiersOf } from '../infra/bundling';

export interface BundleFigure {
  id: string;
  kind: 'platform' | 'answering' | 'document';
  /** The bundle with the shared modules it imports statically (`#standardization`): what a cold start loads. */
  kb: number;
  /** The whole asset: the bundle, its source map and the lazy packages beside it. */
  assetKb: number;
  lazy: string[];
  importMs: number;
  importWithSourceMapsMs: number;
  targetKb: number;
  targetMs: number;
}

/** Answering functions call the model; document functions read files (PDF, spreadsheets, OCR). */
export function bundleClass(entry: ManifestEntry): BundleFigure['kind'] {
  if (entry.needs.usesModel && entry.kind === 'http' && entry.streaming) return 'answering';
  if (entry.needs.usesModel || entry.needs.usesTextract || entry.needs.textractJobs) return 'document';
  return 'platform';
}

const RUNS = 5;

/** Imported as on Lambda: its environment turns tracing on, which loads the Tracer and the X-Ray SDK. */
function coldImportMs(file: string, flags: string[], functionName: string): number {
  const script = `const s=performance.now();await import(${JSON.stringify(pathToFileURL(file).href)});console.log(performance.now()-s)`;
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const out = execFileSync(process.execPath, [...flags, '--input-type=module', '-e', script], {
      encoding: 'utf8',
      env: {
        ...process.env,
        HDS_LOG_LEVEL: 'silent',
        AWS_REGION: 'eu-west-1',
        AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs22.x',
        AWS_LAMBDA_FUNCTION_NAME: functionName,
      },
    });
    times.push(Number(out.trim().split('\n').pop()));
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(RUNS / 2)]!;
}

async function sizeOf(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true }))
    if (entry.isFile()) total += (await stat(join(entry.parentPath, entry.name))).size;
  return total;
}

/**
 * What this machine's speed is worth, printed beside the figures (import times differ several-fold between the
 * machines the sessions ran on): Node's own `http` and `https` modules, which every AWS SDK client loads, cold; and a
 * fixed loop of 10⁸ additions.
 */
export function machineReference(): { httpsImportMs: number; loopMs: number } {
  const median = (script: string) => {
    const times = Array.from({ length: RUNS }, () =>
      Number(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' }).trim()),
    ).sort((a, b) => a - b);
    return times[Math.floor(RUNS / 2)]!;
  };
  return {
    httpsImportMs: median(
      "const s=performance.now();await import('node:http');await import('node:https');console.log(performance.now()-s)",
    ),
    loopMs: median('const s=performance.now();let x=0;for(let i=0;i<1e8;i++)x+=i;console.log(performance.now()-s)'),
  };
}

export async function measureBundles(only?: string[]): Promise<BundleFigure[]> {
  const outDir = await mkdtemp(join(tmpdir(), 'hds-bundles-'));
  const figures: BundleFigure[] = [];
  try {
    for (const entry of manifest) {
      if (only?.length && !only.includes(entry.id)) continue;
      const assetDir = join(outDir, entry.id);
      const outfile = join(assetDir, BUNDLE_FILE);
      await bundleFunction(resolve('functions', entry.handler), assetDir);
      const kind = bundleClass(entry);
      const bundle = await readFile(outfile, 'utf8');
      // The shared modules the bundle imports (`#standardization`) load with it: they count toward its size.
      let bytes = (await stat(outfile)).size;
      for (const shared of sharedSpecifiersOf(bundle))
        bytes += (await stat(join(assetDir, 'lazy', `${shared.slice(1)}.mjs`))).size;
      figures.push({
        id: entry.id,
        kind,
        kb: bytes / 1024,
        assetKb: (await sizeOf(assetDir)) / 1024,
        lazy: lazySpecifiersOf(bundle).dynamic,
        importMs: coldImportMs(outfile, [], entry.id),
        importWithSourceMapsMs: coldImportMs(outfile, ['--enable-source-maps'], entry.id),
        targetKb: kind === 'platform' ? 1024 : 2048,
        targetMs: kind === 'platform' ? 80 : 150,
      });
    }
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
  return figures;
}

export function printBundles(figures: BundleFigure[]): void {
  const f = (n: number) => n.toFixed(1);
  const machine = machineReference();
  console.log(
    `\nMachine reference: node:http + node:https cold import ${f(machine.httpsImportMs)} ms; 10⁸-addition loop ${f(machine.loopMs)} ms`,
  );
  console.log(
    `\nBundles (minified ESM as CDK builds them; cold import, median of ${RUNS} fresh node ${process.version} processes)`,
  );
  console.log(
    `  ${'function'.padEnd(24)} ${'class'.padEnd(9)} ${'bundle KB'.padStart(9)} ${'import ms'.padStart(9)} ${'+maps ms'.padStart(8)}  ${'target'.padEnd(17)} ${'asset KB'.padStart(8)}  lazy packages`,
  );
  let misses = 0;
  for (const b of figures) {
    const ok = b.kb <= b.targetKb && b.importMs <= b.targetMs;
    if (!ok) misses++;
    console.log(
      `  ${b.id.padEnd(24)} ${b.kind.padEnd(9)} ${f(b.kb).padStart(9)} ${f(b.importMs).padStart(9)} ${f(b.importWithSourceMapsMs).padStart(8)}  ${`≤${b.targetKb}/≤${b.targetMs} ${ok ? 'met' : 'MISSED'}`.padEnd(17)} ${f(b.assetKb).padStart(8)}  ${b.lazy.join(' ')}`,
    );
  }
  console.log(`  ${figures.length - misses} of ${figures.length} within their targets`);
}

if (import.meta.url === pathToFileURL(process.argv[1]!).href) {
  printBundles(await measureBundles(process.argv.slice(2)));
}
