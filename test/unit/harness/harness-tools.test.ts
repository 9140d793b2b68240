import { describe, expect, it } from 'vitest';
import {
  evalTool,
  HARNESS_TOOLS,
  harnessTool,
  lsTool,
  newHarnessState,
  OFFLOAD_CHARS,
  OFFLOAD_PREVIEW_CHARS,
  offloadIfLarge,
  readFileTool,
  writeFileTool,
  writeTodosTool,
} from '../../../shared/services/agent/harness/harness-tools';
import { ToolInputError } from '../../../shared/services/agent/tools/types';

/** A tool result as the data tools return it: a list of readings, as long as asked. */
function bigResult(records: number): string {
  return JSON.stringify({
    records: Array.from({ length: records }, (_, i) => ({
      id: `rec_${i}`,
      loinc_code: '2345-7',
      display: 'Glucose',
      value: 80 + (i % 40),
      unit: 'mg/dL',
      effective_at: new Date(Date.UTC(2026, 0, 1 + i)).toISOString(),
    })),
  });
}

describe('the harness tools as offered', () => {
  it('are write_todos, ls, read_file, write_file and eval, each with a closed object schema', () => {
    expect(HARNESS_TOOLS.map((t) => t.name)).toEqual(['write_todos', 'ls', 'read_file', 'write_file', 'eval']);
    for (const tool of HARNESS_TOOLS) {
      expect(tool.parameters).toMatchObject({ type: 'object', additionalProperties: false });
      expect(tool.description.length).toBeGreaterThan(40);
      expect(harnessTool(tool.name)).toBe(tool);
    }
    expect(harnessTool('task')).toBeUndefined();
  });

  it('start from an empty state at the given depth', () => {
    expect(newHarnessState()).toMatchObject({ todos: [], depth: 0 });
    expect(newHarnessState(1).depth).toBe(1);
    expect(newHarnessState().files.ls()).toEqual({ files: [] });
  });
});

describe('write_todos', () => {
  it('replaces the list each time', async () => {
    const state = newHarnessState();
    await writeTodosTool.run(
      {
        todos: [
          { content: 'a', status: 'in_progress' },
          { content: 'b', status: 'pending' },
        ],
      },
      state,
    );
    const result = await writeTodosTool.run({ todos: [{ content: 'a', status: 'completed' }] }, state);
    expect(result).toEqual({
      todos: [{ content: 'a', status: 'completed' }],
      counts: { pending: 0, in_progress: 0, completed: 1 },
    });
    expect(state.todos).toEqual([{ content: 'a', status: 'completed' }]);
  });

  it('keeps the last list when the new one is refused', async () => {
    const state = newHarnessState();
    await writeTodosTool.run({ todos: [{ content: 'a', status: 'pending' }] }, state);
    await expect(
      writeTodosTool.run(
        {
          todos: [
            { content: 'a', status: 'in_progress' },
            { content: 'b', status: 'in_progress' },
          ],
        },
        state,
      ),
    ).rejects.toThrow(ToolInputError);
    expect(state.todos).toEqual([{ content: 'a', status: 'pending' }]);
  });
});

describe('ls, read_file, write_file', () => {
  it('write, list and read a file', async () => {
    const state = newHarnessState();
    expect(await writeFileTool.run({ path: 'notes/plan.md', content: 'first\nsecond\n' }, state)).toEqual({
      path: '/notes/plan.md',
      chars: 13,
    });
    expect(await lsTool.run({}, state)).toEqual({ files: [{ path: '/notes/plan.md', chars: 13 }] });
    expect(await lsTool.run({ path: null }, state)).toEqual({ files: [{ path: '/notes/plan.md', chars: 13 }] });
    expect(await readFileTool.run({ path: '/notes/plan.md', offset: 2, limit: null }, state)).toEqual({
      path: '/notes/plan.md',
      lines: '   2\tsecond',
      total_lines: 2,
      truncated: false,
    });
  });

  it.each([
    [writeFileTool, { path: '/a' }, /content is required/],
    [writeFileTool, { path: '/../a', content: 'x' }, /may not contain \.\./],
    [readFileTool, { path: 5 }, /path must be a string/],
    [readFileTool, { path: '/a', offset: 1.5 }, /offset must be an integer/],
    [readFileTool, { path: '/a', limit: 0 }, /limit/],
    [
      readFileTool,
      { path: '/tool_results/call_1.json' },
      /files last for the turn that wrote them; call the tool again/,
    ],
    [lsTool, { path: '/A' }, /lower-case/],
    [evalTool, {}, /code is required/],
    [evalTool, { code: '1', input: [1, 2] }, /input must be a JSON object/],
    [evalTool, { code: 'x'.repeat(20_001) }, /the most is 20000/],
  ])('refuse bad arguments to %#', async (tool, args, message) => {
    const state = newHarnessState();
    await expect(tool.run(args, state)).rejects.toThrow(ToolInputError);
    await expect(tool.run(args, state)).rejects.toThrow(message);
  });
});

describe('eval', () => {
  it('computes over input and the turn files, read-only', async () => {
    const state = newHarnessState();
    state.files.write('/tool_results/call_1.json', bigResult(30));
    const result = await evalTool.run(
      {
        code: "const { records } = JSON.parse(files['/tool_results/call_1.json']); files['/x'] = 1; console.log(records.length); ({ n: records.length, scale: input.scale, mean: records.reduce((a, r) => a + r.value, 0) / records.length })",
        input: { scale: 2 },
      },
      state,
    );
    expect(result).toMatchObject({ result: { n: 30, scale: 2, mean: 94.5 }, logs: ['30'] });
    expect(state.files.ls().files.map((f) => f.path)).toEqual(['/tool_results/call_1.json']);
  });

  it('returns a failure as an error the model reads', async () => {
    const result = await evalTool.run({ code: 'nope()' }, newHarnessState());
    expect(result).toMatchObject({ error: "ReferenceError: 'nope' is not defined" });
  });
});

describe('offloadIfLarge', () => {
  it('leaves a result of up to 4,000 characters as it is', () => {
    const state = newHarnessState();
    const text = JSON.stringify({ text: 'x'.repeat(OFFLOAD_CHARS - 11) });
    expect(text).toHaveLength(OFFLOAD_CHARS);
    expect(offloadIfLarge('call_1', text, state)).toBe(text);
    expect(state.files.ls().files).toEqual([]);
  });

  it('writes a longer result to /tool_results/<step id>.json and returns a stub with a preview', async () => {
    const state = newHarnessState();
    const text = bigResult(120);
    expect(text.length).toBeGreaterThan(OFFLOAD_CHARS);
    const stub = JSON.parse(offloadIfLarge('call_3', text, state));
    const file = state.files.snapshot()['/tool_results/call_3.json']!;
    expect(stub).toEqual({
      offloaded: '/tool_results/call_3.json',
      chars: file.length,
      preview: text.slice(0, OFFLOAD_PREVIEW_CHARS),
      hint: 'read_file or eval it',
    });
    // Indented, so read_file pages it by lines; the same data.
    expect(JSON.parse(file)).toEqual(JSON.parse(text));
    const page = (await readFileTool.run({ path: '/tool_results/call_3.json', limit: 10 }, state)) as {
      lines: string;
      truncated: boolean;
    };
    expect(page.lines.split('\n')[1]).toBe('   2\t  "records": [');
    expect(page.truncated).toBe(true);
    // And eval reaches the whole of it.
    expect(
      await evalTool.run(
        { code: "JSON.parse(files['/tool_results/call_3.json']).records.filter((r) => r.value > 110).length" },
        state,
      ),
    ).toMatchObject({ result: 27 });
  });

  it("folds providers' step ids into paths, keeping ids that fold alike apart", () => {
    const state = newHarnessState();
    const text = bigResult(60);
    expect(JSON.parse(offloadIfLarge('call_AbC1', text, state)).offloaded).toBe('/tool_results/call_abc1.json');
    expect(JSON.parse(offloadIfLarge('call_aBc1', text, state)).offloaded).toBe('/tool_results/call_abc1-2.json');
    expect(JSON.parse(offloadIfLarge('call_1.call_2', text, state)).offloaded).toBe('/tool_results/call_1.call_2.json');
    expect(JSON.parse(offloadIfLarge('../x y', text, state)).offloaded).toBe('/tool_results/_x_y.json');
  });

  it('stores text that is not JSON as it came', () => {
    const state = newHarnessState();
    const text = 'plain '.repeat(1000);
    const stub = JSON.parse(offloadIfLarge('call_1', text, state));
    expect(stub.chars).toBe(text.length);
    expect(state.files.snapshot()['/tool_results/call_1.json']).toBe(text);
  });

  it('returns the text unchanged when the turn has no room for another file', () => {
    const state = newHarnessState();
    for (let i = 0; i < 64; i++) state.files.write(`/f${i}`, '');
    const text = bigResult(60);
    expect(offloadIfLarge('call_1', text, state)).toBe(text);
  });
});
