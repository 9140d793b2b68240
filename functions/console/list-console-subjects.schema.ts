import * as z from 'zod/mini';
import { intQuery } from '../../shared/http/query-schemas';
import { defineOperation } from '../../shared/openapi/operation';
import { SubjectKeySchema } from '../../shared/openapi/wire/common';
import { decodeSubjectsCursor, MAX_SUBJECTS_LIMIT } from '../../shared/services/console-subjects';

/** Query of `GET /api/console/subjects`. */
export const ListConsoleSubjectsQuerySchema = z.object({
  limit: z.optional(intQuery(1, MAX_SUBJECTS_LIMIT)),
  cursor: z.optional(
    z.pipe(
      z
        .string()
        .check(
          z.refine((s) => decodeSubjectsCursor(s) !== null, { message: 'is not a next_cursor this API returned' }),
        ),
      z.transform((s) => decodeSubjectsCursor(s)!),
    ),
  ),
});

export const ConsoleSubjectSchema = z.object({
  object: z.literal('subject'),
  /** The Subject key, as `user` names it on every route. */
  user: SubjectKeySchema,
  created_at: z.string(),
  /** Live readings and files; floors when `counts_exact` is false (counting ran out of its time). */
  records: z.int(),
  files: z.int(),
  counts_exact: z.boolean(),
});

export const ConsoleSubjectListSchema = z.object({
  object: z.literal('list'),
  data: z.array(ConsoleSubjectSchema),
  has_more: z.boolean(),
  next_cursor: z.optional(z.string()),
  limit: z.int(),
});

export const operation = defineOperation('list-console-subjects', {
  summary: "The signed-in account's Subjects (console session)",
  description:
    "A page of the account's Subjects in key order (`limit` 1–100, default 20; the next page by `cursor`, the " +
    '`next_cursor` of the page before), each with its live readings and files counted. Counting a page stops after ' +
    'about a second: a Subject counted only in part has `counts_exact: false` and its counts are floors.',
  tags: ['Console'],
  query: ListConsoleSubjectsQuerySchema,
  responses: { 200: { description: 'A page of Subjects', schema: ConsoleSubjectListSchema } },
  examples: [{}, { limit: '20', cursor: 'YWxpY2U' }],
});
