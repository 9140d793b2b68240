import { constants, existsSync } from 'node:fs';
import { access, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { type Browser, chromium as playwright } from 'playwright-core';

/**
 * The Chromium that browser tests drive, found with nothing but `npm ci`:
 *
 * - Debian's `/usr/bin/chromium` where the machine has it;
 * - otherwise the headless Chromium that the dev dependency `@sparticuz/chromium` ships brotli-packed inside the
 *   package. Its first `executablePath()` unpacks it into the temporary folder (`<tmp>/chromium`, fonts to
 *   `<tmp>/fonts`); later calls find it there. That build targets Amazon Linux 2023: its binary links only glibc
 *   and NSS/NSPR/expat, and the package carries those three for AL2023 in `bin/al2023.tar.br`. We unpack them to
 *   `<tmp>/al2023/lib` and put that first on the browser's `LD_LIBRARY_PATH`, so the browser runs on a Debian
 *   without `libnss3`, `libnspr4` or `libexpat1` too (the libs need glibc >= 2.34; Debian 12 has 2.36).
 *
 * Nothing here downloads anything, and neither package has an install script.
 */

const DEBIAN_CHROMIUM = '/usr/bin/chromium';

/**
 * Flags on top of Playwright's own, which already gives `--headless`, `--no-sandbox` (so Chromium starts as root),
 * `--disable-background-networking`, `--disable-component-update`, `--no-first-run` and `--disable-dev-shm-usage`.
 * Sparticuz's `chromium.args` are left out on purpose: they turn off web security and site isolation and force
 * `--single-process`, all for Lambda, and a test of cookies or redirects must see the browser people use.
 */
const EXTRA_ARGS = ['--disable-gpu', '--disable-quic'];

const require = createRequire(import.meta.url);

/** `node_modules/@sparticuz/chromium`, found the way Node finds it (the package exposes no `package.json`). */
function sparticuzRoot(): string {
  return join(dirname(require.resolve('@sparticuz/chromium')), '..');
}

async function sparticuzVersion(): Promise<string> {
  return (JSON.parse(await readFile(join(sparticuzRoot(), 'package.json'), 'utf8')) as { version: string }).version;
}

async function isExecutable(path: string): Promise<boolean> {
  try {
    await access(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Where sparticuz unpacks; it reads `os.tmpdir()` on each call, so these follow `TMPDIR` as it does. */
function unpacked() {
  const tmp = tmpdir();
  return {
    binary: join(tmp, 'chromium'),
    libs: join(tmp, 'al2023', 'lib'),
    /** Ours: which package version unpacked `binary`, and its size once complete. */
    marker: join(tmp, 'hds-chromium-unpacked.json'),
    lock: join(tmp, 'hds-chromium-unpack.lock'),
    /** Everything sparticuz may have left there, removed before unpacking again. */
    all: [
      'chromium',
      'al2023',
      'fonts',
      'libEGL.so',
      'libGLESv2.so',
      'libvk_swiftshader.so',
      'libvulkan.so.1',
      'vk_swiftshader_icd.json',
    ].map((name) => join(tmp, name)),
  };
}

/**
 * Sparticuz takes an existing `<tmp>/chromium` as done. A run killed mid-unpack (or another checkout with another
 * version) would leave one that never starts, so ours records what it unpacked and unpacks again unless the
 * record matches the package and the file.
 */
async function unpackedIsCurrent(version: string): Promise<boolean> {
  const paths = unpacked();
  try {
    const record = JSON.parse(await readFile(paths.marker, 'utf8')) as { version?: string; size?: number };
    return record.version === version && (await stat(paths.binary)).size === record.size && existsSync(paths.libs);
  } catch {
    return false;
  }
}

/** One unpacker at a time across test workers and processes: `mkdir` either creates the lock or fails. */
async function withUnpackLock<T>(work: () => Promise<T>): Promise<T> {
  const { lock } = unpacked();
  const deadline = Date.now() + 180_000;
  for (;;) {
    try {
      await mkdir(lock);
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      // A holder that died leaves its lock behind; unpacking takes seconds, so two minutes means it is gone.
      const age = await stat(lock).then(
        (s) => Date.now() - s.mtimeMs,
        () => 0,
      );
      if (age > 120_000) await rm(lock, { recursive: true, force: true });
      if (Date.now() > deadline) throw new Error(`Timed out waiting for ${lock}`);
      await sleep(100);
    }
  }
  try {
    return await work();
  } finally {
    await rm(lock, { recursive: true, force: true });
  }
}

async function sparticuzExecutable(): Promise<string> {
  const version = await sparticuzVersion();
  const paths = unpacked();
  if (await unpackedIsCurrent(version)) return paths.binary;
  return withUnpackLock(async () => {
    if (await unpackedIsCurrent(version)) return paths.binary;
    await Promise.all(paths.all.map((p) => rm(p, { recursive: true, force: true })));
    const { default: chromium, inflate } = await import('@sparticuz/chromium');
    // We start it with --disable-gpu, so its SwiftShader libraries need not be unpacked.
    chromium.setGraphicsMode = false;
    const [binary] = await Promise.all([
      chromium.executablePath(join(sparticuzRoot(), 'bin')),
      inflate(join(sparticuzRoot(), 'bin', 'al2023.tar.br')),
    ]);
    const { size } = await stat(binary);
    await writeFile(paths.marker, JSON.stringify({ version, size }));
    return binary;
  });
}

/** The Chromium to launch: Debian's where installed, else the one `@sparticuz/chromium` unpacks (see above). */
export async function chromiumExecutable(): Promise<string> {
  if (await isExecutable(DEBIAN_CHROMIUM)) return DEBIAN_CHROMIUM;
  return sparticuzExecutable();
}

/** A headless Chromium under Playwright, as root on this sandbox with its closed network. Close it when done. */
export async function launchBrowser(): Promise<Browser> {
  const executablePath = await chromiumExecutable();
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) if (value !== undefined) env[key] = value;
  if (executablePath !== DEBIAN_CHROMIUM) {
    const { libs } = unpacked();
    env['LD_LIBRARY_PATH'] = [libs, ...(env['LD_LIBRARY_PATH']?.split(':').filter(Boolean) ?? [])].join(':');
    // Its fonts.conf (which names `/tmp/fonts`) and Open Sans: pages render alike whether or not the machine has fonts.
    env['FONTCONFIG_PATH'] = join(tmpdir(), 'fonts');
  }
  return playwright.launch({ executablePath, headless: true, args: EXTRA_ARGS, env });
}
