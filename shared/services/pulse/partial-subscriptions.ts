import { ProviderError } from './provider-http';
import type { SubscriptionRefs } from './registry';

/**
 * A per-user subscribe that failed part-way (design §6.2 step 4): the provider's error, with the refs of the
 * subscriptions it accepted before failing. Those exist at the provider, so the link must keep them for unlink to
 * remove; a plain error would lose them.
 */
export class PartialSubscriptionError extends ProviderError {
  constructor(
    cause: ProviderError,
    readonly made: SubscriptionRefs,
  ) {
    super(cause.kind, cause.provider, cause.status, cause.retryAfterMs);
    this.name = 'PartialSubscriptionError';
  }
}

/** The refs an error says were made before it (none for any other error). */
export function madeBefore(err: unknown): SubscriptionRefs {
  return err instanceof PartialSubscriptionError ? err.made : {};
}
