import type { ExportJob } from '../../shared/domain/exports';
import { EXPORT_ID_PATTERN } from '../../shared/domain/exports';
import { NotFoundError } from '../../shared/errors';
import { subjectOfQuery } from '../../shared/http/documented';
import type { HttpRequest } from '../../shared/http/request';
import type { Tenancy } from '../../shared/http/tenancy';
import { parseWith } from '../../shared/http/validation';
import type { Services } from '../../shared/services/container';
import { ExportPathSchema } from './exports.schema';

/**
 * The export a path names, only within the caller's Subject (`?user=`): another account's or Subject's id, an expired
 * export and a malformed id are all 404, indistinguishable.
 */
export async function findExport(
  req: HttpRequest,
  services: Services,
  tenancy: Tenancy,
  atMs: number,
): Promise<ExportJob> {
  const subjectKey = subjectOfQuery(req);
  const exportId = parseWith(ExportPathSchema, req.pathParams).export_id;
  const notFound = () => new NotFoundError(`No export '${exportId.slice(0, 64)}' for this Subject`, 'export_id');
  if (!EXPORT_ID_PATTERN.test(exportId)) throw notFound();
  const subject = await tenancy.find(subjectKey);
  const job = subject ? await services.exports.get(subject.subjectId, exportId, atMs) : null;
  if (!job) throw notFound();
  return job;
}
