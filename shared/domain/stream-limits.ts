import type { Config } from '../config/config';

/** Per-file cap of every upload path (spec, Limits). */
export const MAX_FILE_BYTES = 100 * 1024 * 1024;
/** The spec's `upload_chunk` size; the local runtime honours it. */
export const SPEC_CHUNK_BYTES = 256 * 1024;

/**
 * What `connection_established` announces. API Gateway closes a WebSocket on any message over
 * 128 KB, so the cloud stack sets a smaller raw chunk (`HDS_WS_MAX_CHUNK_BYTES`, base64 and JSON
 * framing included under that limit).
 */
export function streamLimits(cfg: Pick<Config, 'wsMaxChunkBytes'>) {
  return { max_chunk_bytes: cfg.wsMaxChunkBytes, max_file_bytes: MAX_FILE_BYTES };
}
