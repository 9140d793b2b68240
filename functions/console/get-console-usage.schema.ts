import * as z from 'zod/mini';
import { DEFAULT_USAGE_DAYS, MAX_USAGE_DAYS } from '../../shared/domain/usage-report';
import { defineOperation } from '../../shared/openapi/operation';
import { queryInt } from '../data/list-data.schema';

export const UsageQuerySchema = z.object({
  days: queryInt(1, MAX_USAGE_DAYS, `UTC days up to today (default ${DEFAULT_USAGE_DAYS})`),
});

const counters = {
  requests: z.number(),
  input_tokens: z.number(),
  system_tokens: z.number(),
  output_tokens: z.number(),
  reasoning_tokens: z.number(),
  cost: z.number().check(z.meta({ description: 'In `currency`, at the tier’s price' })),
};

export const UsageReportSchema = z.object({
  object: z.literal('usage'),
  from: z.string(),
  to: z.string(),
  currency: z.string(),
  data: z.array(z.object({ day: z.string(), tier: z.string(), ...counters })),
  totals: z.object(counters),
});

export const operation = defineOperation('get-console-usage', {
  summary: 'Requests, tokens and cost per UTC day and tier',
  tags: ['Console'],
  query: UsageQuerySchema,
  responses: { 200: { description: 'The usage report', schema: UsageReportSchema } },
  examples: [{ days: 7 }],
});
