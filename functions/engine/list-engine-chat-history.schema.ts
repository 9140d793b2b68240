import * as z from 'zod/mini';
import { intQuery, sessionIdPathParam } from '../../shared/http/query-schemas';
import { defineOperation } from '../../shared/openapi/operation';

export const MAX_HISTORY_LIMIT = 200;
export const DEFAULT_HISTORY_LIMIT = 50;

/** Query of `GET /api/v1/chat/history`: one session's messages, or (without `session_id`) the sessions. */
export const EngineChatHistoryQuerySchema = z.object({
  session_id: z.optional(sessionIdPathParam),
  limit: z.optional(intQuery(1, MAX_HISTORY_LIMIT)),
});

const EngineChatMessageSchema = z.object({
  role: z.enum(['user', 'assistant']),
  content: z.string(),
});

export const EngineChatMessagesSchema = z.object({
  session_id: z.string(),
  /** The last `limit` messages, oldest first. */
  messages: z.array(EngineChatMessageSchema),
  has_more: z.boolean(),
  /** When the session's latest turn was stored (epoch seconds). */
  updated_at: z.int(),
});

export const EngineChatSessionsSchema = z.object({
  sessions: z.array(
    z.object({
      session_id: z.string(),
      status: z.enum(['open', 'closed']),
      opened_at: z.string(),
      closed_at: z.nullable(z.string()),
    }),
  ),
  has_more: z.boolean(),
});

export const operation = defineOperation('list-engine-chat-history', {
  summary: "A chat session's messages, or the user's sessions (self-hosted engine)",
  description:
    "With `session_id`: the user and assistant messages of that session's conversation, oldest first (the last " +
    "`limit`, 1–200, default 50; tool steps left out); 404 for a session with no stored turn. Without: the user's " +
    'sessions, most recently opened first. Needs the scope `mcp:read`.',
  tags: ['Self-hosted engine'],
  query: EngineChatHistoryQuerySchema,
  responses: {
    200: {
      description:
        '`data` is `{session_id, messages, has_more, updated_at}`, or `{sessions, has_more}` without `session_id`',
      schema: z.union([EngineChatMessagesSchema, EngineChatSessionsSchema]),
    },
  },
  examples: [{ session_id: 'ses_5b1f0c2e9d8a4f7b6c3e2d1a0f9e8d7c' }, { limit: '20' }],
});
