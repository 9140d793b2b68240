import { countTokens as countO200k } from 'gpt-tokenizer/encoding/o200k_base';
import type { ModelMessage, ModelTool } from '../../ports/model-provider';

/** Per-message framing the chat format adds around each message (role markers). */
const MESSAGE_OVERHEAD = 3;

/**
 * Tokens of a text under o200k_base, the encoding of current OpenAI models. Used to split usage between the
 * caller's input and platform overhead, and as the whole count for the offline engine; an upstream model
 * with another tokenizer makes it an estimate.
 */
export function countTokens(text: string): number {
  return text === '' ? 0 : countO200k(text);
}

export function countMessageTokens(messages: readonly ModelMessage[]): number {
  let total = 0;
  for (const m of messages) {
    total += MESSAGE_OVERHEAD;
    if (m.content) total += countTokens(m.content);
    if (m.role === 'assistant') for (const call of m.toolCalls ?? []) total += countTokens(call.name + call.arguments);
  }
  return total;
}

export function countToolTokens(tools: readonly ModelTool[]): number {
  return tools.reduce((n, t) => n + countTokens(JSON.stringify(t)), 0);
}
