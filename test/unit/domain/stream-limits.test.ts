import { describe, expect, it } from 'vitest';
import {
  AWS_WS_FRAME_BYTES,
  CLOUD_WS_MAX_CHUNK_BYTES,
  chunkBytesFitting,
  MAX_FILE_BYTES,
} from '../../../shared/domain/stream-limits';

/** The longest `upload_chunk` frame a client can send for a chunk of `bytes`: every name at its limit, all escaped. */
function worstFrame(bytes: number): number {
  return Buffer.byteLength(
    JSON.stringify({
      type: 'upload_chunk',
      messageId: '\u0001'.repeat(128),
      filename: '\u0001'.repeat(255),
      chunk: Buffer.alloc(bytes, 0xff).toString('base64'),
      chunkIndex: Math.ceil(MAX_FILE_BYTES / bytes),
      totalChunks: Math.ceil(MAX_FILE_BYTES / bytes) + 1,
    }),
  );
}

describe('the cloud chunk size', () => {
  it('fits one API Gateway frame with the longest names a frame may carry', () => {
    expect(worstFrame(CLOUD_WS_MAX_CHUNK_BYTES)).toBeLessThanOrEqual(AWS_WS_FRAME_BYTES);
    // And it is close to the limit, not needlessly small.
    expect(worstFrame(CLOUD_WS_MAX_CHUNK_BYTES + 3 * 128)).toBeGreaterThan(AWS_WS_FRAME_BYTES);
  });

  it('fits any frame size the same way', () => {
    for (const frame of [16 * 1024, 64 * 1024, 128 * 1024]) {
      expect(worstFrame(chunkBytesFitting(frame))).toBeLessThanOrEqual(frame);
    }
  });
});
