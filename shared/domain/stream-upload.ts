import * as z from 'zod/mini';
import { type StoredFile, toListItem } from './files';
import { socketBatchPrefix } from './upload-owner';

/** Files one `upload_start` may announce. */
export const MAX_FILES_PER_BATCH = 20;

/** The client frames of the streamed-upload protocol (spec, WebSocket /v1/files/stream). */
export const UploadStartSchema = z.object({
  type: z.literal('upload_start'),
  messageId: z.string().check(z.minLength(1), z.maxLength(128)),
  files: z
    .array(
      z.object({
        filename: z.string().check(z.minLength(1), z.maxLength(255)),
        contentType: z.optional(z.string().check(z.maxLength(255))),
        size: z.number().check(z.int(), z.positive()),
      }),
    )
    .check(z.minLength(1), z.maxLength(MAX_FILES_PER_BATCH)),
});

export const UploadChunkSchema = z.object({
  type: z.literal('upload_chunk'),
  messageId: z.string().check(z.minLength(1), z.maxLength(128)),
  filename: z.string().check(z.minLength(1), z.maxLength(255)),
  chunk: z.string(),
  chunkIndex: z.number().check(z.int(), z.nonnegative()),
  totalChunks: z.number().check(z.int(), z.positive()),
});

export const UploadEndSchema = z.object({
  type: z.literal('upload_end'),
  messageId: z.string().check(z.minLength(1), z.maxLength(128)),
});

export type UploadStart = z.infer<typeof UploadStartSchema>;
export type UploadChunk = z.infer<typeof UploadChunkSchema>;

/** Strict base64: the alphabet, correct padding, nothing else (a lenient decoder would store garbage). */
export function decodeBase64(text: string): Buffer | null {
  if (text.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(text)) return null;
  return Buffer.from(text, 'base64');
}

/** Where a chunk waits in the bucket until its file is assembled: under its owner, connection and batch. */
export function stagingKey(
  batch: { owner: string; connectionId: string; messageId: string },
  fileIndex: number,
  chunkIndex: number,
): string {
  return `${socketBatchPrefix(batch.owner, batch.connectionId, batch.messageId)}${fileIndex}/${String(chunkIndex).padStart(6, '0')}`;
}

/** The frame answering `upload_end`. */
export function uploadEndResponse(
  messageId: string,
  files: StoredFile[],
  failed: { filename: string; reason: string }[],
) {
  return {
    type: 'upload_end_response',
    messageId,
    files: files.map(toListItem),
    ...(failed.length ? { failed } : {}),
  };
}
