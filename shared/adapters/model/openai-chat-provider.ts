import { randomBytes } from 'node:crypto';
import type OpenAI from 'openai';
import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import type {
  ChatCompletionChunk,
  ChatCompletionCreateParamsStreaming,
  ChatCompletionMessageParam,
  ChatCompletionTool,
  ChatCompletionToolChoiceOption,
} from 'openai/resources/chat/completions';
import type { CompletionUsage } from 'openai/resources/completions';
import type { ModelConfig } from '../../config/config';
import {
  type ModelCall,
  type ModelEvent,
  type ModelMessage,
  type ModelProvider,
  ModelProviderError,
  type ModelResponseFormat,
  type ModelTool,
  type ModelToolCall,
  type ModelUsage,
} from '../../ports/model-provider';

type FinishEvent = Extract<ModelEvent, { type: 'finish' }>;
type ToolCallDelta = ChatCompletionChunk.Choice.Delta.ToolCall;

/** Fields that OpenAI-compatible servers add to the delta: DeepSeek/vLLM `reasoning_content`, OpenRouter `reasoning`. */
type UpstreamDelta = ChatCompletionChunk.Choice.Delta & {
  reasoning_content?: string | null;
  reasoning?: string | null;
};

/** DeepSeek reports cache hits beside the standard usage fields. */
type UpstreamUsage = CompletionUsage & { prompt_cache_hit_tokens?: number };

/**
 * The agent's model on any OpenAI-compatible chat-completions endpoint, always streamed with usage.
 *
 * - Retries: the SDK client retries 429/408/409/5xx and connection failures (`maxRetries`, exponential backoff,
 *   `retry-after(-ms)` honoured) before the stream starts; nothing is retried once an event was yielded.
 * - Timeouts: the client's `timeout` covers the wait for response headers (and is retried); after that, a gap of
 *   more than `timeoutMs` between two chunks ends the call, so long generations are not cut while they flow.
 * - Failures reject with `ModelProviderError` (upstream status when there was one). An abort by `call.signal`
 *   rejects with the signal's reason, as `signal.throwIfAborted()` does: a `DOMException` named `AbortError`
 *   unless the caller aborted with a reason of its own.
 * - `maxTokens` is sent as `max_completion_tokens` to api.openai.com (whose reasoning models refuse `max_tokens`)
 *   and as `max_tokens` elsewhere (the field every compatible server knows); a 400 that asks for the other name
 *   is retried once with it.
 * - A `json_schema` response format that the upstream refuses with a 400/422 naming it is retried once as
 *   `json_object` with the schema in a system message; `finish.nativeSchema` says which path answered.
 */
export class OpenAIChatProvider implements ModelProvider {
  readonly kind = 'upstream' as const;

  constructor(
    private readonly client: OpenAI,
    private readonly cfg: Pick<ModelConfig, 'flash' | 'expert' | 'timeoutMs' | 'baseUrl'>,
  ) {}

  async *stream(call: ModelCall): AsyncGenerator<ModelEvent> {
    const model = call.tier === 'hds-expert' ? this.cfg.expert : this.cfg.flash;
    const { signal } = call;
    signal?.throwIfAborted();
    // One controller for the request: the caller's abort and our inactivity limit both end it.
    const request = new AbortController();
    const forwardAbort = () => request.abort(signal?.reason);
    signal?.addEventListener('abort', forwardAbort, { once: true });
    let idle: NodeJS.Timeout | undefined;
    let stalled = false;
    const watch = () => {
      idle = setTimeout(() => {
        stalled = true;
        request.abort();
      }, this.cfg.timeoutMs);
    };
    try {
      const { stream, nativeSchema } = await this.open(model, call, request.signal);
      const assembler = new StreamAssembler(model);
      watch();
      // The SDK's stream ends quietly when its request is aborted: whoever aborted is checked after the loop.
      for await (const chunk of stream) {
        clearTimeout(idle);
        yield* assembler.push(chunk);
        watch();
      }
      clearTimeout(idle);
      signal?.throwIfAborted();
      if (stalled) throw this.stalledError(model);
      yield assembler.finish(nativeSchema);
    } catch (err) {
      signal?.throwIfAborted();
      if (stalled) throw this.stalledError(model);
      throw this.failure(err, model);
    } finally {
      clearTimeout(idle);
      signal?.removeEventListener('abort', forwardAbort);
    }
  }

  /** Starts the stream, falling back once per refused feature (schema, token-limit field name). */
  private async open(
    model: string,
    call: ModelCall,
    signal: AbortSignal,
  ): Promise<{ stream: AsyncIterable<ChatCompletionChunk>; nativeSchema: boolean | undefined }> {
    let body = this.request(model, call);
    let nativeSchema = call.responseFormat?.type === 'json_schema' ? true : undefined;
    let swappedTokenField = false;
    while (true) {
      try {
        return { stream: await this.client.chat.completions.create(body, { signal }), nativeSchema };
      } catch (err) {
        if (!refused(err)) throw err;
        if (
          nativeSchema &&
          call.responseFormat?.type === 'json_schema' &&
          mentions(err, /response_format|json_schema/i)
        ) {
          body = withSchemaInPrompt(body, call.responseFormat);
          nativeSchema = false;
        } else if (!swappedTokenField && tokenFieldRefused(body, err)) {
          body = withOtherTokenField(body);
          swappedTokenField = true;
        } else {
          throw err;
        }
      }
    }
  }

  private request(model: string, call: ModelCall): ChatCompletionCreateParamsStreaming {
    const body: ChatCompletionCreateParamsStreaming = {
      model,
      messages: call.messages.map(toChatMessage),
      stream: true,
      stream_options: { include_usage: true },
    };
    // `tool_choice` without `tools` is a 400 on OpenAI, so both go or neither.
    if (call.tools.length) {
      body.tools = call.tools.map(toChatTool);
      if (call.toolChoice) body.tool_choice = toChatToolChoice(call.toolChoice);
    }
    if (call.responseFormat?.type === 'json_object') body.response_format = { type: 'json_object' };
    if (call.responseFormat?.type === 'json_schema') {
      const { name, schema, strict } = call.responseFormat;
      body.response_format = { type: 'json_schema', json_schema: { name, schema, strict } };
    }
    if (call.maxTokens !== undefined) {
      if (officialOpenAI(this.cfg.baseUrl)) body.max_completion_tokens = call.maxTokens;
      else body.max_tokens = call.maxTokens;
    }
    return body;
  }

  /**
   * Failures name no upstream model: a partner's client shows these messages to its users, and which provider model
   * backs a tier is HDS's business (`upstreamModel` carries it to the logs).
   */
  private stalledError(model: string): ModelProviderError {
    return new ModelProviderError(
      `The upstream model sent nothing for ${this.cfg.timeoutMs} ms; gave up.`,
      undefined,
      model,
    );
  }

  private failure(err: unknown, model: string): ModelProviderError {
    if (err instanceof ModelProviderError) return err;
    const detail = withoutModel(redact(err instanceof Error ? err.message : String(err), this.client.apiKey), model);
    const fail = (message: string, status?: number) => new ModelProviderError(message, status, model);
    if (err instanceof APIConnectionTimeoutError) return fail('The upstream model timed out after retries.');
    if (err instanceof APIUserAbortError) return fail('The upstream request was aborted.');
    if (err instanceof APIConnectionError) return fail(`The upstream model is unreachable after retries: ${detail}`);
    if (err instanceof APIError) {
      return err.status === undefined
        ? fail(`The upstream model failed mid-stream: ${detail}`)
        : fail(`The upstream model answered ${detail}`, err.status);
    }
    if (err instanceof SyntaxError) return fail(`The upstream model sent malformed stream data: ${detail}`);
    return fail(`The upstream model failed: ${detail}`);
  }
}

class StreamAssembler {
  private readonly calls: { id: string; minted: boolean; name: string; arguments: string; started: boolean }[] = [];
  /** Upstream tool-call index → the call (position in `calls`) it currently continues. */
  private readonly slots = new Map<number, number>();
  private reason: string | null | undefined;
  private usage: ModelUsage = { inputTokens: 0, outputTokens: 0, reasoningTokens: 0, cachedTokens: 0 };
  private chunks = 0;

  constructor(private readonly model: string) {}

  *push(chunk: ChatCompletionChunk): Generator<ModelEvent> {
    this.chunks += 1;
    if (chunk.usage) this.usage = toUsage(chunk.usage);
    const choice = Array.isArray(chunk.choices) ? chunk.choices.find((c) => (c.index ?? 0) === 0) : undefined;
    if (!choice) return;
    const delta = (choice.delta ?? {}) as UpstreamDelta;
    // vLLM sends both names with the same text while it migrates; never yield the thought twice.
    const reasoning = delta.reasoning_content || delta.reasoning;
    if (typeof reasoning === 'string' && reasoning) yield { type: 'reasoning', delta: reasoning };
    if (typeof delta.content === 'string' && delta.content) yield { type: 'text', delta: delta.content };
    if (Array.isArray(delta.tool_calls)) {
      for (const [position, toolCall] of delta.tool_calls.entries()) yield* this.toolCall(toolCall, position);
    }
    if (choice.finish_reason) this.reason = choice.finish_reason;
  }

  private *toolCall(delta: ToolCallDelta, position: number): Generator<ModelEvent> {
    const slot = typeof delta.index === 'number' ? delta.index : position;
    let at = this.slots.get(slot);
    const current = at === undefined ? undefined : this.calls[at];
    if (!current || (delta.id && delta.id !== current.id && !current.minted)) {
      at = this.calls.push({
        id: delta.id || mintCallId(),
        minted: !delta.id,
        name: '',
        arguments: '',
        started: false,
      });
      at -= 1;
      this.slots.set(slot, at);
    } else if (delta.id && current.minted && !current.started) {
      current.id = delta.id;
      current.minted = false;
    }
    const call = this.calls[at!]!;
    const index = at!;
    if (!call.started && delta.function?.name) call.name = delta.function.name;
    const raw: unknown = delta.function?.arguments;
    const fragment = typeof raw === 'string' ? raw : raw == null ? '' : JSON.stringify(raw);
    call.arguments += fragment;
    if (!call.started && call.name) {
      call.started = true;
      yield { type: 'tool_call_start', index, id: call.id, name: call.name };
      if (call.arguments) yield { type: 'tool_call_arguments', index, delta: call.arguments };
    } else if (call.started && fragment) {
      yield { type: 'tool_call_arguments', index, delta: fragment };
    }
  }

  finish(nativeSchema: boolean | undefined): FinishEvent {
    if (this.chunks === 0) {
      throw new ModelProviderError(
        'The upstream model ended the stream without a single chunk.',
        undefined,
        this.model,
      );
    }
    if (this.calls.some((c) => !c.started)) {
      throw new ModelProviderError(
        'The upstream model sent a tool call without a function name.',
        undefined,
        this.model,
      );
    }
    const toolCalls: ModelToolCall[] = this.calls.map((c) => ({
      id: c.id,
      name: c.name,
      arguments: c.arguments.trim() ? c.arguments : '{}',
    }));
    return {
      type: 'finish',
      reason: finishReason(this.reason, toolCalls.length > 0),
      toolCalls,
      usage: this.usage,
      ...(nativeSchema === undefined ? {} : { nativeSchema }),
    };
  }
}

/**
 * `length` and `content_filter` are kept; otherwise the reason follows what happened, because compatible servers
 * send `stop` after tool calls, `tool_calls` after none, their own words (`eos`), or nothing at all.
 */
function finishReason(raw: string | null | undefined, madeCalls: boolean): FinishEvent['reason'] {
  if (raw === 'length' || raw === 'content_filter') return raw;
  return madeCalls ? 'tool_calls' : 'stop';
}

function toUsage(usage: UpstreamUsage): ModelUsage {
  return {
    inputTokens: usage.prompt_tokens ?? 0,
    outputTokens: usage.completion_tokens ?? 0,
    reasoningTokens: usage.completion_tokens_details?.reasoning_tokens ?? 0,
    cachedTokens: usage.prompt_tokens_details?.cached_tokens ?? usage.prompt_cache_hit_tokens ?? 0,
  };
}

function toChatMessage(message: ModelMessage): ChatCompletionMessageParam {
  switch (message.role) {
    case 'tool':
      return { role: 'tool', tool_call_id: message.toolCallId, content: message.content };
    case 'assistant':
      return message.toolCalls?.length
        ? {
            role: 'assistant',
            content: message.content,
            tool_calls: message.toolCalls.map((c) => ({
              id: c.id,
              type: 'function',
              function: { name: c.name, arguments: c.arguments },
            })),
          }
        : { role: 'assistant', content: message.content ?? '' };
    default:
      return { role: message.role, content: message.content };
  }
}

function toChatTool(tool: ModelTool): ChatCompletionTool {
  return {
    type: 'function',
    function: { name: tool.name, description: tool.description, parameters: tool.parameters },
  };
}

function toChatToolChoice(choice: NonNullable<ModelCall['toolChoice']>): ChatCompletionToolChoiceOption {
  return typeof choice === 'string' ? choice : { type: 'function', function: { name: choice.name } };
}

/** The `json_object` request that stands in for a refused schema: the schema travels as an instruction. */
function withSchemaInPrompt(
  body: ChatCompletionCreateParamsStreaming,
  format: Extract<ModelResponseFormat, { type: 'json_schema' }>,
): ChatCompletionCreateParamsStreaming {
  const instruction: ChatCompletionMessageParam = {
    role: 'system',
    content:
      `Answer with one JSON object and nothing else. It must validate against this JSON Schema ` +
      `("${format.name}"):\n${JSON.stringify(format.schema)}`,
  };
  // After the leading system messages: several chat templates accept system messages only at the start.
  const firstOther = body.messages.findIndex((m) => m.role !== 'system' && m.role !== 'developer');
  const at = firstOther === -1 ? body.messages.length : firstOther;
  return {
    ...body,
    messages: [...body.messages.slice(0, at), instruction, ...body.messages.slice(at)],
    response_format: { type: 'json_object' },
  };
}

function withOtherTokenField(body: ChatCompletionCreateParamsStreaming): ChatCompletionCreateParamsStreaming {
  const { max_tokens, max_completion_tokens, ...rest } = body;
  return max_tokens != null
    ? { ...rest, max_completion_tokens: max_tokens }
    : { ...rest, max_tokens: max_completion_tokens };
}

/** OpenAI answers "Unsupported parameter: 'max_tokens' … Use 'max_completion_tokens' instead."; strict servers name the field they reject. */
function tokenFieldRefused(body: ChatCompletionCreateParamsStreaming, err: APIError): boolean {
  if (body.max_tokens != null) return mentions(err, /max_completion_tokens/);
  return body.max_completion_tokens != null && mentions(err, /max_completion_tokens/);
}

/** The upstream refused the request as such (400, or 422 from servers with strict validation): not retryable. */
function refused(err: unknown): err is APIError {
  return err instanceof APIError && (err.status === 400 || err.status === 422);
}

function mentions(err: APIError, pattern: RegExp): boolean {
  return pattern.test(`${err.message} ${err.param ?? ''} ${safeStringify(err.error)}`);
}

function safeStringify(value: unknown): string {
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    return '';
  }
}

function officialOpenAI(baseUrl: string | undefined): boolean {
  if (!baseUrl) return true;
  try {
    return new URL(baseUrl).hostname === 'api.openai.com';
  } catch {
    return false;
  }
}

function mintCallId(): string {
  return `call_${randomBytes(12).toString('hex')}`;
}

/** Upstream messages may echo the key (OpenAI's 401 shows a masked one) or input: keep neither, keep it short. */
/** An upstream's own message with the provider's model id (and any `model "…"` it quotes) taken out. */
function withoutModel(message: string, model: string): string {
  return message
    .split(model)
    .join('the configured model')
    .replace(/\bmodel[\s:=]+[`'"][^`'"]{1,80}[`'"]/gi, 'model');
}

function redact(message: string, apiKey: string | null | undefined): string {
  let out = apiKey && apiKey.length >= 8 ? message.split(apiKey).join('[redacted]') : message;
  out = out.replace(/\bsk-[\w*.-]{4,}/g, 'sk-[redacted]');
  return out.length > 300 ? `${out.slice(0, 300)}…` : out;
}
