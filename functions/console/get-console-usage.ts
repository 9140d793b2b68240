import { nowMs } from '../../shared/clock';
import { tierEntries } from '../../shared/domain/models';
import { DEFAULT_USAGE_DAYS, MAX_USAGE_DAYS, usageReport, usageWindow } from '../../shared/domain/usage-report';
import { parseDocumented, presentParams } from '../../shared/http/documented';
import { userRoute } from '../../shared/http/handler';
import { intParam } from '../../shared/http/validation';
import { httpRoute } from '../routes';
import { UsageQuerySchema } from './get-console-usage.schema';

/** GET /api/console/usage?days=N: requests, tokens and cost per UTC day and tier over the last N days (1–90). */
export const handler = userRoute(httpRoute('get-console-usage'), {}, async ({ req, services, tenancy }) => {
  const days = parseDocumented(UsageQuerySchema, presentParams(req.query), () =>
    intParam(req.query.days, 'days', 1, MAX_USAGE_DAYS, DEFAULT_USAGE_DAYS),
  );
  const window = usageWindow(days, nowMs());
  const rows = await services.usage.days(tenancy.accountId, window.from, window.to);
  return { body: usageReport(rows, tierEntries(process.env), window) };
});
