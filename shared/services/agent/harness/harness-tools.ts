import * as z from 'zod/mini';
import { parseArgs } from '../tools/readings';
import { ToolInputError } from '../tools/types';
import {
  MAX_TODO_CHARS,
  MAX_TODOS,
  parseTodos,
  TODO_STATUSES,
  type Todo,
  type TodosResult,
  todosResult,
} from './todos';
import { type FileEntry, type ReadResult, VFS_LIMITS, VirtualFs } from './virtual-fs';

/**
 * The planning harness's own tools on `hds-expert` turns (docs/design/knowledge-tools.md §5.2): a plan (`write_todos`),
 * per-turn files (`ls`, `read_file`, `write_file`) and a sandboxed computation over them (`eval`). They read and write
 * only the turn's {@link HarnessState}, never a store, so they need no Subject context. `task` is added by the agent
 * setup, which owns the nested loop.
 */

/** One expert turn's harness state, made when the turn starts and dropped when it ends. */
export interface HarnessState {
  todos: Todo[];
  files: VirtualFs;
  /** A `task`'s sub-agent runs at depth 1 and is offered no `task`. */
  depth: 0 | 1;
}

export function newHarnessState(depth: 0 | 1 = 0): HarnessState {
  return { todos: [], files: new VirtualFs(), depth };
}

/** A harness tool: the shape of a `BuiltinTool`, run on the turn's harness state instead of a Subject's context. */
export interface HarnessTool {
  name: string;
  description: string;
  /** JSON Schema of the arguments (an object schema). */
  parameters: Record<string, unknown>;
  /** A bad argument is a `ToolInputError`, reported to the model. */
  run(args: unknown, state: HarnessState): Promise<unknown>;
}

/** Tool results longer than this go to a file; the model's context gets a stub (§5.3). */
export const OFFLOAD_CHARS = 4_000;
/** How much of an offloaded result the stub shows. */
export const OFFLOAD_PREVIEW_CHARS = 1_000;
/** Where offloaded results are written, one file per tool step. */
export const TOOL_RESULTS_DIR = '/tool_results';

export const writeTodosTool: HarnessTool = {
  name: 'write_todos',
  description:
    'Write your plan for this answer as a list of steps, each pending, in_progress or completed. Send the whole list every ' +
    `time: it replaces the last one. Keep at most one step in_progress; at most ${MAX_TODOS} steps of ${MAX_TODO_CHARS} characters. ` +
    'Use it for questions that take several tool calls; skip it for a simple one.',
  parameters: {
    type: 'object',
    properties: {
      todos: {
        type: 'array',
        maxItems: MAX_TODOS,
        items: {
          type: 'object',
          properties: {
            content: { type: 'string', maxLength: MAX_TODO_CHARS, description: 'The step, in a short sentence.' },
            status: { type: 'string', enum: [...TODO_STATUSES] },
          },
          required: ['content', 'status'],
          additionalProperties: false,
        },
      },
    },
    required: ['todos'],
    additionalProperties: false,
  },
  run: async (args, state): Promise<TodosResult> => {
    state.todos = parseTodos(args);
    return todosResult(state.todos);
  },
};

const lsArgsSchema = z.object({ path: z.nullish(z.string()) });

export const lsTool: HarnessTool = {
  name: 'ls',
  description:
    "List this turn's files under a directory (default /), with their sizes in characters. Large tool results are " +
    `saved under ${TOOL_RESULTS_DIR}/. Files last only for this turn.`,
  parameters: {
    type: 'object',
    properties: { path: { type: 'string', description: 'A directory, such as / or /tool_results.' } },
    additionalProperties: false,
  },
  run: async (args, state): Promise<{ files: FileEntry[] }> => {
    const { path } = parseArgs(lsArgsSchema, args);
    return state.files.ls(path ?? '/');
  },
};

const lineNumber = (min: number) =>
  z.nullish(z.number().check(z.refine(Number.isInteger, 'must be an integer'), z.gte(min)));
const readArgsSchema = z.object({ path: z.string(), offset: lineNumber(0), limit: lineNumber(1) });

export const readFileTool: HarnessTool = {
  name: 'read_file',
  description:
    `Read lines of one of this turn's files, numbered. offset is the first line (default 1); limit the number of lines ` +
    `(default ${VFS_LIMITS.readLines}). At most ${VFS_LIMITS.readChars} characters come back; when truncated is true, ` +
    'read on from next_offset. To compute over a whole file, use eval instead.',
  parameters: {
    type: 'object',
    properties: {
      path: { type: 'string', description: 'The file, such as /tool_results/call_1.json.' },
      offset: { type: 'integer', minimum: 1, description: 'The first line to read, counting from 1.' },
      limit: { type: 'integer', minimum: 1, description: 'How many lines to read.' },
    },
    required: ['path'],
    additionalProperties: false,
  },
  run: async (args, state): Promise<ReadResult> => {
    const { path, offset, limit } = parseArgs(readArgsSchema, args);
    return state.files.read(path, offset ?? 1, limit ?? VFS_LIMITS.readLines);
  },
};

const writeArgsSchema = z.object({ path: z.string(), content: z.string() });

export const writeFileTool: HarnessTool = {
  name: 'write_file',
  description:
    'Write a file for this turn (notes, intermediate results, a draft), replacing any file of that path. Paths use ' +
    `lower-case letters, digits and _ . / -, such as /notes/findings.md. At most ${VFS_LIMITS.files} files, ` +
    `${VFS_LIMITS.fileChars} characters each. Files last only for this turn.`,
  parameters: {
    type: 'object',
    properties: {
      path: { type: 'string', description: 'Where to write, such as /notes/findings.md.' },
      content: { type: 'string', description: 'The whole content of the file.' },
    },
    required: ['path', 'content'],
    additionalProperties: false,
  },
  run: async (args, state): Promise<FileEntry> => {
    const { path, content } = parseArgs(writeArgsSchema, args);
    return state.files.write(path, content);
  },
};

const evalArgsSchema = z.object({
  code: z.string().check(z.minLength(1)),
  input: z.nullish(z.record(z.string(), z.unknown(), { error: 'must be a JSON object' })),
});

export const evalTool: HarnessTool = {
  name: 'eval',
  description:
    'Run JavaScript (ES2023) in a sandbox and get the value of its last expression, for arithmetic and statistics over ' +
    'data you already have. The sandbox has no network, files, timers or modules: its only data are `input` (the object ' +
    "you pass) and `files` (this turn's files, path → text, read-only; JSON.parse(files['/tool_results/call_1.json']) " +
    'reads a saved tool result). console.log lines come back as logs. Limits: 1 second, 32 MB, 16,000 characters of ' +
    'result; return a summary, not raw data.',
  parameters: {
    type: 'object',
    properties: {
      code: {
        type: 'string',
        description:
          'A script; the value of its last expression is the result (not `return`). Wrap it in an IIFE for early exits.',
      },
      input: { type: 'object', description: 'Data to compute on, visible as `input`.', additionalProperties: true },
    },
    required: ['code'],
    additionalProperties: false,
  },
  run: async (args, state) => {
    const { code, input } = parseArgs(evalArgsSchema, args);
    const { evaluate, DEFAULT_EVAL_LIMITS } = await import('#eval-sandbox');
    if (code.length > DEFAULT_EVAL_LIMITS.codeChars)
      throw new ToolInputError(`code is ${code.length} characters; the most is ${DEFAULT_EVAL_LIMITS.codeChars}`);
    const outcome = await evaluate(code, { input: input ?? undefined, files: state.files.snapshot() });
    return outcome.ok
      ? { result: outcome.result, logs: outcome.logs, ms: outcome.ms }
      : { error: outcome.error, ms: outcome.ms };
  },
};

/** The harness tools in the order they are offered to the model (`task` is added by the agent setup at depth 0). */
export const HARNESS_TOOLS: readonly HarnessTool[] = [writeTodosTool, lsTool, readFileTool, writeFileTool, evalTool];

export function harnessTool(name: string): HarnessTool | undefined {
  return HARNESS_TOOLS.find((t) => t.name === name);
}

/**
 * What the model's context gets for a tool result (§5.3): the text itself up to {@link OFFLOAD_CHARS}; beyond, the
 * result goes to `/tool_results/<step id>.json` (JSON indented, so `read_file` pages it by lines) and the model gets
 * a stub naming the file, with a preview. The tool step keeps the full result; only the model's message changes. When
 * the turn's files are full, the text comes back unchanged.
 */
export function offloadIfLarge(stepId: string, resultText: string, state: HarnessState): string {
  if (resultText.length <= OFFLOAD_CHARS) return resultText;
  const path = offloadPath(stepId, state.files);
  let content = resultText;
  try {
    content = JSON.stringify(JSON.parse(resultText), null, 2);
  } catch {
    // Not JSON: stored as it came.
  }
  try {
    state.files.write(path, content);
  } catch (err) {
    if (err instanceof ToolInputError) return resultText;
    throw err;
  }
  return JSON.stringify({
    offloaded: path,
    chars: content.length,
    preview: resultText.slice(0, OFFLOAD_PREVIEW_CHARS),
    hint: 'read_file or eval it',
  });
}

/**
 * A file path for a step id: providers' call ids carry upper-case letters (`call_AbC1`) and sub-agent steps dots
 * (`call_1.call_2`); paths are lower-case, so the id is folded, and a suffix keeps two ids that fold alike apart.
 */
function offloadPath(stepId: string, files: VirtualFs): string {
  const name =
    stepId
      .toLowerCase()
      .replace(/[^a-z0-9_.-]+/g, '_')
      .replace(/^\.+/, '')
      .slice(0, 100) || 'step';
  let path = `${TOOL_RESULTS_DIR}/${name}.json`;
  for (let n = 2; files.has(path); n++) path = `${TOOL_RESULTS_DIR}/${name}-${n}.json`;
  return path;
}
