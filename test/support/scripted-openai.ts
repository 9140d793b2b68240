import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

export interface ScriptedToolCall {
  name: string;
  /** JSON text, streamed in several fragments. */
  arguments: string;
  /** Defaults to `call_<request>_<position>`. */
  id?: string;
}

export interface ScriptedUsage {
  prompt_tokens?: number;
  completion_tokens?: number;
  total_tokens?: number;
  completion_tokens_details?: { reasoning_tokens?: number };
  prompt_tokens_details?: { cached_tokens?: number };
}

/**
 * One upstream answer. A request with `stream:true` is answered as server-sent `chat.completion.chunk`
 * frames, any other as one `chat.completion` JSON body; `status` ≥ 400 or `body` answer JSON either way.
 */
export interface ScriptedReply {
  status?: number;
  /** Chat completion message content (JSON string for structured outputs); streamed in several deltas. */
  content?: string;
  /** A raw JSON body instead of a generated chat.completion; with `status` ≥ 400 the error envelope. */
  body?: unknown;
  /** Extra response headers (e.g. `retry-after-ms` to keep the SDK's backoff short). */
  headers?: Record<string, string>;
  /** Thinking text, streamed as `reasoning_content` deltas before the content. */
  reasoning?: string;
  /** Tool calls, streamed the standard way; several are parallel calls with indexes 0..n-1. */
  toolCalls?: ScriptedToolCall[];
  /** Overrides the generated finish reason (`tool_calls` when there are tool calls, else `stop`). */
  finishReason?: string;
  /**
   * Raw chunks instead of the generated stream, for quirk tests: an object is one frame (the chunk envelope
   * `id`/`object`/`created`/`model` is filled in when it has no `object`), a string is sent verbatim after
   * `data: `. `data: [DONE]` follows unless `omitDone`.
   */
  chunks?: (Record<string, unknown> | string)[];
  omitDone?: boolean;
  /** After the content, send `data: {"error":{...}}` and end the stream (no finish, no `[DONE]`). */
  failMidStream?: { message: string; type?: string; code?: string | null };
  /** Replaces the default usage (`null`: no usage at all, not even with `include_usage`). */
  usage?: ScriptedUsage | null;
  /** Wait before every frame (streams) or before the body (JSON answers); headers go out at once. */
  delayMs?: number;
}

export interface ScriptedRequest {
  path: string;
  body: any;
}

export interface ScriptedOpenAI {
  url: string;
  /** Every request received, in order, with its parsed JSON body. */
  requests: ScriptedRequest[];
  script(...replies: ScriptedReply[]): void;
  stop(): Promise<void>;
}

const DEFAULT_USAGE: ScriptedUsage = { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 };

/**
 * A real HTTP server speaking the chat-completions protocol, playing the upstream model from a script
 * of replies. Every request it received is kept for assertions; an unscripted request gets a 500.
 */
export interface ScriptedOpenAIOptions {
  /**
   * Answers `POST /embeddings` with this vector per input, the protocol's way (`object: "list"`, one
   * `{object: "embedding", index, embedding}` per input, usage). A scripted reply queued before the request still
   * wins, so a test can make one embeddings call fail or stall (`status`, `delayMs`).
   */
  embed?: (input: string) => number[];
}

export async function startScriptedOpenAI(options: ScriptedOpenAIOptions = {}): Promise<ScriptedOpenAI> {
  const queue: ScriptedReply[] = [];
  const requests: ScriptedRequest[] = [];
  const server: Server = createServer(async (req: IncomingMessage, res) => {
    const received: Buffer[] = [];
    for await (const c of req) received.push(c as Buffer);
    const body = received.length ? JSON.parse(Buffer.concat(received).toString('utf8')) : undefined;
    requests.push({ path: req.url ?? '', body });
    if ((req.url ?? '').endsWith('/embeddings')) {
      // Without `embed`, a chat-only upstream: the embeddings call fails and no scripted chat reply is spent on it.
      if (options.embed) await answerEmbeddings(res, body, queue.shift(), options.embed);
      else {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify(errorEnvelope(404)));
      }
      return;
    }
    const reply = queue.shift() ?? {
      status: 500,
      body: { error: { message: 'no scripted reply', type: 'server_error', param: null, code: null } },
    };
    const id = `chatcmpl-${requests.length}`;
    const failed = (reply.status ?? 200) >= 400;
    if (failed || reply.body !== undefined || body?.stream !== true) {
      if (reply.delayMs) await sleep(reply.delayMs);
      const payload = reply.body ?? (failed ? errorEnvelope(reply.status!) : completion(id, body, reply));
      res.writeHead(reply.status ?? 200, { 'content-type': 'application/json', ...reply.headers });
      res.end(JSON.stringify(payload));
      return;
    }
    await streamReply(res, id, requests.length, body, reply);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    script: (...replies) => queue.push(...replies),
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

async function answerEmbeddings(
  res: ServerResponse,
  request: any,
  reply: ScriptedReply | undefined,
  embed: (input: string) => number[],
) {
  if (reply?.delayMs) await sleep(reply.delayMs);
  if (res.destroyed) return;
  const status = reply?.status ?? 200;
  if (status >= 400 || reply?.body !== undefined) {
    res.writeHead(status, { 'content-type': 'application/json', ...reply?.headers });
    res.end(JSON.stringify(reply?.body ?? errorEnvelope(status)));
    return;
  }
  const inputs: string[] = typeof request?.input === 'string' ? [request.input] : (request?.input ?? []);
  const tokens = inputs.reduce((n, text) => n + text.split(/\s+/).length, 0);
  res.writeHead(200, { 'content-type': 'application/json', ...reply?.headers });
  res.end(
    JSON.stringify({
      object: 'list',
      data: inputs.map((text, index) => ({ object: 'embedding', index, embedding: embed(text) })),
      model: request?.model ?? 'scripted',
      usage: { prompt_tokens: tokens, total_tokens: tokens },
    }),
  );
}

function errorEnvelope(status: number) {
  return {
    error: {
      message: `scripted ${status}`,
      type: status === 429 ? 'rate_limit_exceeded' : status >= 500 ? 'server_error' : 'invalid_request_error',
      param: null,
      code: null,
    },
  };
}

function completion(id: string, request: any, reply: ScriptedReply) {
  const toolCalls = reply.toolCalls?.map((c, i) => ({
    id: c.id ?? `call_${id}_${i}`,
    type: 'function',
    function: { name: c.name, arguments: c.arguments },
  }));
  return {
    id,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: request?.model ?? 'scripted',
    choices: [
      {
        index: 0,
        finish_reason: reply.finishReason ?? (toolCalls?.length ? 'tool_calls' : 'stop'),
        message: {
          role: 'assistant',
          content: toolCalls?.length && reply.content === undefined ? null : (reply.content ?? ''),
          ...(reply.reasoning ? { reasoning_content: reply.reasoning } : {}),
          ...(toolCalls?.length ? { tool_calls: toolCalls } : {}),
        },
      },
    ],
    ...(reply.usage === null ? {} : { usage: reply.usage ?? DEFAULT_USAGE }),
  };
}

/** The frames a real upstream sends: role, reasoning, content, tool calls, finish, usage, `[DONE]`. */
async function streamReply(res: ServerResponse, id: string, requestNo: number, request: any, reply: ScriptedReply) {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', ...reply.headers });
  res.flushHeaders();
  const includeUsage = request?.stream_options?.include_usage === true;
  const envelope = {
    id,
    object: 'chat.completion.chunk',
    created: Math.floor(Date.now() / 1000),
    model: request?.model ?? 'scripted',
    system_fingerprint: 'fp_scripted',
  };
  const choice = (delta: Record<string, unknown>, finishReason: string | null = null) => ({
    ...envelope,
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
    ...(includeUsage ? { usage: null } : {}),
  });

  const frames: string[] = [];
  if (reply.chunks) {
    for (const c of reply.chunks)
      frames.push(typeof c === 'string' ? c : JSON.stringify(c.object ? c : { ...envelope, ...c }));
  } else {
    frames.push(JSON.stringify(choice({ role: 'assistant', content: '', refusal: null })));
    for (const piece of pieces(reply.reasoning)) frames.push(JSON.stringify(choice({ reasoning_content: piece })));
    for (const piece of pieces(reply.content)) frames.push(JSON.stringify(choice({ content: piece })));
    if (reply.failMidStream) {
      const { message, type = 'server_error', code = null } = reply.failMidStream;
      frames.push(JSON.stringify({ error: { message, type, param: null, code } }));
    } else {
      reply.toolCalls?.forEach((call, index) => {
        const first = { index, id: call.id ?? `call_${requestNo}_${index}`, type: 'function' };
        frames.push(
          JSON.stringify(choice({ tool_calls: [{ ...first, function: { name: call.name, arguments: '' } }] })),
        );
        for (const piece of pieces(call.arguments)) {
          frames.push(JSON.stringify(choice({ tool_calls: [{ index, function: { arguments: piece } }] })));
        }
      });
      const finish = reply.finishReason ?? (reply.toolCalls?.length ? 'tool_calls' : 'stop');
      frames.push(JSON.stringify(choice({}, finish)));
      if (includeUsage && reply.usage !== null) {
        frames.push(JSON.stringify({ ...envelope, choices: [], usage: reply.usage ?? DEFAULT_USAGE }));
      }
    }
  }
  if (!reply.failMidStream && !reply.omitDone) frames.push('[DONE]');

  for (const frame of frames) {
    if (reply.delayMs) await sleep(reply.delayMs);
    if (res.destroyed) return;
    res.write(`data: ${frame}\n\n`);
  }
  res.end();
}

/** Splits text into about three deltas, never inside a code point. */
function pieces(text: string | undefined): string[] {
  if (!text) return [];
  const chars = Array.from(text);
  const size = Math.max(1, Math.ceil(chars.length / 3));
  const out: string[] = [];
  for (let i = 0; i < chars.length; i += size) out.push(chars.slice(i, i + size).join(''));
  return out;
}
