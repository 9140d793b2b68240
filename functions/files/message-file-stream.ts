import { BadRequestError } from '../../shared/http/errors';
import { socketMessageRoute } from '../../shared/http/socket-handler';

/** Frame types of the streamed-upload protocol (spec, WebSocket /v1/files/stream). */
const UPLOAD_FRAMES = ['upload_start', 'upload_chunk', 'upload_end'];

/**
 * $default of /v1/files/stream: every client frame is a JSON text frame with a `type`. Malformed
 * frames are answered with an `error` frame naming the problem. Storing and parsing the uploaded
 * files is not part of this release: upload frames are refused with `uploads_unavailable`, and
 * nothing is written.
 */
export const handler = socketMessageRoute('message-file-stream', async ({ body, reply }) => {
  let frame: unknown;
  try {
    frame = JSON.parse(body);
  } catch {
    throw new BadRequestError('Frames must be JSON text', 'invalid_json', 'body');
  }
  if (!frame || typeof frame !== 'object' || Array.isArray(frame)) {
    throw new BadRequestError('A frame must be a JSON object with a type', 'invalid_type', 'type');
  }
  const { type, messageId } = frame as { type?: unknown; messageId?: unknown };
  if (typeof type !== 'string' || !UPLOAD_FRAMES.includes(type)) {
    throw new BadRequestError(
      `Unknown frame type; expected one of ${UPLOAD_FRAMES.join(', ')}`,
      'invalid_type',
      'type',
    );
  }
  await reply({
    type: 'error',
    ...(typeof messageId === 'string' ? { messageId } : {}),
    status: 501,
    error: {
      message: 'Streamed file uploads are not enabled on this deployment yet; nothing was stored.',
      type: 'invalid_request_error',
      code: 'uploads_unavailable',
      param: 'type',
    },
  });
});
