import { nowMs } from '../../shared/clock';
import { tierEntries } from '../../shared/domain/models';
import { usageRange, usageReport, usageWindow } from '../../shared/domain/usage-report';
import { userRoute } from '../../shared/http/handler';
import { parseWith } from '../../shared/http/validation';
import { httpRoute } from '../routes';
import { GetConsoleUsageQuerySchema } from './get-console-usage.schema';

/**
 * GET /api/console/usage?days=N or ?from=&to=: requests, tokens and cost per UTC day and tier over the last N days
 * (1–90), or between two UTC dates (at most 90 days); the last 30 days by default.
 */
export const handler = userRoute(httpRoute('get-console-usage'), {}, async ({ req, services, tenancy }) => {
  const { days, from, to } = parseWith(GetConsoleUsageQuerySchema, req.query);
  const window = days !== undefined ? usageWindow(days, nowMs()) : usageRange({ from, to }, nowMs());
  const rows = await services.usage.days(tenancy.accountId, window.from, window.to);
  return { body: usageReport(rows, tierEntries(process.env), window) };
});
