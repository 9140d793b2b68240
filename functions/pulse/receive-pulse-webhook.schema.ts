import * as z from 'zod/mini';
import { defineOperation } from '../../shared/openapi/operation';
import { ProviderSlugSchema, PULSE_TAG } from './pulse.schema';

export const WebhookPathSchema = z.object({ platform: z.string().check(z.meta({ description: '`hds`' })) });
export const WebhookQuerySchema = z.object({
  provider: z.optional(ProviderSlugSchema.check(z.meta({ description: 'The provider delivering (required)' }))),
  t: z.optional(z.string().check(z.meta({ description: 'Garmin: the app token of the configured endpoint URL' }))),
});

export const operation = defineOperation('receive-pulse-webhook', {
  summary: 'A wearable provider’s webhook delivery',
  description:
    'Public: the provider’s signature over the raw body is the credential (Oura: `x-oura-signature`, ' +
    "`x-oura-timestamp`; Fitbit: `X-Fitbit-Signature`; Garmin pings: the endpoint URL's `t`). Verified before anything else: forged or stale → 401 and nothing happens. Each event of a " +
    'linked provider user is queued once (redeliveries are skipped) and fetched in the background; the answer is ' +
    'an empty 200 (Fitbit: 204) at once. 60 per minute per provider user.',
  tags: [PULSE_TAG],
  path: WebhookPathSchema,
  query: WebhookQuerySchema,
  body: z.record(z.string(), z.unknown()),
  responses: { 200: { description: 'Received (no body)' }, 204: { description: 'Received, for Fitbit (no body)' } },
  examples: [
    {
      event_type: 'create',
      data_type: 'sleep',
      object_id: '8f9a5221-639e-4a85-81cb-4065ef23f979',
      event_time: '2026-11-21T06:09:58+00:00',
      user_id: 'oura-user-8c41d7e2',
    },
  ],
});
