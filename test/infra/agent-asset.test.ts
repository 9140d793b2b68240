import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App } from 'aws-cdk-lib';
import { afterAll, describe, expect, it } from 'vitest';
import { httpRoutes } from '../../functions/routes';
import { lazySpecifiersOf, sharedSpecifiersOf } from '../../infra/bundling';
import { StatefulStack } from '../../infra/stateful-stack';
import { StatelessStack } from '../../infra/stateless-stack';

/**
 * An answering function's asset as `cdk deploy` builds it: the offline engine, the eval sandbox (with its WASM beside
 * it) and the HTML readers are lazy modules beside the bundle, not in it, and the sandbox runs from the asset alone.
 */

let outdir: string | undefined;

afterAll(async () => {
  if (outdir) await rm(outdir, { recursive: true, force: true });
});

describe('the Agent API function in the cloud', () => {
  it('keeps the engine, the sandbox and the page readers lazy, and runs eval from the asset', {
    timeout: 300_000,
  }, async () => {
    outdir = await mkdtemp(join(tmpdir(), 'hds-agent-asset-'));
    const app = new App({ outdir });
    const entries = httpRoutes.filter((r) => r.id === 'create-response');
    const stateful = new StatefulStack(app, 'Data');
    new StatelessStack(app, 'Compute', { stateful, entries });
    const assembly = app.synth();
    const [dir] = readdirSync(assembly.directory)
      .filter((d) => d.startsWith('asset.'))
      .map((d) => join(assembly.directory, d))
      .filter((d) => existsSync(join(d, 'index.mjs')));
    expect(dir).toBeDefined();
    const root = dir!;

    const bundle = readFileSync(join(root, 'index.mjs'), 'utf8');
    const { dynamic, static: statics } = lazySpecifiersOf(bundle);
    expect(statics).toEqual([]);
    expect(dynamic).toEqual(
      expect.arrayContaining(['#offline-engine', '#eval-sandbox', 'linkedom', '@mozilla/readability']),
    );
    // The 2 MB cold-start budget of the answering functions (README, Measured figures): the bundle and the shared
    // modules it imports statically (`#standardization`), which load with it.
    expect(sharedSpecifiersOf(bundle)).toEqual(['#standardization']);
    const coldStart = statSync(join(root, 'index.mjs')).size + statSync(join(root, 'lazy/standardization.mjs')).size;
    expect(coldStart).toBeLessThanOrEqual(2 * 1024 * 1024);
    for (const file of ['lazy/offline-engine.mjs', 'lazy/eval-sandbox.mjs', 'lazy/emscripten-module.wasm']) {
      expect(existsSync(join(root, file)), file).toBe(true);
    }
    expect(existsSync(join(root, 'node_modules', 'linkedom'))).toBe(true);
    expect(existsSync(join(root, 'node_modules', '@mozilla', 'readability'))).toBe(true);

    // From the asset's own directory, with no project node_modules in reach: `#eval-sandbox` through its package.json.
    const script =
      "const { evaluate } = await import('#eval-sandbox'); const r = await evaluate('input.a + input.b', { input: { a: 1, b: 2 }, files: {} }); console.log(JSON.stringify(r.result));";
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, encoding: 'utf8' });
    expect(out.trim()).toBe('3');
  });
});
