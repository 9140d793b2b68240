import * as z from 'zod/mini';
import { parseArgs } from '../tools/readings';
import { ToolInputError } from '../tools/types';

/**
 * The plan an expert turn keeps with `write_todos` (docs/design/knowledge-tools.md §5.2): the whole list each time,
 * replacing the last, so the model restates its plan rather than patching it.
 */

export const TODO_STATUSES = ['pending', 'in_progress', 'completed'] as const;
export type TodoStatus = (typeof TODO_STATUSES)[number];

export interface Todo {
  content: string;
  status: TodoStatus;
}

export const MAX_TODOS = 30;
export const MAX_TODO_CHARS = 300;

export interface TodosResult {
  todos: Todo[];
  counts: Record<TodoStatus, number>;
}

const todosArgsSchema = z.object({
  todos: z.array(
    z.object({
      content: z.string().check(z.trim(), z.minLength(1), z.maxLength(MAX_TODO_CHARS)),
      status: z.enum(TODO_STATUSES, { error: `must be one of ${TODO_STATUSES.join(', ')}` }),
    }),
  ),
});

/** Checks the model's `write_todos` arguments and returns the list that replaces the turn's last one. */
export function parseTodos(args: unknown): Todo[] {
  const { todos } = parseArgs(todosArgsSchema, args);
  if (todos.length > MAX_TODOS) throw new ToolInputError(`todos holds ${todos.length} items; the most is ${MAX_TODOS}`);
  const inProgress = todos.filter((t) => t.status === 'in_progress').length;
  if (inProgress > 1)
    throw new ToolInputError(
      `${inProgress} todos are in_progress; at most one may be (finish one, then start the next)`,
    );
  return todos.map((t) => ({ content: t.content, status: t.status }));
}

/** The list as the tool answers it, with how many items are in each status. */
export function todosResult(todos: readonly Todo[]): TodosResult {
  const counts: Record<TodoStatus, number> = { pending: 0, in_progress: 0, completed: 0 };
  for (const t of todos) counts[t.status]++;
  return { todos: todos.map((t) => ({ ...t })), counts };
}
