import { bucket } from '../../shared/composition/bucket';
import { model } from '../../shared/composition/model';
import { parseDocumented } from '../../shared/http/documented';
import { streamingApiKeyRoute } from '../../shared/http/handler';
import { requireObject } from '../../shared/http/validation';
import { httpRoute } from '../routes';
import { parseChatRequest } from './chat-request';
import { answerChat } from './chat-turn';
import { ChatCompletionRequestSchema } from './create-chat-completion.schema';

/**
 * POST /v1/chat/completions (Answers API): a grounded answer from the Subject's own unexpired records, through
 * the chat-completions protocol, streamed as server-sent events when `stream` is true.
 */
export const handler = streamingApiKeyRoute(httpRoute('create-chat-completion'), { bucket, model }, async (ctx) => {
  const body = requireObject(ctx.json());
  return answerChat(
    ctx,
    parseDocumented(ChatCompletionRequestSchema, body, () => parseChatRequest(body)),
  );
});
