import { nowMs } from '../clock';
import type { Subject } from '../ports/subject-directory';
import type { Services } from './container';

/**
 * Erases a session's `retention=session` rows (FHIR mirrors included) and files, and closes it, for `DELETE
 * /v1/sessions/{session_id}` and the console alike. Returns what was deleted: rows, session files, and 1 for the
 * session itself when it was open. A Subject that does not exist has nothing to delete.
 */
export async function deleteSessionData(services: Services, subject: Subject | null, sessionId: string) {
  if (!subject) return 0;
  const now = nowMs();
  let deleted = await services.records.deleteSession(subject.subjectId, sessionId, now);
  const files = await services.files.deleteSessionFiles(subject.subjectId, sessionId, now);
  for (const f of files) {
    await services.queue.send('purge', { type: 'purge-file', subjectId: subject.subjectId, fileKey: f.fileKey });
  }
  deleted += files.length;
  if (await services.records.closeSession(subject.subjectId, sessionId, new Date(now).toISOString())) deleted += 1;
  return deleted;
}
