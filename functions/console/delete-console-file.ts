import { queues } from '../../shared/composition/queues';
import { userRoute } from '../../shared/http/handler';
import { parseWith } from '../../shared/http/validation';
import { consoleSubject } from '../../shared/services/console-subjects';
import { deleteFile } from '../../shared/services/subject-files';
import { httpRoute } from '../routes';
import { ConsoleFilePathSchema, ConsoleFileQuerySchema } from './get-console-file.schema';

/** DELETE /api/console/files/{file_key+}?user=: as `DELETE /v1/files/{file_key+}`, for the signed-in account. */
export const handler = userRoute(httpRoute('delete-console-file'), { queues }, async ({ req, services, tenancy }) => {
  const { user } = parseWith(ConsoleFileQuerySchema, req.query);
  const { file_key } = parseWith(ConsoleFilePathSchema, req.pathParams);
  return { body: await deleteFile(services, await consoleSubject(tenancy, user), user, file_key) };
});
