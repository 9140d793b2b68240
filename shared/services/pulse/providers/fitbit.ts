import { createHash, randomBytes } from 'node:crypto';
import type { FitbitFetchStep, FitbitResource } from '../../../domain/pulse/fetch-steps';
import {
  fitbitProfileOffset,
  fitbitProfileZone,
  mapFitbitActivityList,
  mapFitbitActivitySummary,
  mapFitbitHeart,
  mapFitbitHrv,
  mapFitbitSleep,
  mapFitbitSpo2,
  mapFitbitWeight,
} from '../../../domain/pulse/mapping/fitbit';
import { PROVIDER_DESCRIPTORS } from '../../../domain/pulse/providers';
import { type KeyedReading, offsetText } from '../../../domain/pulse/readings';
import { fitbitEvents, fitbitVerifyStatus, verifyFitbit } from '../../../domain/pulse/signatures';
import type { LocalClock } from '../../../domain/pulse/zones';
import { log } from '../../../log';
import { consentUrl } from '../consent-url';
import { ProviderError, type ProviderRequest } from '../provider-http';
import type {
  FetchResult,
  FetchStep,
  ProviderContext,
  ProviderModule,
  ProviderTokens,
  SubscriptionRefs,
  WebhookSpec,
} from '../registry';

/**
 * Fitbit Web API (design §3.4): the authorization-code grant with PKCE S256 (the verifier rides the link attempt's
 * sealed stash), client authentication by HTTP Basic at the token and revoke endpoints, single-use refresh tokens,
 * the token answer's `user_id` as the provider user, per-user `apiSubscriptions`, and a budget of 150 requests an
 * hour per user whose reset `Fitbit-Rate-Limit-Reset` announces.
 */
const DEFAULT_SCOPES = ['activity', 'heartrate', 'sleep', 'weight', 'oxygen_saturation', 'profile'] as const;
/** The collections subscribed per user; `userRevokedAccess` tells HDS the user left (design §11). */
const SUBSCRIBED_COLLECTIONS = ['activities', 'sleep', 'body', 'userRevokedAccess'] as const;
const RATE_LIMIT_RESET = 'fitbit-rate-limit-reset';
const DAY_MS = 86_400_000;
/** The profile (for the user's UTC offset): read at link, then again at a refresh once a day old (design §19). */
const PROFILE_PATH = '/1/user/-/profile.json';
const PROFILE_MAX_AGE_MS = DAY_MS;
const ACTIVITY_PAGE = 100;

/**
 * The longest date range each ranged resource answers (design §8), in days, both ends included. The heart series
 * is not backfilled: its resting heart rate is the daily summaries' (same key), which the backfill reads day by day.
 */
const RANGE_DAYS: Readonly<Partial<Record<FitbitResource, number>>> = {
  sleep: 100,
  hrv: 30,
  spo2: 30,
  weight: 31,
};

/** Each resource's path over `{from}`…`{to}`; the activities summary is one day, the activity list is paged. */
const PATHS: Readonly<Record<FitbitResource, string>> = {
  activities_summary: '/1/user/-/activities/date/{from}.json',
  heart: '/1/user/-/activities/heart/date/{from}/{to}.json',
  sleep: '/1.2/user/-/sleep/date/{from}/{to}.json',
  hrv: '/1/user/-/hrv/date/{from}/{to}.json',
  spo2: '/1/user/-/spo2/date/{from}/{to}.json',
  weight: '/1/user/-/body/log/weight/date/{from}/{to}.json',
  activity_list: '/1/user/-/activities/list.json',
};

const RESOURCES = Object.keys(PATHS) as FitbitResource[];

/**
 * Fitbit's notifications (§3.4, §7.1): `X-Fitbit-Signature` = base64 HMAC-SHA1 keyed by `client_secret&` over the
 * raw body (no timestamp: replays are the ledger's); the subscriber verification GET `?verify=` answers 204 for the
 * configured code and 404 otherwise. Signature and events are the pure domain's.
 */
const fitbitWebhook: WebhookSpec = {
  verify: (raw, req, cfg) => verifyFitbit(raw, req.headers, cfg.clientSecret),

  handshake(query, cfg) {
    if (query.get('verify') === null) return null;
    // No code configured: nothing can match, so every verification is refused.
    return { status: cfg.verifyCode ? fitbitVerifyStatus(query, cfg.verifyCode) : 404 };
  },

  events: fitbitEvents,
  answerStatus: 204,
};

interface TokenAnswer {
  access_token?: unknown;
  refresh_token?: unknown;
  expires_in?: unknown;
  scope?: unknown;
  user_id?: unknown;
}

export const fitbitModule: ProviderModule = {
  slug: 'fitbit',
  descriptor: PROVIDER_DESCRIPTORS.fitbit,
  defaultScopes: DEFAULT_SCOPES,
  // 150 an hour per user, with headroom for the subscriptions and a refresh.
  pace: [{ windowSeconds: 3600, limit: 140 }],
  paceScope: 'user',
  revokeEndsAccount: true,
  webhook: fitbitWebhook,

  async beginLink(ctx, start) {
    // RFC 7636 §4.1: 43–128 unreserved characters; 48 random bytes give 64.
    const verifier = randomBytes(48).toString('base64url');
    const url = consentUrl(ctx.cfg, start, {
      path: '/oauth2/authorize',
      defaultScopes: DEFAULT_SCOPES,
      scopeSeparator: ' ',
      codeVerifier: verifier,
    });
    return { url, stash: Buffer.from(verifier, 'utf8') };
  },

  async completeLink(ctx, query, attempt) {
    const code = query.get('code');
    if (!code || !attempt.stash) throw new ProviderError('refused', 'fitbit', null);
    const answer = await tokenRequest(ctx, {
      grant_type: 'authorization_code',
      code,
      code_verifier: Buffer.from(attempt.stash).toString('utf8'),
      redirect_uri: attempt.redirectUri,
      client_id: ctx.cfg.clientId,
    });
    if (typeof answer.userId !== 'string' || !answer.userId) throw new ProviderError('refused', 'fitbit', null);
    return { tokens: await withUtcOffset(ctx, answer.tokens, undefined), providerUserId: answer.userId };
  },

  async refresh(ctx, tokens) {
    if (!tokens.refreshToken) throw new ProviderError('invalid_grant', 'fitbit', null);
    try {
      const form = { grant_type: 'refresh_token', refresh_token: tokens.refreshToken };
      const fresh = (await tokenRequest(ctx, form, tokens)).tokens;
      return await withUtcOffset(ctx, fresh, tokens.utcOffset);
    } catch (err) {
      // Fitbit names the error in `errors[].errorType`, not OAuth's `error`: a 400 to a refresh is the spent or
      // revoked refresh token (`invalid_grant`); a bad client would be 401.
      if (err instanceof ProviderError && err.kind === 'refused' && err.status === 400)
        throw new ProviderError('invalid_grant', 'fitbit', 400);
      throw err;
    }
  },

  async subscribe(ctx, tokens, link) {
    // Subscription ids are at most 50 characters and unique per subscriber: a digest of the link, then the collection.
    const id = createHash('sha256').update(link.linkId).digest('base64url').slice(0, 16);
    const refs: SubscriptionRefs = {};
    for (const collection of SUBSCRIBED_COLLECTIONS) {
      const subscriptionId = `${id}-${collection}`;
      await call(ctx, tokens, {
        method: 'POST',
        url: new URL(`${ctx.cfg.apiUrl}/1/user/-/${collection}/apiSubscriptions/${subscriptionId}.json`),
        pathTemplate: `/1/user/-/${collection}/apiSubscriptions/{id}.json`,
        headers: ctx.cfg.subscriberId ? { 'x-fitbit-subscriber-id': ctx.cfg.subscriberId } : {},
      });
      refs[collection] = subscriptionId;
    }
    return refs;
  },

  async revoke(ctx, tokens, refs) {
    // Subscriptions first, while the token still works; one already gone (or a token Fitbit no longer knows) is
    // not a reason to leave the grant standing.
    for (const [collection, subscriptionId] of Object.entries(refs)) {
      try {
        await call(ctx, tokens, {
          method: 'DELETE',
          url: new URL(`${ctx.cfg.apiUrl}/1/user/-/${collection}/apiSubscriptions/${subscriptionId}.json`),
          pathTemplate: `/1/user/-/${collection}/apiSubscriptions/{id}.json`,
          headers: ctx.cfg.subscriberId ? { 'x-fitbit-subscriber-id': ctx.cfg.subscriberId } : {},
        });
      } catch (err) {
        if (!(err instanceof ProviderError) || !gone(err)) throw err;
      }
    }
    try {
      await ctx.http.call({
        method: 'POST',
        url: new URL(`${ctx.cfg.apiUrl}/oauth2/revoke`),
        pathTemplate: '/oauth2/revoke',
        headers: basic(ctx),
        // Revoking either token revokes the user's whole grant for the app (RFC 7009).
        form: { token: tokens.refreshToken ?? tokens.accessToken },
        signal: ctx.signal,
      });
    } catch (err) {
      if (!(err instanceof ProviderError) || !gone(err)) throw err;
    }
  },

  backfillSteps(from, to) {
    const first = isoDay(from.getTime());
    const last = isoDay(to.getTime());
    const step = (resource: FitbitResource, start: string, end: string): FitbitFetchStep => ({
      provider: 'fitbit',
      resources: [resource],
      start,
      end,
    });
    const steps: FetchStep[] = [];
    for (let t = Date.parse(first); t <= Date.parse(last); t += DAY_MS)
      steps.push(step('activities_summary', isoDay(t), isoDay(t)));
    for (const [resource, days] of Object.entries(RANGE_DAYS) as [FitbitResource, number][]) {
      for (let t = Date.parse(first); t <= Date.parse(last); t += days * DAY_MS) {
        steps.push(step(resource, isoDay(t), isoDay(Math.min(t + (days - 1) * DAY_MS, Date.parse(last)))));
      }
    }
    steps.push(step('activity_list', first, last));
    return steps;
  },

  /**
   * The first resource of the step over its dates; the rest come back as `next`, so one notification is one job.
   * The activity list pages by moving `start` to the last entry's local start time (Fitbit's `afterDate` takes one;
   * `offset` must stay 0 with it); it is last in every list, so no later resource reads that moved start.
   */
  async fetch(ctx, tokens, step) {
    if (step.provider !== 'fitbit') throw new ProviderError('refused', 'fitbit', null);
    const [resource, ...rest] = step.resources;
    if (!resource || !RESOURCES.includes(resource)) throw new ProviderError('refused', 'fitbit', null);
    const from = step.start.slice(0, 10);
    const clock = userClock(tokens);
    const then: Pick<FetchResult, 'next'> = rest.length > 0 ? { next: { ...step, resources: rest } } : {};
    const url = new URL(`${ctx.cfg.apiUrl}${PATHS[resource].replace('{from}', from).replace('{to}', step.end)}`);
    if (resource === 'activity_list') {
      url.search = new URLSearchParams({
        afterDate: step.start,
        sort: 'asc',
        limit: String(ACTIVITY_PAGE),
        offset: '0',
      }).toString();
    }
    const answer = await call(ctx, tokens, { method: 'GET', url, pathTemplate: PATHS[resource] });
    const body = answer.json<unknown>();
    if (resource !== 'activity_list') return { readings: mapResource(resource, from, body, clock), ...then };
    // Fitbit lists from the start onwards; past the window's end there is nothing this step wants.
    const activities = (body as { activities?: { startTime?: unknown }[] }).activities ?? [];
    const inWindow = activities.filter((a) => String(a.startTime).slice(0, 10) <= step.end);
    const readings = mapFitbitActivityList({ activities: inWindow }, clock);
    const cursor = String(activities.at(-1)?.startTime ?? '').slice(0, 19);
    const more = activities.length === ACTIVITY_PAGE && cursor.slice(0, 10) <= step.end && cursor > step.start;
    return { readings, ...(more ? { next: { ...step, start: cursor } } : then) };
  },
};

/**
 * The tokens with the user's UTC offset: `previous` kept while under a day old, else the profile read with the new
 * access token. A profile Fitbit does not answer (the `profile` scope declined at consent, a 5xx, the hour spent)
 * keeps what was known and is tried again at the next refresh: the link and the refresh never fail for it.
 */
async function withUtcOffset(
  ctx: ProviderContext,
  tokens: ProviderTokens,
  previous: ProviderTokens['utcOffset'],
): Promise<ProviderTokens> {
  if (previous && ctx.nowMs - previous.readAt < PROFILE_MAX_AGE_MS) return { ...tokens, utcOffset: previous };
  try {
    const answer = await call(ctx, tokens, {
      method: 'GET',
      url: new URL(`${ctx.cfg.apiUrl}${PROFILE_PATH}`),
      pathTemplate: PROFILE_PATH,
    });
    const profile = answer.json<unknown>();
    const timeZone = fitbitProfileZone(profile);
    const seconds = fitbitProfileOffset(profile, ctx.nowMs);
    return { ...tokens, utcOffset: { seconds, ...(timeZone ? { timeZone } : {}), readAt: ctx.nowMs } };
  } catch (err) {
    if (!(err instanceof ProviderError)) throw err;
    // Kind and status only: the profile holds the person's name, birth date and zone.
    log('warn', 'fitbit profile not read; times stay at the last known offset', { kind: err.kind, status: err.status });
    return previous ? { ...tokens, utcOffset: previous } : tokens;
  }
}

/**
 * The clock Fitbit's local date-times are read at: the user's zone kept with the tokens (its offset at each local
 * time), else their fixed offset, else UTC (design §4.1) while none is known — a link made before the profile was
 * read, or a profile without a usable zone or offset.
 */
function userClock(tokens: ProviderTokens): LocalClock {
  const known = tokens.utcOffset;
  // The sealed JSON is not schema-checked when opened: an offset no clock has would make every mapper throw, and a
  // zone Intl does not know falls back to the offset when read.
  const offset = typeof known?.seconds === 'number' && offsetText(known.seconds) !== null ? known.seconds : null;
  const timeZone = typeof known?.timeZone === 'string' ? known.timeZone : null;
  return { timeZone, offset };
}

function mapResource(
  resource: Exclude<FitbitResource, 'activity_list'>,
  date: string,
  body: unknown,
  clock: LocalClock,
): KeyedReading[] {
  switch (resource) {
    case 'activities_summary':
      return nothingWorn(body) ? [] : mapFitbitActivitySummary(date, body, clock);
    case 'heart':
      return mapFitbitHeart(body, clock);
    case 'sleep':
      return mapFitbitSleep(body, clock);
    case 'hrv':
      return mapFitbitHrv(body, clock);
    case 'spo2':
      return mapFitbitSpo2(body, clock);
    case 'weight':
      return mapFitbitWeight(body, clock);
  }
}

/** Fitbit answers a day nothing was worn with zero steps and zero active calories: not a measurement. */
function nothingWorn(body: unknown): boolean {
  const summary = (body as { summary?: { steps?: unknown; activityCalories?: unknown } } | null)?.summary;
  return !summary?.steps && !summary?.activityCalories;
}

/** A call on the user's behalf: Bearer token; a 429's wait from Fitbit's reset header. */
function call(ctx: ProviderContext, tokens: ProviderTokens, req: Omit<ProviderRequest, 'signal'>) {
  return ctx.http.call({
    ...req,
    headers: { ...req.headers, authorization: `Bearer ${tokens.accessToken}` },
    rateLimitResetHeader: RATE_LIMIT_RESET,
    signal: ctx.signal,
  });
}

async function tokenRequest(
  ctx: ProviderContext,
  form: Record<string, string>,
  previous?: ProviderTokens,
): Promise<{ tokens: ProviderTokens; userId: unknown }> {
  const answer = await ctx.http.call({
    method: 'POST',
    url: new URL(`${ctx.cfg.apiUrl}/oauth2/token`),
    pathTemplate: '/oauth2/token',
    headers: basic(ctx),
    form,
    signal: ctx.signal,
  });
  const body = answer.json<TokenAnswer>();
  if (typeof body.access_token !== 'string' || !body.access_token) {
    throw new ProviderError('refused', 'fitbit', answer.status);
  }
  const expiresIn = typeof body.expires_in === 'number' && body.expires_in > 0 ? body.expires_in : 28_800;
  const refreshToken = typeof body.refresh_token === 'string' ? body.refresh_token : previous?.refreshToken;
  return {
    tokens: {
      accessToken: body.access_token,
      ...(refreshToken ? { refreshToken } : {}),
      expiresAt: ctx.nowMs + expiresIn * 1000,
      scope: typeof body.scope === 'string' ? body.scope.split(' ').filter(Boolean) : (previous?.scope ?? []),
    },
    userId: body.user_id,
  };
}

/** Fitbit's client authentication for server apps: `Basic base64(client_id:client_secret)`. */
function basic(ctx: ProviderContext): Record<string, string> {
  const pair = Buffer.from(`${ctx.cfg.clientId}:${ctx.cfg.clientSecret}`, 'utf8').toString('base64');
  return { authorization: `Basic ${pair}` };
}

function gone(err: ProviderError): boolean {
  return err.kind === 'not_found' || err.kind === 'unauthorized' || err.kind === 'invalid_grant';
}

function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}
