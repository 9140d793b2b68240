import { userRoute } from '../../shared/http/handler';
import { ownSubjectKey } from '../../shared/http/tenancy';
import { fileList } from '../../shared/services/subject-files';
import { httpRoute } from '../routes';

/** GET /api/v1/data/uploaded-files: the user's own live files with their processing status, as `GET /v1/files`. */
export const handler = userRoute(httpRoute('list-engine-files'), {}, async ({ req, services, tenancy }) => {
  const subjectKey = ownSubjectKey(req.query.user);
  const { data: files } = await fileList(services, await tenancy.find(subjectKey), subjectKey);
  return { body: { files } };
});
