import { queues } from '../../shared/composition/queues';
import { subjectOfQuery } from '../../shared/http/documented';
import { apiKeyRoute } from '../../shared/http/handler';
import { sessionIdParam } from '../../shared/http/retention-params';
import { parseWith } from '../../shared/http/validation';
import { deleteSessionData } from '../../shared/services/sessions';
import { publishSessionDeletion } from '../../shared/services/webhooks';
import { httpRoute } from '../routes';
import { SessionPathSchema } from './delete-session.schema';

/**
 * DELETE /v1/sessions/{session_id}: erases the session's `retention=session` rows (mirrors
 * included) and files, and closes the chat session. `deleted` counts rows, session files and the session row.
 */
export const handler = apiKeyRoute(
  httpRoute('delete-session'),
  { queues },
  async ({ req, services, tenancy, caller }) => {
    const subjectKey = subjectOfQuery(req);
    const sessionId = sessionIdParam(parseWith(SessionPathSchema, req.pathParams).session_id)!;
    const deleted = await deleteSessionData(services, await tenancy.find(subjectKey), sessionId);
    await publishSessionDeletion(services, caller.accountId, subjectKey, sessionId, deleted);
    return { body: { status: 'ok', session_id: sessionId, deleted, subject: subjectKey } };
  },
);
