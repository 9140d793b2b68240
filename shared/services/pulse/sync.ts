import { nowMs } from '../../clock';
import { log } from '../../log';
import type { PulseLink } from '../../ports/pulse-links';
import type { Services } from '../container';
import { deletePulseReadings, writePulseReadings } from './keyed-writes';
import { subscribeLink } from './link-subscriptions';
import { openTokens, providerContext, sealTokens } from './links';
import { takePaceSlot } from './pacer';
import { ProviderError } from './provider-http';
import { type PulseJob, sendPulseJob } from './pulse-jobs';
import {
  configuredModule,
  type FetchResult,
  type FetchStep,
  type ProviderContext,
  type ProviderModule,
  type ProviderTokens,
} from './registry';

/** Refresh a little before expiry, so a token does not lapse between the check and the provider's answer. */
const REFRESH_MARGIN_MS = 5 * 60_000;
/**
 * How long a refresh may hold the link's lease: the provider call's own timeout (10 s) and the seal and store after
 * it, with room. Others wait this long at most.
 */
const REFRESH_LEASE_MS = 20_000;
/** How often a consumer waiting on another's refresh reads the link again. */
const LEASE_POLL_MS = 100;

/** What became of a job: finished (or dropped), or to be delivered again after the visibility timeout. */
export type JobOutcome = 'done' | 'retry';

/**
 * The `sync-pulse` consumer's work (design §7.4): load the link (a job for another link is dropped), open and if need
 * be refresh the tokens, fetch one step, write its readings by natural key, queue the next step. A provider's 429
 * re-sends the job with the provider's wait; a transient failure is retried by the queue; a refused grant marks the
 * link `error` (relink).
 */
export async function runPulseJob(services: Services, job: PulseJob): Promise<JobOutcome> {
  // A provider no longer configured here cannot be called (not even to revoke): its jobs are dropped, said so.
  const module = configuredModule(services.config, job.provider);
  if (!module) {
    log('warn', 'pulse job for a provider not configured dropped', { provider: job.provider, type: job.type });
    return 'done';
  }
  const ctx = await providerContext(services, module.slug);
  if (job.type === 'revoke') return revoke(services, module, ctx, job);
  const link = await services.pulseLinks.get(job.subjectId, job.provider);
  if (!link || link.linkId !== job.linkId) return 'done';
  if (job.type === 'deauthorized') {
    await markDeauthorized(services, link, 'revoked');
    return 'done';
  }
  const subject = await services.subjects.find(link.accountId, 'default');
  if (!subject || subject.erasing || subject.subjectId !== link.subjectId) return 'done';
  if (job.type === 'delete') {
    await deletePulseReadings(services, subject, job.keys);
    return 'done';
  }
  if (link.status !== 'linked' || !link.tokens) return 'done';

  // The provider's budget first: a refused slot re-sends the same job after the wait, and nothing is fetched.
  const slot = await takePaceSlot(services, module, link.providerUserId);
  if (!slot.ok) {
    await sendPulseJob(services, job, slot.waitSeconds);
    return 'done';
  }
  if (job.type === 'subscribe') return subscribeLink(services, module, ctx, link);
  let result: FetchResult;
  try {
    result = await fetchWithTokens(services, module, ctx, link, job.step);
  } catch (err) {
    if (!(err instanceof ProviderError)) throw err;
    return providerFailure(services, module, link, job, err);
  }
  await writePulseReadings(services, subject, result.readings);
  await advance(services, module, link, job, result);
  return 'done';
}

/** The step fetched with fresh tokens; a 401 refreshes once and tries again. */
async function fetchWithTokens(
  services: Services,
  module: ProviderModule,
  ctx: ProviderContext,
  link: PulseLink,
  step: Extract<PulseJob, { step: unknown }>['step'],
): Promise<FetchResult> {
  let tokens = await openTokens(services, link.subjectId, link.provider, link.tokens!);
  if (module.refresh && tokens.expiresAt - nowMs() < REFRESH_MARGIN_MS) {
    tokens = await refreshTokens(services, module, ctx, link, tokens);
  }
  try {
    return await module.fetch(ctx, tokens, step);
  } catch (err) {
    if (!(err instanceof ProviderError) || err.kind !== 'unauthorized' || !module.refresh) throw err;
    tokens = await refreshTokens(services, module, ctx, link, tokens);
    return module.fetch(ctx, tokens, step);
  }
}

/**
 * New tokens, stored over the version read. Single-flight per link: a consumer first takes the link's refresh lease
 * (a conditional write on the version it read), and only the holder presents the refresh token, so a single-use
 * token is never presented twice (a provider detecting reuse may end the whole grant). A consumer that finds the lease
 * taken waits for the holder's tokens; a holder that stalls past its lease makes the others retry later, not fail.
 */
export async function refreshTokens(
  services: Services,
  module: ProviderModule,
  ctx: ProviderContext,
  link: PulseLink,
  tokens: ProviderTokens,
): Promise<ProviderTokens> {
  const leaseUntil = nowMs() + REFRESH_LEASE_MS;
  const leased = await services.pulseLinks.leaseRefresh(
    link.subjectId,
    link.provider,
    link.linkId,
    link.tokenVersion,
    nowMs(),
    leaseUntil,
  );
  if (!leased) return holdersTokens(services, link, leaseUntil);
  let fresh: ProviderTokens;
  try {
    fresh = await module.refresh!(ctx, tokens);
  } catch (err) {
    await services.pulseLinks.releaseRefresh(link.subjectId, link.provider, link.linkId, leaseUntil);
    if (err instanceof ProviderError && err.kind === 'invalid_grant') {
      const winner = await newerTokens(services, link);
      if (winner !== 'none' && winner !== 'gone') return winner;
    }
    throw err;
  }
  const sealed = await sealTokens(services, link.subjectId, link.provider, fresh);
  const stored = await services.pulseLinks.replaceTokens(
    link.subjectId,
    link.provider,
    link.linkId,
    link.tokenVersion,
    sealed,
    fresh.expiresAt,
  );
  if (stored) {
    link.tokenVersion += 1;
    link.tokens = sealed;
    return fresh;
  }
  const winner = await newerTokens(services, link);
  if (winner === 'none' || winner === 'gone') throw new ProviderError('invalid_grant', link.provider, null);
  return winner;
}

/**
 * The tokens another consumer's refresh stores, waited for while its lease lasts. The link gone (unlinked) ends the
 * job as a refused grant does; a holder that never stores (it crashed after taking the lease) is a transient failure,
 * so the job comes back after the lease has lapsed.
 */
async function holdersTokens(services: Services, link: PulseLink, untilMs: number): Promise<ProviderTokens> {
  for (;;) {
    const winner = await newerTokens(services, link);
    if (winner === 'gone') throw new ProviderError('invalid_grant', link.provider, null);
    if (winner !== 'none') return winner;
    if (nowMs() >= untilMs) throw new ProviderError('transient', link.provider, null);
    await new Promise((resolve) => setTimeout(resolve, LEASE_POLL_MS));
  }
}

/** The tokens another refresh stored since `link` was read: `none` yet, or `gone` with the link or its tokens. */
async function newerTokens(services: Services, link: PulseLink): Promise<ProviderTokens | 'none' | 'gone'> {
  const again = await services.pulseLinks.get(link.subjectId, link.provider);
  if (!again || again.linkId !== link.linkId || !again.tokens) return 'gone';
  if (again.tokenVersion === link.tokenVersion) return 'none';
  Object.assign(link, { tokens: again.tokens, tokenVersion: again.tokenVersion });
  return openTokens(services, link.subjectId, link.provider, again.tokens);
}

async function providerFailure(
  services: Services,
  module: ProviderModule,
  link: PulseLink,
  job: Extract<PulseJob, { type: 'backfill' | 'event' }>,
  err: ProviderError,
): Promise<JobOutcome> {
  log('warn', 'pulse fetch failed', { provider: link.provider, kind: err.kind, status: err.status, type: job.type });
  switch (err.kind) {
    case 'invalid_grant':
    case 'unauthorized':
      await markDeauthorized(services, link, 'error');
      return 'done';
    case 'rate_limited':
      await sendPulseJob(services, job, Math.ceil((err.retryAfterMs ?? 60_000) / 1000));
      return 'done';
    case 'not_found':
      // The object is gone at the provider (an event's), or a window has nothing: the backfill goes on.
      if (job.type === 'backfill') await advance(services, module, link, job, { readings: [] });
      return 'done';
    case 'refused':
      if (job.type === 'backfill')
        await services.pulseLinks.update(link.subjectId, link.provider, link.linkId, {
          backfill: { ...link.backfill, status: 'failed' },
        });
      return 'done';
    default:
      return 'retry';
  }
}

/** The next page of this step, else the backfill's next step, else the backfill done. */
async function advance(
  services: Services,
  module: ProviderModule,
  link: PulseLink,
  job: Extract<PulseJob, { type: 'backfill' | 'event' }>,
  result: FetchResult,
): Promise<void> {
  if (result.next) {
    await sendPulseJob(services, { ...job, step: result.next });
    return;
  }
  if (job.type !== 'backfill') {
    await services.pulseLinks.update(link.subjectId, link.provider, link.linkId, { lastEventAt: nowMs() });
    return;
  }
  const steps = module.backfillSteps(new Date(job.window.from), new Date(job.window.to));
  const next = steps[job.index + 1];
  if (next) {
    await sendPulseJob(services, { ...job, index: job.index + 1, step: next });
    await services.pulseLinks.update(link.subjectId, link.provider, link.linkId, {
      backfill: { ...link.backfill, status: 'running', through: stepEnd(job.step) ?? link.backfill.through },
    });
    return;
  }
  await services.pulseLinks.update(link.subjectId, link.provider, link.linkId, {
    backfill: { ...link.backfill, status: 'done', through: job.window.to },
  });
}

/** The grant is gone (refused, or revoked at the provider): tokens dropped, the map removed, the lists say so. */
async function markDeauthorized(services: Services, link: PulseLink, status: 'error' | 'revoked'): Promise<void> {
  await services.pulseLinks.update(link.subjectId, link.provider, link.linkId, { status, tokens: null });
  await services.pulseLinks.unmapProviderUser(link.provider, link.providerUserId, link.linkId);
}

/** Revokes a detached link's grant with the tokens its message carries (the link item is already gone). */
async function revoke(
  services: Services,
  module: ProviderModule,
  ctx: ProviderContext,
  job: Extract<PulseJob, { type: 'revoke' }>,
): Promise<JobOutcome> {
  const tokens = await openTokens(services, job.context.subjectId, job.provider, job.sealed);
  try {
    await module.revoke(ctx, tokens, job.subscriptions);
    log('info', 'provider grant revoked', { provider: job.provider });
    return 'done';
  } catch (err) {
    if (!(err instanceof ProviderError)) throw err;
    log('warn', 'provider revoke failed', { provider: job.provider, kind: err.kind, status: err.status });
    return err.kind === 'transient' || err.kind === 'rate_limited' ? 'retry' : 'done';
  }
}

/** How far a range step reaches (`end` as the step writes it), for the backfill's progress. */
function stepEnd(step: FetchStep): string | null {
  const end = (step as { end?: unknown }).end;
  return typeof end === 'string' ? end : null;
}
