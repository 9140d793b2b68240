/**
 * `tsx infra/copy-console.ts <asset dir>`: CDK's after-bundling step for the functions that serve the console page
 * (`needs.consoleAssets`): the built page (infra/console-build.ts, from its cache when the sources have not changed)
 * copied into the asset as `console/`, where `functions/console-page/console-files.ts` reads it.
 */
import { cp } from 'node:fs/promises';
import { join, sep } from 'node:path';
import { buildConsole } from './console-build';

const outDir = process.argv[2];
if (!outDir) {
  console.error('usage: tsx infra/copy-console.ts <asset directory holding index.mjs>');
  process.exit(2);
}
const built = await buildConsole();
// Vite's manifest is for the budget checks, not for browsers.
await cp(built, join(outDir, 'console'), { recursive: true, filter: (src) => !src.includes(`${sep}.vite`) });
