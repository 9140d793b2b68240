import * as z from 'zod/mini';
import { defineOperation } from '../../shared/openapi/operation';
import { LinkStatusSchema, PULSE_TAG } from './pulse.schema';

export const PulseProviderSchema = z.object({
  slug: z.string(),
  name: z.string(),
  platform: z.enum(['hds', 'apple']),
  description: z.string(),
  logo: z.nullable(z.string()),
  supported: z.boolean(),
  auth_type: z.enum(['oauth2', 'oauth1', 'file_upload']),
  status: LinkStatusSchema,
  capabilities: z.array(z.enum(['sleep', 'activity', 'heart_rate', 'hrv', 'body', 'spo2', 'workouts'])),
});

export const operation = defineOperation('list-pulse-providers', {
  summary: 'The wearable providers, and whether the user linked each',
  description:
    'Every provider HDS knows: `supported` when this deployment has its application configured, `status` the ' +
    "caller's link (`linked`, `not_linked`, `error` — link again —, or `unavailable`). Apple Health is listed with " +
    '`auth_type: file_upload`: its export is uploaded, not linked. Scope `mcp:read`.',
  tags: [PULSE_TAG],
  responses: {
    200: { description: 'The providers', schema: z.object({ providers: z.array(PulseProviderSchema) }) },
  },
});
