import { queues } from '../../shared/composition/queues';
import { subjectOfQuery } from '../../shared/http/documented';
import { apiKeyRoute } from '../../shared/http/handler';
import { parseWith } from '../../shared/http/validation';
import { deleteFile } from '../../shared/services/subject-files';
import { httpRoute } from '../routes';
import { FilePathSchema } from './files.schema';

/**
 * DELETE /v1/files/{file_key+}: gone from every read at once; its bytes and text are purged by a worker.
 * Readings already extracted from it stay until deleted through /v1/data.
 */
export const handler = apiKeyRoute(httpRoute('delete-file'), { queues }, async ({ req, services, tenancy }) => {
  const subjectKey = subjectOfQuery(req);
  const fileKey = parseWith(FilePathSchema, req.pathParams).file_key;
  return { body: await deleteFile(services, await tenancy.find(subjectKey), subjectKey, fileKey) };
});
