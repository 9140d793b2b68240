import { HttpError } from '../../shared/http/errors';
import { publicRoute } from '../../shared/http/handler';

/** Built-in server tools live on this deployment (none yet: the agent tools arrive with the Answers API). */
const TOOL_NAMES: string[] = [];

/** GET /api/health: 200 when the region's store answers, 503 otherwise. Public; reveals no data. */
export const handler = publicRoute('get-health', async ({ services }) => {
  const started = Date.now();
  try {
    await services.accounts.getAccount('health-probe');
  } catch {
    throw new HttpError(503, 'The data store is not reachable', 'service_unavailable');
  }
  return {
    headers: { 'cache-control': 'no-store' },
    body: {
      status: 'ok',
      region: services.config.region,
      version: services.config.version,
      tool_names: TOOL_NAMES,
      checks: { dynamodb: { status: 'ok', latency_ms: Date.now() - started } },
    },
  };
});
