import { apiKeyRoute } from '../../shared/http/handler';
import { subjectKeyOf } from '../../shared/http/tenancy';
import { intParam } from '../../shared/http/validation';
import { DEFAULT_READINGS_LIMIT, MAX_READINGS_LIMIT, readingsPage } from '../../shared/services/readings';
import { httpRoute } from '../routes';

/** GET /v1/data: a page of the Subject's unexpired readings, newest first. */
export const handler = apiKeyRoute(httpRoute('list-data'), {}, async ({ req, services, tenancy }) => {
  const subjectKey = subjectKeyOf(req, undefined);
  const limit = intParam(req.query.limit, 'limit', 1, MAX_READINGS_LIMIT, DEFAULT_READINGS_LIMIT);
  const offset = intParam(req.query.offset, 'offset', 0, Number.MAX_SAFE_INTEGER, 0);
  const { cursor, indicator } = req.query;
  const subject = await tenancy.find(subjectKey);
  return { body: await readingsPage(services, subject, subjectKey, { limit, offset, cursor, indicator }) };
});
