import { nowMs } from '../../shared/clock';
import { bucket } from '../../shared/composition/bucket';
import { toExportWire } from '../../shared/domain/exports';
import { apiKeyRoute } from '../../shared/http/handler';
import { exportLinks } from '../../shared/services/exports';
import { httpRoute } from '../routes';
import { findExport } from './find-export';

/** GET /v1/exports/{export_id}?user=: status and counts; a completed export carries fresh presigned download links. */
export const handler = apiKeyRoute(httpRoute('get-export'), { bucket }, async ({ req, services, tenancy }) => {
  const now = nowMs();
  const job = await findExport(req, services, tenancy, now);
  return { body: toExportWire(job, await exportLinks(services, job, now)) };
});
