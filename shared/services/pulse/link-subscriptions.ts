import { log } from '../../log';
import type { PulseLink } from '../../ports/pulse-links';
import type { Services } from '../container';
import { openTokens } from './links';
import { ProviderError } from './provider-http';
import type { ProviderContext, ProviderModule, ProviderTokens, SubscriptionRefs } from './registry';
import { type JobOutcome, refreshTokens } from './sync';

/**
 * A `subscribe` job (design §6.2 step 4): the provider's per-user subscriptions for a new link, their refs kept on the
 * link so unlink can remove them. Runs right after the link, while its tokens are fresh. A provider that is slow or
 * pacing us is tried again; one that refuses leaves the link working without notifications (the log says so).
 */
export async function subscribeLink(
  services: Services,
  module: ProviderModule,
  ctx: ProviderContext,
  link: PulseLink,
): Promise<JobOutcome> {
  if (!module.subscribe || !link.tokens) return 'done';
  const tokens = await openTokens(services, link.subjectId, link.provider, link.tokens);
  try {
    const refs = await subscribeWithTokens(services, module, ctx, link, tokens);
    await services.pulseLinks.update(link.subjectId, link.provider, link.linkId, {
      subscriptions: { ...link.subscriptions, ...refs },
    });
    log('info', 'provider subscriptions made', { provider: link.provider, count: Object.keys(refs).length });
    return 'done';
  } catch (err) {
    if (!(err instanceof ProviderError)) throw err;
    log('warn', 'provider subscriptions not made', { provider: link.provider, kind: err.kind, status: err.status });
    return err.kind === 'transient' || err.kind === 'rate_limited' ? 'retry' : 'done';
  }
}

/** A token the provider refuses (lapsed early) is refreshed once, as the consumer's fetches do. */
async function subscribeWithTokens(
  services: Services,
  module: ProviderModule,
  ctx: ProviderContext,
  link: PulseLink,
  tokens: ProviderTokens,
): Promise<SubscriptionRefs> {
  try {
    return await module.subscribe!(ctx, tokens, { linkId: link.linkId });
  } catch (err) {
    if (!(err instanceof ProviderError) || err.kind !== 'unauthorized' || !module.refresh) throw err;
    const fresh = await refreshTokens(services, module, ctx, link, tokens);
    return module.subscribe!(ctx, fresh, { linkId: link.linkId });
  }
}
