import { basename, extname, join } from 'node:path';
import type { BuildOptions } from 'esbuild';

/**
 * How every Lambda is bundled, as plain data with no CDK import: the stateless stack hands these
 * settings to `NodejsFunction`, and a benchmark script can call esbuild with exactly the same ones
 * through {@link esbuildOptionsFor} (cold start is mostly bundle size and module loading).
 */

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
    external: [...lambdaBundle.external],
  };
}
