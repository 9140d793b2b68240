import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { nowMs } from '../../clock';
import { isProviderSlug, PROVIDER_DESCRIPTORS, type ProviderSlug } from '../../domain/pulse/providers';
import { AppError, invalidField, NotFoundError } from '../../errors';
import { addressKey, enforceKeyedLimit } from '../../http/rate-keys';
import { DEFAULT_SUBJECT_KEY, type Tenancy } from '../../http/tenancy';
import { log } from '../../log';
import type { SealedSecret, VaultContext } from '../../ports/token-vault';
import type { Services } from '../container';
import { callbackUrl, providerConfig } from './credentials';
import { detachLink, tokenContext } from './detach';
import { callbackAnswer, pageAnswer } from './link-pages';
import { ProviderError, ProviderHttp } from './provider-http';
import { sendPulseJob } from './pulse-jobs';
import { configuredModule, type ProviderContext, type ProviderModule, type ProviderTokens } from './registry';

/** A link attempt's life: long enough to sign in at the provider, short enough that a stolen `state` goes stale. */
const ATTEMPT_SECONDS = 15 * 60;
/** Spec Limits: "for one wearable provider 60 per minute", per user. */
export const PULSE_PROVIDER_LIMIT = 60;

export interface LinkRequest {
  provider: string;
  platform?: string;
  returnUrl?: string;
}

/** The per-user budget of one provider's requests (`pulse:<slug>`, default `pulse-provider`, 60/min). */
export function countProviderRequest(services: Services, userId: number, slug: string): Promise<void> {
  const fallback = services.config.rateLimits['pulse-provider'] ?? PULSE_PROVIDER_LIMIT;
  return enforceKeyedLimit(
    services,
    `user#${userId}`,
    `pulse:${slug}`,
    fallback,
    `${slug} requests per minute for this user`,
  );
}

/** The provider a request names, configured on this deployment; else the envelope's 400 naming the field. */
export function requireProvider(services: Services, provider: string, platform: string | undefined): ProviderModule {
  if (platform === 'apple' || provider === 'apple') {
    throw invalidField(
      'provider',
      'Apple Health is imported from an export file: upload export.zip through POST /api/v1/data/upload-with-processing',
    );
  }
  if (platform !== undefined && platform !== 'hds')
    throw invalidField('platform', 'platform must be `hds` (or left out)');
  if (!isProviderSlug(provider)) {
    throw invalidField('provider', `provider must be one of oura, whoop, withings, fitbit, garmin`);
  }
  const module = configuredModule(services.config, provider);
  if (!module) {
    throw new AppError('unsupported_parameter', `\`${provider}\` is not configured on this deployment`, {
      param: 'provider',
      code: 'provider_not_configured',
    });
  }
  return module;
}

export async function providerContext(
  services: Services,
  slug: ProviderSlug,
  signal?: AbortSignal,
): Promise<ProviderContext> {
  return {
    http: new ProviderHttp(services.egress, slug),
    cfg: await providerConfig(services.config, slug),
    nowMs: nowMs(),
    signal,
  };
}

/**
 * POST link (design §6.1): a single-use `state` whose digest keys the attempt (the Subject, the allowed return URL,
 * the sealed stash), then the provider's consent URL. Linking an already linked provider answers a fresh URL; the
 * callback replaces the tokens.
 */
export async function beginLink(
  services: Services,
  user: { userId: number; accountId: string },
  tenancy: Tenancy,
  request: LinkRequest,
): Promise<{ link_web_url: string }> {
  const module = requireProvider(services, request.provider, request.platform);
  const slug = module.slug;
  const returnUrl = allowedReturnUrl(services, request.returnUrl);
  await countProviderRequest(services, user.userId, slug);
  const subject = await tenancy.findOrCreate(DEFAULT_SUBJECT_KEY);
  const state = randomBytes(32).toString('base64url');
  const ctx = await providerContext(services, slug);
  const begun = await module.beginLink(ctx, { state, redirectUri: callbackUrl(services.config.auth.issuer, slug) });
  const sealedStash = begun.stash
    ? await services.vault.seal(begun.stash, attemptContext(subject.subjectId, slug))
    : null;
  const expiresAt = Math.floor(nowMs() / 1000) + ATTEMPT_SECONDS;
  await services.pulseLinks.putAttempt(digest(state), {
    accountId: user.accountId,
    userId: user.userId,
    subjectId: subject.subjectId,
    provider: slug,
    returnUrl,
    sealedStash,
    expiresAt,
  });
  // OAuth 1.0a's callback names the request token, not `state` (design §6.1): a pointer from its digest.
  if (begun.callbackToken) {
    await services.pulseLinks.putAttemptPointer(digest(begun.callbackToken), digest(state), expiresAt);
  }
  return { link_web_url: begun.url };
}

/** `return_url` must start with a configured prefix: an open redirect is never made. */
function allowedReturnUrl(services: Services, raw: string | undefined): string | null {
  if (raw === undefined || raw === '') return null;
  const allowed = services.config.pulse.returnUrls;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw invalidField('return_url', 'return_url must be an absolute URL');
  }
  if (!allowed.some((prefix) => parsed.toString().startsWith(prefix))) {
    throw invalidField(
      'return_url',
      allowed.length === 0
        ? 'return_url is not accepted on this deployment (no HDS_PULSE_RETURN_URLS configured); leave it out'
        : 'return_url must start with one of the allowed return URLs of this deployment',
    );
  }
  return parsed.toString();
}

/**
 * GET callback (design §6.2): the attempt is consumed first (a replay finds nothing), the code exchanged at once,
 * then the provider-user map and the link written, and the first backfill step queued.
 */
export async function completeLink(
  services: Services,
  slug: string,
  query: URLSearchParams,
  sourceIp: string | undefined,
) {
  await enforceKeyedLimit(
    services,
    addressKey(sourceIp),
    'complete-pulse-link',
    services.config.defaultRateLimit,
    'link callbacks per minute from this address',
  );
  const expired = () => pageAnswer(400, 'This link has expired', 'This link has expired; start again from the app.');
  if (!isProviderSlug(slug)) return expired();
  const stateHash = await attemptKeyOf(services, query);
  if (!stateHash) return expired();
  const attempt = await services.pulseLinks.takeAttempt(stateHash, Math.floor(nowMs() / 1000));
  if (!attempt || attempt.provider !== slug) return expired();
  const name = PROVIDER_DESCRIPTORS[slug].name;
  if (query.get('error'))
    return callbackAnswer(name, slug, query.get('error') === 'access_denied' ? 'denied' : 'error', attempt.returnUrl);
  const module = configuredModule(services.config, slug);
  if (!module) return callbackAnswer(name, slug, 'error', attempt.returnUrl);
  const ctx = await providerContext(services, slug);
  const stash = attempt.sealedStash
    ? await services.vault.open(attempt.sealedStash, attemptContext(attempt.subjectId, slug))
    : null;
  let account: Awaited<ReturnType<ProviderModule['completeLink']>>;
  try {
    account = await module.completeLink(ctx, query, {
      redirectUri: callbackUrl(services.config.auth.issuer, slug),
      stash,
    });
  } catch (err) {
    if (!(err instanceof ProviderError)) throw err;
    log('warn', 'provider link not completed', { provider: slug, kind: err.kind, status: err.status });
    return callbackAnswer(name, slug, 'error', attempt.returnUrl);
  }
  const linkId = randomUUID();
  const previousOfSubject = await services.pulseLinks.get(attempt.subjectId, slug);
  const previousOwner = await services.pulseLinks.mapProviderUser(slug, account.providerUserId, {
    accountId: attempt.accountId,
    subjectId: attempt.subjectId,
    userId: attempt.userId,
    linkId,
  });
  // Whoever just proved ownership at the provider owns the stream: another Subject's link to it is detached.
  if (previousOwner && previousOwner.subjectId !== attempt.subjectId) {
    const other = await services.pulseLinks.get(previousOwner.subjectId, slug);
    // Where a revoke ends the account's whole grant, the old link's is not revoked: this link was just given it.
    if (other && other.linkId === previousOwner.linkId) {
      await detachLink(services, other, { revoke: !module.revokeEndsAccount });
    }
  }
  // A relink of the Subject to another provider account gives the old account's stream up.
  if (previousOfSubject && previousOfSubject.providerUserId !== account.providerUserId) {
    await detachLink(services, previousOfSubject);
  }
  const now = nowMs();
  const to = new Date(now);
  const from = new Date(now - services.config.pulse.backfillDays * 86_400_000);
  await services.pulseLinks.put({
    subjectId: attempt.subjectId,
    accountId: attempt.accountId,
    provider: slug,
    platform: 'hds',
    providerUserId: account.providerUserId,
    linkId,
    status: 'linked',
    scopes: account.tokens.scope,
    linkedAt: now,
    tokens: await sealTokens(services, attempt.subjectId, slug, account.tokens),
    tokenVersion: 1,
    tokenExpiresAt: account.tokens.expiresAt,
    subscriptions: {},
    backfill: { status: 'running', from: from.toISOString(), through: null },
    lastEventAt: null,
  });
  // Per-user subscriptions (Fitbit) are made by the consumer, so the callback answers without waiting on them.
  if (module.subscribe) {
    await sendPulseJob(services, { type: 'subscribe', provider: slug, subjectId: attempt.subjectId, linkId });
  }
  const window = { from: from.toISOString(), to: to.toISOString() };
  const [first] = module.backfillSteps(from, to);
  if (first) {
    await sendPulseJob(services, {
      type: 'backfill',
      provider: slug,
      subjectId: attempt.subjectId,
      linkId,
      window,
      index: 0,
      step: first,
    });
  }
  log('info', 'provider linked', { provider: slug });
  return callbackAnswer(name, slug, 'linked', attempt.returnUrl);
}

/** The stash is bound to the attempt's Subject and provider: sealed for one, it opens for no other. */
function attemptContext(subjectId: string, provider: string): VaultContext {
  return { purpose: 'pulse-link-attempt', subjectId, provider };
}

export function sealTokens(
  services: Services,
  subjectId: string,
  provider: string,
  tokens: ProviderTokens,
): Promise<SealedSecret> {
  return services.vault.seal(Buffer.from(JSON.stringify(tokens)), tokenContext(subjectId, provider));
}

export async function openTokens(
  services: Services,
  subjectId: string,
  provider: string,
  sealed: SealedSecret,
): Promise<ProviderTokens> {
  const plain = await services.vault.open(sealed, tokenContext(subjectId, provider));
  return JSON.parse(Buffer.from(plain).toString('utf8')) as ProviderTokens;
}

/**
 * The digest keying the callback's attempt: of its `state` (OAuth 2), or — OAuth 1.0a carries none — the one the
 * request token's pointer names (consumed: a replay finds nothing).
 */
async function attemptKeyOf(services: Services, query: URLSearchParams): Promise<string | null> {
  const state = query.get('state');
  if (state) return digest(state);
  const requestToken = query.get('oauth_token');
  if (!requestToken) return null;
  return services.pulseLinks.takeAttemptPointer(digest(requestToken), Math.floor(nowMs() / 1000));
}

function digest(state: string): string {
  return createHash('sha256').update(state).digest('base64url');
}

/**
 * POST unlink (design §6.3): the revoke job first, then the link and its map; the readings stay (they are the
 * user's data; `DELETE /v1/data` or an erase removes them).
 */
export async function unlinkProvider(
  services: Services,
  user: { userId: number },
  tenancy: Tenancy,
  request: { provider: string; platform?: string },
) {
  const module = requireProvider(services, request.provider, request.platform);
  const slug = module.slug;
  await countProviderRequest(services, user.userId, slug);
  const subject = await tenancy.find(DEFAULT_SUBJECT_KEY);
  const link = subject ? await services.pulseLinks.get(subject.subjectId, slug) : null;
  if (!link) throw new NotFoundError(`${slug} is not linked`, 'provider');
  await detachLink(services, link);
  log('info', 'provider unlinked', { provider: slug });
  return { success: true, message: `${slug} unlinked`, provider_slug: slug, user_id: String(user.userId) };
}
