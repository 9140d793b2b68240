import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlib } from 'node:zlib';

/**
 * The console page (`console/`, Preact + uPlot) built by Vite on demand into a cache keyed by its sources (design
 * §1): `npm start`, the tests (vitest globalSetup), the benchmark and CDK bundling all call `buildConsole()`, and
 * only the first call after a change of the sources or of the UI packages builds; the rest find the folder. Nothing
 * built is committed, so nothing built can go stale.
 */

const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
export const CONSOLE_ROOT = join(REPO_ROOT, 'console');
const CACHE_DIR = join(REPO_ROOT, 'node_modules', '.cache', 'hds-console');
/** Packages whose code ends up in the page: a new version is a new build. */
const UI_PACKAGES = ['vite', 'preact', 'uplot', 'swagger-ui-dist'];

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/**
 * Vite's settings for the page, shared by the build and `npm run console:dev`. Assets are named relative to the
 * page (`./assets/…`) so the same build works under the cloud stage path (`/live/console`) and locally (`/console`).
 */
export function consoleViteConfig(outDir: string) {
  return {
    root: CONSOLE_ROOT,
    base: './',
    configFile: false as const,
    logLevel: 'warn' as const,
    publicDir: false as const,
    // Vite 8 transforms TSX with Oxc; Preact's automatic runtime needs no Babel preset (design §1).
    oxc: { jsx: { runtime: 'automatic' as const, importSource: 'preact' } },
    build: {
      outDir,
      emptyOutDir: true,
      manifest: true,
      sourcemap: false,
      target: 'es2022',
      // No `data:` script or style inlined into the page: every asset is a file under `assets/`.
      assetsInlineLimit: 0,
      chunkSizeWarningLimit: 2048,
      rolldownOptions: {
        input: { console: join(CONSOLE_ROOT, 'index.html'), reference: join(CONSOLE_ROOT, 'reference.html') },
      },
    },
  };
}

/** SHA-256 of every source file under `console/`, this file, and the UI packages' versions. */
async function sourceDigest(): Promise<string> {
  const hash = createHash('sha256');
  const files = (await readdir(CONSOLE_ROOT, { recursive: true, withFileTypes: true }))
    .filter((d) => d.isFile())
    .map((d) => join(d.parentPath, d.name))
    .sort();
  for (const file of [...files, fileURLToPath(import.meta.url)]) {
    hash
      .update(relative(REPO_ROOT, file))
      .update('\0')
      .update(await readFile(file))
      .update('\0');
  }
  for (const pkg of UI_PACKAGES) {
    const { version } = JSON.parse(await readFile(join(REPO_ROOT, 'node_modules', pkg, 'package.json'), 'utf8')) as {
      version: string;
    };
    hash.update(`${pkg}@${version}\0`);
  }
  return hash.digest('hex').slice(0, 16);
}

/** The files a browser may fetch, beside which the build leaves a `.gz` and a `.br` copy. */
async function servedFiles(dir: string): Promise<string[]> {
  return (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((d) => d.isFile() && !/\.(gz|br)$/.test(d.name) && !relative(dir, d.parentPath).startsWith('.vite'))
    .map((d) => join(d.parentPath, d.name));
}

/** Precompressed once at build time (brotli at its best quality), so no request pays for compression. */
async function precompress(dir: string): Promise<void> {
  for (const file of await servedFiles(dir)) {
    const bytes = await readFile(file);
    await writeFile(`${file}.gz`, await gzipAsync(bytes, { level: 9 }));
    await writeFile(
      `${file}.br`,
      await brotliAsync(bytes, {
        params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length },
      }),
    );
  }
}

let pending: Promise<string> | undefined;

/**
 * The built console's folder (`index.html`, `reference.html`, `assets/`, `.vite/manifest.json`, each served file
 * with `.gz` and `.br` beside it). Built into a partial folder and renamed into place, so a concurrent caller in
 * another process never reads half a build; within one process the calls share one build.
 */
export function buildConsole(): Promise<string> {
  pending ??= buildOnce().finally(() => {
    pending = undefined;
  });
  return pending;
}

async function buildOnce(): Promise<string> {
  const digest = await sourceDigest();
  const dir = join(CACHE_DIR, digest);
  if (existsSync(join(dir, 'index.html'))) return dir;
  const partial = `${dir}.${process.pid}.partial`;
  await rm(partial, { recursive: true, force: true });
  await mkdir(CACHE_DIR, { recursive: true });
  const { build } = await import('vite');
  await build(consoleViteConfig(partial));
  await precompress(partial);
  try {
    await rename(partial, dir);
  } catch (err) {
    // Another process finished the same build first: its folder is as good as ours.
    if (!existsSync(join(dir, 'index.html'))) throw err;
    await rm(partial, { recursive: true, force: true });
  }
  return dir;
}

/** Vite's manifest: each entry's file, its static imports and its CSS (the size budget reads it). */
export interface ViteManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

export async function consoleManifest(dir: string): Promise<Record<string, ViteManifestChunk>> {
  return JSON.parse(await readFile(join(dir, '.vite', 'manifest.json'), 'utf8')) as Record<string, ViteManifestChunk>;
}

/** The JavaScript files `index.html` loads before anything is drawn: its entry and every static import, once each. */
export function firstLoadScripts(manifest: Record<string, ViteManifestChunk>): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(chunk.file)) return;
    seen.add(chunk.file);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  visit('index.html');
  return [...seen];
}
