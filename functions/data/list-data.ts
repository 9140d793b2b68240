import { parseDocumented, presentParams } from '../../shared/http/documented';
import { apiKeyRoute } from '../../shared/http/handler';
import type { HttpRequest } from '../../shared/http/request';
import { subjectKeyOf } from '../../shared/http/tenancy';
import { intParam } from '../../shared/http/validation';
import {
  DEFAULT_READINGS_LIMIT,
  MAX_READINGS_LIMIT,
  readingsPage,
  readingsPosition,
} from '../../shared/services/readings';
import { httpRoute } from '../routes';
import { ListDataQuerySchema } from './list-data.schema';

/** GET /v1/data: a page of the Subject's unexpired readings, newest first. */
export const handler = apiKeyRoute(httpRoute('list-data'), {}, async ({ req, services, tenancy }) => {
  const { subjectKey, ...query } = parseDocumented(ListDataQuerySchema, presentParams(req.query), () =>
    pageParams(req),
  );
  const subject = await tenancy.find(subjectKey);
  return { body: await readingsPage(services, subject, subjectKey, query) };
});

function pageParams(req: HttpRequest) {
  const subjectKey = subjectKeyOf(req, undefined);
  const limit = intParam(req.query.limit, 'limit', 1, MAX_READINGS_LIMIT, DEFAULT_READINGS_LIMIT);
  const offset = intParam(req.query.offset, 'offset', 0, Number.MAX_SAFE_INTEGER, 0);
  const after = readingsPosition({ offset, cursor: req.query.cursor });
  return { subjectKey, limit, offset, after, indicator: req.query.indicator };
}
