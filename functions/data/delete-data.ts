import { nowMs } from '../../shared/clock';
import { parseDocumented, presentParams } from '../../shared/http/documented';
import { apiKeyRoute } from '../../shared/http/handler';
import { subjectKeyOf } from '../../shared/http/tenancy';
import { intParam } from '../../shared/http/validation';
import type { DeleteSelector } from '../../shared/ports/record-store';
import { httpRoute } from '../routes';
import { DeleteDataQuerySchema } from './delete-data.schema';

/** DELETE /v1/data: one row by `id`, else rows matching `indicator`, else every row of the Subject. */
export const handler = apiKeyRoute(httpRoute('delete-data'), {}, async ({ req, services, tenancy }) => {
  const { subjectKey, selector } = parseDocumented(DeleteDataQuerySchema, presentParams(req.query), () => ({
    subjectKey: subjectKeyOf(req, undefined),
    selector: selectorOf(req.query),
  }));
  const subject = await tenancy.find(subjectKey);
  const deleted = subject ? await services.records.delete(subject.subjectId, selector, nowMs()) : 0;
  return { body: { status: 'ok', deleted, subject: subjectKey } };
});

function selectorOf(query: Record<string, string>): DeleteSelector {
  if (query.id !== undefined) return { id: intParam(query.id, 'id', 1, Number.MAX_SAFE_INTEGER, 0) };
  const indicator = query.indicator?.trim();
  if (indicator) return { indicator };
  return { all: true };
}
