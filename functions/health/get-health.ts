import { probeModel } from '../../shared/adapters/model/model-probe';
import { bucket } from '../../shared/composition/bucket';
import { configuredProviders } from '../../shared/config/pulse-providers';
import { liveToolNames } from '../../shared/domain/agent/tool-catalogue';
import { UnavailableError } from '../../shared/errors';
import { publicRoute } from '../../shared/http/handler';
import { httpRoute } from '../routes';

/**
 * GET /api/health: 200 when the region's table and bucket answer, 503 otherwise. Public; reveals no data. The upstream
 * model is checked and reported (`checks.model`) but does not make the region unready: without it every data route
 * works, and the answering routes answer 502 until it is back.
 */
export const handler = publicRoute(httpRoute('get-health'), { bucket }, async ({ services }) => {
  const [dynamodb, s3, model] = await Promise.all([
    probe(() => services.accounts.getAccount('health-probe')),
    probe(() => services.blobs.probe()),
    probeModel(services.config.model, services.config.region),
  ]);
  if (dynamodb.status !== 'ok' || s3.status !== 'ok') {
    throw new UnavailableError('A data store of this region is not reachable');
  }
  return {
    headers: { 'cache-control': 'no-store' },
    body: {
      status: 'ok',
      region: services.config.region,
      version: services.config.version,
      tool_names: liveToolNames(services.config.knowledge.enabled),
      pulse_providers: configuredProviders(services.config.pulse),
      checks: { dynamodb, s3, model },
    },
  };
});

async function probe(check: () => Promise<unknown>): Promise<{ status: 'ok' | 'error'; latency_ms: number }> {
  const started = Date.now();
  const status = await check().then(
    () => 'ok' as const,
    () => 'error' as const,
  );
  return { status, latency_ms: Date.now() - started };
}
