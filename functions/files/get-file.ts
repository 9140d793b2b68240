import { bucket } from '../../shared/composition/bucket';
import { subjectOfQuery } from '../../shared/http/documented';
import { apiKeyRoute } from '../../shared/http/handler';
import { parseWith } from '../../shared/http/validation';
import { fileDetail } from '../../shared/services/subject-files';
import { httpRoute } from '../routes';
import { FilePathSchema } from './files.schema';

/** GET /v1/files/{file_key+}: a file's parsed text (what the agent reads) and abstract. */
export const handler = apiKeyRoute(httpRoute('get-file'), { bucket }, async ({ req, services, tenancy }) => {
  const subjectKey = subjectOfQuery(req);
  const fileKey = parseWith(FilePathSchema, req.pathParams).file_key;
  return { body: await fileDetail(services, await tenancy.find(subjectKey), subjectKey, fileKey) };
});
