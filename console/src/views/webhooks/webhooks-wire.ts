import type { ConsoleApi } from '../../console-api';
import { callJson, jsonBody } from '../../http';

/**
 * `/api/console/webhook_endpoints…` (README, Outbound webhooks): the only place their fields are read. Times are epoch
 * seconds, as `/v1/webhook_endpoints` gives them.
 */
export interface WebhookEndpoint {
  id: string;
  url: string;
  /** null: every event type. */
  events: string[] | null;
  description: string | null;
  createdAt: number;
  lastDeliveryStatus: DeliveryStatus | null;
}

export type DeliveryStatus = 'pending' | 'delivered' | 'failed';

export interface WebhookDelivery {
  id: string;
  eventType: string;
  status: DeliveryStatus;
  attempts: number;
  lastStatusCode: number | null;
  lastError: string | null;
  createdAt: number;
  lastAttemptAt: number | null;
  nextAttemptAt: number | null;
}

interface EndpointWire {
  id: string;
  url: string;
  events: string[] | null;
  description: string | null;
  created_at: number;
  last_delivery_status?: DeliveryStatus | null;
  secret?: string;
}

interface DeliveryWire {
  id: string;
  event_type: string;
  status: DeliveryStatus;
  attempts: number;
  last_status_code: number | null;
  last_error: string | null;
  created_at: number;
  last_attempt_at: number | null;
  next_attempt_at: number | null;
}

const BASE = '/api/console/webhook_endpoints';
const one = (id: string) => `${BASE}/${encodeURIComponent(id)}`;

const endpointFromWire = (e: EndpointWire): WebhookEndpoint => ({
  id: e.id,
  url: e.url,
  events: e.events,
  description: e.description,
  createdAt: e.created_at,
  lastDeliveryStatus: e.last_delivery_status ?? null,
});

const deliveryFromWire = (d: DeliveryWire): WebhookDelivery => ({
  id: d.id,
  eventType: d.event_type,
  status: d.status,
  attempts: d.attempts,
  lastStatusCode: d.last_status_code,
  lastError: d.last_error,
  createdAt: d.created_at,
  lastAttemptAt: d.last_attempt_at,
  nextAttemptAt: d.next_attempt_at,
});

/** The endpoints, and the event types an endpoint may subscribe to (the service's list, never a copy of it here). */
export async function listEndpoints(api: ConsoleApi): Promise<{ endpoints: WebhookEndpoint[]; eventTypes: string[] }> {
  const body = await callJson<{ data: EndpointWire[]; event_types: string[] }>(api, BASE);
  return { endpoints: body.data.map(endpointFromWire), eventTypes: body.event_types };
}

export interface NewEndpoint {
  url: string;
  /** Empty: every event type. */
  events: string[];
  description: string;
}

/** The new endpoint and its signing secret, which the service never shows again. */
export async function createEndpoint(
  api: ConsoleApi,
  input: NewEndpoint,
): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
  const body = await callJson<EndpointWire>(
    api,
    BASE,
    jsonBody('POST', {
      url: input.url,
      ...(input.events.length ? { events: input.events } : {}),
      ...(input.description ? { description: input.description } : {}),
    }),
  );
  return { endpoint: endpointFromWire(body), secret: body.secret ?? '' };
}

export async function deleteEndpoint(api: ConsoleApi, id: string): Promise<void> {
  await callJson(api, one(id), { method: 'DELETE' });
}

export async function rotateSecret(
  api: ConsoleApi,
  id: string,
): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
  const body = await callJson<EndpointWire>(api, `${one(id)}/rotate_secret`, { method: 'POST' });
  return { endpoint: endpointFromWire(body), secret: body.secret ?? '' };
}

export async function listDeliveries(api: ConsoleApi, endpointId: string): Promise<WebhookDelivery[]> {
  const body = await callJson<{ data: DeliveryWire[] }>(api, `${one(endpointId)}/deliveries`);
  return body.data.map(deliveryFromWire);
}

export async function redeliver(api: ConsoleApi, endpointId: string, deliveryId: string): Promise<void> {
  await callJson(api, `${one(endpointId)}/deliveries/${encodeURIComponent(deliveryId)}/redeliver`, { method: 'POST' });
}
