import { createHash } from 'node:crypto';
import { nowMs, nowSeconds } from '../../clock';
import { type ProviderEvent, WebhookBodyError } from '../../domain/pulse/webhook-events';
import { AppError, BadRequestError, NotFoundError } from '../../errors';
import { addressKey, enforceKeyedLimit } from '../../http/rate-keys';
import type { HttpRequest } from '../../http/request';
import { log } from '../../log';
import type { Services } from '../container';
import { providerConfig } from './credentials';
import { countProviderRequest } from './links';
import { type PulseJob, sendPulseJob } from './pulse-jobs';
import { configuredModule, type HandshakeAnswer, type ProviderModule } from './registry';

/** Deliveries per minute from one address unless `HDS_RATE_LIMITS="receive-pulse-webhook=…"` says otherwise. */
const WEBHOOK_ADDRESS_LIMIT = 6000;

/** The module `?provider=` names on the webhook path, configured here; else 404 (no guessing from headers). */
export function webhookModule(services: Services, req: HttpRequest): ProviderModule {
  if (req.pathParams.platform !== 'hds') throw new NotFoundError('No such wearable platform', 'platform');
  const provider = req.query.provider;
  if (!provider) throw new NotFoundError('provider is required: the webhook URL names its provider', 'provider');
  const module = configuredModule(services.config, provider);
  if (!module) throw new NotFoundError('No such wearable provider is configured on this deployment', 'provider');
  return module;
}

/**
 * A provider's delivery (design §7.1, §7.3): the signature over the raw bytes first — a forged or stale request gets
 * 401 and causes nothing else (no ledger, no queue, no user's counter) —, then per event: the provider user's link,
 * their 60/min budget, the ledger (a redelivery is skipped), the job queued, then remembered. Unknown users are
 * skipped, still 2xx, so the provider stops retrying.
 */
export async function receiveWebhook(
  services: Services,
  req: HttpRequest,
): Promise<{ queued: number; status: 200 | 204 }> {
  // Per address first, as on every public route: one provider delivers for all its users from few addresses.
  await enforceKeyedLimit(
    services,
    addressKey(req.sourceIp),
    'receive-pulse-webhook',
    WEBHOOK_ADDRESS_LIMIT,
    'webhook requests per minute from this address',
  );
  const module = webhookModule(services, req);
  const slug = module.slug;
  const cfg = await providerConfig(services.config, slug);
  const raw = req.body ?? Buffer.alloc(0);
  const request = { headers: req.headers, query: new URLSearchParams(req.query) };
  const verdict = module.webhook.verifyForLink
    ? await module.webhook.verifyForLink(raw, request, cfg, (id) => services.pulseLinks.findProviderUser(slug, id))
    : module.webhook.verify(raw, request, cfg, nowMs(), services.config.pulse.webhookToleranceSeconds);
  if (!verdict.ok) {
    log('warn', 'webhook refused', { provider: slug, reason: verdict.reason });
    throw new AppError('missing_credentials', 'signature does not verify', { code: 'invalid_signature' });
  }
  let events: ProviderEvent[];
  try {
    events = module.webhook.events(raw, cfg);
  } catch (err) {
    // Signed, but not the provider's documented shape: named, never guessed at (the provider must fix it).
    if (!(err instanceof WebhookBodyError)) throw err;
    log('warn', 'webhook body refused', { provider: slug });
    throw new BadRequestError(err.message, 'invalid_webhook_body', 'body');
  }
  const resolved = [];
  for (const event of events) {
    const owner = await services.pulseLinks.findProviderUser(slug, event.providerUserId);
    if (owner) resolved.push({ event, owner });
  }
  // The whole delivery is refused when any of its users is over budget: the provider retries it whole.
  for (const userId of new Set(resolved.map((r) => r.owner.userId))) await countProviderRequest(services, userId, slug);
  let queued = 0;
  for (const { event, owner } of resolved) {
    const digest = createHash('sha256').update(event.idempotencyKey).digest('hex');
    if (await services.webhookLedger.seen(slug, digest, nowSeconds())) continue;
    const ref = { provider: slug, subjectId: owner.subjectId, linkId: owner.linkId };
    const job: PulseJob =
      event.job.kind === 'fetch'
        ? { type: 'event', ...ref, step: event.job.step }
        : event.job.kind === 'delete'
          ? { type: 'delete', ...ref, keys: event.job.keys }
          : { type: 'deauthorized', ...ref };
    // Sent before it is remembered: a crash between the two lets one duplicate through, never loses an event.
    await sendPulseJob(services, job);
    await services.webhookLedger.remember(slug, digest, event.ledgerTtlSeconds, nowSeconds());
    queued += 1;
  }
  log('info', 'webhook received', { provider: slug, events: events.length, queued });
  return { queued, status: module.webhook.answerStatus ?? 200 };
}

/** A GET handshake on the webhook path (Oura's challenge); 404 when the provider has none or it is not one. */
export async function webhookHandshake(services: Services, req: HttpRequest): Promise<HandshakeAnswer> {
  const module = webhookModule(services, req);
  const cfg = await providerConfig(services.config, module.slug);
  const answer = module.webhook.handshake?.(new URLSearchParams(req.query), cfg) ?? null;
  if (!answer) throw new NotFoundError('This provider has no verification request of that shape', 'provider');
  if (answer.status === 401) log('warn', 'webhook verification refused', { provider: module.slug });
  return answer;
}
