import type { WhoopFetchStep, WhoopResource } from '../../../domain/pulse/fetch-steps';
import {
  mapWhoopBody,
  mapWhoopRecoveries,
  mapWhoopRecovery,
  mapWhoopSleep,
  mapWhoopSleeps,
  mapWhoopWorkout,
  mapWhoopWorkouts,
} from '../../../domain/pulse/mapping/whoop';
import { PROVIDER_DESCRIPTORS } from '../../../domain/pulse/providers';
import { verifyWhoop } from '../../../domain/pulse/signatures';
import { whoopEvents } from '../../../domain/pulse/webhook-events';
import { consentUrl } from '../consent-url';
import { ProviderError, refusingMalformed } from '../provider-http';
import type {
  FetchResult,
  KeyedReading,
  ProviderContext,
  ProviderModule,
  ProviderTokens,
  WebhookSpec,
} from '../registry';

/**
 * WHOOP API v2 (design §3.2, §4.3): OAuth 2 code grant with the client credentials in the token request's body, a
 * refresh token only when `offline` was granted (both tokens rotate on refresh), `user_id` of the basic profile as
 * the provider user id, the collections under `/developer/v2` paged by `nextToken` at most 25 records a page,
 * app-level webhooks.
 */
const DEFAULT_SCOPES = [
  'offline',
  'read:recovery',
  'read:sleep',
  'read:workout',
  'read:profile',
  'read:body_measurement',
] as const;
/** WHOOP's largest page. */
const PAGE_LIMIT = 25;
/** The collections walked by backfill, each over the whole window; the body measurement is one request. */
const COLLECTIONS = ['sleep', 'recovery', 'workout'] as const;
const RESOURCES: readonly WhoopResource[] = [...COLLECTIONS, 'body'];
const COLLECTION_PATHS: Record<(typeof COLLECTIONS)[number], string> = {
  sleep: '/v2/activity/sleep',
  recovery: '/v2/recovery',
  workout: '/v2/activity/workout',
};
/** WHOOP's sample answers live an hour; a token answer without `expires_in` is taken to do the same. */
const DEFAULT_EXPIRES_IN = 3600;

interface TokenAnswer {
  access_token?: unknown;
  refresh_token?: unknown;
  expires_in?: unknown;
  scope?: unknown;
}

type Json = Record<string, unknown>;

const NO_CONTENT_OR_JSON = [{ type: '' }, { type: 'application/json' }] as const;

/**
 * WHOOP's app-level webhooks (design §3.2, §7.1): `X-WHOOP-Signature` = base64 HMAC-SHA256(client secret,
 * `X-WHOOP-Signature-Timestamp` (ms) ‖ raw body), within the tolerance either way; `{user_id, id, type, trace_id}`
 * → the object to fetch, or the keys a `*.deleted` removes. Both from the pulse domain.
 */
const whoopWebhook: WebhookSpec = {
  verify: (raw, req, cfg, nowMs, toleranceSeconds) =>
    verifyWhoop(raw, req.headers, { secret: cfg.clientSecret, nowMs, toleranceSeconds }),
  events: whoopEvents,
};

export const whoopModule: ProviderModule = {
  slug: 'whoop',
  descriptor: PROVIDER_DESCRIPTORS.whoop,
  defaultScopes: DEFAULT_SCOPES,
  // 100/min and 10,000/day per client, with headroom (design §8).
  pace: [
    { windowSeconds: 60, limit: 90 },
    { windowSeconds: 86_400, limit: 9500 },
  ],
  webhook: whoopWebhook,

  async beginLink(ctx, start) {
    const url = consentUrl(ctx.cfg, start, {
      path: '/oauth/oauth2/auth',
      defaultScopes: DEFAULT_SCOPES,
      scopeSeparator: ' ',
    });
    return { url };
  },

  async completeLink(ctx, query, attempt) {
    const code = query.get('code');
    if (!code) throw new ProviderError('refused', 'whoop', null);
    const tokens = await tokenRequest(ctx, {
      grant_type: 'authorization_code',
      code,
      redirect_uri: attempt.redirectUri,
    });
    const profile = await get(ctx, tokens, '/v2/user/profile/basic');
    const userId = profile.user_id;
    // WHOOP's ids are int64 numbers; the webhook's `user_id` is the same number.
    if (!(typeof userId === 'number' && Number.isSafeInteger(userId)) && !(typeof userId === 'string' && userId)) {
      throw new ProviderError('refused', 'whoop', 200);
    }
    return { tokens, providerUserId: String(userId) };
  },

  refresh: refreshTokens,

  async revoke(ctx, tokens) {
    try {
      await revokeAccess(ctx, tokens);
    } catch (err) {
      if (!(err instanceof ProviderError) || err.kind !== 'unauthorized') throw err;
      // The sealed access token may have lapsed while the revoke waited (they live an hour): refresh once, then
      // revoke with the fresh one. A grant WHOOP no longer knows is as revoked as it gets.
      if (!tokens.refreshToken) return;
      let fresh: ProviderTokens;
      try {
        fresh = await refreshTokens(ctx, tokens);
      } catch (refreshErr) {
        if (refreshErr instanceof ProviderError && refreshErr.kind === 'invalid_grant') return;
        throw refreshErr;
      }
      await revokeAccess(ctx, fresh);
    }
  },

  backfillSteps(from, to) {
    const window = { start: from.toISOString(), end: to.toISOString() };
    return RESOURCES.map((resource) => ({ provider: 'whoop', kind: 'range', resource, ...window }));
  },

  async fetch(ctx, tokens, step) {
    if (step.provider !== 'whoop') throw unknownStep();
    return refusingMalformed('whoop', () => fetchStep(ctx, tokens, step));
  },
};

async function fetchStep(ctx: ProviderContext, tokens: ProviderTokens, step: WhoopFetchStep): Promise<FetchResult> {
  // Steps come back from the queue: one this module never makes is refused, not sent to an unknown path.
  if (step.kind === 'object') {
    if (!(COLLECTIONS as readonly string[]).includes(step.resource) || !step.id) throw unknownStep();
    return { readings: await fetchObject(ctx, tokens, step.resource, step.id) };
  }
  if (step.kind !== 'range' || !RESOURCES.includes(step.resource) || !step.start || !step.end) throw unknownStep();
  if (step.resource === 'body') {
    return { readings: mapWhoopBody(await get(ctx, tokens, '/v2/user/measurement/body'), ctx.nowMs) };
  }
  return fetchPage(ctx, tokens, { ...step, resource: step.resource });
}

function unknownStep(): ProviderError {
  return new ProviderError('refused', 'whoop', null);
}

async function fetchObject(
  ctx: ProviderContext,
  tokens: ProviderTokens,
  resource: 'sleep' | 'recovery' | 'workout',
  id: string,
): Promise<KeyedReading[]> {
  const segment = encodeURIComponent(id);
  switch (resource) {
    case 'sleep':
      return mapWhoopSleep(await get(ctx, tokens, `/v2/activity/sleep/${segment}`, '/v2/activity/sleep/{id}'));
    case 'workout':
      return mapWhoopWorkout(await get(ctx, tokens, `/v2/activity/workout/${segment}`, '/v2/activity/workout/{id}'));
    case 'recovery': {
      const recovery = await get(ctx, tokens, `/v2/cycle/${segment}/recovery`, '/v2/cycle/{id}/recovery');
      const ends = await sleepEnds(ctx, tokens, [recovery]);
      const sleepId = typeof recovery.sleep_id === 'string' ? recovery.sleep_id : '';
      return mapWhoopRecovery(recovery, ends.get(sleepId) ?? null);
    }
  }
}

/** One page of a collection over `[start, end)`; WHOOP's `next_token` becomes the next step. */
async function fetchPage(
  ctx: ProviderContext,
  tokens: ProviderTokens,
  step: Extract<WhoopFetchStep, { kind: 'range' }> & { resource: (typeof COLLECTIONS)[number] },
): Promise<FetchResult> {
  const path = COLLECTION_PATHS[step.resource];
  const query: Record<string, string> = { limit: String(PAGE_LIMIT), start: step.start, end: step.end };
  if (step.nextToken) query.nextToken = step.nextToken;
  const page = await get(ctx, tokens, path, path, query);
  let readings: KeyedReading[];
  if (step.resource === 'recovery') {
    const records = Array.isArray(page.records) ? (page.records as unknown[]) : [];
    readings = mapWhoopRecoveries(page, await sleepEnds(ctx, tokens, records));
  } else {
    readings = step.resource === 'sleep' ? mapWhoopSleeps(page) : mapWhoopWorkouts(page);
  }
  const next = typeof page.next_token === 'string' && page.next_token ? page.next_token : null;
  return {
    readings,
    ...(next ? { next: { ...step, nextToken: next } } : {}),
  };
}

/**
 * A recovery carries no time of its own; its readings are placed at the end of the sleep it was computed from, so
 * each scored recovery costs one more request for that sleep (sleep id → end). A sleep WHOOP no longer has is left
 * out, and the mapping falls back to the recovery's `created_at`.
 */
async function sleepEnds(
  ctx: ProviderContext,
  tokens: ProviderTokens,
  records: readonly unknown[],
): Promise<Map<string, string>> {
  const ends = new Map<string, string>();
  for (const record of records) {
    const recovery = record as Json | null;
    if (recovery?.score_state !== 'SCORED' || typeof recovery.sleep_id !== 'string') continue;
    if (ends.has(recovery.sleep_id)) continue;
    let sleep: Json;
    try {
      sleep = await get(
        ctx,
        tokens,
        `/v2/activity/sleep/${encodeURIComponent(recovery.sleep_id)}`,
        '/v2/activity/sleep/{id}',
      );
    } catch (err) {
      if (err instanceof ProviderError && err.kind === 'not_found') continue;
      throw err;
    }
    if (typeof sleep.end === 'string') ends.set(recovery.sleep_id, sleep.end);
  }
  return ends;
}

async function get(
  ctx: ProviderContext,
  tokens: ProviderTokens,
  path: string,
  pathTemplate = path,
  query: Record<string, string> = {},
): Promise<Json> {
  const url = new URL(`${ctx.cfg.apiUrl}/developer${path}`);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  const answer = await ctx.http.call({
    method: 'GET',
    url,
    pathTemplate: `/developer${pathTemplate}`,
    headers: bearer(tokens),
    signal: ctx.signal,
  });
  const body = answer.json<unknown>();
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new ProviderError('transient', 'whoop', answer.status);
  }
  return body as Json;
}

/** `DELETE /developer/v2/user/access` (204): WHOOP drops the grant and stops this user's webhooks. */
async function revokeAccess(ctx: ProviderContext, tokens: ProviderTokens): Promise<void> {
  await ctx.http.call({
    method: 'DELETE',
    url: new URL(`${ctx.cfg.apiUrl}/developer/v2/user/access`),
    pathTemplate: '/developer/v2/user/access',
    headers: bearer(tokens),
    // 204 has no body and so no type: without this the egress would refuse the success as an untyped answer.
    accept: NO_CONTENT_OR_JSON,
    signal: ctx.signal,
  });
}

/** WHOOP's refresh asks for `offline` again; the answer rotates both tokens. */
async function refreshTokens(ctx: ProviderContext, tokens: ProviderTokens): Promise<ProviderTokens> {
  if (!tokens.refreshToken) throw new ProviderError('invalid_grant', 'whoop', null);
  return tokenRequest(
    ctx,
    { grant_type: 'refresh_token', refresh_token: tokens.refreshToken, scope: 'offline' },
    tokens.scope,
  );
}

async function tokenRequest(
  ctx: ProviderContext,
  form: Record<string, string>,
  previousScope: string[] = [],
): Promise<ProviderTokens> {
  const answer = await ctx.http.call({
    method: 'POST',
    url: new URL(`${ctx.cfg.apiUrl}/oauth/oauth2/token`),
    pathTemplate: '/oauth/oauth2/token',
    form: { ...form, client_id: ctx.cfg.clientId, client_secret: ctx.cfg.clientSecret },
    signal: ctx.signal,
  });
  const body = answer.json<TokenAnswer>();
  if (typeof body.access_token !== 'string' || !body.access_token) {
    throw new ProviderError('refused', 'whoop', answer.status);
  }
  const expiresIn = typeof body.expires_in === 'number' && body.expires_in > 0 ? body.expires_in : DEFAULT_EXPIRES_IN;
  return {
    accessToken: body.access_token,
    ...(typeof body.refresh_token === 'string' && body.refresh_token ? { refreshToken: body.refresh_token } : {}),
    expiresAt: ctx.nowMs + expiresIn * 1000,
    scope: typeof body.scope === 'string' ? body.scope.split(' ').filter(Boolean) : previousScope,
  };
}

function bearer(tokens: ProviderTokens): Record<string, string> {
  return { authorization: `Bearer ${tokens.accessToken}` };
}
