import type { PublicJwk } from './token-signer';

/** A published key, with when it stopped signing (epoch seconds). */
export interface PublishedJwk extends PublicJwk {
  retiredAt?: number;
}

/**
 * The public keys verifiers trust (design 3.10, §4 "JWKS"): each signer publishes its own key at cold start; a
 * retired key stays published as long as the tokens it signed may live.
 */
export interface JwksStore {
  /** Adds the key unless its `kid` is there already; safe under concurrent publishers. */
  ensurePublished(jwk: PublicJwk, nowMs: number): Promise<void>;
  /** The key set to serve and verify with: every key but those retired more than 31 days ago, without `retiredAt`. */
  read(nowMs: number): Promise<{ keys: PublicJwk[] }>;
  /** Marks the key retired (kept from its first retirement); false when it is not published. */
  retire(kid: string, nowMs: number): Promise<boolean>;
}

/** A retired key stays published this long: the longest access-token life plus a day. */
export const RETIRED_KEY_PUBLISHED_SECONDS = 31 * 24 * 3600;
