import type { ModelMessage, ModelTool } from '../../ports/model-provider';

/** Per-message framing the chat format adds around each message (role markers). */
const MESSAGE_OVERHEAD = 3;

let encoder: { countTokens(text: string): number } | undefined;
let loading: Promise<void> | undefined;

/**
 * Loads the o200k_base tokenizer once per process. It is 2.7 MB of code whose set-up takes ~100 ms, so it is
 * loaded when a count is first needed (at the end of a model call) rather than at cold start, where it would delay
 * every first answer. The counting functions below need it loaded.
 */
export function loadTokenizer(): Promise<void> {
  loading ??= import('gpt-tokenizer/encoding/o200k_base').then(
    (m) => {
      encoder = m;
    },
    (err) => {
      loading = undefined;
      throw err;
    },
  );
  return loading;
}

/**
 * Tokens of a text under o200k_base, the encoding of current OpenAI models. Used to split usage between the
 * caller's input and platform overhead, and as the whole count for the offline engine; an upstream model
 * with another tokenizer makes it an estimate.
 */
export function countTokens(text: string): number {
  if (text === '') return 0;
  if (!encoder) throw new Error('the tokenizer is not loaded: await loadTokenizer() first');
  return encoder.countTokens(text);
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
