import { bucket } from '../../shared/composition/bucket';
import { apiKeyRoute } from '../../shared/http/handler';
import { subjectKeyOf } from '../../shared/http/tenancy';
import { fileDetail } from '../../shared/services/subject-files';
import { httpRoute } from '../routes';

/** GET /v1/files/{file_key+}: a file's parsed text (what the agent reads) and abstract. */
export const handler = apiKeyRoute(httpRoute('get-file'), { bucket }, async ({ req, services, tenancy }) => {
  const subjectKey = subjectKeyOf(req, undefined);
  const fileKey = req.pathParams.file_key ?? '';
  return { body: await fileDetail(services, await tenancy.find(subjectKey), subjectKey, fileKey) };
});
