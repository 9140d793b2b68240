import type { ModelTier } from '../domain/models';

/** A tool call the model asked for: `arguments` is the JSON text exactly as the model wrote it. */
export interface ModelToolCall {
  id: string;
  name: string;
  arguments: string;
}

/** The conversation as the model sees it (chat-completions roles, the widest-supported upstream protocol). */
export type ModelMessage =
  | { role: 'system'; content: string }
  | { role: 'user'; content: string }
  | { role: 'assistant'; content: string | null; toolCalls?: ModelToolCall[] }
  | { role: 'tool'; toolCallId: string; content: string };

/** A function the model may call; `parameters` is a JSON Schema object. */
export interface ModelTool {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

export interface ModelUsage {
  /** Prompt tokens of this call as the provider counted them (everything sent: platform and caller). */
  inputTokens: number;
  outputTokens: number;
  /** Thinking tokens among `outputTokens`. */
  reasoningTokens: number;
  cachedTokens: number;
}

export type ModelResponseFormat =
  | { type: 'text' }
  | { type: 'json_object' }
  | { type: 'json_schema'; name: string; schema: Record<string, unknown>; strict: boolean };

export interface ModelCall {
  tier: ModelTier;
  messages: ModelMessage[];
  tools: ModelTool[];
  toolChoice?: 'auto' | 'none' | 'required' | { name: string };
  responseFormat?: ModelResponseFormat;
  maxTokens?: number;
  /** Aborted when the caller goes away. */
  signal?: AbortSignal;
}

/**
 * What one model call yields, in order: text and reasoning deltas, tool calls as they form (start, then
 * argument fragments, keyed by `index`), then exactly one `finish` carrying the assembled tool calls and usage.
 */
export type ModelEvent =
  | { type: 'reasoning'; delta: string }
  | { type: 'text'; delta: string }
  | { type: 'tool_call_start'; index: number; id: string; name: string }
  | { type: 'tool_call_arguments'; index: number; delta: string }
  | {
      type: 'finish';
      reason: 'stop' | 'tool_calls' | 'length' | 'content_filter';
      toolCalls: ModelToolCall[];
      usage: ModelUsage;
      /**
       * Set only when the call asked for `json_schema`: true when the upstream enforced the schema natively,
       * false when it refused and the provider fell back to `json_object` with the schema in a system message
       * (the caller then validates the text against the schema itself).
       */
      nativeSchema?: boolean;
    };

/**
 * The model behind the agent: an OpenAI-compatible upstream, or the offline rule-based engine. Errors are
 * `ModelProviderError`s; retries on 429/5xx happen inside the provider, before anything was yielded.
 */
export interface ModelProvider {
  /** `upstream` for a language model, `offline` for the deterministic rule-based engine. */
  readonly kind: 'upstream' | 'offline';
  stream(call: ModelCall): AsyncIterable<ModelEvent>;
}

/** The upstream model failed (after retries) or answered something unusable: 502 to the caller. */
export class ModelProviderError extends Error {
  constructor(
    message: string,
    /** Upstream HTTP status, when there was one. */
    readonly status?: number,
    /** The provider's model id: for the logs only, never for a message a client sees. */
    readonly upstreamModel?: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}
