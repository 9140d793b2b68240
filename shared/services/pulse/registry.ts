import type { Config, PulseProviderConfig } from '../../config/config';
import { configuredProviders } from '../../config/pulse-providers';
import type { FetchStep } from '../../domain/pulse/fetch-steps';
import { PROVIDER_SLUGS, type ProviderDescriptor, type ProviderSlug } from '../../domain/pulse/providers';
import type { VerifyResult } from '../../domain/pulse/signatures';
import type { ProviderEvent, PulseEventJob } from '../../domain/pulse/webhook-events';
import type { KeyedReading } from '../record-writer';
import type { ProviderHttp } from './provider-http';
import { fitbitModule } from './providers/fitbit';
import { garminModule } from './providers/garmin';
import { ouraModule } from './providers/oura';
import { whoopModule } from './providers/whoop';
import { withingsModule } from './providers/withings';

/** The provider's tokens as sealed at rest (design §5); `expiresAt` in epoch milliseconds. */
export interface ProviderTokens {
  accessToken: string;
  refreshToken?: string;
  tokenSecret?: string;
  expiresAt: number;
  scope: string[];
  /**
   * The user's UTC offset (seconds east; null when the provider gave none usable) and when it was read (epoch ms), for
   * a provider that writes local times and states the offset per user (Fitbit's profile). Kept with the grant, not
   * in `LINK#`: it is read with the grant's token and renewed when the tokens are, so no other write is needed.
   */
  utcOffset?: { seconds: number | null; readAt: number };
}

/** What `beginLink` gets: the attempt's `state`, the callback it must name, and the scopes to ask. */
export interface LinkStart {
  state: string;
  redirectUri: string;
}

/**
 * The consent URL, the stash the callback will need, and — OAuth 1.0a, whose callback carries no `state` — the
 * request token the callback will name instead.
 */
export interface LinkBegun {
  url: string;
  stash?: Uint8Array;
  callbackToken?: string;
}

/** The callback's attempt, opened: its stash (PKCE verifier, request-token secret) in plaintext. */
export interface OpenedAttempt {
  redirectUri: string;
  stash: Uint8Array | null;
}

/** A consented provider account: its tokens and its own user id (what webhooks name). */
export interface LinkedAccount {
  tokens: ProviderTokens;
  providerUserId: string;
}

export interface FetchResult {
  readings: KeyedReading[];
  deletedKeys?: string[];
  next?: FetchStep;
}

export type { KeyedReading };

export type SubscriptionRefs = Record<string, string>;

/** A budget: at most `limit` requests per `windowSeconds` (design §8). */
export interface PaceRule {
  windowSeconds: number;
  limit: number;
}

/** The provider's resolved application: credentials (from env or its secret) and the configured URLs. */
export interface ProviderConfig extends PulseProviderConfig {
  clientId: string;
  clientSecret: string;
  issuer: string;
}

export interface ProviderContext {
  http: ProviderHttp;
  cfg: ProviderConfig;
  nowMs: number;
  signal?: AbortSignal;
}

export type { FetchStep, ProviderEvent };
export type VerifyOutcome = VerifyResult;

/** A provider-shaped answer to a GET handshake on the webhook path. */
export interface HandshakeAnswer {
  status: number;
  json?: unknown;
}

export type EventJob = PulseEventJob;

export interface WebhookSpec {
  /** Signature (and timestamp) first, on the raw bytes, before anything else of the request is read. */
  verify(
    raw: Buffer,
    req: { headers: Record<string, string>; query: URLSearchParams },
    cfg: ProviderConfig,
    nowMs: number,
    toleranceSeconds: number,
  ): VerifyOutcome;
  /**
   * For a provider that signs nothing and is trusted by a per-link token (Withings' `t`, design §7.1): used instead of
   * `verify`, with the lookup of the link the body names (the one read made before verification).
   */
  verifyForLink?(
    raw: Buffer,
    req: { headers: Record<string, string>; query: URLSearchParams },
    cfg: ProviderConfig,
    linkOf: (providerUserId: string) => Promise<{ linkId: string } | null>,
  ): Promise<VerifyOutcome>;
  /** GET handshakes on the webhook path (Oura's challenge); null when the request is not one. */
  handshake?(query: URLSearchParams, cfg: ProviderConfig): HandshakeAnswer | null;
  /** The verified body's events (`cfg`: Garmin checks each ping's `callbackURL` against its configured API). */
  events(raw: Buffer, cfg: ProviderConfig): ProviderEvent[];
  /** The success status the provider expects (Fitbit: 204 within 5 s); 200 when absent. */
  answerStatus?: 200 | 204;
}

export interface ProviderModule {
  slug: ProviderSlug;
  descriptor: ProviderDescriptor;
  /** The documented scopes asked for when the configuration names none. */
  defaultScopes: readonly string[];
  /** The browser URL of consent (and the stash the callback will need). */
  beginLink(ctx: ProviderContext, start: LinkStart): Promise<LinkBegun>;
  /** The callback's query → tokens and the provider's user id (code exchange). */
  completeLink(ctx: ProviderContext, query: URLSearchParams, attempt: OpenedAttempt): Promise<LinkedAccount>;
  refresh?(ctx: ProviderContext, tokens: ProviderTokens): Promise<ProviderTokens>;
  revoke(ctx: ProviderContext, tokens: ProviderTokens, refs: SubscriptionRefs): Promise<void>;
  /**
   * Per-user subscriptions (Fitbit, Withings), made once the link exists; their refs are kept in `LINK#` for
   * `revoke`. Oura, WHOOP and Garmin subscribe per application.
   */
  subscribe?(ctx: ProviderContext, tokens: ProviderTokens, link: { linkId: string }): Promise<SubscriptionRefs>;
  /** Steps that pull `[from, to)`; each step is one request and may return the next (paging). */
  backfillSteps(from: Date, to: Date): FetchStep[];
  fetch(ctx: ProviderContext, tokens: ProviderTokens, step: FetchStep): Promise<FetchResult>;
  /** The provider's documented budget (design §8). */
  pace: readonly PaceRule[];
  /**
   * The provider's revoke ends the account's whole grant to the app, not one authorization's tokens (Fitbit's
   * `/oauth2/revoke`, Garmin's deregistration): an account linked again elsewhere then detaches its old link
   * without it, or the new link would lose its grant too.
   */
  revokeEndsAccount?: true;
  /** Whose budget `pace` is: the application's (the default) or each provider user's (Fitbit's 150/h, §8). */
  paceScope?: 'application' | 'user';
  webhook: WebhookSpec;
  /**
   * App-level webhook subscriptions kept alive (the daily schedule): each wanted one created if missing (the provider
   * then checks the callback), renewed when it expires within the margin.
   */
  maintainSubscriptions?(ctx: ProviderContext, callbackUrl: string): Promise<{ created: number; renewed: number }>;
}

/**
 * Every provider's module: the type makes a new slug fail to compile until its module is here, which lets
 * `configuredProviders` decide support from the configuration alone.
 */
export const PROVIDERS: Record<ProviderSlug, ProviderModule> = {
  oura: ouraModule,
  fitbit: fitbitModule,
  garmin: garminModule,
  whoop: whoopModule,
  withings: withingsModule,
};

export { configuredProviders };

/** The module of a configured provider, or null (unknown slug, not built, or not configured). */
export function configuredModule(cfg: Config, slug: string): ProviderModule | null {
  const known = (PROVIDER_SLUGS as readonly string[]).includes(slug) ? (slug as ProviderSlug) : null;
  if (!known || !configuredProviders(cfg.pulse).includes(known)) return null;
  return PROVIDERS[known];
}
