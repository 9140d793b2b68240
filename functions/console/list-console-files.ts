import { userRoute } from '../../shared/http/handler';
import { parseWith } from '../../shared/http/validation';
import { consoleSubject } from '../../shared/services/console-subjects';
import { fileList } from '../../shared/services/subject-files';
import { httpRoute } from '../routes';
import { ListConsoleFilesQuerySchema } from './list-console-files.schema';

/** GET /api/console/files?user=: the Subject's live files, newest first, as `GET /v1/files` lists them. */
export const handler = userRoute(httpRoute('list-console-files'), {}, async ({ req, services, tenancy }) => {
  const { user } = parseWith(ListConsoleFilesQuerySchema, req.query);
  return { body: await fileList(services, await consoleSubject(tenancy, user), user) };
});
