import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { statSync, writeFileSync } from 'node:fs';
const banner = "import { createRequire as __c } from 'node:module'; const require = __c(import.meta.url);";
for (const m of process.argv.slice(2)) {
  writeFileSync('/tmp/dce/e.mjs', m.startsWith('/') ? `import '${m}';` : `export * as x from '${m}';`);
  await build({ entryPoints: ['/tmp/dce/e.mjs'], bundle: true, format: 'esm', platform: 'node', minify: true, target: 'node22', mainFields: ['module', 'main'], banner: { js: banner }, outfile: '/tmp/dce/out.mjs', absWorkingDir: '/work/main', nodePaths: ['/work/main/node_modules'], logLevel: 'error' });
  const t = [1, 2, 3, 4, 5].map(() => Number(execFileSync(process.execPath, ['--input-type=module', '-e', "const s=performance.now();await import('/tmp/dce/out.mjs');console.log(performance.now()-s)"], { encoding: 'utf8' }))).sort((a, b) => a - b)[2]!;
  console.log(`${m.padEnd(40)} ${(statSync('/tmp/dce/out.mjs').size / 1024).toFixed(0).padStart(6)} KB ${t.toFixed(1).padStart(7)} ms`);
}
