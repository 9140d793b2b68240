import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ScriptedReply {
  status?: number;
  /** Chat completion message content (JSON string for structured outputs). */
  content?: string;
  /** A raw body instead of a generated chat.completion. */
  body?: unknown;
}

/**
 * A real HTTP server speaking the chat-completions protocol, playing the upstream model from a script
 * of replies. Every request it received is kept for assertions.
 */
export async function startScriptedOpenAI(): Promise<{
  url: string;
  requests: { path: string; body: any }[];
  script(...replies: ScriptedReply[]): void;
  stop(): Promise<void>;
}> {
  const queue: ScriptedReply[] = [];
  const requests: { path: string; body: any }[] = [];
  const server: Server = createServer(async (req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : undefined;
    requests.push({ path: req.url ?? '', body });
    const reply = queue.shift() ?? {
      status: 500,
      body: { error: { message: 'no scripted reply', type: 'server_error' } },
    };
    const payload =
      reply.body ??
      ({
        id: `chatcmpl-${requests.length}`,
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: body?.model ?? 'scripted',
        choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: reply.content ?? '' } }],
        usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
      } as const);
    res.writeHead(reply.status ?? 200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(payload));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    script: (...replies) => queue.push(...replies),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
