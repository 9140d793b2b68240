import { defineOperation } from '../../shared/openapi/operation';
import { PULSE_TAG } from './pulse.schema';
import { WebhookPathSchema } from './receive-pulse-webhook.schema';

export const operation = defineOperation('probe-pulse-webhook', {
  summary: 'Reachability of the webhook URL',
  description: 'HEAD answers 200 with no body: Withings checks a callback URL this way before subscribing it.',
  tags: [PULSE_TAG],
  path: WebhookPathSchema,
  responses: { 200: { description: 'Reachable (no body)' } },
});
