import { userRoute } from '../../shared/http/handler';
import { parseWith } from '../../shared/http/validation';
import { consoleSubject } from '../../shared/services/console-subjects';
import { httpRoute } from '../routes';
import { DEFAULT_SESSIONS_LIMIT, ListConsoleSessionsQuerySchema } from './list-console-sessions.schema';

/** GET /api/console/sessions?user=: the sessions the Subject used, most recently opened first. */
export const handler = userRoute(httpRoute('list-console-sessions'), {}, async ({ req, services, tenancy }) => {
  const { user, limit = DEFAULT_SESSIONS_LIMIT } = parseWith(ListConsoleSessionsQuerySchema, req.query);
  const subject = await consoleSubject(tenancy, user);
  const sessions = await services.records.listSessions(subject.subjectId);
  const data = sessions.slice(0, limit).map((s) => ({
    object: 'session' as const,
    session_id: s.sessionId,
    status: s.status,
    opened_at: s.openedAt,
    closed_at: s.closedAt,
  }));
  return { body: { object: 'list', data, has_more: sessions.length > limit, limit, subject: user } };
});
