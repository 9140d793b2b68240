import { mkdtemp, readdir, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundleFunction } from './infra/bundling';
const dir = await mkdtemp(join(tmpdir(), 'w-asset-'));
await bundleFunction(process.argv[2]!, dir);
for (const e of await readdir(dir, { recursive: true, withFileTypes: true })) {
  if (!e.isFile() || e.parentPath.includes('node_modules')) continue;
  const p = join(e.parentPath, e.name);
  console.log((await stat(p)).size, p.slice(dir.length + 1));
}
console.log(dir);
