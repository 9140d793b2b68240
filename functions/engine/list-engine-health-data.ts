import { userRoute } from '../../shared/http/handler';
import { ownSubjectKey } from '../../shared/http/tenancy';
import { parseWith } from '../../shared/http/validation';
import { DEFAULT_READINGS_LIMIT, readingsPage, readingsPosition } from '../../shared/services/readings';
import { httpRoute } from '../routes';
import { ListEngineHealthDataQuerySchema } from './list-engine-health-data.schema';

/** GET /api/v1/data/health/data: a page of the user's own readings, newest first, as `GET /v1/data` reads them. */
export const handler = userRoute(httpRoute('list-engine-health-data'), {}, async ({ req, services, tenancy }) => {
  const subjectKey = ownSubjectKey(req.query.user);
  const query = parseWith(ListEngineHealthDataQuerySchema, req.query);
  const { limit = DEFAULT_READINGS_LIMIT, offset = 0, indicator } = query;
  const after = readingsPosition({ offset, cursor: query.cursor });
  const page = await readingsPage(services, await tenancy.find(subjectKey), subjectKey, {
    limit,
    offset,
    after,
    indicator,
  });
  const { data: records, has_more, next_cursor } = page;
  return { body: { records, has_more, ...(next_cursor ? { next_cursor } : {}), limit, offset } };
});
