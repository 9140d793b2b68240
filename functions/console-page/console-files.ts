import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { NotFoundError } from '../../shared/errors';
import type { RouteResult } from '../../shared/http/handler';
import type { HttpRequest } from '../../shared/http/request';

/**
 * The built console (infra/console-build.ts) as HTTP answers, for `get-console` and `get-console-asset` (design
 * §2). Each file is read once per cold start, when first asked for: from the function's asset (`console/` beside the bundle, copied there by
 * CDK bundling) in the cloud, from `HDS_CONSOLE_DIR` on the local runtime, which builds the page before listening.
 */

export type Encoding = 'br' | 'gzip' | 'identity';

interface Variants {
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
  type: string;
}

const TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  json: 'application/json',
  svg: 'image/svg+xml',
  png: 'image/png',
  woff2: 'font/woff2',
};

/** The console page's policy: nothing but its own files and same-origin calls; no inline script or style. */
export const CONSOLE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "font-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * The reference page's own policy, on its path only. Swagger UI sets inline `style` attributes from its React
 * components and draws its icons as `data:` SVG; its script stays `'self'` (no eval needed for rendering).
 */
export const REFERENCE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "font-src 'self' data:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'same-origin',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
};

/** Hashed names never change content, so browsers keep them a year; pages are revalidated on every load. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/** The best encoding the client accepts (`q=0` refuses one): brotli, then gzip, else the bytes as they are. */
export function pickEncoding(acceptEncoding: string | undefined): Encoding {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const wants = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (wants('br')) return 'br';
  if (wants('gzip')) return 'gzip';
  return 'identity';
}

function consoleDir(): string {
  return process.env.HDS_CONSOLE_DIR || fileURLToPath(new URL('./console/', import.meta.url));
}

/**
 * The build's served files by path relative to it (`assets/x.js`), listed once per directory; each file's bytes and
 * precompressed copies are read the first time it is asked for, so the page's cold start does not read the
 * reference page's bundle, nor the reverse.
 */
let loaded: { dir: string; names: Set<string>; read: Map<string, Variants> } | undefined;

function build(): NonNullable<typeof loaded> {
  const dir = consoleDir();
  if (loaded?.dir === dir) return loaded;
  if (!existsSync(join(dir, 'index.html'))) {
    throw new Error(`No built console in ${dir}: the local runtime builds it (infra/console-build.ts) before serving`);
  }
  const names = new Set<string>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const rel = relative(dir, join(entry.parentPath, entry.name)).split('\\').join('/');
    if (entry.isFile() && !/\.(gz|br)$/.test(rel) && !rel.startsWith('.vite/')) names.add(rel);
  }
  loaded = { dir, names, read: new Map() };
  return loaded;
}

/** A served file of the build with its precompressed copies, or undefined when the build has no such file. */
function builtFile(rel: string): Variants | undefined {
  const { dir, names, read } = build();
  if (!names.has(rel)) return undefined;
  let file = read.get(rel);
  if (!file) {
    const path = join(dir, rel);
    file = {
      identity: readFileSync(path),
      gzip: readFileSync(`${path}.gz`),
      br: readFileSync(`${path}.br`),
      type: TYPES[rel.slice(rel.lastIndexOf('.') + 1)] ?? 'application/octet-stream',
    };
    read.set(rel, file);
  }
  return file;
}

function answer(req: HttpRequest, file: Variants, headers: Record<string, string>): RouteResult {
  const encoding = pickEncoding(req.headers['accept-encoding']);
  return {
    contentType: file.type,
    bytes: file[encoding],
    headers: {
      vary: 'Accept-Encoding',
      ...(encoding === 'identity' ? {} : { 'content-encoding': encoding }),
      ...SECURITY_HEADERS,
      ...headers,
    },
  };
}

let pageWithoutSlash: Variants | undefined;

/**
 * `GET /console` (and `/console/`). The page names its assets relative to itself (`./assets/…`), which is right
 * under `/console/`; at `/console` the browser resolves them one level up, so that variant names them
 * `./console/assets/…`. Either way the stage path (`/live`) is kept, never written into the page.
 */
export function consolePage(req: HttpRequest): RouteResult {
  const page = builtFile('index.html')!;
  const headers = { 'cache-control': REVALIDATE, 'content-security-policy': CONSOLE_CSP };
  if (req.path.endsWith('/')) return answer(req, page, headers);
  if (pageWithoutSlash?.identity !== page.identity) pageWithoutSlash = undefined;
  if (!pageWithoutSlash) {
    const html = Buffer.from(page.identity.toString('utf8').replaceAll('"./assets/', '"./console/assets/'));
    pageWithoutSlash = { identity: html, gzip: gzipSync(html), br: brotliCompressSync(html), type: page.type };
  }
  return answer(req, pageWithoutSlash, headers);
}

/** `GET /console/{asset+}`: a hashed asset of the build, or `reference` (the API reference page); else 404. */
export function consoleAsset(req: HttpRequest, asset: string): RouteResult {
  if (asset === 'reference' || asset === 'reference/') {
    const page = builtFile('reference.html')!;
    return answer(req, page, { 'cache-control': REVALIDATE, 'content-security-policy': REFERENCE_CSP });
  }
  const file = /^assets\/[A-Za-z0-9._-]+$/.test(asset) ? builtFile(asset) : undefined;
  if (!file) throw new NotFoundError(`No console asset ${asset}`);
  return answer(req, file, { 'cache-control': IMMUTABLE, 'content-security-policy': CONSOLE_CSP });
}
