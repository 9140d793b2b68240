import * as z from 'zod/mini';
import { sessionIdPathParam } from '../../shared/http/query-schemas';
import { defineOperation } from '../../shared/openapi/operation';

/** A question is one user message of the Agent API (its `input` bound). */
export const MAX_QUESTION_CHARS = 100_000;
/** Files one question may point at. */
export const MAX_FILE_LIST = 20;

/** A user id as engine clients send it: the JWT's numeric `sub`, as a number or a string. */
const userIdSchema = z.union([z.int(), z.string().check(z.maxLength(64))]);
const shortText = (max: number) => z.optional(z.nullable(z.string().check(z.maxLength(max))));

/**
 * Body of `POST /api/v1/chat/stream` (gaps item 12). `provider`, `enable_mcp`, `prompt_name` and `token` are
 * accepted for the engine's clients and ignored: HDS's own model and tools always answer, and the header's token wins.
 */
export const EngineChatRequestSchema = z.object({
  question: z.string().check(
    z.refine((s) => s.trim() !== '', { message: 'must not be empty' }),
    z.maxLength(MAX_QUESTION_CHARS),
  ),
  /** `deep` answers on `hds-expert`, anything else on `hds-flash`. */
  agent: z.optional(z.nullable(z.enum(['deep', 'baseline']))),
  /** When sent, must be the signed-in user's id. */
  user_id: z.optional(z.nullable(userIdSchema)),
  /** Family members' data is not served here: only the caller's own id (or none) is accepted. */
  query_user_id: z.optional(z.nullable(userIdSchema)),
  /** Continues that session's conversation; a new one is opened when absent. */
  session_id: z.optional(z.nullable(sessionIdPathParam)),
  provider: shortText(64),
  enable_mcp: z.optional(z.nullable(z.union([z.int(), z.boolean()]))),
  /** File keys of the user's live files the question is about. */
  file_list: z.optional(z.nullable(z.array(z.string().check(z.maxLength(1024))).check(z.maxLength(MAX_FILE_LIST)))),
  prompt_name: shortText(128),
  /** The language to answer in (a name or a tag: `English`, `de`). */
  language: shortText(64),
  /** The user's IANA time zone (`Europe/Berlin`). */
  timezone: shortText(64),
  token: shortText(4096),
});

export type EngineChatRequest = z.infer<typeof EngineChatRequestSchema>;

/** One `data:` event of the stream. */
export const EngineChatFrameSchema = z.object({
  type: z.enum([
    'id',
    'thinking',
    'queryTitle',
    'queryArguments',
    'queryDetail',
    'reply',
    'costStatistics',
    'end',
    'error',
  ]),
  content: z.union([
    z.string(),
    z.object({ input_tokens: z.int(), output_tokens: z.int(), total_tokens: z.int(), model: z.string() }),
  ]),
  /** On the three `query*` frames: the tool step they belong to. */
  tool_id: z.optional(z.string()),
  /** On the `id` frame: the session the turn is stored in (send it back as `session_id` to continue). */
  session_id: z.optional(z.string()),
});

export const operation = defineOperation('stream-engine-chat', {
  summary: 'Ask the agent a question; the answer streams as server-sent events (self-hosted engine)',
  description:
    "The self-hosted engine's chat on the Agent API's turn: the signed-in user's own data (their account's `default` " +
    "Subject), stored in `session_id`'s conversation. Always a `text/event-stream` of `data: {type, content, tool_id?}` " +
    'frames: `id` (the response id and `session_id`) first; `thinking`; per tool step `queryTitle`, `queryArguments` ' +
    '(JSON), `queryDetail` (the result, cut at 4096 characters); `reply` deltas of the answer; `costStatistics` ' +
    '(`{input_tokens, output_tokens, total_tokens, model}`); `end`. A failure after the stream began is an `error` ' +
    'frame, and the stream ends. Refusals before the stream (bad body, another `user_id`, an unknown `file_list` key) ' +
    'answer in the envelope. Needs the scopes `mcp:read` and `mcp:write` (the turn is stored).',
  tags: ['Self-hosted engine'],
  body: EngineChatRequestSchema,
  responses: {
    200: {
      description: 'A `text/event-stream` of engine frames, ending with `end` or `error`',
      mediaType: 'text/event-stream',
      stream: EngineChatFrameSchema,
    },
  },
  examples: [
    { question: 'What is my latest HbA1c?', agent: 'baseline', language: 'English', timezone: 'Europe/Berlin' },
    { question: 'And how did it change this year?', session_id: 'ses_5b1f0c2e9d8a4f7b6c3e2d1a0f9e8d7c' },
  ],
});
