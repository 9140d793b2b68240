import * as z from 'zod/mini';
import { parseSeriesId } from '../../shared/domain/series/reading-series';
import { subjectKeyParam, timestampQuery } from '../../shared/http/query-schemas';
import { defineOperation } from '../../shared/openapi/operation';

/** Query of `GET /api/console/series/points`: a series id as `GET /api/console/series` lists it, and a window. */
export const GetConsoleSeriesPointsQuerySchema = z
  .object({
    user: subjectKeyParam(),
    series: z.string().check(
      z.refine((s) => parseSeriesId(s) !== null, {
        message:
          'must be a series id as GET /api/console/series lists it: a LOINC code such as 2345-7, or ind:<indicator>',
      }),
    ),
    from: z.optional(timestampQuery),
    to: z.optional(timestampQuery),
  })
  .check(
    z.superRefine((q, ctx) => {
      if (q.from !== undefined && q.to !== undefined && q.from > q.to) {
        ctx.issues.push({ code: 'custom', path: ['from'], message: 'must not be after to', input: q });
      }
    }),
  );

export const SeriesPointsSchema = z.object({
  object: z.literal('series_points'),
  series: z.string(),
  subject: z.string(),
  /** Points in this answer (numeric readings of the window). */
  count: z.int(),
  /** Older points of the window were left out (more than 50,000, or the read ran out of time). */
  has_more: z.boolean(),
  /** Columns of equal length, oldest first: ISO 8601 UTC instants, numeric values, abnormal flags. */
  time: z.array(z.string()),
  value: z.array(z.number()),
  abnormal: z.array(z.boolean()),
});

export const operation = defineOperation('get-console-series-points', {
  summary: 'One series as chart columns (console session)',
  description:
    'The numeric readings of one series of the Subject `user`, oldest first, as columns ready for a chart: up to ' +
    '50,000 points in one answer (the newest, when there are more: `has_more`). `from` and `to` (ISO 8601 instants, ' +
    'both included; a bare date is its midnight UTC) narrow the window. 404 naming `series` when the Subject has no ' +
    'reading of that series at all; an empty window of a known series is an empty chart.',
  tags: ['Console'],
  query: GetConsoleSeriesPointsQuerySchema,
  responses: { 200: { description: 'The series, oldest point first', schema: SeriesPointsSchema } },
  examples: [
    { user: 'alice', series: '2345-7' },
    { user: 'alice', series: 'ind:mood score', from: '2026-01-01T00:00:00Z', to: '2026-06-30T23:59:59Z' },
  ],
});
