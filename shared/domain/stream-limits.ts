import type { Config } from '../config/config';

/** Per-file cap of every upload path (spec, Limits). */
export const MAX_FILE_BYTES = 100 * 1024 * 1024;
/** The spec's `upload_chunk` size; the local runtime honours it. */
export const SPEC_CHUNK_BYTES = 256 * 1024;

/** API Gateway's WebSocket frame limit (a message of up to 128 KB must come in frames of at most 32 KB). */
export const AWS_WS_FRAME_BYTES = 32 * 1024;

/**
 * What an `upload_chunk` frame carries besides its base64 chunk, at most: the keys and numbers, and `messageId` (128)
 * and `filename` (255) characters each escaped as `\uXXXX` in the worst case.
 */
export const CHUNK_FRAME_OVERHEAD_BYTES = 2560;

/** The largest raw chunk whose `upload_chunk` frame, base64 and JSON included, fits in `frameBytes`. */
export function chunkBytesFitting(frameBytes: number): number {
  return Math.floor((frameBytes - CHUNK_FRAME_OVERHEAD_BYTES) / 4) * 3;
}

/**
 * The raw chunk the cloud announces and enforces: one frame each, since clients (browsers, `ws`) send a message as a
 * single unfragmented frame and API Gateway closes the socket on a frame over 32 KB. The local runtime keeps the
 * spec's 256 KB.
 */
export const CLOUD_WS_MAX_CHUNK_BYTES = chunkBytesFitting(AWS_WS_FRAME_BYTES);

/** What `connection_established` announces: the chunk this host accepts (`HDS_WS_MAX_CHUNK_BYTES`) and the file cap. */
export function streamLimits(cfg: Pick<Config, 'wsMaxChunkBytes'>) {
  return { max_chunk_bytes: cfg.wsMaxChunkBytes, max_file_bytes: MAX_FILE_BYTES };
}
