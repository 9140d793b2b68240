import { build } from 'esbuild';
import { resolve } from 'node:path';
import { manifest } from '/work/main/functions/routes';
import { esbuildOptionsFor } from '/work/main/infra/bundling';
for (const id of process.argv.slice(2)) {
  const e = manifest.find((m) => m.id === id)!;
  const r = await build({ ...esbuildOptionsFor(resolve('/work/main/functions', e.handler), `/tmp/an/${id}/index.mjs`), metafile: true, logLevel: 'silent' });
  const out = Object.values(r.metafile!.outputs).find((o) => o.entryPoint)!;
  const byPkg = new Map<string, number>();
  for (const [p, v] of Object.entries(out.inputs)) {
    const m = p.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
    const k = m ? m[1]! : p.split('/').slice(0, 3).join('/');
    byPkg.set(k, (byPkg.get(k) ?? 0) + v.bytesInOutput);
  }
  console.log(`== ${id} ${(out.bytes / 1024).toFixed(0)} KB`);
  for (const [k, v] of [...byPkg].sort((a, b) => b[1] - a[1]).slice(0, 14)) console.log(`  ${k.padEnd(50)} ${(v / 1024).toFixed(0)}`);
}
