import type { SealedSecret } from './token-vault';

/** `linked`; `error` when the provider refused the tokens (relink needed); `revoked` when the user revoked there. */
export type LinkStatus = 'linked' | 'error' | 'revoked';

export interface BackfillProgress {
  status: 'running' | 'done' | 'failed';
  /** ISO dates: the window's start, and how far the fetched history reaches (null before the first step). */
  from: string;
  through: string | null;
}

/** A Subject's link to one provider account (`LINK#<slug>` in the Subject's records partition, design §6.2). */
export interface PulseLink {
  subjectId: string;
  /** The account whose default Subject this is (the writer finds the Subject through it). */
  accountId: string;
  provider: string;
  platform: 'hds';
  providerUserId: string;
  /** Random per link: jobs and the provider-user map carry it, so work for an older link finds nothing. */
  linkId: string;
  status: LinkStatus;
  scopes: string[];
  linkedAt: number;
  /** The provider's tokens, sealed by the vault; null once deauthorized. */
  tokens: SealedSecret | null;
  /** Bumped by every token rewrite; a refresh writes only over the version it read. */
  tokenVersion: number;
  tokenExpiresAt: number;
  subscriptions: Record<string, string>;
  backfill: BackfillProgress;
  lastEventAt: number | null;
}

/** A link in progress, keyed by the digest of its single-use `state` (accounts, 15 minutes). */
export interface LinkAttempt {
  accountId: string;
  userId: number;
  subjectId: string;
  provider: string;
  returnUrl: string | null;
  /** A PKCE verifier or OAuth 1.0a request-token secret, sealed (`pulse-link-attempt`). */
  sealedStash: SealedSecret | null;
  /** Epoch seconds. */
  expiresAt: number;
}

/** Who a provider account's data belongs to (`PULSEUSER#<slug>#<providerUserId>` in accounts). */
export interface ProviderUserMapping {
  accountId: string;
  subjectId: string;
  userId: number;
  linkId: string;
}

export type LinkPatch = Partial<Pick<PulseLink, 'status' | 'backfill' | 'lastEventAt' | 'tokens' | 'subscriptions'>>;

export interface PulseLinks {
  get(subjectId: string, provider: string): Promise<PulseLink | null>;
  list(subjectId: string): Promise<PulseLink[]>;
  /** Writes a link, replacing an earlier one of the provider; throws `SubjectErasedError` once the erase began. */
  put(link: PulseLink): Promise<void>;
  /**
   * Takes the link's refresh lease over the token version read, until `untilMs`: false when another consumer holds an
   * unexpired one, or the tokens or the link changed. Only its holder presents the refresh token to the provider.
   */
  leaseRefresh(
    subjectId: string,
    provider: string,
    linkId: string,
    expectedVersion: number,
    nowMs: number,
    untilMs: number,
  ): Promise<boolean>;
  /** Gives back the lease taken until `untilMs` (a refresh that failed), if it is still that one. */
  releaseRefresh(subjectId: string, provider: string, linkId: string, untilMs: number): Promise<void>;
  /** New tokens over the version read (the refresh lease ends with them); false when the link changed or another refresh won. */
  replaceTokens(
    subjectId: string,
    provider: string,
    linkId: string,
    expectedVersion: number,
    tokens: SealedSecret,
    tokenExpiresAt: number,
  ): Promise<boolean>;
  /** Changes the link `linkId`; false when the stored link is another (or none). */
  update(subjectId: string, provider: string, linkId: string, patch: LinkPatch): Promise<boolean>;
  /** Deletes the link `linkId`; false when it is another (or none). */
  delete(subjectId: string, provider: string, linkId: string): Promise<boolean>;

  putAttempt(stateHash: string, attempt: LinkAttempt): Promise<void>;
  /** Deletes and returns the attempt, or null (never made, expired, or already taken: single use). */
  takeAttempt(stateHash: string, nowSeconds: number): Promise<LinkAttempt | null>;
  /**
   * OAuth 1.0a (Garmin): the callback carries the request token instead of `state`, so its digest points at the
   * attempt's (`PULSEOAUTH1#`, design §6.1), living as long as the attempt.
   */
  putAttemptPointer(tokenHash: string, stateHash: string, expiresAt: number): Promise<void>;
  /** Deletes and returns the attempt's state digest, or null (never made, expired, or already taken). */
  takeAttemptPointer(tokenHash: string, nowSeconds: number): Promise<string | null>;

  /** Maps a provider account to its link; returns the mapping it replaced, if any. */
  mapProviderUser(
    provider: string,
    providerUserId: string,
    mapping: ProviderUserMapping,
  ): Promise<ProviderUserMapping | null>;
  findProviderUser(provider: string, providerUserId: string): Promise<ProviderUserMapping | null>;
  /** Removes the mapping if it still names `linkId`. */
  unmapProviderUser(provider: string, providerUserId: string, linkId: string): Promise<boolean>;
}
