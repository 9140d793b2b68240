import { userRoute } from '../../shared/http/handler';
import { parseWith } from '../../shared/http/validation';
import { consoleSubject } from '../../shared/services/console-subjects';
import { DEFAULT_READINGS_LIMIT, readingsPage, readingsPosition } from '../../shared/services/readings';
import { httpRoute } from '../routes';
import { ListConsoleDataQuerySchema } from './list-console-data.schema';

/** GET /api/console/data?user=: a page of the Subject's readings, newest first, paged as `GET /v1/data`. */
export const handler = userRoute(httpRoute('list-console-data'), {}, async ({ req, services, tenancy }) => {
  const query = parseWith(ListConsoleDataQuerySchema, req.query);
  const { user, limit = DEFAULT_READINGS_LIMIT, offset = 0, indicator } = query;
  const after = readingsPosition({ offset, cursor: query.cursor });
  const subject = await consoleSubject(tenancy, user);
  return { body: await readingsPage(services, subject, user, { limit, offset, after, indicator }) };
});
