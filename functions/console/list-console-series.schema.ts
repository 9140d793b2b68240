import * as z from 'zod/mini';
import { subjectKeyParam } from '../../shared/http/query-schemas';
import { defineOperation } from '../../shared/openapi/operation';

/** Query of `GET /api/console/series`. */
export const ListConsoleSeriesQuerySchema = z.object({ user: subjectKeyParam() });

export const ConsoleSeriesSchema = z.object({
  /** The LOINC code, or `ind:` and the indicator as written (trimmed, spaces collapsed, lower-cased) when uncoded. */
  series: z.string(),
  loinc_code: z.nullable(z.string()),
  /** The newest reading's canonical name, else its indicator as written. */
  name: z.string(),
  /** The newest reading's UCUM unit. */
  unit: z.nullable(z.string()),
  count: z.int(),
  /** Readings with a numeric value: the points `GET /api/console/series/points` draws. */
  numeric_count: z.int(),
  /** Flagged abnormal by their source, or a number outside the reference range they carry. */
  abnormal_count: z.int(),
  latest: z.object({
    id: z.int(),
    time: z.string(),
    /** As written. */
    value: z.nullable(z.string()),
    parsed_value: z.nullable(z.number()),
    abnormal: z.boolean(),
  }),
  /** The newest reading's reference range, else that of the newest reading carrying one. */
  reference: z.object({ low: z.nullable(z.number()), high: z.nullable(z.number()) }),
});

export const ConsoleSeriesListSchema = z.object({
  object: z.literal('list'),
  data: z.array(ConsoleSeriesSchema),
  /** Readings grouped. */
  readings: z.int(),
  /** False when the read stopped early (time or 100,000 readings): the figures are those of the newest readings. */
  complete: z.boolean(),
  subject: z.string(),
});

export const operation = defineOperation('list-console-series', {
  summary: "One Subject's readings grouped into series (console session)",
  description:
    'Every live reading of the Subject `user`, grouped by LOINC code (uncoded readings by their indicator, as ' +
    '`ind:<indicator>`), the most recently measured series first: name, unit, count, the latest value, reference ' +
    'range and how many readings are abnormal. Read from the time index in one pass, so a Subject of 10,000 readings ' +
    'answers in one request. 404 when the account holds no such Subject.',
  tags: ['Console'],
  query: ListConsoleSeriesQuerySchema,
  responses: { 200: { description: 'The series, most recently measured first', schema: ConsoleSeriesListSchema } },
  examples: [{ user: 'alice' }],
});
