import { nowMs } from '../../shared/clock';
import { bucket } from '../../shared/composition/bucket';
import { NotFoundError } from '../../shared/errors';
import { apiKeyRoute } from '../../shared/http/handler';
import { deleteExport } from '../../shared/services/exports';
import { httpRoute } from '../routes';
import { findExport } from './find-export';

/** DELETE /v1/exports/{export_id}?user=: removes the export's file, then the export; 404 when not this Subject's. */
export const handler = apiKeyRoute(httpRoute('delete-export'), { bucket }, async ({ req, services, tenancy }) => {
  const job = await findExport(req, services, tenancy, nowMs());
  if (!(await deleteExport(services, job)))
    throw new NotFoundError(`No export '${job.id}' for this Subject`, 'export_id');
  return { body: { object: 'export', id: job.id, deleted: true, subject: job.subjectKey } };
});
