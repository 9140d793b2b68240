import * as z from 'zod/mini';
import { intQuery, subjectKeyParam } from '../../shared/http/query-schemas';
import { defineOperation } from '../../shared/openapi/operation';
import { decodeReadingsCursor, MAX_READINGS_LIMIT, MAX_READINGS_OFFSET } from '../../shared/services/readings';
import { ListDataResponseSchema } from '../data/list-data.schema';

/** Query of `GET /api/console/data`: `GET /v1/data`'s paging, with the Subject named explicitly. */
export const ListConsoleDataQuerySchema = z.object({
  user: subjectKeyParam(),
  limit: z.optional(intQuery(1, MAX_READINGS_LIMIT)),
  offset: z.optional(intQuery(0, MAX_READINGS_OFFSET)),
  cursor: z.optional(
    z
      .string()
      .check(z.refine((s) => decodeReadingsCursor(s) !== null, { message: 'is not a next_cursor this API returned' })),
  ),
  indicator: z.optional(z.string().check(z.maxLength(256))),
});

export type ListConsoleDataQuery = z.infer<typeof ListConsoleDataQuerySchema>;

export const operation = defineOperation('list-console-data', {
  summary: "A page of one Subject's readings (console session)",
  description:
    "The console's readings table: `GET /v1/data`'s answer and paging (newest first; `limit` 1–1000, default 100; " +
    '`offset` up to 10,000, deeper pages by `cursor`, the `next_cursor` of the page before; `indicator` filters by ' +
    'substring), for a Subject of the signed-in account named by `user` (required; 404 when the account holds none).',
  tags: ['Console'],
  query: ListConsoleDataQuerySchema,
  responses: { 200: { description: 'A page of readings, newest first', schema: ListDataResponseSchema } },
  examples: [
    { user: 'alice', limit: '50' },
    { user: 'alice', limit: '50', cursor: 'MjAyNi0wNS0wMVQwODowMDowMC4wMDBaIzAwMDAwMDAwMDA0Mg' },
  ],
});
