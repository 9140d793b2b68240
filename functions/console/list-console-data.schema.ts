import * as z from 'zod/mini';
import { intQuery, subjectKeyParam } from '../../shared/http/query-schemas';
import { defineOperation } from '../../shared/openapi/operation';
import { decodeReadingsCursor, MAX_READINGS_LIMIT, MAX_READINGS_OFFSET } from '../../shared/services/readings';

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

/** One stored reading as `GET /v1/data` returns it (spec: Health record; `toWire`). */
export const ReadingSchema = z.object({
  id: z.int(),
  indicator: z.string(),
  value: z.string(),
  parsed_value: z.nullable(z.string()),
  parsed_unit: z.nullable(z.string()),
  loinc_code: z.nullable(z.string()),
  canonical_name: z.nullable(z.string()),
  fhir_resource_id: z.string(),
  time: z.string(),
  end_time: z.nullable(z.string()),
  source: z.enum(['api', 'extract', 'upload', 'consolidation']),
  comment: z.string(),
  reference_low: z.nullable(z.number()),
  reference_high: z.nullable(z.number()),
  reference_text: z.nullable(z.string()),
  abnormal: z.nullable(z.boolean()),
  retention: z.string(),
  session_id: z.nullable(z.string()),
  expires_at: z.nullable(z.string()),
});

export const ReadingsPageSchema = z.object({
  object: z.literal('list'),
  data: z.array(ReadingSchema),
  has_more: z.boolean(),
  next_cursor: z.optional(z.string()),
  limit: z.int(),
  offset: z.int(),
  subject: z.string(),
});

export const operation = defineOperation('list-console-data', {
  summary: "A page of one Subject's readings (console session)",
  description:
    "The console's readings table: `GET /v1/data`'s answer and paging (newest first; `limit` 1–1000, default 100; " +
    '`offset` up to 10,000, deeper pages by `cursor`, the `next_cursor` of the page before; `indicator` filters by ' +
    'substring), for a Subject of the signed-in account named by `user` (required; 404 when the account holds none).',
  tags: ['Console'],
  query: ListConsoleDataQuerySchema,
  responses: { 200: { description: 'A page of readings, newest first', schema: ReadingsPageSchema } },
  examples: [
    { user: 'alice', limit: '50' },
    { user: 'alice', limit: '50', cursor: 'MjAyNi0wNS0wMVQwODowMDowMC4wMDBaIzAwMDAwMDAwMDA0Mg' },
  ],
});
