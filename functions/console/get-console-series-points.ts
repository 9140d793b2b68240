import { parseSeriesId } from '../../shared/domain/series/reading-series';
import { userRoute } from '../../shared/http/handler';
import { parseWith } from '../../shared/http/validation';
import { consoleSubject } from '../../shared/services/console-subjects';
import { scanDeadline, seriesPoints } from '../../shared/services/reading-series';
import { httpRoute } from '../routes';
import { GetConsoleSeriesPointsQuerySchema } from './get-console-series-points.schema';

/** GET /api/console/series/points?user=&series=: one series' numeric readings as chart columns, oldest first. */
export const handler = userRoute(
  httpRoute('get-console-series-points'),
  {},
  async ({ req, services, tenancy, remainingMs }) => {
    const { user, series, from, to } = parseWith(GetConsoleSeriesPointsQuerySchema, req.query);
    const subject = await consoleSubject(tenancy, user);
    const query = { series, selector: parseSeriesId(series)!, from, to };
    return { body: await seriesPoints(services, subject, user, query, scanDeadline(remainingMs())) };
  },
);
