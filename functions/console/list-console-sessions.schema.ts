import * as z from 'zod/mini';
import { intQuery, subjectKeyParam } from '../../shared/http/query-schemas';
import { defineOperation } from '../../shared/openapi/operation';

export const MAX_SESSIONS_LIMIT = 1000;
export const DEFAULT_SESSIONS_LIMIT = 100;

/** Query of `GET /api/console/sessions`. */
export const ListConsoleSessionsQuerySchema = z.object({
  user: subjectKeyParam(),
  limit: z.optional(intQuery(1, MAX_SESSIONS_LIMIT)),
});

export const ConsoleSessionSchema = z.object({
  object: z.literal('session'),
  session_id: z.string(),
  /** `closed` once deleted: its session-scoped data is gone. */
  status: z.enum(['open', 'closed']),
  opened_at: z.string(),
  closed_at: z.nullable(z.string()),
});

export const ConsoleSessionListSchema = z.object({
  object: z.literal('list'),
  data: z.array(ConsoleSessionSchema),
  has_more: z.boolean(),
  limit: z.int(),
  subject: z.string(),
});

export const operation = defineOperation('list-console-sessions', {
  summary: "One Subject's sessions (console session)",
  description:
    'The sessions (`session_id`) the Subject `user` has used, in chat turns or `retention=session` writes, most ' +
    'recently opened first (`limit` 1–1000, default 100). 404 when the account holds no such Subject.',
  tags: ['Console'],
  query: ListConsoleSessionsQuerySchema,
  responses: { 200: { description: 'The sessions, most recently opened first', schema: ConsoleSessionListSchema } },
  examples: [{ user: 'alice' }, { user: 'alice', limit: '20' }],
});
