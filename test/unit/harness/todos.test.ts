import { describe, expect, it } from 'vitest';
import { MAX_TODO_CHARS, MAX_TODOS, parseTodos, todosResult } from '../../../shared/services/agent/harness/todos';
import { ToolInputError } from '../../../shared/services/agent/tools/types';

describe('write_todos state', () => {
  it('takes the whole list and counts its statuses', () => {
    const todos = parseTodos({
      todos: [
        { content: ' Read the lipid panel ', status: 'completed' },
        { content: 'Compare with guidelines', status: 'in_progress' },
        { content: 'Write the answer', status: 'pending' },
      ],
    });
    expect(todos[0]!.content).toBe('Read the lipid panel');
    expect(todosResult(todos)).toEqual({
      todos,
      counts: { pending: 1, in_progress: 1, completed: 1 },
    });
    expect(todosResult([])).toEqual({ todos: [], counts: { pending: 0, in_progress: 0, completed: 0 } });
  });

  it('ignores keys other harnesses send (ids, active forms)', () => {
    expect(parseTodos({ todos: [{ id: '1', content: 'a', status: 'pending', activeForm: 'doing a' }] })).toEqual([
      { content: 'a', status: 'pending' },
    ]);
  });

  it('allows at most one step in progress', () => {
    const two = {
      todos: [
        { content: 'a', status: 'in_progress' },
        { content: 'b', status: 'in_progress' },
      ],
    };
    expect(() => parseTodos(two)).toThrow(ToolInputError);
    expect(() => parseTodos(two)).toThrow(/2 todos are in_progress; at most one may be/);
  });

  it.each([
    [
      '31 items',
      { todos: Array.from({ length: MAX_TODOS + 1 }, (_, i) => ({ content: `${i}`, status: 'pending' })) },
      /31 items; the most is 30/,
    ],
    [
      'a long step',
      { todos: [{ content: 'x'.repeat(MAX_TODO_CHARS + 1), status: 'pending' }] },
      /todos\[0\]\.content must be at most 300 characters/,
    ],
    ['a blank step', { todos: [{ content: '  ', status: 'pending' }] }, /todos\[0\]\.content/],
    [
      'an unknown status',
      { todos: [{ content: 'a', status: 'done' }] },
      /todos\[0\]\.status must be one of pending, in_progress, completed/,
    ],
    ['no status', { todos: [{ content: 'a' }] }, /todos\[0\]\.status must be one of/],
    ['a string for the list', { todos: 'a, b' }, /todos must be an array/],
    ['no list', {}, /todos is required/],
  ])('refuses %s', (_case, args, message) => {
    expect(() => parseTodos(args)).toThrow(ToolInputError);
    expect(() => parseTodos(args)).toThrow(message);
  });
});
