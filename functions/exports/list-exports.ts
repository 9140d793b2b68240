import { nowMs } from '../../shared/clock';
import { toExportWire } from '../../shared/domain/exports';
import { subjectOfQuery } from '../../shared/http/documented';
import { apiKeyRoute } from '../../shared/http/handler';
import { httpRoute } from '../routes';

/** GET /v1/exports?user=: the Subject's live exports, newest first; links come from `GET /v1/exports/{id}`. */
export const handler = apiKeyRoute(httpRoute('list-exports'), {}, async ({ req, services, tenancy }) => {
  const subjectKey = subjectOfQuery(req);
  const subject = await tenancy.find(subjectKey);
  const jobs = subject ? await services.exports.list(subject.subjectId, nowMs()) : [];
  return { body: { object: 'list', data: jobs.map((j) => toExportWire(j, null)), subject: subjectKey } };
});
