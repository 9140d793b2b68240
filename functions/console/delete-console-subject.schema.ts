import * as z from 'zod/mini';
import { subjectKeyParam } from '../../shared/http/query-schemas';
import { defineOperation } from '../../shared/openapi/operation';

/** Path of `DELETE /api/console/subjects/{user}`. */
export const DeleteConsoleSubjectPathSchema = z.object({ user: subjectKeyParam() });

export const ErasedSubjectSchema = z.object({
  status: z.literal('ok'),
  subject: z.string(),
  /** What was live when the erase began; floors when `counts_exact` is false. Everything is purged regardless. */
  deleted: z.object({ records: z.int(), files: z.int(), conversations: z.int() }),
  counts_exact: z.boolean(),
});

export const operation = defineOperation('delete-console-subject', {
  summary: 'Erase a Subject (console session)',
  description:
    'Right to be forgotten, through the same erase as `DELETE /v1/subjects/{user}`: everything the account holds for ' +
    'the Subject is unreadable at once (on `/v1` too) and purged in the background. 404 when the account holds no ' +
    'such Subject.',
  tags: ['Console'],
  path: DeleteConsoleSubjectPathSchema,
  responses: { 200: { description: 'The Subject is erased', schema: ErasedSubjectSchema } },
});
