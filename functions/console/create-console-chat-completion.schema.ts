import { defineOperation } from '../../shared/openapi/operation';

/**
 * NOTE FOR THE OPENAPI SLICE (chat request schema pending): the body is `POST /v1/chat/completions`'s, parsed by the
 * one `parseChatRequest` (functions/chat/chat-request.ts), which is still hand-written. When that parser becomes a
 * zod schema (design §5.1, slice 3), set `body` here to that same schema and `responses[200].schema`/`stream` to the
 * chat completion and chunk schemas that `/v1` uses; nothing here should describe the body a second time.
 */
export const operation = defineOperation('create-console-chat-completion', {
  summary: "Ask the Answers API about one of the account's Subjects (console session)",
  description:
    "The console's Ask panel: the same request, answer and server-sent event stream as `POST /v1/chat/completions`, " +
    "authenticated with a console session instead of an API key and metered to the session's account. `user` must " +
    'name a Subject the account already holds (404 otherwise; nothing is minted). Answers may embed fenced ' +
    '`vis-chart` blocks (`{type, title, axisXTitle, axisYTitle, data}`; line, area, bar, column, pie).',
  tags: ['Console'],
  responses: {
    200: {
      description:
        'A `chat.completion` object, or with `stream: true` a `text/event-stream` of `chat.completion.chunk` ' +
        'frames ending with `data: [DONE]` (an upstream failure arrives as a frame with an `error` member).',
    },
  },
  examples: [
    {
      model: 'hds-flash',
      user: 'alice',
      stream: true,
      messages: [{ role: 'user', content: 'How has my LDL cholesterol changed this year?' }],
    },
  ],
});
