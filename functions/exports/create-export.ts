import { queues } from '../../shared/composition/queues';
import { toExportWire } from '../../shared/domain/exports';
import { parseTimestamp } from '../../shared/domain/timestamps';
import { invalidField } from '../../shared/errors';
import { apiKeyRoute } from '../../shared/http/handler';
import { normalizeSubjectKey } from '../../shared/http/tenancy';
import { parseWith, requireObject } from '../../shared/http/validation';
import { createExport } from '../../shared/services/exports';
import { httpRoute } from '../routes';
import { CreateExportSchema } from './create-export.schema';

/** An optional instant of the body, as UTC ISO; 400 naming the field when it is not a real date. */
function instantOf(raw: string | null | undefined, param: string): string | null {
  if (raw === undefined || raw === null) return null;
  const at = parseTimestamp(raw);
  if (at === null) throw invalidField(param, `${param} must be an ISO 8601 date or date-time, such as 2026-01-31`);
  return at;
}

/**
 * POST /v1/exports: queues a bulk export of an existing Subject's readings (`fhir-ndjson`, `fhir-bundle`, `csv`),
 * optionally within `since`/`until`; 202 with the export, which `GET /v1/exports/{id}` follows to its file.
 */
export const handler = apiKeyRoute(httpRoute('create-export'), { queues }, async ({ json, services, tenancy }) => {
  const body = requireObject(json());
  const input = parseWith(CreateExportSchema, body);
  const subjectKey = normalizeSubjectKey(input.user);
  const since = instantOf(input.since, 'since');
  const until = instantOf(input.until, 'until');
  if (since !== null && until !== null && since > until) throw invalidField('since', 'since must not be after until');
  const job = await createExport(services, tenancy, { subjectKey, format: input.format, since, until });
  return { status: 202, body: toExportWire(job, null) };
});
