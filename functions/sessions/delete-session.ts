import { nowMs } from '../../shared/clock';
import { queues } from '../../shared/composition/queues';
import { subjectOfQuery } from '../../shared/http/documented';
import { apiKeyRoute } from '../../shared/http/handler';
import { sessionIdParam } from '../../shared/http/retention-params';
import { parseWith } from '../../shared/http/validation';
import { httpRoute } from '../routes';
import { SessionPathSchema } from './delete-session.schema';

/**
 * DELETE /v1/sessions/{session_id}: erases the session's `retention=session` rows (mirrors
 * included) and files, and closes the chat session. `deleted` counts rows, session files and the session row.
 */
export const handler = apiKeyRoute(httpRoute('delete-session'), { queues }, async ({ req, services, tenancy }) => {
  const subjectKey = subjectOfQuery(req);
  const sessionId = sessionIdParam(parseWith(SessionPathSchema, req.pathParams).session_id)!;
  const subject = await tenancy.find(subjectKey);
  let deleted = 0;
  if (subject) {
    const now = nowMs();
    deleted += await services.records.deleteSession(subject.subjectId, sessionId, now);
    const files = await services.files.deleteSessionFiles(subject.subjectId, sessionId, now);
    for (const f of files)
      await services.queue.send('purge', { type: 'purge-file', subjectId: subject.subjectId, fileKey: f.fileKey });
    deleted += files.length;
    if (await services.records.closeSession(subject.subjectId, sessionId, new Date(now).toISOString())) deleted += 1;
  }
  return { body: { status: 'ok', session_id: sessionId, deleted, subject: subjectKey } };
});
