import * as z from 'zod/mini';
import { readingsPageQueryShape, subjectKeyParam } from '../../shared/http/query-schemas';
import { defineOperation } from '../../shared/openapi/operation';
import { ListDataResponseSchema } from '../data/list-data.schema';

/** Query of `GET /api/console/data`: `GET /v1/data`'s paging, with the Subject named explicitly. */
export const ListConsoleDataQuerySchema = z.object({ user: subjectKeyParam(), ...readingsPageQueryShape });

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
