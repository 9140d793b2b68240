import { nowMs } from '../../shared/clock';
import { NotFoundError } from '../../shared/errors';
import { userRoute } from '../../shared/http/handler';
import { parseWith } from '../../shared/http/validation';
import { consoleSubject } from '../../shared/services/console-subjects';
import { httpRoute } from '../routes';
import { DeleteConsoleDataQuerySchema } from './delete-console-data.schema';

/**
 * DELETE /api/console/data?user=&id=: one reading and its FHIR mirror, through the store's delete as `/v1` uses it.
 * Nothing deleted is a 404, so the page learns a row it shows was already gone.
 */
export const handler = userRoute(httpRoute('delete-console-data'), {}, async ({ req, services, tenancy }) => {
  const { user, id } = parseWith(DeleteConsoleDataQuerySchema, req.query);
  const subject = await consoleSubject(tenancy, user);
  const deleted = await services.records.delete(subject.subjectId, { id }, nowMs());
  if (deleted === 0) throw new NotFoundError(`No reading ${id} for this Subject`, 'id');
  return { body: { status: 'ok', deleted, subject: user } };
});
