import { nowMs } from '../../shared/clock';
import { toListItem } from '../../shared/domain/files';
import { subjectOfQuery } from '../../shared/http/documented';
import { apiKeyRoute } from '../../shared/http/handler';
import { httpRoute } from '../routes';

/** GET /v1/files: the Subject's live files, newest first. */
export const handler = apiKeyRoute(httpRoute('list-files'), {}, async ({ req, services, tenancy }) => {
  const subjectKey = subjectOfQuery(req);
  const subject = await tenancy.find(subjectKey);
  const files = subject ? await services.files.list(subject.subjectId, nowMs()) : [];
  return { body: { object: 'list', data: files.map(toListItem), subject: subjectKey } };
});
