import { nowMs } from '../../shared/clock';
import { NotFoundError } from '../../shared/errors';
import type { UserContext } from '../../shared/http/handler';
import { DEFAULT_SUBJECT_KEY } from '../../shared/http/tenancy';
import { hexId } from '../responses/response-object';
import { parseResponsesRequest, type ResponsesRequest } from '../responses/responses-request';
import { requireOwnUser } from './engine-user';
import type { EngineChatRequest } from './stream-engine-chat.schema';

/**
 * The engine's chat body as one Agent API request: the question as the user's message, stored in its session (a new
 * one when none is named), on the signed-in user's own `default` Subject, with HDS's built-in tools only. Everything
 * that can refuse is checked here, before the stream opens.
 */
export async function engineResponsesRequest(ctx: UserContext, body: EngineChatRequest): Promise<ResponsesRequest> {
  requireOwnUser(ctx.principal, body.user_id, 'user_id');
  requireOwnUser(ctx.principal, body.query_user_id, 'query_user_id');
  const files = await filesNamed(ctx, body.file_list ?? []);
  const question = files.length
    ? `${body.question}\n\nThe user refers to these uploaded files: ${files.map((f) => `"${f.filename}" (file_key ${f.fileKey})`).join(', ')}.`
    : body.question;
  const context = [
    body.language ? `Answer in ${body.language}.` : null,
    body.timezone ? `The user's time zone is ${body.timezone}.` : null,
  ].filter(Boolean);
  // The Agent API's own parser fills every default, so the engine's turn is a `/v1/responses` turn in all but wire.
  return parseResponsesRequest(
    {
      model: body.agent === 'deep' ? 'hds-expert' : 'hds-flash',
      input: question,
      instructions: context.length ? context.join(' ') : undefined,
      session_id: body.session_id ?? hexId('ses_'),
      user: DEFAULT_SUBJECT_KEY,
      store: true,
      stream: true,
    },
    {},
  );
}

/** The user's live files a question points at; a key that is not one is a 404 naming its place in `file_list`. */
async function filesNamed(ctx: UserContext, keys: readonly string[]) {
  if (keys.length === 0) return [];
  const subject = await ctx.tenancy.find(DEFAULT_SUBJECT_KEY);
  const now = nowMs();
  return Promise.all(
    keys.map(async (key, i) => {
      const file = subject ? await ctx.services.files.get(subject.subjectId, key, now) : null;
      if (!file) throw new NotFoundError(`No file '${key}' for this user`, `file_list[${i}]`);
      return file;
    }),
  );
}
