import * as z from 'zod/mini';
import { bucket } from '../../shared/composition/bucket';
import { queues } from '../../shared/composition/queues';
import { sockets } from '../../shared/composition/sockets';
import { UploadChunkSchema, UploadEndSchema, UploadStartSchema } from '../../shared/domain/stream-upload';
import { AppError, BadRequestError } from '../../shared/errors';
import { errorFrame, socketMessageRoute } from '../../shared/http/socket-handler';
import { parseWith } from '../../shared/http/validation';
import { JsonTooDeepError, parseClientJson } from '../../shared/json';
import { ChunkError, endBatch, stageChunk, startBatch } from '../../shared/services/stream-upload';
import { manifestEntry } from '../routes';

const FRAME_TYPES = ['upload_start', 'upload_chunk', 'upload_end'] as const;
const FrameSchema = z.object({ type: z.enum(FRAME_TYPES) });

/**
 * $default of /v1/files/stream: `upload_start` announces a batch, `upload_chunk` stages one base64 chunk
 * (in or out of order), `upload_end` queues the assembly; `upload_end_response` follows once every file is
 * stored and parsed. A bad frame is answered with an `error` frame naming the messageId, file and chunk.
 */
export const handler = socketMessageRoute(
  manifestEntry('message-file-stream'),
  { bucket, queues, sockets },
  async ({ body, connection, services, reply }) => {
    const frame = parseFrame(body);
    const messageId = typeof frame.messageId === 'string' ? frame.messageId : undefined;
    try {
      const { type } = parseWith(FrameSchema, frame);
      if (type === 'upload_start') await startBatch(services, connection, parseWith(UploadStartSchema, frame));
      else if (type === 'upload_chunk') await stageChunk(services, connection, parseWith(UploadChunkSchema, frame));
      else await endBatch(services, connection, parseWith(UploadEndSchema, frame).messageId);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      await reply(
        errorFrame(err, {
          ...(messageId ? { messageId } : {}),
          ...(err instanceof ChunkError ? { filename: err.filename, chunkIndex: err.chunkIndex } : {}),
        }),
      );
    }
  },
);

function parseFrame(body: string): Record<string, unknown> {
  let frame: unknown;
  try {
    frame = parseClientJson(body);
  } catch (err) {
    if (err instanceof JsonTooDeepError) throw new BadRequestError(err.message, 'invalid_json', 'body');
    throw new BadRequestError('Frames must be JSON text', 'invalid_json', 'body');
  }
  if (!frame || typeof frame !== 'object' || Array.isArray(frame)) {
    throw new BadRequestError('A frame must be a JSON object with a type', 'invalid_type', 'type');
  }
  return frame as Record<string, unknown>;
}
