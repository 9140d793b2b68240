import { bucket } from '../../shared/composition/bucket';
import { queues } from '../../shared/composition/queues';
import { NotFoundError } from '../../shared/errors';
import { apiKeyRoute } from '../../shared/http/handler';
import { normalizeSubjectKey } from '../../shared/http/tenancy';
import { parseWith } from '../../shared/http/validation';
import { eraseSubject } from '../../shared/services/subject-eraser';
import { httpRoute } from '../routes';
import { SubjectPathSchema } from './delete-subject.schema';

/**
 * DELETE /v1/subjects/{user}: everything the account holds for the Subject, unreadable at once and purged in the
 * background. `deleted` counts what was live; `counts_exact: false` says a large Subject's counts are floors.
 */
export const handler = apiKeyRoute(
  httpRoute('delete-subject'),
  { bucket, queues },
  async ({ req, services, tenancy }) => {
    const subjectKey = normalizeSubjectKey(parseWith(SubjectPathSchema, req.pathParams).user);
    const outcome = await eraseSubject(services, tenancy, subjectKey);
    if (!outcome) throw new NotFoundError(`No Subject exists for user '${subjectKey}'`, 'user');
    return { body: { status: 'ok', subject: subjectKey, deleted: outcome.deleted, counts_exact: outcome.countsExact } };
  },
);
