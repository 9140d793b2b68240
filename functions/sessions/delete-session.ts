import { queues } from '../../shared/composition/queues';
import { apiKeyRoute } from '../../shared/http/handler';
import { sessionIdParam } from '../../shared/http/retention-params';
import { subjectKeyOf } from '../../shared/http/tenancy';
import { deleteSessionData } from '../../shared/services/sessions';
import { httpRoute } from '../routes';

/**
 * DELETE /v1/sessions/{session_id}: erases the session's `retention=session` rows (mirrors
 * included) and files, and closes the chat session. `deleted` counts rows, session files and the session row.
 */
export const handler = apiKeyRoute(httpRoute('delete-session'), { queues }, async ({ req, services, tenancy }) => {
  const subjectKey = subjectKeyOf(req, undefined);
  const sessionId = sessionIdParam(req.pathParams.session_id)!;
  const deleted = await deleteSessionData(services, await tenancy.find(subjectKey), sessionId);
  return { body: { status: 'ok', session_id: sessionId, deleted, subject: subjectKey } };
});
