import { nowMs } from '../../shared/clock';
import { tierEntries } from '../../shared/domain/models';
import { DEFAULT_USAGE_DAYS, MAX_USAGE_DAYS, usageReport, usageWindow } from '../../shared/domain/usage-report';
import { userRoute } from '../../shared/http/handler';
import { intParam } from '../../shared/http/validation';
import { httpRoute } from '../routes';

/** GET /api/console/usage?days=N: requests, tokens and cost per UTC day and tier over the last N days (1–90). */
export const handler = userRoute(httpRoute('get-console-usage'), {}, async ({ req, services, tenancy }) => {
  const days = intParam(req.query.days, 'days', 1, MAX_USAGE_DAYS, DEFAULT_USAGE_DAYS);
  const window = usageWindow(days, nowMs());
  const rows = await services.usage.days(tenancy.accountId, window.from, window.to);
  return { body: usageReport(rows, tierEntries(process.env), window) };
});
