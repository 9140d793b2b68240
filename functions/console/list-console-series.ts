import { userRoute } from '../../shared/http/handler';
import { parseWith } from '../../shared/http/validation';
import { consoleSubject } from '../../shared/services/console-subjects';
import { scanDeadline, seriesOverview } from '../../shared/services/reading-series';
import { httpRoute } from '../routes';
import { ListConsoleSeriesQuerySchema } from './list-console-series.schema';

/** GET /api/console/series?user=: the Subject's readings grouped into series, most recently measured first. */
export const handler = userRoute(
  httpRoute('list-console-series'),
  {},
  async ({ req, services, tenancy, remainingMs }) => {
    const { user } = parseWith(ListConsoleSeriesQuerySchema, req.query);
    const subject = await consoleSubject(tenancy, user);
    return { body: await seriesOverview(services, subject, user, scanDeadline(remainingMs())) };
  },
);
