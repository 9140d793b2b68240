import * as z from 'zod/mini';
import { WEBHOOK_EVENT_TYPES } from '../../shared/domain/webhooks/events';
import { defineOperation } from '../../shared/openapi/operation';

/** Body of `POST /v1/webhook_endpoints`. */
export const CreateWebhookEndpointSchema = z.object({
  url: z.string().check(z.minLength(1), z.maxLength(2048)),
  events: z.optional(
    z
      .array(z.enum(WEBHOOK_EVENT_TYPES, { error: `must be one of ${WEBHOOK_EVENT_TYPES.join(', ')}` }))
      .check(z.minLength(1, { error: 'must name at least one event type (omit it for every type)' })),
  ),
  description: z.optional(z.string().check(z.maxLength(500))),
});

export const EndpointPathSchema = z.object({ endpoint_id: z.string() });
export const DeliveryPathSchema = z.object({ endpoint_id: z.string(), delivery_id: z.string() });
export const DeliveriesQuerySchema = z.object({
  limit: z.optional(z.string().check(z.meta({ description: '1–100, default 20' }))),
});

export const WebhookEndpointSchema = z
  .object({
    id: z.string(),
    object: z.literal('webhook_endpoint'),
    url: z.string(),
    events: z.nullable(z.array(z.enum(WEBHOOK_EVENT_TYPES))).check(z.meta({ description: 'null: every type' })),
    description: z.nullable(z.string()),
    created_at: z.number().check(z.meta({ description: 'Epoch seconds' })),
  })
  .check(z.meta({ id: 'WebhookEndpoint', description: "An account's outbound webhook endpoint (no secret)" }));

export const WebhookEndpointWithSecretSchema = z.object({
  ...WebhookEndpointSchema.shape,
  secret: z.string().check(z.meta({ description: 'The signing secret (`whsec_…`), shown in this answer only' })),
});

export const WebhookDeliverySchema = z
  .object({
    id: z.string().check(z.meta({ description: 'The `webhook-id` of every attempt of this delivery' })),
    object: z.literal('webhook_delivery'),
    event_id: z.string(),
    event_type: z.enum(WEBHOOK_EVENT_TYPES),
    status: z.enum(['pending', 'delivered', 'failed']),
    attempts: z.number(),
    last_status_code: z.nullable(z.number()),
    last_error: z.nullable(z.string()),
    created_at: z.number(),
    last_attempt_at: z.nullable(z.number()),
    next_attempt_at: z.nullable(z.number()),
  })
  .check(z.meta({ id: 'WebhookDelivery', description: 'One event sent to one endpoint, with its attempts' }));

const tags = ['Webhooks'];

export const createOperation = defineOperation('create-webhook-endpoint', {
  summary: 'Register a webhook endpoint (its signing secret is shown once)',
  tags,
  body: CreateWebhookEndpointSchema,
  responses: { 201: { description: 'The endpoint and its secret', schema: WebhookEndpointWithSecretSchema } },
  examples: [{ url: 'https://example.com/hds-events', events: ['file.processed', 'file.failed'] }],
});

export const listOperation = defineOperation('list-webhook-endpoints', {
  summary: "List the account's webhook endpoints",
  tags,
  responses: {
    200: {
      description: 'Every endpoint, without secrets',
      schema: z.object({ object: z.literal('list'), data: z.array(WebhookEndpointSchema) }),
    },
  },
});

export const getOperation = defineOperation('get-webhook-endpoint', {
  summary: 'Get a webhook endpoint',
  tags,
  path: EndpointPathSchema,
  responses: { 200: { description: 'The endpoint, without its secret', schema: WebhookEndpointSchema } },
});

export const deleteOperation = defineOperation('delete-webhook-endpoint', {
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

export const rotateOperation = defineOperation('rotate-webhook-secret', {
  summary: "Rotate an endpoint's signing secret (the old one keeps signing beside it for 24 hours)",
  tags,
  path: EndpointPathSchema,
  responses: { 200: { description: 'The endpoint and its new secret', schema: WebhookEndpointWithSecretSchema } },
});

export const listDeliveriesOperation = defineOperation('list-webhook-deliveries', {
  summary: "An endpoint's delivery log, newest first (kept 30 days)",
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

export const redeliverOperation = defineOperation('redeliver-webhook', {
  summary: 'Send a delivered or failed delivery once more, under its own webhook-id',
  tags,
  path: DeliveryPathSchema,
  responses: { 202: { description: 'Queued', schema: WebhookDeliverySchema } },
});
