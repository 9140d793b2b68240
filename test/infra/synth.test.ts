import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { STATEFUL_STACK_NAME, STATELESS_STACK_NAME } from '../../infra/hds-stacks';

/**
 * The real CLI, as a developer or CI runs it: `npx cdk synth --quiet` must succeed with no network, no AWS
 * credentials and no AWS environment, producing one pair of account-agnostic stacks, each template (nested ones
 * included) within CloudFormation's resource limit.
 */

// The synth bundles every function (~85); on a loaded 2-core machine that alone took 3–5 minutes, so the budget is
// generous: this test proves the CLI works offline, `npm run bench:bundles` measures how fast.
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
let outdir: string | undefined;

afterAll(async () => {
  if (outdir) await rm(outdir, { recursive: true, force: true });
});

/** The caller's environment without anything AWS or CDK, so no credentials, profile or region leak in. */
function offlineEnv(dir: string): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^(AWS_|CDK_)/.test(key)));
  return {
    ...env,
    CDK_DISABLE_VERSION_CHECK: '1',
    AWS_EC2_METADATA_DISABLED: 'true',
    AWS_CONFIG_FILE: join(dir, 'no-aws-config'),
    AWS_SHARED_CREDENTIALS_FILE: join(dir, 'no-aws-credentials'),
  };
}

it('synthesizes offline with `npx cdk synth --quiet`', async () => {
  outdir = await mkdtemp(join(tmpdir(), 'hds-synth-'));
  const assembly = join(outdir, 'cdk.out');
  const result = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
    execFile(
      'npx',
      ['cdk', 'synth', '--quiet', '--output', assembly],
      { cwd: repoRoot, env: offlineEnv(outdir!), timeout: 480_000, maxBuffer: 16 * 1024 * 1024 },
      (error, _stdout, stderr) =>
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stderr }),
    );
  });
  expect(result.code, result.stderr).toBe(0);

  const manifest = JSON.parse(await readFile(join(assembly, 'manifest.json'), 'utf8')) as {
    artifacts: Record<string, { type: string; environment?: string }>;
  };
  const stacks = Object.entries(manifest.artifacts).filter(([, a]) => a.type === 'aws:cloudformation:stack');
  expect(stacks.map(([name]) => name).sort()).toEqual([STATEFUL_STACK_NAME, STATELESS_STACK_NAME].sort());
  // The CLI always supplies a default region (us-east-1 when none is configured); the account stays
  // unresolved, so nothing asked AWS for credentials or looked anything up.
  for (const [, stack] of stacks) expect(stack.environment).toMatch(/^aws:\/\/unknown-account\//);

  // Every template CloudFormation receives, the nested stacks' included, well below its 500 resources per stack.
  const templates = (await readdir(assembly)).filter((f) => f.endsWith('.template.json'));
  expect(templates.filter((f) => f.endsWith('.nested.template.json')).length).toBeGreaterThan(0);
  const counts: Record<string, number> = {};
  for (const file of templates) {
    const template = JSON.parse(await readFile(join(assembly, file), 'utf8')) as { Resources?: object };
    counts[file] = Object.keys(template.Resources ?? {}).length;
  }
  for (const [file, count] of Object.entries(counts))
    expect(count, `${file} (${JSON.stringify(counts)})`).toBeLessThanOrEqual(450);
}, 540_000);
