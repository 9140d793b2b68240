import { createHash } from 'node:crypto';
import { access, cp, mkdir, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, dirname, extname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BuildOptions, build } from 'esbuild';

/**
 * How every Lambda is bundled, as plain data with no CDK import: the stateless stack hands these
 * settings to `NodejsFunction`, and a benchmark script can call esbuild with exactly the same ones
 * through {@link esbuildOptionsFor} (cold start is mostly bundle size and module loading).
 */

/** The project's root, where its node_modules are (infra/ is one level down). */
const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Resolves package files (not modules to load) from the project's node_modules. */
const requireFromRoot = createRequire(join(REPO_ROOT, 'package.json'));

/** esbuild target matching the Lambda runtime, nodejs22.x. */
export const LAMBDA_NODE_TARGET = 'node22';

/**
 * ESM bundles have no `require`, but CommonJS dependencies bundled into them (through esbuild's
 * `__require` shim) still call it for Node built-ins. The alias keeps the banner from colliding with a
 * bundled `import { createRequire } from 'module'`.
 */
export const REQUIRE_BANNER =
  "import { createRequire as __hdsCreateRequire } from 'node:module'; const require = __hdsCreateRequire(import.meta.url);";

/** The settings both bundlers share. */
export const lambdaBundle = {
  target: LAMBDA_NODE_TARGET,
  format: 'esm',
  minify: true,
  /** Stack traces map back to TypeScript with `NODE_OPTIONS=--enable-source-maps`. */
  sourcemap: true,
  /** Mappings are enough for stack traces; embedding every dependency's source would double the asset. */
  sourcesContent: false,
  /** Prefer ES module entry points: they tree-shake, CommonJS does not. */
  mainFields: ['module', 'main'],
  banner: REQUIRE_BANNER,
  /**
   * `@aws-sdk/*` is bundled: middy advises it, so a function runs the version it was tested with and loads
   * only the clients it imports. External are only the local OCR engines, which are loaded on demand and
   * never on Lambda, where Textract reads images and scanned pages: tesseract.js (a worker thread and a WASM
   * core) and @napi-rs/canvas (a native addon) cannot be bundled into one file.
   */
  external: ['tesseract.js', '@tesseract.js-data/eng', '@napi-rs/canvas'],
} as const;

/**
 * Libraries most invocations never touch, kept out of the function's bundle so they cost nothing at a cold start:
 * pdf.js (unpdf, 1.6 MB), exceljs with its zip stack, the o200k tokenizer's tables (2.7 MB), and `fetch_url`'s HTML
 * readers (linkedom, ~450 KB minified, and Readability). The code imports them only with `import()`, on the first
 * PDF, workbook, token count or HTML page; each is bundled on its own into the function's asset as
 * `node_modules/<package>/` (scoped ones as `node_modules/@scope/<name>/`), where Node resolves that `import()` (see
 * {@link buildLazyPackages}).
 */
export const LAZY_PACKAGES = [
  'unpdf',
  'exceljs',
  'gpt-tokenizer',
  'linkedom',
  '@mozilla/readability',
  'htmlparser2',
] as const;

/**
 * Our own modules kept apart the same way, named through package.json `imports` (`#tracing`: Powertools' Tracer and
 * the X-Ray SDK, loaded only where tracing is on; `#mcp-client`: the MCP SDK's client, loaded for a request that names
 * remote MCP servers; `#offline-engine`: the rule-based engine, and `#offline-extractor`: the rule-based reading
 * extractor (~170 KB of layout readers), both loaded only where no model is configured;
 * `#eval-sandbox`: QuickJS, loaded by the harness's first `eval`). Each is bundled into the asset under `lazy/`, and
 * the asset's own package.json maps its name there.
 */
export const LAZY_IMPORTS = [
  '#tracing',
  '#mcp-client',
  '#offline-engine',
  '#offline-extractor',
  '#eval-sandbox',
] as const;

/**
 * Files a lazy module reads from its own directory at run time, copied beside it under `lazy/`: the QuickJS variant
 * loads its WASM as `new URL('emscripten-module.wasm', import.meta.url)`, and once bundled its code is in
 * `lazy/eval-sandbox.mjs`. Each entry is a package specifier resolved from the project's node_modules.
 */
export const LAZY_IMPORT_FILES: Readonly<Partial<Record<(typeof LAZY_IMPORTS)[number], readonly string[]>>> = {
  '#eval-sandbox': ['@jitl/quickjs-wasmfile-release-sync/wasm'],
};

/**
 * Our own modules every bundle and lazy module imports by name rather than bundling a copy, so a process holds one
 * instance however many of them load it: `#standardization`, the resolver and its LOINC corpus (~785 KB parsed and
 * indexed at load), which the function, the offline engine and the offline reading extractor all use. Unlike a lazy
 * module it may be imported statically; it is bundled once into the asset under `lazy/` beside the lazy modules, and
 * the asset's package.json maps its name there. Its size counts toward the function's cold start.
 */
export const SHARED_IMPORTS = ['#standardization'] as const;

const LAZY_MODULES = [...LAZY_PACKAGES, ...LAZY_IMPORTS];

/**
 * Data files our modules read beside themselves at load, as `new URL('./data/<name>', import.meta.url)`, and where
 * each is in the repository. esbuild leaves that expression alone, so in a bundle it names `data/<name>` beside the
 * bundle's own file: {@link copyDataFiles} puts a copy there for every built module (the bundle, and our lazy modules
 * under `lazy/`) whose code holds the URL. The LOINC corpus is ~785 KB: inlined as an import it would weigh on every
 * bundle that standardizes and be parsed as JavaScript at each cold start. Keyed by the URL as written, so two
 * modules may not read different files under one name.
 */
export const DATA_FILES: Readonly<Record<string, string>> = {
  './data/loinc-corpus.json': 'shared/domain/standardization/data/loinc-corpus.json',
};

/** `NodejsFunction` writes `index.mjs` for ESM bundles; the handler setting is `index.handler`. */
export const BUNDLE_FILE = 'index.mjs';

/**
 * esbuild options producing the same bundle CDK builds for `entryPath`. The default output is
 * `dist/<entry name>/index.mjs`; the manifest's ids equal the entry file names.
 */
export function esbuildOptionsFor(entryPath: string, outfile?: string): BuildOptions {
  const name = basename(entryPath, extname(entryPath));
  return {
    entryPoints: [entryPath],
    outfile: outfile ?? join('dist', name, BUNDLE_FILE),
    bundle: true,
    platform: 'node',
    target: lambdaBundle.target,
    format: lambdaBundle.format,
    minify: lambdaBundle.minify,
    sourcemap: lambdaBundle.sourcemap,
    sourcesContent: lambdaBundle.sourcesContent,
    mainFields: [...lambdaBundle.mainFields],
    banner: { js: lambdaBundle.banner },
    external: [...lambdaBundle.external, ...LAZY_MODULES, ...SHARED_IMPORTS],
  };
}

/** The shared modules ({@link SHARED_IMPORTS}) a built module imports, statically or with `import()`. */
export function sharedSpecifiersOf(code: string): string[] {
  const names = SHARED_IMPORTS.map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
  const pattern = new RegExp(`(?:\\bfrom\\s*|\\bimport\\s*\\(?\\s*)["'\`](${names})["'\`]`, 'g');
  return [...new Set([...code.matchAll(pattern)].map((m) => m[1]!))].sort();
}

/** The lazy modules' specifiers a bundle imports, e.g. `gpt-tokenizer/encoding/o200k_base` or `#tracing`. */
export function lazySpecifiersOf(bundle: string): { dynamic: string[]; static: string[] } {
  const names = LAZY_MODULES.map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
  const found = (pattern: RegExp) => [...new Set([...bundle.matchAll(pattern)].map((m) => m[1]!))].sort();
  return {
    dynamic: found(new RegExp(`\\bimport\\(\\s*["'\`]((?:${names})(?:/[^"'\`]*)?)["'\`]\\s*\\)`, 'g')),
    static: found(new RegExp(`\\bfrom\\s*["']((?:${names})(?:/[^"']*)?)["']`, 'g')),
  };
}

/** The `./data/…` files a built module reads with `new URL(…, import.meta.url)`, as written in it. */
export function dataFilesOf(code: string): string[] {
  const pattern = /\bnew URL\(\s*["'`](\.\/data\/[^"'`]+)["'`]\s*,\s*import\.meta\.url\s*\)/g;
  return [...new Set([...code.matchAll(pattern)].map((m) => m[1]!))].sort();
}

/**
 * Copies the data files each of our built modules reads (the bundle `<outDir>/index.mjs` and the lazy modules under
 * `<outDir>/lazy/`) into `data/` beside that module, from {@link DATA_FILES}; returns them relative to `outDir`. A
 * `./data/` URL that DATA_FILES does not name is refused here, at build time: on Lambda it would fail at the first cold
 * start. Lazy packages under node_modules/ are not ours and are not read.
 */
export async function copyDataFiles(outDir: string): Promise<string[]> {
  const lazyDir = join(outDir, 'lazy');
  const lazyModules = (await readdir(lazyDir).catch(() => [] as string[]))
    .filter((name) => name.endsWith('.mjs'))
    .map((name) => join(lazyDir, name));
  const copied: string[] = [];
  for (const file of [join(outDir, BUNDLE_FILE), ...lazyModules]) {
    for (const url of dataFilesOf(await readFile(file, 'utf8'))) {
      const source = DATA_FILES[url];
      if (!source) throw new Error(`${file} reads ${url} beside itself; name its source in DATA_FILES`);
      const target = join(dirname(file), url);
      await mkdir(dirname(target), { recursive: true });
      await cp(join(REPO_ROOT, source), target);
      copied.push(relative(outDir, target));
    }
  }
  return copied.sort();
}

/**
 * Builds, beside the bundle `<outDir>/index.mjs`, every lazy package it imports: each imported specifier bundled
 * alone (minified ESM, no source map: it is not our code) into `<outDir>/node_modules/<package>/`, with a
 * `package.json` whose `exports` map names them. CDK runs this after bundling each function (`commandHooks`), the
 * benchmark and the bundle tests call it the same way. A static import of a lazy package is refused: it would load
 * at every cold start, which is what keeping it apart is for.
 */
export async function buildLazyPackages(outDir: string): Promise<string[]> {
  const bundle = await readFile(join(outDir, BUNDLE_FILE), 'utf8');
  const { dynamic, static: statics } = lazySpecifiersOf(bundle);
  if (statics.length > 0)
    throw new Error(`${outDir}: ${statics.join(', ')} imported statically; load lazy packages with import()`);
  const exportsByPackage = new Map<string, Record<string, string>>();
  const imports: Record<string, string> = {};
  // Our own lazy modules may import lazy packages (the offline engine counts tokens): those are built too, once.
  const pending = [...dynamic];
  const seen = new Set(pending);
  for (let specifier = pending.shift(); specifier !== undefined; specifier = pending.shift()) {
    if (specifier.startsWith('#')) {
      const file = `./lazy/${specifier.slice(1)}.mjs`;
      await buildModule(specifier, join(outDir, file));
      for (const needed of LAZY_IMPORT_FILES[specifier as (typeof LAZY_IMPORTS)[number]] ?? []) {
        const source = requireFromRoot.resolve(needed);
        await cp(source, join(outDir, 'lazy', basename(source)));
      }
      imports[specifier] = file;
      const inner = lazySpecifiersOf(await readFile(join(outDir, file), 'utf8'));
      if (inner.static.length > 0)
        throw new Error(
          `${specifier}: ${inner.static.join(', ')} imported statically; load lazy packages with import()`,
        );
      for (const next of inner.dynamic.filter((d) => !seen.has(d))) {
        seen.add(next);
        pending.push(next);
      }
      continue;
    }
    const pkg = LAZY_PACKAGES.find((p) => specifier === p || specifier.startsWith(`${p}/`))!;
    const subpath = specifier.slice(pkg.length);
    const file = subpath ? `.${subpath}.mjs` : './index.mjs';
    await cp(await builtLazyModule(specifier), join(outDir, 'node_modules', pkg, file));
    const exports = exportsByPackage.get(pkg) ?? {};
    exports[subpath ? `.${subpath}` : '.'] = file;
    exportsByPackage.set(pkg, exports);
  }
  // The shared modules the bundle or its lazy modules import: each built once, whoever imports it.
  const ownModules = [bundle];
  for (const file of Object.values(imports)) ownModules.push(await readFile(join(outDir, file), 'utf8'));
  for (const specifier of new Set(ownModules.flatMap(sharedSpecifiersOf))) {
    const file = `./lazy/${specifier.slice(1)}.mjs`;
    await mkdir(join(outDir, 'lazy'), { recursive: true });
    await cp(await builtSharedModule(specifier), join(outDir, file));
    const inner = lazySpecifiersOf(await readFile(join(outDir, file), 'utf8'));
    if (inner.static.length + inner.dynamic.length > 0)
      throw new Error(`${specifier}: a shared module imports ${[...inner.static, ...inner.dynamic].join(', ')}`);
    imports[specifier] = file;
  }
  for (const [pkg, exports] of exportsByPackage) {
    const manifestFile = join(outDir, 'node_modules', pkg, 'package.json');
    await mkdir(dirname(manifestFile), { recursive: true });
    await writeFile(manifestFile, `${JSON.stringify({ name: pkg, type: 'module', exports }, null, 2)}\n`);
  }
  if (Object.keys(imports).length > 0)
    await writeFile(join(outDir, 'package.json'), `${JSON.stringify({ type: 'module', imports }, null, 2)}\n`);
  return [...seen].sort();
}

/** How a lazy module is bundled on its own: minified ESM as the functions, without a source map (not our code). */
function lazyModuleOptions(specifier: string) {
  return {
    entryPoints: [specifier],
    absWorkingDir: REPO_ROOT,
    bundle: true,
    platform: 'node',
    target: lambdaBundle.target,
    format: lambdaBundle.format,
    minify: lambdaBundle.minify,
    mainFields: [...lambdaBundle.mainFields],
    banner: { js: lambdaBundle.banner },
    // Our own lazy modules leave the other lazy modules out, as a function's bundle does.
    external: specifier.startsWith('#')
      ? [...lambdaBundle.external, ...[...LAZY_MODULES, ...SHARED_IMPORTS].filter((m) => m !== specifier)]
      : [...lambdaBundle.external],
  } satisfies BuildOptions;
}

/**
 * A shared module is the same in every function's asset: built once per process (a bundle test or benchmark bundles
 * many functions in one), into a temporary file each asset copies. Not cached across processes: it is our code.
 */
const sharedBuilds = new Map<string, Promise<string>>();

function builtSharedModule(specifier: string): Promise<string> {
  let built = sharedBuilds.get(specifier);
  if (!built) {
    built = (async () => {
      const dir = await mkdtemp(join(tmpdir(), 'hds-shared-'));
      const outfile = join(dir, `${specifier.slice(1)}.mjs`);
      await buildModule(specifier, outfile);
      return outfile;
    })();
    built.catch(() => sharedBuilds.delete(specifier));
    sharedBuilds.set(specifier, built);
  }
  return built;
}

/** Our own lazy modules are small and change with the code: built every time, not cached. */
async function buildModule(specifier: string, outfile: string): Promise<void> {
  await build({ ...lazyModuleOptions(specifier), outfile, logLevel: 'warning' });
}

/**
 * One lazy module bundled alone, cached under node_modules/.cache by the package's version and the bundle settings:
 * several functions import the same ones, and a synth bundles each function in its own process.
 */
async function builtLazyModule(specifier: string): Promise<string> {
  const pkg = LAZY_PACKAGES.find((p) => specifier === p || specifier.startsWith(`${p}/`))!;
  const { version } = JSON.parse(await readFile(join(REPO_ROOT, 'node_modules', pkg, 'package.json'), 'utf8')) as {
    version: string;
  };
  const options = lazyModuleOptions(specifier);
  const digest = createHash('sha256').update(JSON.stringify({ version, options })).digest('hex').slice(0, 16);
  const cached = join(REPO_ROOT, 'node_modules', '.cache', 'hds-lazy-packages', `${specifier}-${digest}.mjs`);
  try {
    await access(cached);
    return cached;
  } catch {
    // Built once, then renamed into place: a concurrent synth never reads half a file.
    const partial = `${cached}.${process.pid}.partial`;
    await build({ ...options, outfile: partial, logLevel: 'warning' });
    await rename(partial, cached);
    await rm(partial, { force: true });
    return cached;
  }
}

/**
 * What CDK runs after bundling each function (`commandHooks.afterBundling`, through infra/build-lazy-packages.ts):
 * the lazy packages the bundle imports, then the data files it and its lazy modules read.
 */
export async function completeAsset(outDir: string): Promise<void> {
  await buildLazyPackages(outDir);
  await copyDataFiles(outDir);
}

/** One function's whole asset, as CDK builds it: the bundle, the lazy packages it imports and its data files. */
export async function bundleFunction(entryPath: string, outDir: string): Promise<void> {
  await build({ ...esbuildOptionsFor(entryPath, join(outDir, BUNDLE_FILE)), logLevel: 'silent' });
  await completeAsset(outDir);
}
