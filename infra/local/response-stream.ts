import type { ServerResponse } from 'node:http';
import { Writable } from 'node:stream';
import type { ResponseStream, StreamPrelude } from '../../shared/http/lambda-streaming';
import { isStreamingHandler } from '../../shared/http/lambda-streaming';
import type { AnyHandler } from './handlers';

/**
 * The local stand-in for Lambda's response stream: the prelude becomes the status line and headers, each
 * write goes to the socket at once (chunked, never buffered), and a client that disconnects destroys the
 * stream, which ends the handler's pipeline as it would on Lambda.
 */
export function httpResponseStream(res: ServerResponse, extraHeaders: Record<string, string>): ResponseStream {
  let prelude: StreamPrelude | undefined;
  const start = () => {
    if (res.headersSent) return;
    const headers: Record<string, string> = { ...extraHeaders };
    for (const [k, v] of Object.entries(prelude?.headers ?? {})) headers[k.toLowerCase()] = String(v);
    res.writeHead(prelude?.statusCode ?? 200, headers);
    res.flushHeaders();
  };
  const stream: ResponseStream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      start();
      if (res.write(chunk)) callback();
      else res.once('drain', () => callback());
    },
    final(callback) {
      start();
      res.end(() => callback());
    },
  });
  stream.setPrelude = (p) => {
    prelude = p;
  };
  res.on('close', () => {
    if (!res.writableFinished) stream.destroy(new Error('client closed the connection'));
  });
  return stream;
}

/** A response stream that keeps everything, for one-off invocations (`npm run invoke`, handler tests). */
function collectingStream(): {
  stream: ResponseStream;
  result(): { statusCode: number; headers: Record<string, string>; body: string };
} {
  let prelude: StreamPrelude = {};
  const chunks: Buffer[] = [];
  const stream: ResponseStream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(Buffer.from(chunk));
      callback();
    },
  });
  stream.setPrelude = (p) => {
    prelude = p;
  };
  return {
    stream,
    result: () => ({
      statusCode: prelude.statusCode ?? 200,
      headers: prelude.headers ?? {},
      body: Buffer.concat(chunks).toString('utf8'),
    }),
  };
}

/** Runs any handler once: a streaming one with a collecting stream, returning what it streamed as one result. */
export async function invokeOnce(handler: AnyHandler, event: unknown, context: unknown): Promise<unknown> {
  if (!isStreamingHandler(handler)) return handler(event, context);
  const { stream, result } = collectingStream();
  await (handler as unknown as (e: unknown, s: ResponseStream, c: unknown) => Promise<void>)(event, stream, context);
  return result();
}
