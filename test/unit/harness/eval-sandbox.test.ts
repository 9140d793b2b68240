import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { DEFAULT_EVAL_LIMITS, type EvalOutcome, evaluate } from '../../../shared/services/agent/harness/eval-sandbox';

/** The escape attempts and resource bombs of docs/design/knowledge-tools.md §7.3, and ordinary computations. */

const none = { input: undefined, files: {} };

async function run(code: string, globals: Parameters<typeof evaluate>[1] = none): Promise<EvalOutcome> {
  return evaluate(code, globals);
}

function failure(outcome: EvalOutcome): string {
  expect(outcome.ok, JSON.stringify(outcome)).toBe(false);
  return outcome.ok ? '' : outcome.error;
}

function success(outcome: EvalOutcome): unknown {
  expect(outcome.ok, JSON.stringify(outcome)).toBe(true);
  return outcome.ok ? outcome.result : undefined;
}

/** After each failure the module (or its fresh replacement) still evaluates. */
async function expectHealthy(): Promise<void> {
  expect(await run('1+1')).toMatchObject({ ok: true, result: 2 });
}

/** Node's `gc`, reached without `--expose-gc` on the command line (for memory measurements only). */
function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

describe('evaluate: what the sandbox does not have', () => {
  it('has no process, require, fetch, timers or WebAssembly', async () => {
    const result = success(
      await run(
        '({ process: typeof process, require: typeof require, fetch: typeof fetch, setTimeout: typeof setTimeout, setInterval: typeof setInterval, WebAssembly: typeof WebAssembly, queueMicrotask: typeof queueMicrotask, console: typeof console, log: typeof console.log })',
      ),
    );
    expect(result).toEqual({
      process: 'undefined',
      require: 'undefined',
      fetch: 'undefined',
      setTimeout: 'undefined',
      setInterval: 'undefined',
      WebAssembly: 'undefined',
      queueMicrotask: 'undefined',
      console: 'object',
      log: 'function',
    });
  });

  it('loads no module', async () => {
    expect(failure(await run("import('fs')"))).toMatch(/could not load module 'fs'/);
    expect(failure(await run("import('node:child_process').then((m) => m.execSync('id'))"))).toMatch(/could not load/);
    // A static import is a syntax error in a script.
    expect(failure(await run("import fs from 'fs'; fs"))).toMatch(/SyntaxError/);
    await expectHealthy();
  });

  it("reaches nothing of the host through the Function constructor or the global's prototypes", async () => {
    expect(failure(await run("globalThis.constructor.constructor('return process')()"))).toMatch(
      /ReferenceError: 'process' is not defined/,
    );
    expect(
      success(
        await run(
          "const g = Function('return this')(); [g === globalThis, typeof g.process, typeof g.require, Object.getOwnPropertyNames(g).filter((n) => ['process', 'require', 'module', 'Buffer', 'fetch', 'global'].includes(n))]",
        ),
      ),
    ).toEqual([true, 'undefined', 'undefined', []]);
    expect(success(await run('(async function () {}).constructor("return typeof process")().then((t) => t)'))).toBe(
      'undefined',
    );
  });

  it('gives a copy of files, frozen: the turn keeps its own', async () => {
    const files = { '/tool_results/call_1.json': '{"records":[{"value":5}]}' };
    const result = success(
      await run(
        "files['/tool_results/call_1.json'] = 'changed'; files['/new'] = 'x'; [JSON.parse(files['/tool_results/call_1.json']).records[0].value, Object.isFrozen(files), '/new' in files]",
        { input: undefined, files },
      ),
    );
    expect(result).toEqual([5, true, false]);
    expect(failure(await run("'use strict'; files.x = 1", { input: undefined, files }))).toMatch(/TypeError/);
    expect(files).toEqual({ '/tool_results/call_1.json': '{"records":[{"value":5}]}' });
  });
});

describe('evaluate: limits', () => {
  it('interrupts an endless loop at the deadline, and the next call answers', async () => {
    const started = performance.now();
    const error = failure(await run('while(true){}'));
    const elapsed = performance.now() - started;
    expect(error).toMatch(/InternalError: interrupted.*1000 ms/);
    expect(elapsed).toBeGreaterThanOrEqual(DEFAULT_EVAL_LIMITS.timeoutMs - 50);
    // Generous: a loaded CI machine may be slow; what matters is that it ends.
    expect(elapsed).toBeLessThan(DEFAULT_EVAL_LIMITS.timeoutMs + 3000);
    await expectHealthy();
  });

  it('interrupts a loop hidden in a promise job', async () => {
    expect(failure(await run('Promise.resolve().then(() => { for (;;) {} })'))).toMatch(/interrupted/);
    await expectHealthy();
  });

  it('ends a memory bomb with out-of-memory, and the process returns near its baseline', async () => {
    await expectHealthy();
    collectGarbage();
    const before = process.memoryUsage().rss;
    expect(failure(await run('const a=[]; for(;;)a.push(new Array(1e6))'))).toMatch(/out of memory.*32 MB/);
    expect(failure(await run('const b=[]; for(;;)b.push([1,2,3,4,5,6,7,8,9,10])'))).toMatch(/out of memory/);
    expect(failure(await run("const c=[]; for(;;)c.push('x'.repeat(1e5) + c.length)"))).toMatch(/out of memory/);
    expect(failure(await run("'x'.repeat(1e8)"))).toMatch(/out of memory/);
    await expectHealthy();
    collectGarbage();
    const grownMb = (process.memoryUsage().rss - before) / 2 ** 20;
    console.info(`eval sandbox: RSS after four memory bombs and a fresh module: ${grownMb.toFixed(1)} MB above before`);
    expect(grownMb).toBeLessThan(64);
  });

  it('ends deep recursion with a stack error the code can also catch', async () => {
    expect(failure(await run('function f(n) { return f(n + 1) + 1 } f(0)'))).toMatch(/stack overflow/);
    await expectHealthy();
    expect(
      success(await run("function f(n) { return f(n + 1) + 1 } try { f(0) } catch (e) { 'caught ' + e.message }")),
    ).toBe('caught stack overflow');
    expect(failure(await run('function g(n) { return [1].map(() => g(n + 1)) } g(0)'))).toMatch(/stack overflow/);
    await expectHealthy();
  });

  it('survives recursion inside a native function that overflows the host stack first', async () => {
    // QuickJS's JSON.stringify recurses without its own stack check: Node's stack overflows first, the error comes back
    // as a failure, and the module is replaced.
    const error = failure(
      await run(
        'const o = {}; let p = o; for (let i = 0; i < 1e5; i++) { p.x = {}; p = p.x } JSON.stringify(o).length',
      ),
    );
    expect(error).toMatch(/stack/i);
    await expectHealthy();
  });

  it('cuts a console.log flood to outputChars, with a note', async () => {
    const outcome = await run(
      "console.log('x'.repeat(1e6)); for (let i = 0; i < 1000; i++) console.log('y'.repeat(1000)); 7",
    );
    expect(outcome).toMatchObject({ ok: true, result: 7 });
    const logs = outcome.ok ? outcome.logs : [];
    expect(logs.at(-1)).toBe(`[console.log output cut at ${DEFAULT_EVAL_LIMITS.outputChars} characters]`);
    expect(logs.slice(0, -1).join('').length).toBe(DEFAULT_EVAL_LIMITS.outputChars);
    await expectHealthy();
  });

  it('refuses code longer than codeChars without running it', async () => {
    const code = `${'1;'.repeat(DEFAULT_EVAL_LIMITS.codeChars / 2)}2`;
    expect(failure(await run(code))).toMatch(/the limit is 20000/);
  });

  it('refuses a result longer than outputChars, asking for a summary', async () => {
    expect(failure(await run("'x'.repeat(20000)"))).toMatch(/20002 characters of JSON; the limit is 16000/);
  });

  it('keeps limits per call: a smaller timeout and memory', async () => {
    const limits = { ...DEFAULT_EVAL_LIMITS, timeoutMs: 100, memoryBytes: 8 << 20 };
    const started = performance.now();
    expect(failure(await evaluate('for(;;){}', none, limits))).toMatch(/interrupted.*100 ms/);
    expect(performance.now() - started).toBeLessThan(2000);
    expect(failure(await evaluate('const a=[]; for(;;)a.push(new Array(1e4).fill(0))', none, limits))).toMatch(
      /out of memory.*8 MB/,
    );
    expect(await evaluate('1+1', none, limits)).toMatchObject({ ok: true, result: 2 });
    await expectHealthy();
  });

  it('lets a request beside a runaway evaluation answer', async () => {
    const [loop, sum, timer] = await Promise.all([
      run('while(true){}'),
      run('1+1'),
      new Promise((resolve) => setTimeout(() => resolve('timer'), 5)),
    ]);
    expect(loop.ok).toBe(false);
    expect(sum).toMatchObject({ ok: true, result: 2 });
    expect(timer).toBe('timer');
  });
});

describe('evaluate: computations', () => {
  it('computes statistics over input', async () => {
    const xs = [72, 75, 71, 80, 78, 74, 77, 79];
    const ys = [118, 121, 117, 130, 126, 119, 124, 128];
    const code = `
      const mean = (v) => v.reduce((a, b) => a + b, 0) / v.length;
      const sd = (v) => { const m = mean(v); return Math.sqrt(v.reduce((a, b) => a + (b - m) ** 2, 0) / (v.length - 1)); };
      const { xs, ys } = input;
      const mx = mean(xs), my = mean(ys);
      const r = xs.reduce((a, x, i) => a + (x - mx) * (ys[i] - my), 0) / ((xs.length - 1) * sd(xs) * sd(ys));
      console.log('n =', xs.length);
      ({ mean: mx, sd: sd(xs), r });`;
    const outcome = await run(code, { input: { xs, ys }, files: {} });
    expect(outcome).toMatchObject({ ok: true, logs: ['n = 8'] });
    const result = (outcome.ok ? outcome.result : {}) as { mean: number; sd: number; r: number };
    const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
    expect(result.mean).toBeCloseTo(mean, 10);
    expect(result.sd).toBeCloseTo(Math.sqrt(xs.reduce((a, b) => a + (b - mean) ** 2, 0) / (xs.length - 1)), 10);
    expect(result.r).toBeGreaterThan(0.95);
    expect(result.r).toBeLessThanOrEqual(1);
  });

  it('reads an offloaded tool result from files', async () => {
    const records = Array.from({ length: 50 }, (_, i) => ({ value: 100 + i, unit: 'mg/dL' }));
    const files = { '/tool_results/call_3.json': JSON.stringify({ records }, null, 2) };
    const result = success(
      await run(
        "const { records } = JSON.parse(files['/tool_results/call_3.json']); ({ n: records.length, max: Math.max(...records.map((r) => r.value)) })",
        { input: undefined, files },
      ),
    );
    expect(result).toEqual({ n: 50, max: 149 });
  });

  it('returns JSON data: undefined as null, functions dropped, dates as text, a settled promise as its value', async () => {
    expect(success(await run('undefined'))).toBeNull();
    expect(success(await run('({ a: undefined, f() {}, d: new Date(0), n: [1, "2", null] })'))).toEqual({
      d: '1970-01-01T00:00:00.000Z',
      n: [1, '2', null],
    });
    expect(success(await run('Promise.resolve(5).then((v) => v * 2)'))).toBe(10);
    expect(success(await run('input === undefined'))).toBe(true);
  });

  it('reports thrown values and rejected or never-settled promises as errors', async () => {
    expect(failure(await run("throw new TypeError('bad value')"))).toBe('TypeError: bad value');
    expect(failure(await run('throw 5'))).toBe('Uncaught 5');
    expect(failure(await run("Promise.reject(new Error('no'))"))).toBe('Error: no');
    expect(failure(await run('new Promise(() => {})'))).toMatch(/never settled/);
    expect(failure(await run('1 +'))).toMatch(/SyntaxError/);
    await expectHealthy();
  });

  it('measures its own time', async () => {
    const outcome = await run('let s = 0; for (let i = 0; i < 1e5; i++) s += i; s');
    expect(outcome).toMatchObject({ ok: true, result: 4999950000 });
    expect(outcome.ms).toBeGreaterThanOrEqual(0);
    expect(outcome.ms).toBeLessThan(DEFAULT_EVAL_LIMITS.timeoutMs);
  });
});
