import { defineOperation } from '../../shared/openapi/operation';
import {
  ChatCompletionChunkSchema,
  ChatCompletionRequestSchema,
  ChatCompletionSchema,
} from '../chat/create-chat-completion.schema';

/** The body, answer and stream are `POST /v1/chat/completions`'s own schemas: the two routes share one parser. */
export const operation = defineOperation('create-console-chat-completion', {
  summary: "Ask the Answers API about one of the account's Subjects (console session)",
  description:
    "The console's Ask panel: the same request, answer and server-sent event stream as `POST /v1/chat/completions`, " +
    "authenticated with a console session instead of an API key and metered to the session's account. `user` must " +
    'name a Subject the account already holds (404 otherwise; nothing is minted). Answers may embed fenced ' +
    '`vis-chart` blocks (`{type, title, axisXTitle, axisYTitle, data}`; line, area, bar, column, pie).',
  tags: ['Console'],
  body: ChatCompletionRequestSchema,
  responses: {
    200: {
      schema: ChatCompletionSchema,
      stream: ChatCompletionChunkSchema,
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
