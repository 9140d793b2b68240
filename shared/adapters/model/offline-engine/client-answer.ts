import type { ClientResult } from './conversation';
import type { Messages } from './messages/types';

/** Characters of one tool output relayed before the rest is cut. */
const MAX_OUTPUT_CHARS = 2_000;

/**
 * The answer after the caller's own tools ran: what each returned, relayed as it came (a JSON object as its fields,
 * a list as its items, text quoted). The engine does not interpret an output it knows nothing about.
 */
export function clientAnswer(results: readonly ClientResult[], m: Messages): string {
  const parts = results.map((r) => {
    if (r.output === null || r.output.trim() === '') return m.ownToolReturnedNothing(r.name);
    return [m.ownToolReturned(r.name), ...render(r.output)].join('\n');
  });
  return parts.join('\n\n');
}

function render(output: string): string[] {
  const text = output.length > MAX_OUTPUT_CHARS ? `${output.slice(0, MAX_OUTPUT_CHARS)}…` : output;
  let value: unknown;
  try {
    value = JSON.parse(output);
  } catch {
    return quote(text);
  }
  if (Array.isArray(value) && value.length > 0) return value.slice(0, 50).map((v) => `- ${inline(v)}`);
  if (value && typeof value === 'object' && Object.keys(value).length > 0) {
    return Object.entries(value as Record<string, unknown>)
      .slice(0, 50)
      .map(([k, v]) => `- ${k}: ${inline(v)}`);
  }
  return quote(text);
}

function inline(v: unknown): string {
  const text = typeof v === 'string' ? v : JSON.stringify(v);
  return text.length > 300 ? `${text.slice(0, 297)}…` : text;
}

function quote(text: string): string[] {
  return text.split('\n').map((line) => `> ${line}`);
}
