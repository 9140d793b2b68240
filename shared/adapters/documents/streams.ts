import { Readable } from 'node:stream';
import { DocumentTooLargeError } from './errors';

/** Largest file a whole-buffer reader (PDF, image, XLSX) takes: the hosted upload limit. */
export const MAX_BUFFERED_BYTES = 100 * 1024 * 1024;

function asBuffer(chunk: unknown): Buffer {
  if (Buffer.isBuffer(chunk)) return chunk;
  if (typeof chunk === 'string') return Buffer.from(chunk, 'utf8');
  if (chunk instanceof Uint8Array) return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  throw new TypeError('Document streams must yield bytes');
}

/** The whole body, for formats whose parsers need random access (PDF cross-references, images). */
export async function readAllBytes(body: Readable, maxBytes = MAX_BUFFERED_BYTES): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of body) {
    const bytes = asBuffer(chunk);
    total += bytes.length;
    if (total > maxBytes) {
      body.destroy();
      throw new DocumentTooLargeError(`The file is larger than ${Math.round(maxBytes / 1024 / 1024)} MB`);
    }
    chunks.push(bytes);
  }
  return Buffer.concat(chunks, total);
}

export interface PeekedStream {
  /** The first bytes of the body (fewer only when the body is shorter). */
  head: Buffer;
  /** The whole body again, head included, still streaming. */
  body: Readable;
}

/**
 * Reads the first `bytes` of a stream (for signatures and delimiter detection) and gives back a stream that replays
 * them before the rest, so the reader after the peek still sees the whole file without it being buffered.
 */
export async function peekStream(body: Readable, bytes: number): Promise<PeekedStream> {
  const iterator = body[Symbol.asyncIterator]();
  const chunks: Buffer[] = [];
  let total = 0;
  let ended = false;
  while (total < bytes) {
    const next = await iterator.next();
    if (next.done) {
      ended = true;
      break;
    }
    const chunk = asBuffer(next.value);
    chunks.push(chunk);
    total += chunk.length;
  }
  const buffered = Buffer.concat(chunks, total);
  async function* replay(): AsyncGenerator<Buffer> {
    try {
      if (buffered.length > 0) yield buffered;
      if (ended) return;
      for (;;) {
        const next = await iterator.next();
        if (next.done) return;
        yield asBuffer(next.value);
      }
    } finally {
      // Stopped early (the consumer destroyed the replay): release the source too.
      await iterator.return?.();
    }
  }
  return { head: buffered.subarray(0, bytes), body: Readable.from(replay(), { objectMode: false }) };
}
