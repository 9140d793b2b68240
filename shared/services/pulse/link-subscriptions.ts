import { log } from '../../log';
import type { PulseLink } from '../../ports/pulse-links';
import type { Services } from '../container';
import { openTokens } from './links';
import { madeBefore } from './partial-subscriptions';
import { ProviderError } from './provider-http';
import type { ProviderContext, ProviderModule, ProviderTokens, SubscriptionRefs } from './registry';
import { type JobOutcome, refreshTokens } from './sync';

/**
 * A `subscribe` job (design §6.2 step 4): the provider's per-user subscriptions for a new link, their refs kept on the
 * link so unlink can remove them. Runs right after the link, while its tokens are fresh. A provider that is slow or
 * pacing us is tried again; one that refuses leaves the link working without notifications (the log says so). What
 * the provider accepted before a failure part-way is kept too: it exists there whether or not the rest follows.
 */
export async function subscribeLink(
  services: Services,
  module: ProviderModule,
  ctx: ProviderContext,
  link: PulseLink,
): Promise<JobOutcome> {
  if (!module.subscribe || !link.tokens) return 'done';
  const tokens = await openTokens(services, link.subjectId, link.provider, link.tokens);
  const made: SubscriptionRefs = {};
  try {
    await subscribeWithTokens(services, module, ctx, link, tokens, made);
  } catch (err) {
    await keepSubscriptions(services, link, made);
    if (!(err instanceof ProviderError)) throw err;
    log('warn', 'provider subscriptions not made', { provider: link.provider, kind: err.kind, status: err.status });
    return err.kind === 'transient' || err.kind === 'rate_limited' ? 'retry' : 'done';
  }
  await keepSubscriptions(services, link, made);
  log('info', 'provider subscriptions made', { provider: link.provider, count: Object.keys(made).length });
  return 'done';
}

/** A token the provider refuses (lapsed early) is refreshed once, as the consumer's fetches do. */
async function subscribeWithTokens(
  services: Services,
  module: ProviderModule,
  ctx: ProviderContext,
  link: PulseLink,
  tokens: ProviderTokens,
  made: SubscriptionRefs,
): Promise<void> {
  try {
    Object.assign(made, await module.subscribe!(ctx, tokens, { linkId: link.linkId }));
  } catch (err) {
    Object.assign(made, madeBefore(err));
    if (!(err instanceof ProviderError) || err.kind !== 'unauthorized' || !module.refresh) throw err;
    const fresh = await refreshTokens(services, module, ctx, link, tokens);
    try {
      Object.assign(made, await module.subscribe!(ctx, fresh, { linkId: link.linkId }));
    } catch (again) {
      Object.assign(made, madeBefore(again));
      throw again;
    }
  }
}

/**
 * Merges the refs into the link. A link unlinked (or replaced) while the job ran had its revoke queued without them;
 * they are not removed from here, because a module's revoke may end the provider account's whole grant (Fitbit),
 * which a relink of the same account now holds. The log says it happened: a narrow race whose leftovers deliver to a
 * link that is gone (Withings' `t` then matches no link and is refused).
 */
async function keepSubscriptions(services: Services, link: PulseLink, made: SubscriptionRefs): Promise<void> {
  if (Object.keys(made).length === 0) return;
  const kept = await services.pulseLinks.update(link.subjectId, link.provider, link.linkId, {
    subscriptions: { ...link.subscriptions, ...made },
  });
  if (!kept) log('warn', 'subscriptions made for a link detached meanwhile', { provider: link.provider });
}
