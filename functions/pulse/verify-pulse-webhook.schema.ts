import * as z from 'zod/mini';
import { defineOperation } from '../../shared/openapi/operation';
import { PULSE_TAG } from './pulse.schema';
import { WebhookPathSchema } from './receive-pulse-webhook.schema';

export const operation = defineOperation('verify-pulse-webhook', {
  summary: 'A wearable provider’s webhook verification',
  description:
    'Oura: `?provider=oura&verification_token=…&challenge=…` → `{"challenge": …}` when the token is the configured ' +
    'one, else 401. Answered in the provider’s shape, not the engine’s envelope.',
  tags: [PULSE_TAG],
  path: WebhookPathSchema,
  query: z.object({
    provider: z.optional(z.string()),
    verification_token: z.optional(z.string()),
    challenge: z.optional(z.string()),
  }),
  // The provider's own shape, outside the engine's envelope: described here rather than given a schema.
  responses: { 200: { description: 'The challenge echoed as `{"challenge": "<value>"}` (not the envelope)' } },
});
