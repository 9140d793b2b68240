import { createHash, createHmac, randomBytes } from 'node:crypto';

/**
 * Outbound webhook events (issue 19 item 1), signed per the Standard Webhooks specification
 * (https://www.standardwebhooks.com): `webhook-id`, `webhook-timestamp`, `webhook-signature: v1,<base64 HMAC-SHA256 of
 * "id.timestamp.body">`, secrets `whsec_<base64>`. Payloads carry ids and counts only, never a health value or the
 * name of a test.
 */

/** Every event type an endpoint may subscribe to. */
export const WEBHOOK_EVENT_TYPES = [
  'file.processed',
  'file.failed',
  'extraction.completed',
  'data.expired',
  'session.deleted',
  'subject.erased',
  'response.completed',
] as const;

export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The `data` of an event: identifiers and counts, nothing else (no free text a value or test name could hide in). */
export type WebhookEventData = Record<string, string | number | boolean | null>;

/** One event as it is queued and sent: `{type, timestamp, data}` on the wire, plus its own id for fan-out. */
export interface WebhookEvent {
  id: string;
  type: WebhookEventType;
  /** ISO 8601, as Standard Webhooks' payload convention has it. */
  timestamp: string;
  data: WebhookEventData;
}

/** The body sent to a receiver; the event id stays out of it (the `webhook-id` header names each delivery). */
export function eventBody(event: WebhookEvent): string {
  return JSON.stringify({ type: event.type, timestamp: event.timestamp, data: event.data });
}

export function isWebhookEventType(value: string): value is WebhookEventType {
  return (WEBHOOK_EVENT_TYPES as readonly string[]).includes(value);
}

const SECRET_PREFIX = 'whsec_';
const SECRET_BYTES = 32;

/** A new signing secret in Standard Webhooks' form: `whsec_` and the base64 of 32 random bytes. */
export function newWebhookSecret(): string {
  return SECRET_PREFIX + randomBytes(SECRET_BYTES).toString('base64');
}

/** The key bytes a `whsec_` secret stands for (the HMAC key, as the `standardwebhooks` libraries decode it). */
export function secretKey(secret: string): Buffer {
  return Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, 'base64');
}

/** `v1,<base64 HMAC-SHA256(key, "id.timestamp.body")>` for one secret. */
export function signature(secret: string, id: string, timestampSeconds: number, body: string): string {
  const mac = createHmac('sha256', secretKey(secret)).update(`${id}.${timestampSeconds}.${body}`).digest('base64');
  return `v1,${mac}`;
}

/**
 * The three headers of one delivery attempt. Several secrets (the current one and, during a rotation's grace period,
 * the previous one) give several space-separated signatures, any of which a receiver accepts.
 */
export function signedHeaders(
  secrets: readonly string[],
  id: string,
  timestampSeconds: number,
  body: string,
): Record<string, string> {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestampSeconds),
    'webhook-signature': secrets.map((s) => signature(s, id, timestampSeconds, body)).join(' '),
  };
}

/**
 * An event id, time-ordered: `evt_` and 12 hex digits of epoch milliseconds, then 16 hex digits that are random, or
 * derived from `key` when the emitter names the occurrence (a file's outcome): publishing that again (a worker
 * redelivered after a crash past its commit) then fans out to the same delivery ids, which are not sent twice.
 */
export function eventIdOf(atMs: number, key?: string): string {
  const tail = key ? createHash('sha256').update(key).digest('hex').slice(0, 16) : randomBytes(8).toString('hex');
  return `evt_${Math.max(0, Math.floor(atMs)).toString(16).padStart(12, '0')}${tail}`;
}

/**
 * The delivery id of one event to one endpoint: the `webhook-id` of every attempt, so a receiver dedupes retries.
 * Derived (not drawn) so a fan-out run twice names the same delivery; it starts with the event's time so a delivery
 * log reads newest first by key.
 */
export function deliveryIdOf(eventId: string, endpointId: string): string {
  const time = eventId.startsWith('evt_') ? eventId.slice(4, 16) : '000000000000';
  const digest = createHash('sha256').update(`${eventId}\n${endpointId}`).digest('hex').slice(0, 20);
  return `msg_${time}${digest}`;
}

/** A new endpoint id: `we_` and 24 hex digits. */
export function newEndpointId(): string {
  return `we_${randomBytes(12).toString('hex')}`;
}

/**
 * Seconds to wait before each retry after a failed attempt: the first attempt is immediate, then 5 s, 5 min, 30 min,
 * 2 h, 5 h, 10 h and 10 h (Standard Webhooks' reference schedule), 8 attempts over about 27.6 hours. A longer wait
 * than SQS's 15 minute delay is a chain of delayed messages.
 */
export const DEFAULT_RETRY_SCHEDULE_SECONDS: readonly number[] = [5, 300, 1800, 7200, 18000, 36000, 36000];

/** How long a rotated-out secret keeps signing beside the new one (both signatures are sent). */
export const ROTATION_GRACE_SECONDS = 24 * 3600;

/** How long a delivery's log entry is kept. */
export const DELIVERY_LOG_TTL_SECONDS = 30 * 24 * 3600;

/** Whether an endpoint subscribed to a type: no filter means every type. */
export function subscribes(events: readonly WebhookEventType[] | null, type: WebhookEventType): boolean {
  return events === null || events.includes(type);
}
