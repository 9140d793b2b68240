import { userRoute } from '../../shared/http/handler';
import { parseWith } from '../../shared/http/validation';
import { DEFAULT_SUBJECTS_LIMIT, subjectsPage } from '../../shared/services/console-subjects';
import { httpRoute } from '../routes';
import { ListConsoleSubjectsQuerySchema } from './list-console-subjects.schema';

/** GET /api/console/subjects: a page of the account's Subjects with their live reading and file counts. */
export const handler = userRoute(httpRoute('list-console-subjects'), {}, async ({ req, services, tenancy }) => {
  const { limit = DEFAULT_SUBJECTS_LIMIT, cursor } = parseWith(ListConsoleSubjectsQuerySchema, req.query);
  return { body: await subjectsPage(services, tenancy.accountId, { limit, after: cursor }) };
});
