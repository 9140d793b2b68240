import { queues } from '../../shared/composition/queues';
import { invalidField } from '../../shared/errors';
import { userRoute } from '../../shared/http/handler';
import { DEFAULT_SUBJECT_KEY } from '../../shared/http/tenancy';
import { parseWith, requireObject } from '../../shared/http/validation';
import { deleteSessionData } from '../../shared/services/sessions';
import { publishSessionDeletion } from '../../shared/services/webhooks';
import { hexId } from '../responses/response-object';
import { httpRoute } from '../routes';
import { EngineChatSessionRequestSchema } from './create-engine-chat-session.schema';

/**
 * POST /api/v1/chat/session: `create` hands out a new session id (a session exists once a turn is stored in it);
 * `delete` is `DELETE /v1/sessions/{session_id}` on the user's own data, with its `session.deleted` event.
 */
export const handler = userRoute(httpRoute('create-engine-chat-session'), { queues }, async (ctx) => {
  const { action = 'create', session_id } = parseWith(EngineChatSessionRequestSchema, requireObject(ctx.json()));
  if (action === 'create') return { body: { session_id: hexId('ses_') } };
  if (!session_id) throw invalidField('session_id', 'session_id is required to delete a session');
  const deleted = await deleteSessionData(ctx.services, await ctx.tenancy.find(DEFAULT_SUBJECT_KEY), session_id);
  await publishSessionDeletion(ctx.services, ctx.tenancy.accountId, DEFAULT_SUBJECT_KEY, session_id, deleted);
  return { body: { session_id, deleted } };
});
