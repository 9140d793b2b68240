import * as z from 'zod/mini';
import { defineOperation } from '../../shared/openapi/operation';
import { BackfillSchema, PULSE_TAG } from './pulse.schema';

export const PulseUserProviderSchema = z.object({
  slug: z.string(),
  platform: z.literal('hds'),
  status: z.enum(['linked', 'error']),
  linked_at: z.string(),
  provider_user_id_hint: z.string(),
  scopes: z.array(z.string()),
  last_event_at: z.nullable(z.string()),
  backfill: BackfillSchema,
});

export const operation = defineOperation('list-pulse-user-providers', {
  summary: "The user's linked wearable providers",
  description:
    'One item per linked provider: when it was linked, the last 4 characters of the provider account id, the ' +
    'granted scopes, the last webhook event and how far the history backfill got. `status: error` asks for a new ' +
    'link. Scope `mcp:read`.',
  tags: [PULSE_TAG],
  responses: {
    200: { description: 'The links', schema: z.object({ providers: z.array(PulseUserProviderSchema) }) },
  },
});
