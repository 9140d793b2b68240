import { MAX_TOOL_RESULT_CHARS } from '../tools';

/** The parts of a `tools/call` result this module reads (the SDK's type, loosened to what older servers send). */
export interface CallToolResultLike {
  content?: unknown;
  structuredContent?: unknown;
  isError?: boolean;
  /** Protocol 2024-10-07 servers answer `{toolResult}` instead of content. */
  toolResult?: unknown;
}

/**
 * The text the model reads for an MCP tool result: text parts joined by blank lines, other parts named
 * (`[image omitted]`), the structured content as JSON when no part is text, at most `MAX_TOOL_RESULT_CHARS`.
 */
export function toolResultText(result: CallToolResultLike, maxChars = MAX_TOOL_RESULT_CHARS): string {
  const parts = Array.isArray(result.content) ? result.content.map(describePart) : [];
  const hasText = parts.some((p) => p.text);
  let text = parts.map((p) => p.value).join('\n\n');
  if (!hasText && result.structuredContent !== undefined) text = JSON.stringify(result.structuredContent);
  else if (parts.length === 0 && result.toolResult !== undefined) text = JSON.stringify(result.toolResult);
  if (text === '') text = '(the tool returned no content)';
  return bounded(text, maxChars);
}

function describePart(part: unknown): { value: string; text: boolean } {
  const p = (typeof part === 'object' && part !== null ? part : {}) as Record<string, unknown>;
  switch (p.type) {
    case 'text':
      return { value: typeof p.text === 'string' ? p.text : '', text: true };
    case 'image':
      return { value: '[image omitted]', text: false };
    case 'audio':
      return { value: '[audio omitted]', text: false };
    case 'resource_link':
      return {
        value: `[resource link: ${[p.name, p.uri].filter((s) => typeof s === 'string' && s).join(' ')}]`,
        text: false,
      };
    case 'resource': {
      const resource = (p.resource ?? {}) as Record<string, unknown>;
      if (typeof resource.text === 'string') return { value: resource.text, text: true };
      return { value: `[resource ${String(resource.uri ?? '')} omitted]`, text: false };
    }
    default:
      return { value: `[${String(p.type ?? 'unknown')} content omitted]`, text: false };
  }
}

/** Cut to `maxChars` with a note of how much was dropped; never splits a surrogate pair. */
function bounded(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  const note = (dropped: number) => `\n[truncated: ${dropped} more characters]`;
  let keep = maxChars - note(text.length).length;
  if (/[\uD800-\uDBFF]/.test(text.charAt(keep - 1))) keep -= 1;
  return text.slice(0, keep) + note(text.length - keep);
}
