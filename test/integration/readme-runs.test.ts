import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupMembers, npmStart, repoRoot, type StartedService } from '../support/npm-start';
import { eventuallyTrue } from '../support/polling';
import { type ReadmeExample, readmeExamples } from '../support/readme-examples';

/**
 * The README runs as written: its shell and JavaScript/TypeScript examples, in document order, against a fresh
 * `npm start`, as a newcomer would paste them into one terminal. They run as one bash script (`set -euo pipefail`),
 * so a variable an example sets reaches the later ones; `curl` runs with `--fail-with-body`, so an HTTP error fails
 * its example; each js/ts block runs as an ES module file with tsx at its place in the order. The setup block's
 * `export HDS=` and `export KEY=` lines get this server's address and key. A block marked
 * `<!-- readme-test: skip (…) -->` is left out (and reported); one marked `expect-error` must fail.
 */

const KEY = `hds_live_${'r'.repeat(40)}`;
/** The whole run's bound: the examples take about a minute on a 2-core machine. */
const RUN_TIMEOUT_MS = 150_000;
/** Skipped examples are the exception: the ones that install, start a server, deploy or need a human at a prompt. */
const MAX_SKIPPED = 4;

const BEGIN = '@@readme-example-begin';
const END = '@@readme-example-end';

let service: StartedService;
let dataDir: string;
let examples: ReadmeExample[];

beforeAll(async () => {
  examples = readmeExamples(await readFile(join(repoRoot, 'README.md'), 'utf8'));
  dataDir = await mkdtemp(join(tmpdir(), 'hds-readme-'));
  service = await npmStart({ HDS_DATA_DIR: dataDir, HDS_BOOTSTRAP_API_KEY: KEY });
});

afterAll(async () => {
  await service?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

/** The setup block with this server's address and key in place of the README's. */
function withThisServer(code: string): string {
  return code.replace(/^export HDS=.*$/m, `export HDS=${service.url}`).replace(/^export KEY=.*$/m, `export KEY=${KEY}`);
}

/** One bash script of every example to run, each between markers naming its index. */
async function scriptOf(toRun: ReadmeExample[], moduleDir: string): Promise<string> {
  const parts = ['set -euo pipefail', 'curl() { command curl --fail-with-body --show-error "$@"; }'];
  for (const [index, example] of toRun.entries()) {
    let body: string;
    if (example.language === 'script') {
      const file = join(moduleDir, `readme-line-${example.line}.mts`);
      await writeFile(file, `${example.code}\n`);
      body = `node --import tsx ${file}`;
    } else {
      body = index === 0 ? withThisServer(example.code) : example.code;
    }
    if (example.mode === 'expect-error') {
      // `set -e` holds inside the subshell only when the subshell itself is not a condition.
      body = [
        'set +e',
        `( set -e\n${body}\n)`,
        '__status=$?',
        'set -e',
        'if [ "$__status" -eq 0 ]; then printf "\\nthis example is meant to fail, and it succeeded\\n"; exit 97; fi',
      ].join('\n');
    }
    parts.push(`printf '\\n${BEGIN} ${index}\\n'`, body, `printf '\\n${END} ${index}\\n'`);
  }
  return `${parts.join('\n')}\n`;
}

interface RunResult {
  code: number | null;
  output: string;
  timedOut: boolean;
}

async function runScript(script: string): Promise<RunResult> {
  // Through a pipe, as a terminal's shell or a CI log gives it: Node's own stdio are sockets, on which an example's
  // `tee /dev/stderr` cannot open its stderr.
  const child = spawn('bash', ['-o', 'pipefail', '-c', 'bash "$0" 2>&1 | cat', script], {
    cwd: repoRoot,
    detached: true,
    env: {
      ...process.env,
      HDS_DATA_DIR: dataDir,
      // The Node 22 that `npm ci` installs, as npm scripts see it.
      PATH: `${join(repoRoot, 'node_modules/.bin')}:${process.env.PATH}`,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr!.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    process.kill(-child.pid!, 'SIGKILL');
  }, RUN_TIMEOUT_MS);
  const code = await exited;
  clearTimeout(timer);
  // Whatever an example left running in the background goes with the script.
  if (groupMembers(child.pid!).length > 0) process.kill(-child.pid!, 'SIGKILL');
  await eventuallyTrue(() => groupMembers(child.pid!).length === 0, 10_000, 100, 'the examples to stop');
  return { code, output, timedOut };
}

/** The example that was running when the script stopped, and what it printed. */
function lastStarted(output: string): { index: number; output: string } | null {
  const begin = output.lastIndexOf(`${BEGIN} `);
  if (begin < 0) return null;
  const index = Number(/^\d+/.exec(output.slice(begin + BEGIN.length + 1))?.[0]);
  if (output.includes(`${END} ${index}\n`, begin)) return null;
  return { index, output: output.slice(output.indexOf('\n', begin) + 1) };
}

describe('the README', () => {
  it('runs as written: every shell and JavaScript example, in order, against a fresh npm start', async () => {
    const toRun = examples.filter((e) => e.mode !== 'skip');
    const skipped = examples.filter((e) => e.mode === 'skip');
    console.info(
      `README examples: ${toRun.length} to run (${toRun.filter((e) => e.mode === 'expect-error').length} expected ` +
        `to fail), ${skipped.length} skipped:\n${skipped.map((e) => `  README.md:${e.line} (${e.reason})`).join('\n')}`,
    );
    expect(skipped.length, 'skipped examples').toBeLessThanOrEqual(MAX_SKIPPED);

    // Every example reaches the service through $HDS and $KEY; only the setup block names an address or a key.
    const [setup, ...rest] = toRun;
    expect(setup?.code, 'the first example exports HDS').toMatch(/^export HDS=/m);
    expect(setup?.code, 'the first example exports KEY').toMatch(/^export KEY=/m);
    for (const example of rest) {
      expect(example.code, `README.md:${example.line} names the service by $HDS`).not.toMatch(
        /127\.0\.0\.1|localhost|:8787/,
      );
      expect(example.code, `README.md:${example.line} uses $KEY`).not.toMatch(/hds_live_\w/);
    }

    // The js/ts modules sit inside the repository, so `openai`, `ws` and `@openai/agents` resolve.
    const moduleDir = join(repoRoot, 'node_modules/.cache', `hds-readme-${process.pid}-${Date.now()}`);
    await mkdir(moduleDir, { recursive: true });
    const script = join(moduleDir, 'readme.sh');
    let result: RunResult;
    try {
      await writeFile(script, await scriptOf(toRun, moduleDir));
      result = await runScript(script);
    } finally {
      await rm(moduleDir, { recursive: true, force: true });
    }

    if (result.code === 0 && !result.timedOut) return;
    const failed = lastStarted(result.output);
    const example = failed ? toRun[failed.index] : undefined;
    const what = result.timedOut ? `did not finish within ${RUN_TIMEOUT_MS / 1000} s` : `exited with ${result.code}`;
    const message = example
      ? [
          `The README example at README.md:${example.line} (${example.info}) ${what}.`,
          '--- the example ---',
          example.code,
          '--- what it printed ---',
          failed!.output.slice(-6_000),
          '--- the service (last lines) ---',
          service.output().split('\n').slice(-25).join('\n'),
        ].join('\n')
      : `The README examples ${what} outside any example:\n${result.output.slice(-6_000)}`;
    expect.fail(message);
  }, 200_000);
});
