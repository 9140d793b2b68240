import { apiKeyRoute } from '../../shared/http/handler';
import { subjectKeyOf } from '../../shared/http/tenancy';
import { fileList } from '../../shared/services/subject-files';
import { httpRoute } from '../routes';

/** GET /v1/files: the Subject's live files, newest first. */
export const handler = apiKeyRoute(httpRoute('list-files'), {}, async ({ req, services, tenancy }) => {
  const subjectKey = subjectKeyOf(req, undefined);
  return { body: await fileList(services, await tenancy.find(subjectKey), subjectKey) };
});
