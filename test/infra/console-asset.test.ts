import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { afterAll, describe, expect, it } from 'vitest';
import { httpRoutes } from '../../functions/routes';
import { StatefulStack } from '../../infra/stateful-stack';
import { StatelessStack } from '../../infra/stateless-stack';

/**
 * The console page ships with the API in one `cdk deploy`: the functions that serve it carry the built page in their
 * asset (`console/index.html` beside `index.mjs`), and nothing of the local-only `/_local/*` routes reaches AWS.
 * Synthesized with the two console entries only, so bundling stays quick.
 */

let outdir: string | undefined;

afterAll(async () => {
  if (outdir) await rm(outdir, { recursive: true, force: true });
});

describe('the console page in the cloud', () => {
  it('bundles the built page into the asset of each function that serves it', { timeout: 300_000 }, async () => {
    outdir = await mkdtemp(join(tmpdir(), 'hds-console-asset-'));
    const app = new App({ outdir });
    const entries = httpRoutes.filter((r) => r.needs.consoleAssets);
    expect(entries.map((e) => e.id).sort()).toEqual(['get-console', 'get-console-asset']);
    const stateful = new StatefulStack(app, 'Data');
    const stateless = new StatelessStack(app, 'Compute', { stateful, entries });
    const template = Template.fromStack(stateless);
    const assembly = app.synth();

    const assetDirs = readdirSync(assembly.directory).filter((d) => d.startsWith('asset.'));
    const withConsole = assetDirs.filter((d) => existsSync(join(assembly.directory, d, 'console', 'index.html')));
    expect(withConsole).toHaveLength(entries.length);
    for (const dir of withConsole) {
      const root = join(assembly.directory, dir);
      expect(existsSync(join(root, 'index.mjs'))).toBe(true);
      expect(existsSync(join(root, 'console', 'reference.html'))).toBe(true);
      const assets = readdirSync(join(root, 'console', 'assets'));
      expect(assets.some((f) => f.endsWith('.js.br'))).toBe(true);
      expect(assets.some((f) => f.endsWith('.js.gz'))).toBe(true);
      expect(existsSync(join(root, 'console', '.vite'))).toBe(false);
    }
    // Both routes are API resources; no `_local` resource exists.
    const paths = Object.values(template.findResources('AWS::ApiGateway::Resource')).map(
      (r) => (r as { Properties: { PathPart: string } }).Properties.PathPart,
    );
    expect(paths).toContain('console');
    expect(paths).toContain('{asset+}');
    expect(paths.some((p) => p.includes('_local'))).toBe(false);
  });
});
