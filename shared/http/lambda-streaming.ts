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

/** `@types/aws-lambda` declares the global as always present; off Lambda it is not (or holds only other members). */
const host = globalThis as unknown as { awslambda?: Partial<AwsLambdaGlobal> };

/**
 * Lambda's Node runtime defines `awslambda.streamifyResponse` (response streaming) as a global. Off Lambda
 * the same two functions are installed here, with the contract the runtime has: `streamifyResponse` marks the
 * handler, and `HttpResponseStream.from` hands the status and headers to the stream before any body byte.
 */
export function ensureStreamingGlobal(): void {
  if (typeof host.awslambda?.streamifyResponse === 'function') return;
  // The AWS SDK's invoke store creates `globalThis.awslambda` for its own member: add to it, never replace it.
  host.awslambda ??= {};
  host.awslambda.streamifyResponse = (fn) => {
    Object.defineProperty(fn, STREAMING_HANDLER, { value: true });
    return fn;
  };
  host.awslambda.HttpResponseStream = {
    from(stream, prelude) {
      stream.setPrelude?.(prelude);
      return stream;
    },
  };
}

export function isStreamingHandler(handler: unknown): boolean {
  return typeof handler === 'function' && (handler as unknown as Record<symbol, unknown>)[STREAMING_HANDLER] === true;
}
