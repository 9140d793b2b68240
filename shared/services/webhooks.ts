import { isAllowedHost, resolvePublicAddresses } from '../adapters/egress/address-guard';
import { nowMs, nowSeconds } from '../clock';
import {
  DELIVERY_LOG_TTL_SECONDS,
  deliveryIdOf,
  eventBody,
  eventIdOf,
  newEndpointId,
  newWebhookSecret,
  ROTATION_GRACE_SECONDS,
  signedHeaders,
  subscribes,
  type WebhookEvent,
  type WebhookEventData,
  type WebhookEventType,
} from '../domain/webhooks/events';
import { ConflictError, invalidField, NotFoundError } from '../errors';
import { errorFields, log } from '../log';
import { EgressRefused } from '../ports/egress';
import { MAX_DELAY_SECONDS } from '../ports/job-queue';
import type { ExpiringCounts } from '../ports/record-store';
import type { VaultContext } from '../ports/token-vault';
import type { WebhookDelivery, WebhookEndpoint } from '../ports/webhook-store';
import type { Services } from './container';
import type { ErasureNotice } from './subject-eraser';

/** The queue messages of `webhooks`: an event to fan out, or one attempt of one delivery. */
export type WebhookJob =
  | { type: 'webhook-event'; accountId: string; event: WebhookEvent }
  | {
      type: 'webhook-attempt';
      accountId: string;
      endpointId: string;
      deliveryId: string;
      /** 1 for the first attempt; an attempt the log already counts is not made again. */
      attempt: number;
      /** Seconds still to wait before the attempt (a delay longer than SQS's 15 minutes is a chain of messages). */
      waitSeconds?: number;
      /** A manual redelivery: one attempt, no retries after it. */
      manual?: boolean;
    };

const MAX_URL_LENGTH = 2048;
/** Endpoints one account may have: every emitter reads them all, and each is a delivery per event. */
export const MAX_ENDPOINTS_PER_ACCOUNT = 16;
/** What is read of a receiver's answer; it is not stored, only its status. */
const MAX_ANSWER_BYTES = 64 * 1024;

/**
 * Publishes an event to the account's endpoints that subscribe to its type: the one way every emitter emits. With no
 * such endpoint it costs one query on the accounts table and sends nothing; otherwise one durable queue message, sent
 * inside the emitter's step (before it answers or acknowledges), so an emitter that crashes after its own work is
 * retried with the event still to send. Delivery and its retries happen in the `deliver-webhooks` consumer.
 * `data` carries identifiers and counts only, never a health value or a test's name. An emitter that may run twice
 * for one occurrence names it (`occurrence`), so the second run sends nothing new.
 */
export async function publishEvent(
  services: Services,
  accountId: string,
  type: WebhookEventType,
  data: WebhookEventData,
  occurrence?: { key: string; atMs: number },
): Promise<void> {
  const endpoints = await services.webhooks.listEndpoints(accountId);
  if (!endpoints.some((e) => subscribes(e.events, type))) return;
  const at = occurrence?.atMs ?? nowMs();
  const id = eventIdOf(at, occurrence && `${accountId}\n${type}\n${occurrence.key}`);
  const event: WebhookEvent = { id, type, timestamp: new Date(at).toISOString(), data };
  const job: WebhookJob = { type: 'webhook-event', accountId, event };
  await services.queue.send('webhooks', job);
}

/**
 * Publishes a file's outcome (`file.processed` or `file.failed`) once it has one; nothing while it is still
 * `processing` (a scanned PDF Textract reads). Safe to call again for the same file: the event is named by the file.
 */
export async function publishFileOutcome(services: Services, subjectId: string, fileKey: string): Promise<void> {
  const file = await services.files.get(subjectId, fileKey, nowMs());
  if (!file || (file.status !== 'processed' && file.status !== 'failed')) return;
  const owner = await services.webhooks.ownerOfSubject(subjectId);
  if (!owner) return;
  const type = file.status === 'processed' ? 'file.processed' : 'file.failed';
  const data: WebhookEventData = { user: owner.subjectKey, file_id: file.fileKey };
  if (file.status === 'processed') Object.assign(data, { records: file.recordCount, text_chars: file.textChars });
  await publishEvent(services, owner.accountId, type, data, {
    key: `${subjectId}\n${fileKey}`,
    atMs: file.createdAt * 1000,
  });
}

/**
 * `subject.erased`, sent by the purge worker from the notice every erase (`/v1`, the console) puts in its purge job:
 * the Subject key and what was live, counted. Named by the erased Subject, so a retried job sends it once.
 */
export async function publishErasure(services: Services, subjectId: string, notice: ErasureNotice): Promise<void> {
  const { accountId, subjectKey, records, files, conversations, countsExact, atMs } = notice;
  await publishEvent(
    services,
    accountId,
    'subject.erased',
    { user: subjectKey, records, files, conversations, counts_exact: countsExact },
    { key: subjectId, atMs },
  );
}

/** `session.deleted`, from every session delete (`/v1` and the console): the session id and what went, counted. */
export async function publishSessionDeletion(
  services: Services,
  accountId: string,
  subjectKey: string,
  sessionId: string,
  deleted: number,
): Promise<void> {
  await publishEvent(services, accountId, 'session.deleted', { user: subjectKey, session_id: sessionId, deleted });
}

/**
 * `data.expired`: counts of what a retention sweep pass removes for one Subject (never which readings), dated by the
 * latest expiry among them. Named by the batch, so a pass that died before its deletion and is run again over the
 * same items sends the same event.
 */
export async function publishExpiry(
  services: Services,
  subjectId: string,
  counts: ExpiringCounts,
  batch: { key: string; expiredAtMs: number },
): Promise<void> {
  const owner = await services.webhooks.ownerOfSubject(subjectId);
  if (!owner) return;
  await publishEvent(
    services,
    owner.accountId,
    'data.expired',
    { user: owner.subjectKey, ...counts },
    { key: `${subjectId}\n${batch.key}`, atMs: batch.expiredAtMs },
  );
}

/**
 * An endpoint URL a caller may register: https (http only for a host the configuration allow-lists, as the local
 * runtime's tests do), no credentials, and every address its host resolves to public unless allow-listed. The
 * egress port checks the addresses again at each attempt and pins the connection to them (DNS rebinding).
 */
export async function checkedEndpointUrl(services: Services, raw: string): Promise<URL> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw invalidField('url', 'url must be an absolute https URL');
  }
  if (raw.length > MAX_URL_LENGTH) throw invalidField('url', `url must be at most ${MAX_URL_LENGTH} characters`);
  const allow = services.config.mcpAllowHosts;
  const allowed = isAllowedHost(url, allow);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && allowed)) {
    throw invalidField('url', 'url must use https');
  }
  if (url.username || url.password) throw invalidField('url', 'url must not carry credentials');
  try {
    await resolvePublicAddresses(url, allow);
  } catch (err) {
    if (err instanceof EgressRefused) throw invalidField('url', 'url resolves to a non-public address');
    throw invalidField('url', 'url host does not resolve');
  }
  return url;
}

function vaultContext(accountId: string, endpointId: string): VaultContext {
  return { purpose: 'webhook-secret', subjectId: accountId, provider: endpointId };
}

/** Creates an endpoint; its secret is returned here only, and stored sealed. */
export async function createEndpoint(
  services: Services,
  accountId: string,
  input: { url: string; events: WebhookEventType[] | null; description: string | null },
): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
  const url = await checkedEndpointUrl(services, input.url);
  if ((await services.webhooks.listEndpoints(accountId)).length >= MAX_ENDPOINTS_PER_ACCOUNT) {
    throw new ConflictError(`An account may have at most ${MAX_ENDPOINTS_PER_ACCOUNT} webhook endpoints`, 'url');
  }
  const endpointId = newEndpointId();
  const secret = newWebhookSecret();
  const sealed = await services.vault.seal(Buffer.from(secret, 'utf8'), vaultContext(accountId, endpointId));
  const endpoint: WebhookEndpoint = {
    accountId,
    endpointId,
    url: url.href,
    events: input.events,
    description: input.description,
    createdAt: nowSeconds(),
    secret: sealed,
  };
  await services.webhooks.putEndpoint(endpoint);
  return { endpoint, secret };
}

export async function endpointOrNotFound(
  services: Services,
  accountId: string,
  endpointId: string,
): Promise<WebhookEndpoint> {
  const endpoint = await services.webhooks.getEndpoint(accountId, endpointId);
  if (!endpoint) throw new NotFoundError(`No webhook endpoint '${endpointId}'`, 'endpoint_id');
  return endpoint;
}

/**
 * A new secret, returned here only. The replaced secret keeps signing beside it for `ROTATION_GRACE_SECONDS` (each
 * attempt then carries two signatures), so a receiver can switch without dropping a delivery.
 */
export async function rotateSecret(
  services: Services,
  accountId: string,
  endpointId: string,
): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
  const endpoint = await endpointOrNotFound(services, accountId, endpointId);
  const secret = newWebhookSecret();
  const sealed = await services.vault.seal(Buffer.from(secret, 'utf8'), vaultContext(accountId, endpointId));
  const rotated: WebhookEndpoint = {
    ...endpoint,
    secret: sealed,
    previousSecret: endpoint.secret,
    previousUntil: nowSeconds() + ROTATION_GRACE_SECONDS,
  };
  await services.webhooks.putEndpoint(rotated);
  return { endpoint: rotated, secret };
}

async function signingSecrets(services: Services, endpoint: WebhookEndpoint, now: number): Promise<string[]> {
  const context = vaultContext(endpoint.accountId, endpoint.endpointId);
  const open = async (sealed: WebhookEndpoint['secret']) =>
    Buffer.from(await services.vault.open(sealed, context)).toString('utf8');
  const secrets = [await open(endpoint.secret)];
  if (endpoint.previousSecret && (endpoint.previousUntil ?? 0) > now) secrets.push(await open(endpoint.previousSecret));
  return secrets;
}

async function sendAttempt(
  services: Services,
  job: Extract<WebhookJob, { type: 'webhook-attempt' }>,
  delaySeconds: number,
): Promise<void> {
  const { waitSeconds: _w, ...rest } = job;
  const delay = Math.max(0, Math.ceil(delaySeconds));
  const now = Math.min(delay, MAX_DELAY_SECONDS);
  const next: WebhookJob = delay > MAX_DELAY_SECONDS ? { ...rest, waitSeconds: delay - MAX_DELAY_SECONDS } : rest;
  await services.queue.send('webhooks', next, now ? { delaySeconds: now } : undefined);
}

/** One delivery log entry per subscribed endpoint (its id derived, so a repeated fan-out repeats nothing), each sent. */
export async function fanOut(services: Services, accountId: string, event: WebhookEvent): Promise<void> {
  const endpoints = await services.webhooks.listEndpoints(accountId);
  const now = nowSeconds();
  for (const endpoint of endpoints) {
    if (!subscribes(endpoint.events, event.type)) continue;
    const stored = await services.webhooks.createDelivery({
      accountId,
      endpointId: endpoint.endpointId,
      deliveryId: deliveryIdOf(event.id, endpoint.endpointId),
      eventId: event.id,
      eventType: event.type,
      body: eventBody(event),
      status: 'pending',
      attempts: 0,
      lastStatusCode: null,
      lastError: null,
      createdAt: now,
      lastAttemptAt: null,
      nextAttemptAt: now,
      expiresAt: now + DELIVERY_LOG_TTL_SECONDS,
    });
    // An entry a previous run made but never sent (it crashed in between) is sent now; an attempt made is not repeated.
    if (stored.attempts === 0 && stored.status === 'pending') {
      await sendAttempt(
        services,
        {
          type: 'webhook-attempt',
          accountId,
          endpointId: endpoint.endpointId,
          deliveryId: stored.deliveryId,
          attempt: 1,
        },
        0,
      );
    }
  }
}

/**
 * One attempt: POST the body with the three Standard Webhooks headers through the egress port (public addresses only,
 * checked again now), 2xx is delivered. Otherwise the next attempt is queued after the configured schedule's next
 * wait, and after the last one the delivery is `failed` (the delivery log is its dead letter; a manual redelivery
 * can send it again). The next attempt is queued before the log is updated: a crash in between repeats an attempt
 * under the same `webhook-id`, which receivers dedupe, rather than losing the rest of the schedule.
 */
export async function attemptDelivery(
  services: Services,
  job: Extract<WebhookJob, { type: 'webhook-attempt' }>,
): Promise<void> {
  if (job.waitSeconds) {
    await sendAttempt(services, job, job.waitSeconds);
    return;
  }
  const delivery = await services.webhooks.getDelivery(job.accountId, job.endpointId, job.deliveryId);
  if (!delivery || delivery.attempts >= job.attempt) return;
  if (!job.manual && delivery.status !== 'pending') return;
  const now = nowSeconds();
  const endpoint = await services.webhooks.getEndpoint(job.accountId, job.endpointId);
  if (!endpoint) {
    await services.webhooks.updateDelivery({
      ...delivery,
      status: 'failed',
      lastError: 'the endpoint was deleted',
      nextAttemptAt: null,
    });
    return;
  }
  const outcome = await post(services, endpoint, delivery, now);
  const attempts = job.attempt;
  const schedule = services.config.webhooks.retryScheduleSeconds;
  const wait = job.manual ? undefined : schedule[attempts - 1];
  let next: Pick<WebhookDelivery, 'status' | 'nextAttemptAt'>;
  if (outcome.ok) {
    next = { status: 'delivered', nextAttemptAt: null };
  } else if (wait !== undefined) {
    await sendAttempt(services, { ...job, attempt: attempts + 1 }, wait);
    next = { status: 'pending', nextAttemptAt: now + wait };
  } else {
    next = { status: 'failed', nextAttemptAt: null };
    log('warn', 'webhook delivery failed', {
      endpointId: endpoint.endpointId,
      deliveryId: delivery.deliveryId,
      attempts,
      statusCode: outcome.statusCode,
    });
  }
  await services.webhooks.updateDelivery({
    ...delivery,
    ...next,
    attempts,
    lastStatusCode: outcome.statusCode,
    lastError: outcome.error,
    lastAttemptAt: now,
  });
}

async function post(
  services: Services,
  endpoint: WebhookEndpoint,
  delivery: WebhookDelivery,
  now: number,
): Promise<{ ok: boolean; statusCode: number | null; error: string | null }> {
  try {
    const secrets = await signingSecrets(services, endpoint, now);
    const res = await services.egress.fetch({
      url: new URL(endpoint.url),
      trust: 'public',
      method: 'POST',
      headers: {
        ...signedHeaders(secrets, delivery.deliveryId, now, delivery.body),
        'content-type': 'application/json',
        'user-agent': 'HDS-Webhooks/1',
      },
      body: delivery.body,
      accept: [{ prefix: '' }],
      maxBytes: MAX_ANSWER_BYTES,
      timeoutMs: services.config.webhooks.timeoutMs,
      maxRedirects: 0,
    });
    const ok = res.status >= 200 && res.status < 300;
    return { ok, statusCode: res.status, error: ok ? null : `the endpoint answered ${res.status}` };
  } catch (err) {
    if (err instanceof EgressRefused) {
      // The guard's own wording names MCP servers; a delivery log says it in its terms.
      const message = err.reason === 'non_public_address' ? 'the URL resolves to a non-public address' : err.message;
      return { ok: false, statusCode: null, error: `${err.reason}: ${message}` };
    }
    log('warn', 'webhook attempt failed', { deliveryId: delivery.deliveryId, ...errorFields(err) });
    return { ok: false, statusCode: null, error: 'the request could not be made' };
  }
}

/** Sends a finished delivery (delivered or failed) once more, under its own `webhook-id`. */
export async function redeliver(
  services: Services,
  accountId: string,
  endpointId: string,
  deliveryId: string,
): Promise<WebhookDelivery> {
  await endpointOrNotFound(services, accountId, endpointId);
  const delivery = await services.webhooks.getDelivery(accountId, endpointId, deliveryId);
  if (!delivery) throw new NotFoundError(`No delivery '${deliveryId}'`, 'delivery_id');
  if (delivery.status === 'pending') throw new ConflictError('The delivery is still being attempted', 'delivery_id');
  const pending: WebhookDelivery = { ...delivery, status: 'pending', nextAttemptAt: nowSeconds() };
  // Marked first, so the attempt (which may run at once) writes its outcome over the mark, never under it.
  await services.webhooks.updateDelivery(pending);
  await sendAttempt(
    services,
    { type: 'webhook-attempt', accountId, endpointId, deliveryId, attempt: delivery.attempts + 1, manual: true },
    0,
  );
  return pending;
}

/** An endpoint on the wire; `secret` only in the answers that create or rotate it. */
export function endpointWire(endpoint: WebhookEndpoint, secret?: string) {
  return {
    id: endpoint.endpointId,
    object: 'webhook_endpoint' as const,
    url: endpoint.url,
    events: endpoint.events,
    description: endpoint.description,
    created_at: endpoint.createdAt,
    ...(secret ? { secret } : {}),
  };
}

export function deliveryWire(delivery: WebhookDelivery) {
  return {
    id: delivery.deliveryId,
    object: 'webhook_delivery' as const,
    event_id: delivery.eventId,
    event_type: delivery.eventType,
    status: delivery.status,
    attempts: delivery.attempts,
    last_status_code: delivery.lastStatusCode,
    last_error: delivery.lastError,
    created_at: delivery.createdAt,
    last_attempt_at: delivery.lastAttemptAt,
    next_attempt_at: delivery.nextAttemptAt,
  };
}
