import * as z from 'zod/mini';
import { defineOperation } from '../../shared/openapi/operation';

const Check = z.object({ status: z.enum(['ok', 'error']), latency_ms: z.number() });

export const HealthSchema = z.object({
  status: z.literal('ok'),
  region: z.string(),
  version: z.string(),
  tool_names: z.array(z.string()),
  pulse_providers: z
    .array(z.string())
    .check(z.meta({ description: 'Wearable providers whose credentials this deployment holds (`/api/v1/pulse`)' })),
  checks: z.object({
    dynamodb: Check,
    s3: Check,
    model: z
      .object({
        mode: z.enum(['upstream', 'offline']),
        status: z.enum(['ok', 'error']),
        latency_ms: z.number(),
        reason: z.optional(z.string()),
      })
      .check(z.meta({ description: 'The model: reported, but the region stays ready without it' })),
  }),
});

export const operation = defineOperation('get-health', {
  summary: 'Region health (public)',
  tags: ['Health'],
  responses: { 200: { description: 'The region answers; 503 when a data store does not', schema: HealthSchema } },
});
