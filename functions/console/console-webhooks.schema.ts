import * as z from 'zod/mini';
import { WEBHOOK_EVENT_TYPES } from '../../shared/domain/webhooks/events';
import { defineOperation } from '../../shared/openapi/operation';
import {
  CreateWebhookEndpointSchema,
  DeliveriesQuerySchema,
  DeliveryPathSchema,
  EndpointPathSchema,
  WebhookDeliverySchema,
  WebhookEndpointSchema,
  WebhookEndpointWithSecretSchema,
} from '../webhooks/webhooks.schema';

// The console's webhook routes (`/api/console/webhook_endpoints…`, issue 19) are the `/v1/webhook_endpoints` routes
// for a signed-in person instead of an API key: the same bodies and answers, so they validate with the same schemas.

/** An endpoint as the console lists it: the API's wire form and the status of its newest delivery. */
export const ConsoleWebhookEndpointSchema = z
  .object({
    ...WebhookEndpointSchema.shape,
    last_delivery_status: z
      .nullable(z.enum(['pending', 'delivered', 'failed']))
      .check(z.meta({ description: "The newest delivery's status; null before the first" })),
  })
  .check(
    z.meta({ id: 'ConsoleWebhookEndpoint', description: 'A webhook endpoint (no secret), as the console lists it' }),
  );

const tags = ['Console'];

export const listOperation = defineOperation('list-console-webhook-endpoints', {
  summary: "List the account's webhook endpoints and the event types they may subscribe to",
  tags,
  responses: {
    200: {
      description: 'Every endpoint, without secrets',
      schema: z.object({
        object: z.literal('list'),
        data: z.array(ConsoleWebhookEndpointSchema),
        event_types: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
      }),
    },
  },
});

export const createOperation = defineOperation('create-console-webhook-endpoint', {
  summary: 'Register a webhook endpoint (its signing secret is shown once)',
  tags,
  body: CreateWebhookEndpointSchema,
  responses: { 201: { description: 'The endpoint and its secret', schema: WebhookEndpointWithSecretSchema } },
  examples: [{ url: 'https://example.com/hds-events', events: ['subject.erased'], description: 'ops' }],
});

export const deleteOperation = defineOperation('delete-console-webhook-endpoint', {
  summary: 'Delete a webhook endpoint (nothing more is sent to it)',
  tags,
  path: EndpointPathSchema,
  responses: {
    200: {
      description: 'Deleted',
      schema: z.object({ id: z.string(), object: z.literal('webhook_endpoint'), deleted: z.literal(true) }),
    },
  },
});

export const rotateOperation = defineOperation('rotate-console-webhook-secret', {
  summary: "Rotate an endpoint's signing secret (the old one keeps signing beside it for 24 hours)",
  tags,
  path: EndpointPathSchema,
  responses: { 200: { description: 'The endpoint and its new secret', schema: WebhookEndpointWithSecretSchema } },
});

export const listDeliveriesOperation = defineOperation('list-console-webhook-deliveries', {
  summary: "An endpoint's delivery log, newest first",
  tags,
  path: EndpointPathSchema,
  query: DeliveriesQuerySchema,
  responses: {
    200: {
      description: 'Deliveries',
      schema: z.object({ object: z.literal('list'), data: z.array(WebhookDeliverySchema) }),
    },
  },
});

export const redeliverOperation = defineOperation('redeliver-console-webhook', {
  summary: 'Send a delivered or failed delivery once more, under its own webhook-id',
  tags,
  path: DeliveryPathSchema,
  responses: { 202: { description: 'Queued', schema: WebhookDeliverySchema } },
});
