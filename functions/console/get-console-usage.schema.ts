import * as z from 'zod/mini';
import { MAX_USAGE_DAYS } from '../../shared/domain/usage-report';
import { intQuery, utcDateQuery } from '../../shared/http/query-schemas';
import { defineOperation } from '../../shared/openapi/operation';

/** Query of `GET /api/console/usage`: the last `days` days, or the UTC dates `from` to `to`; not both. */
export const GetConsoleUsageQuerySchema = z
  .object({
    days: z.optional(intQuery(1, MAX_USAGE_DAYS)),
    from: z.optional(utcDateQuery),
    to: z.optional(utcDateQuery),
  })
  .check(
    z.superRefine((q, ctx) => {
      if (q.days !== undefined && (q.from !== undefined || q.to !== undefined)) {
        ctx.issues.push({ code: 'custom', path: ['days'], message: 'cannot be combined with from or to', input: q });
      }
    }),
  );

const usageFigures = {
  requests: z.int(),
  input_tokens: z.int(),
  system_tokens: z.int(),
  output_tokens: z.int(),
  reasoning_tokens: z.int(),
  /** In `currency`, rounded to 6 decimals per row; the total is the sum of the rows. */
  cost: z.number(),
};

export const UsageReportSchema = z.object({
  object: z.literal('usage'),
  from: z.string(),
  to: z.string(),
  currency: z.string(),
  /** One row per UTC day and tier that had a model-backed request, oldest first. */
  data: z.array(z.object({ day: z.string(), tier: z.string(), ...usageFigures })),
  totals: z.object(usageFigures),
});

export const operation = defineOperation('get-console-usage', {
  summary: "The signed-in account's requests, tokens and cost per day and tier",
  description:
    'Model-backed requests (`/v1/chat/completions`, `/v1/responses`, the console Ask panel) per UTC day and tier, ' +
    "with their tokens and cost at the tiers' prices. The window is the last `days` days (1–90, today included), or " +
    '`from` to `to` (UTC dates, both included, at most 90 days; `to` defaults to today, `from` to 30 days ending at ' +
    '`to`); the last 30 days when neither is given.',
  tags: ['Console'],
  query: GetConsoleUsageQuerySchema,
  responses: { 200: { description: 'The usage report', schema: UsageReportSchema } },
  examples: [{}, { days: '7' }, { from: '2026-10-01', to: '2026-10-31' }],
});
