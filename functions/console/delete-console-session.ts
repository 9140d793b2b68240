import { queues } from '../../shared/composition/queues';
import { NotFoundError } from '../../shared/errors';
import { userRoute } from '../../shared/http/handler';
import { parseWith } from '../../shared/http/validation';
import { consoleSubject } from '../../shared/services/console-subjects';
import { deleteSessionData } from '../../shared/services/sessions';
import { publishSessionDeletion } from '../../shared/services/webhooks';
import { httpRoute } from '../routes';
import { DeleteConsoleSessionPathSchema, DeleteConsoleSessionQuerySchema } from './delete-console-session.schema';

/**
 * DELETE /api/console/sessions/{session_id}?user=: the `/v1` session delete, with its `session.deleted` event; nothing
 * left to delete is a 404.
 */
export const handler = userRoute(
  httpRoute('delete-console-session'),
  { queues },
  async ({ req, services, tenancy }) => {
    const { user } = parseWith(DeleteConsoleSessionQuerySchema, req.query);
    const { session_id } = parseWith(DeleteConsoleSessionPathSchema, req.pathParams);
    const deleted = await deleteSessionData(services, await consoleSubject(tenancy, user), session_id);
    if (deleted === 0) throw new NotFoundError(`Nothing of session '${session_id}' is left to delete`, 'session_id');
    await publishSessionDeletion(services, tenancy.accountId, user, session_id, deleted);
    return { body: { status: 'ok', session_id, deleted, subject: user } };
  },
);
