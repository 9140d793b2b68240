import * as z from 'zod/mini';
import { UploadChunkSchema, UploadEndSchema, UploadStartSchema } from '../../shared/domain/stream-upload';
import type { WebSocketDoc } from '../../shared/openapi/operation';

/** `/v1/files/stream`: OpenAPI 3.1 has no WebSocket, so the document carries it as `x-hds-websocket`. */
export const fileStreamDoc: WebSocketDoc = {
  path: '/v1/files/stream',
  summary: 'Streamed uploads over a WebSocket',
  description:
    'Announce a batch (`upload_start`), send base64 chunks in any order (`upload_chunk`), end it (`upload_end`); ' +
    '`upload_end_response` follows once every file is stored and parsed.',
  query: z.object({
    key: z.optional(z.string().check(z.meta({ description: 'An API key (browsers cannot set headers)' }))),
    token: z.optional(z.string().check(z.meta({ description: 'Or a user access token holding `mcp:write`' }))),
    user: z.optional(z.string()),
    retention: z.optional(z.string()),
    session_id: z.optional(z.string()),
  }),
  clientFrames: { upload_start: UploadStartSchema, upload_chunk: UploadChunkSchema, upload_end: UploadEndSchema },
  serverFrames: {
    connection_established: '{type, connectionId, subject, retention, session_id?, limits}: the first frame',
    upload_end_response: '{type, messageId, files: File[], failed?: [{filename, reason}]}',
    error:
      '{type: "error", messageId?, filename?, chunkIndex?, status, retry_after?, error: {message, type, code, param}}',
  },
};
