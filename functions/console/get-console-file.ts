import { bucket } from '../../shared/composition/bucket';
import { userRoute } from '../../shared/http/handler';
import { parseWith } from '../../shared/http/validation';
import { consoleSubject } from '../../shared/services/console-subjects';
import { fileDetail } from '../../shared/services/subject-files';
import { httpRoute } from '../routes';
import { ConsoleFilePathSchema, ConsoleFileQuerySchema } from './get-console-file.schema';

/** GET /api/console/files/{file_key+}?user=: a file's status, parsed text and abstract, as `/v1` reads them. */
export const handler = userRoute(httpRoute('get-console-file'), { bucket }, async ({ req, services, tenancy }) => {
  const { user } = parseWith(ConsoleFileQuerySchema, req.query);
  const { file_key } = parseWith(ConsoleFilePathSchema, req.pathParams);
  return { body: await fileDetail(services, await consoleSubject(tenancy, user), user, file_key) };
});
