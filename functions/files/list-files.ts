import { subjectOfQuery } from '../../shared/http/documented';
import { apiKeyRoute } from '../../shared/http/handler';
import { fileList } from '../../shared/services/subject-files';
import { httpRoute } from '../routes';

/** GET /v1/files: the Subject's live files, newest first. */
export const handler = apiKeyRoute(httpRoute('list-files'), {}, async ({ req, services, tenancy }) => {
  const subjectKey = subjectOfQuery(req);
  return { body: await fileList(services, await tenancy.find(subjectKey), subjectKey) };
});
