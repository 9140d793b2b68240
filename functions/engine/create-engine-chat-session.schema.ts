import * as z from 'zod/mini';
import { sessionIdPathParam } from '../../shared/http/query-schemas';
import { defineOperation } from '../../shared/openapi/operation';

/** Body of `POST /api/v1/chat/session`: `create` (the default) or `delete` a session. */
export const EngineChatSessionRequestSchema = z.object({
  action: z.optional(z.enum(['create', 'delete'])),
  /** Required with `delete`. */
  session_id: z.optional(sessionIdPathParam),
});

export const operation = defineOperation('create-engine-chat-session', {
  summary: 'Create or delete a chat session (self-hosted engine)',
  description:
    '`create`: a new `session_id` (`ses_` + 32 hex) to send with `POST /api/v1/chat/stream`; nothing is stored ' +
    "until its first turn. `delete`: the same erase as `DELETE /v1/sessions/{session_id}` (the session's " +
    '`retention=session` readings and files, and the session closed); `deleted` counts them. Needs the scopes ' +
    '`mcp:read` and `mcp:write`.',
  tags: ['Self-hosted engine'],
  body: EngineChatSessionRequestSchema,
  responses: {
    200: {
      description: '`data` is `{session_id}` after `create`, `{session_id, deleted}` after `delete`',
      schema: z.object({ session_id: z.string(), deleted: z.optional(z.int()) }),
    },
  },
  examples: [{ action: 'create' }, { action: 'delete', session_id: 'ses_5b1f0c2e9d8a4f7b6c3e2d1a0f9e8d7c' }],
});
