import type { Writable } from 'node:stream';

/** Status and headers of a streamed response, sent before its first byte (Lambda's "prelude"). */
export interface StreamPrelude {
  statusCode?: number;
  headers?: Record<string, string>;
}

/** A response stream a host hands a streaming handler: Lambda's own, or the local runtime's. */
export type ResponseStream = Writable & { setPrelude?(prelude: StreamPrelude): void };

type StreamingHandler = (event: unknown, stream: ResponseStream, context: unknown) => Promise<void>;

/** Marks a handler made by `streamifyResponse`, so a host knows to call it with a response stream. */
export const STREAMING_HANDLER = Symbol.for('hds.streamingHandler');

interface AwsLambdaGlobal {
  streamifyResponse(fn: StreamingHandler): StreamingHandler;
  HttpResponseStream: { from(stream: ResponseStream, prelude: StreamPrelude): ResponseStream };
}

/** `@types/aws-lambda` declares the global as always present; off Lambda it is not. */
const host = globalThis as unknown as { awslambda?: AwsLambdaGlobal };

/**
 * Lambda's Node runtime defines `awslambda` (response streaming) as a global; nothing else does. Off Lambda
 * the same two functions are installed here, with the contract the runtime has: `streamifyResponse` marks the
 * handler, and `HttpResponseStream.from` hands the status and headers to the stream before any body byte.
 */
export function ensureStreamingGlobal(): void {
  if (host.awslambda) return;
  host.awslambda = {
    streamifyResponse(fn) {
      Object.defineProperty(fn, STREAMING_HANDLER, { value: true });
      return fn;
    },
    HttpResponseStream: {
      from(stream, prelude) {
        stream.setPrelude?.(prelude);
        return stream;
      },
    },
  };
}

export function isStreamingHandler(handler: unknown): boolean {
  return typeof handler === 'function' && (handler as unknown as Record<symbol, unknown>)[STREAMING_HANDLER] === true;
}
