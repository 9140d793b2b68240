import { bucket } from '../../shared/composition/bucket';
import { model } from '../../shared/composition/model';
import { NotFoundError } from '../../shared/errors';
import { parseDocumented } from '../../shared/http/documented';
import { streamingUserRoute } from '../../shared/http/handler';
import { requireObject } from '../../shared/http/validation';
import { parseChatRequest } from '../chat/chat-request';
import { answerChat } from '../chat/chat-turn';
import { ChatCompletionRequestSchema } from '../chat/create-chat-completion.schema';
import { httpRoute } from '../routes';

/**
 * POST /api/console/chat/completions: the Answers API for the console's Ask panel, with a console session instead of
 * an API key. Same request, answers and stream as `POST /v1/chat/completions`, metered to the session's account.
 * The console asks about a Subject the account already holds (its Subjects list), so an unknown `user`, including
 * one that only another account holds, is a 404 as `DELETE /v1/subjects/{user}` answers it, and nothing is minted.
 */
export const handler = streamingUserRoute(
  httpRoute('create-console-chat-completion'),
  { bucket, model },
  async (ctx) => {
    const body = requireObject(ctx.json());
    const request = parseDocumented(ChatCompletionRequestSchema, body, () => parseChatRequest(body));
    if (!(await ctx.tenancy.find(request.subjectKey))) {
      throw new NotFoundError(`No Subject exists for user '${request.subjectKey}'`, 'user');
    }
    return answerChat(ctx, request);
  },
);
