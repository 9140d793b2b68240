import * as z from 'zod/mini';
import { intQuery, subjectKeyParam } from '../../shared/http/query-schemas';
import { defineOperation } from '../../shared/openapi/operation';

/** Query of `DELETE /api/console/data`: one reading of one Subject, both named. */
export const DeleteConsoleDataQuerySchema = z.object({
  user: subjectKeyParam(),
  id: intQuery(1, Number.MAX_SAFE_INTEGER),
});

export const DeletedReadingSchema = z.object({
  status: z.literal('ok'),
  deleted: z.literal(1),
  subject: z.string(),
});

export const operation = defineOperation('delete-console-data', {
  summary: 'Delete one reading (console session)',
  description:
    'Deletes the reading `id` of the Subject `user` with its FHIR mirror, as `DELETE /v1/data?id=` does; it is gone ' +
    'from `/v1` at once. 404 when the account holds no such Subject, or the Subject no live reading of that id.',
  tags: ['Console'],
  query: DeleteConsoleDataQuerySchema,
  responses: { 200: { description: 'The reading was deleted', schema: DeletedReadingSchema } },
  examples: [{ user: 'alice', id: '42' }],
});
