import variant from '@jitl/quickjs-wasmfile-release-sync';
import {
  newQuickJSWASMModuleFromVariant,
  newVariant,
  type QuickJSContext,
  type QuickJSHandle,
  type QuickJSWASMModule,
  shouldInterruptAfterDeadline,
} from 'quickjs-emscripten-core';

/**
 * The `eval` tool's sandbox (`#eval-sandbox` in package.json `imports`, a lazy module: most turns never evaluate).
 * Code runs in QuickJS compiled to WebAssembly: a context has only the ECMAScript intrinsics, and the one host function
 * added is `console.log`, so there is no `process`, `require`, module loader, `fetch`, timer, file or socket inside.
 * The Subject's data reaches it only as `input` and `files`, copies given as JSON text and parsed inside
 * (docs/design/knowledge-tools.md §5.4).
 */

export interface EvalLimits {
  /** QuickJS's heap limit for one call. */
  memoryBytes: number;
  /**
   * QuickJS's stack limit, on the WASM module's own stack. Each QuickJS frame also takes about 2.5 times its size of
   * Node's native stack (WASM frames run on it): from 384 KB up, deep recursion overflows Node's ~1 MB stack before
   * QuickJS's check, a host `RangeError` the code cannot catch and after which the module is dropped. 256 KB keeps
   * QuickJS's own, catchable "stack overflow" first, with room for the host's frames below the call.
   */
  stackBytes: number;
  /** Wall time for one call; the interpreter's interrupt handler stops the code after it. */
  timeoutMs: number;
  /** Characters of the JSON result, and separately of all `console.log` lines together. */
  outputChars: number;
  /** Characters of code accepted. */
  codeChars: number;
}

export const DEFAULT_EVAL_LIMITS: EvalLimits = {
  memoryBytes: 32 << 20,
  stackBytes: 256 << 10,
  timeoutMs: 1000,
  outputChars: 16_000,
  codeChars: 20_000,
};

export interface EvalGlobals {
  /** The model's `input` argument; `undefined` when it gave none. */
  input: unknown;
  /** The turn's virtual files, path → content, frozen inside. */
  files: Record<string, string>;
}

export type EvalOutcome =
  | { ok: true; result: unknown; logs: string[]; ms: number }
  | { ok: false; error: string; ms: number };

/**
 * QuickJS's own `setMemoryLimit` is not enough alone: this build has no `malloc_usable_size`, so QuickJS counts 8 bytes
 * per allocation rather than its size (measured: 28 MB in use counted as 4.8 MB), and refuses only a single allocation
 * larger than the limit. So the WASM memory, which holds everything QuickJS allocates, is bounded too: the module gets
 * a memory of its own with a maximum, and the interrupt handler stops the code once that memory has grown by the limit.
 */
const WASM_PAGE_BYTES = 65_536;
/** The variant's initial memory (its `INITIAL_MEMORY`): the C stack, static data and QuickJS's first allocations. */
const INITIAL_WASM_BYTES = 16 << 20;
/** Room above the limit for what code allocates between two calls of the interrupt handler (10,000 operations). */
const HEADROOM_BYTES = 16 << 20;
/** The part of `WebAssembly.Memory` used here (the project's `lib` has no WebAssembly types). */
interface WasmMemory {
  readonly buffer: ArrayBuffer;
}
const { Memory } = (
  globalThis as unknown as {
    WebAssembly: { Memory: new (descriptor: { initial: number; maximum: number }) => WasmMemory };
  }
).WebAssembly;

interface LoadedQuickJs {
  module: QuickJSWASMModule;
  memory: WasmMemory;
  /** The memory's size once loaded; a call may grow it by its `memoryBytes`. */
  baselineBytes: number;
}

/**
 * Loaded on the first call and kept for calls with the same memory limit; an interrupt or an out-of-memory drops it
 * (see {@link evaluate}). A call already holding a dropped module finishes with it; nothing else refers to it then.
 */
let loaded: ModuleEntry | undefined;

interface ModuleEntry {
  memoryBytes: number;
  quickjs: Promise<LoadedQuickJs>;
}

function moduleFor(memoryBytes: number): ModuleEntry {
  if (loaded?.memoryBytes === memoryBytes) return loaded;
  const maximumBytes = INITIAL_WASM_BYTES + memoryBytes + HEADROOM_BYTES;
  const memory = new Memory({
    initial: INITIAL_WASM_BYTES / WASM_PAGE_BYTES,
    maximum: Math.ceil(maximumBytes / WASM_PAGE_BYTES),
  });
  const quickjs = newQuickJSWASMModuleFromVariant(newVariant(variant, { wasmMemory: memory as never })).then(
    (module) => ({
      module,
      memory,
      baselineBytes: memory.buffer.byteLength,
    }),
  );
  const entry = { memoryBytes, quickjs };
  loaded = entry;
  // A failed load is not kept: the next call tries again.
  quickjs.catch(() => dropModule(entry));
  return entry;
}

/** Forgets the module a call used: its WASM memory grew and never shrinks, so it is let go whole. */
function dropModule(entry: ModuleEntry): void {
  if (loaded === entry) loaded = undefined;
}

/** Thrown inside a call for a failure already phrased for the model. */
class EvalFailure extends Error {}

/**
 * Runs `code` as a script and returns the value of its last expression as JSON data. A promise result is settled
 * by running the pending jobs (under the same deadline). Every call gets a new runtime and context, with the limits
 * set before any code runs, disposed in `finally`. After an interrupt or an out-of-memory the WASM module itself is
 * dropped and the next call loads a fresh one, which returns the process to its baseline memory.
 */
export async function evaluate(
  code: string,
  globals: EvalGlobals,
  limits: EvalLimits = DEFAULT_EVAL_LIMITS,
): Promise<EvalOutcome> {
  const started = performance.now();
  const ms = () => Math.round(performance.now() - started);
  if (code.length > limits.codeChars)
    return { ok: false, error: `The code is ${code.length} characters; the limit is ${limits.codeChars}.`, ms: ms() };
  const inputJson = globals.input === undefined ? undefined : JSON.stringify(globals.input);
  const filesJson = JSON.stringify(globals.files);

  const entry = moduleFor(limits.memoryBytes);
  const quickjs = await entry.quickjs;
  const ceilingBytes = quickjs.baselineBytes + limits.memoryBytes;
  const runtime = quickjs.module.newRuntime();
  let vm: QuickJSContext | undefined;
  let poisoned = false;
  let outgrown = false;
  let hostFailure = false;
  const logs = new BoundedLog(limits.outputChars);
  try {
    runtime.setMemoryLimit(limits.memoryBytes);
    runtime.setMaxStackSize(limits.stackBytes);
    const pastDeadline = shouldInterruptAfterDeadline(Date.now() + limits.timeoutMs);
    runtime.setInterruptHandler((rt) => {
      if (quickjs.memory.buffer.byteLength > ceilingBytes) outgrown = true;
      return outgrown || pastDeadline(rt);
    });
    vm = runtime.newContext();
    const context = vm;
    installConsole(context, logs);
    defineGlobal(context, 'input', inputJson === undefined ? undefined : parseInside(context, inputJson));
    defineGlobal(context, 'files', parseInside(context, filesJson, true));

    const evaluated = context.evalCode(code, 'eval.js', { type: 'global' });
    if (evaluated.error) throw new EvalFailure(describeError(takeDump(context, evaluated.error)));
    const value = settle(context, evaluated.value);
    const text = JSON.stringify(value ?? null);
    if (text.length > limits.outputChars)
      throw new EvalFailure(
        `The result is ${text.length} characters of JSON; the limit is ${limits.outputChars}. Return a summary, or a slice.`,
      );
    return { ok: true, result: JSON.parse(text), logs: logs.lines, ms: ms() };
  } catch (error) {
    // Anything but a failure QuickJS reported came from the host while inside the module (Node's own stack
    // overflowing under deep recursion, an abort): the module's state is not to be trusted, nor freed piece by piece.
    hostFailure = !(error instanceof EvalFailure);
    const message = outgrown
      ? 'InternalError: out of memory'
      : error instanceof EvalFailure
        ? error.message
        : `InternalError: ${(error as Error).message}`;
    poisoned = outgrown || hostFailure || /\binterrupted\b|out of memory/i.test(message);
    return { ok: false, error: explain(message, limits), ms: ms() };
  } finally {
    if (!hostFailure) {
      try {
        vm?.dispose();
        runtime.dispose();
      } catch {
        // A runtime that cannot be freed cleanly (an object left alive by an aborted allocation) poisons the module.
        poisoned = true;
      }
    }
    if (poisoned) dropModule(entry);
  }

  /** The value of a settled promise, or the value itself; a rejected or never-settled promise is an error. */
  function settle(context: QuickJSContext, handle: QuickJSHandle): unknown {
    try {
      const jobs = runtime.executePendingJobs();
      if (jobs.error) throw new EvalFailure(describeError(takeDump(context, jobs.error)));
      jobs.dispose();
      const state = context.getPromiseState(handle);
      if (state.type === 'pending') throw new EvalFailure('The result is a promise that never settled.');
      if (state.type === 'rejected') throw new EvalFailure(describeError(takeDump(context, state.error)));
      if (state.notAPromise) return context.dump(handle);
      return takeDump(context, state.value);
    } finally {
      if (handle.alive) handle.dispose();
    }
  }
}

/** `console.log`, appending its arguments as one line to a bounded log: the only function the host gives the code. */
function installConsole(context: QuickJSContext, logs: BoundedLog): void {
  const log = context.newFunction('log', (...args: QuickJSHandle[]) => {
    if (logs.full) return;
    logs.push(
      args.map((a) => (context.typeof(a) === 'string' ? context.getString(a) : show(context.dump(a)))).join(' '),
    );
  });
  const console = context.newObject();
  try {
    context.setProp(console, 'log', log);
    context.setProp(context.global, 'console', console);
  } finally {
    log.dispose();
    console.dispose();
  }
}

/** JSON text parsed by the context's own `JSON.parse`, so no host object ever enters it; frozen when asked. */
function parseInside(context: QuickJSContext, json: string, freeze = false): QuickJSHandle {
  const source = context.newString(json);
  const jsonObject = context.getProp(context.global, 'JSON');
  const parse = context.getProp(jsonObject, 'parse');
  try {
    const parsed = context.callFunction(parse, jsonObject, source);
    if (parsed.error) throw new EvalFailure(describeError(takeDump(context, parsed.error)));
    if (!freeze) return parsed.value;
    const object = context.getProp(context.global, 'Object');
    const freezeFn = context.getProp(object, 'freeze');
    try {
      const frozen = context.callFunction(freezeFn, object, parsed.value);
      if (frozen.error) {
        parsed.value.dispose();
        throw new EvalFailure(describeError(takeDump(context, frozen.error)));
      }
      frozen.value.dispose();
      return parsed.value;
    } finally {
      freezeFn.dispose();
      object.dispose();
    }
  } finally {
    parse.dispose();
    jsonObject.dispose();
    source.dispose();
  }
}

/** Sets a global and releases the host's handle to it. */
function defineGlobal(context: QuickJSContext, name: string, handle: QuickJSHandle | undefined): void {
  if (!handle) {
    context.setProp(context.global, name, context.undefined);
    return;
  }
  try {
    context.setProp(context.global, name, handle);
  } finally {
    handle.dispose();
  }
}

/** The handle's value as host data; the handle is disposed. */
function takeDump(context: QuickJSContext, handle: QuickJSHandle): unknown {
  try {
    return context.dump(handle);
  } finally {
    if (handle.alive) handle.dispose();
  }
}

function describeError(error: unknown): string {
  if (error && typeof error === 'object') {
    const { name, message } = error as { name?: unknown; message?: unknown };
    if (typeof message === 'string') return `${typeof name === 'string' ? name : 'Error'}: ${message}`;
  }
  // QuickJS throws null when even the exception could not be allocated.
  if (error === null || error === undefined) return 'InternalError: out of memory';
  return `Uncaught ${show(error)}`;
}

/** The limit each failure ran into, said to the model. */
function explain(message: string, limits: EvalLimits): string {
  if (/\binterrupted\b/.test(message)) return `${message} (the time limit is ${limits.timeoutMs} ms)`;
  if (/out of memory/i.test(message)) return `${message} (the memory limit is ${limits.memoryBytes >> 20} MB)`;
  if (/stack overflow|call stack size/i.test(message))
    return `${message} (the stack limit is ${limits.stackBytes >> 10} KB)`;
  return message;
}

function show(value: unknown): string {
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/** Log lines up to a total number of characters; what does not fit is cut, and a last line says how much. */
class BoundedLog {
  readonly lines: string[] = [];
  private chars = 0;
  private cut = false;
  constructor(private readonly maxChars: number) {}

  get full(): boolean {
    return this.cut;
  }

  push(line: string): void {
    if (this.cut) return;
    const room = this.maxChars - this.chars;
    if (line.length <= room) {
      this.lines.push(line);
      this.chars += line.length;
      return;
    }
    if (room > 0) this.lines.push(line.slice(0, room));
    this.lines.push(`[console.log output cut at ${this.maxChars} characters]`);
    this.cut = true;
  }
}
