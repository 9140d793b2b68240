import { bucket } from '../../shared/composition/bucket';
import { queues } from '../../shared/composition/queues';
import { NotFoundError } from '../../shared/errors';
import { userRoute } from '../../shared/http/handler';
import { parseWith } from '../../shared/http/validation';
import { eraseSubject } from '../../shared/services/subject-eraser';
import { httpRoute } from '../routes';
import { DeleteConsoleSubjectPathSchema } from './delete-console-subject.schema';

/** DELETE /api/console/subjects/{user}: the `/v1` erase, for a Subject of the signed-in account. */
export const handler = userRoute(
  httpRoute('delete-console-subject'),
  { bucket, queues },
  async ({ req, services, tenancy }) => {
    const { user } = parseWith(DeleteConsoleSubjectPathSchema, req.pathParams);
    const outcome = await eraseSubject(services, tenancy, user);
    if (!outcome) throw new NotFoundError(`No Subject '${user}' in this account`, 'user');
    return { body: { status: 'ok', subject: user, deleted: outcome.deleted, counts_exact: outcome.countsExact } };
  },
);
