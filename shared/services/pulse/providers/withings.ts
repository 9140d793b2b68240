import type { FetchStep, WithingsFetchStep, WithingsService } from '../../../domain/pulse/fetch-steps';
import {
  mapWithingsActivity,
  mapWithingsMeasures,
  mapWithingsSleep,
  mapWithingsWorkouts,
  WITHINGS_MEASURE_TYPES,
} from '../../../domain/pulse/mapping/withings';
import { PROVIDER_DESCRIPTORS } from '../../../domain/pulse/providers';
import type { KeyedReading } from '../../../domain/pulse/readings';
import { verifyWithingsLinkToken, withingsLinkToken } from '../../../domain/pulse/signatures';
import { withingsEvents } from '../../../domain/pulse/webhook-events';
import { consentUrl } from '../consent-url';
import { PartialSubscriptionError } from '../partial-subscriptions';
import { ProviderError, refusingMalformed } from '../provider-http';
import type { FetchResult, ProviderContext, ProviderModule, ProviderTokens, WebhookSpec } from '../registry';

/**
 * Withings (design §3.3, §4.4): OAuth 2 code grant whose code lives 30 s (the callback exchanges it at once), the
 * token endpoint `v2/oauth2 action=requesttoken` answering `{status, body}` — every Withings answer is HTTP 200 and a
 * `status` other than 0 is the error —, the token answer's `userid` as the provider user id, three-hour access
 * tokens with rotating refresh tokens, form-encoded data calls (`measure getmeas`, `v2/measure getactivity` and
 * `getworkouts`, `v2/sleep getsummary`) paged by `more`/`offset`, and per-user `notify` subscriptions.
 */
const DEFAULT_SCOPES = ['user.metrics', 'user.activity'] as const;
const SERVICES: readonly WithingsService[] = ['getmeas', 'getactivity', 'getworkouts', 'sleep_summary'];
const MEASURE_TYPES = Object.keys(WITHINGS_MEASURE_TYPES).join(',');
/** Withings' documented token life, taken when an answer leaves `expires_in` out. */
const DEFAULT_EXPIRES_IN = 10_800;
/** `status` values of an invalid or expired access token (Withings' status list: 100–102 and 200 are auth errors). */
const AUTH_STATUSES = new Set([100, 101, 102, 200, 401]);
const TOO_MANY_REQUESTS = 601;
/** Withings' "unknown error" and timeout statuses: worth another try later. */
const TRANSIENT_STATUSES = new Set([522, 2555]);
/** The `appli` codes subscribed per link (1 weight, 4 blood pressure/heart rate/SpO2, 16 activity, 44 sleep). */
export const WITHINGS_APPLIS = ['1', '4', '16', '44'] as const;

type Json = Record<string, unknown>;

/** One service's request (path and form) and the domain mapping of its answer. */
interface ServiceCall {
  path: '/measure' | '/v2/measure' | '/v2/sleep';
  form: Record<string, string>;
  map: (answer: unknown) => KeyedReading[];
}

/**
 * Withings signs nothing: a notification is trusted by the token `t` of the callback URL this link subscribed
 * (design §7.1), `base64url(HMAC-SHA256(webhook key, "withings|" + linkId))`, checked against the link the body's
 * `userid` names. A user with no link here cannot be checked and is refused like a forgery. The key is the Withings
 * application's `webhook_token` (`HDS_PULSE_WITHINGS_WEBHOOK_TOKEN`); without it nothing is subscribed or accepted.
 */
const withingsWebhook: WebhookSpec = {
  // Never used while `verifyForLink` is there: a Withings delivery cannot be checked without its link.
  verify() {
    return { ok: false, reason: 'missing' };
  },

  async verifyForLink(raw, req, cfg, linkOf) {
    const presented = req.query.get('t');
    if (!presented || !cfg.webhookToken) return { ok: false, reason: 'missing' };
    const userId = new URLSearchParams(raw.toString('utf8')).get('userid');
    if (!userId) return { ok: false, reason: 'shape' };
    const link = await linkOf(userId);
    if (!link) return { ok: false, reason: 'signature' };
    return verifyWithingsLinkToken(presented, cfg.webhookToken, link.linkId);
  },

  events: withingsEvents,
};

export const withingsModule: ProviderModule = {
  slug: 'withings',
  descriptor: PROVIDER_DESCRIPTORS.withings,
  defaultScopes: DEFAULT_SCOPES,
  // 120 requests a minute per application, with headroom (design §8).
  pace: [{ windowSeconds: 60, limit: 110 }],
  webhook: withingsWebhook,

  async beginLink(ctx, start) {
    const url = consentUrl(ctx.cfg, start, {
      path: '/oauth2_user/authorize2',
      defaultScopes: DEFAULT_SCOPES,
      scopeSeparator: ',',
    });
    return { url };
  },

  async completeLink(ctx, query, attempt) {
    const code = query.get('code');
    if (!code) throw new ProviderError('refused', 'withings', null);
    const { tokens, userId } = await tokenRequest(
      ctx,
      { grant_type: 'authorization_code', code, redirect_uri: attempt.redirectUri },
      'refused',
    );
    if (!userId) throw new ProviderError('refused', 'withings', 200);
    return { tokens, providerUserId: userId };
  },

  refresh: refreshTokens,

  /**
   * Every `appli` this module subscribes is revoked for each link the refs name, recorded or not: Withings may have
   * accepted a subscribe whose ref was never kept (a crash between its answer and the link's update), and one kept
   * ref is enough to name the link's callback URL. A refusal (`status` 294, no such subscription) means nothing is
   * there to remove, so the revoke goes on to the next one instead of stopping or retrying.
   */
  async revoke(ctx, tokens, refs) {
    // Without the key the URL cannot be rebuilt; nothing was subscribed without it either.
    if (!ctx.cfg.webhookToken) return;
    const linkIds = new Set(Object.values(refs));
    const applis = new Set<string>([...WITHINGS_APPLIS, ...Object.keys(refs)]);
    let current = tokens;
    for (const linkId of linkIds) {
      const callbackurl = callbackUrl(ctx, ctx.cfg.webhookToken, linkId);
      for (const appli of applis) {
        const form = { action: 'revoke', callbackurl, appli };
        try {
          await revokeOne(ctx, current, form);
        } catch (err) {
          if (!(err instanceof ProviderError) || err.kind !== 'unauthorized' || !current.refreshToken) throw err;
          // Three-hour tokens: the sealed one may have lapsed while the revoke waited. Refresh once and go on.
          try {
            current = await refreshTokens(ctx, current);
          } catch (refreshErr) {
            // A grant Withings no longer knows has no subscriptions left to remove.
            if (refreshErr instanceof ProviderError && refreshErr.kind === 'invalid_grant') return;
            throw refreshErr;
          }
          await revokeOne(ctx, current, form);
        }
      }
    }
  },

  /**
   * One `notify subscribe` per `appli`, each to this link's callback URL (its `t` proves a delivery is Withings'). The
   * refs keep `appli → linkId`, not the URL: `t` is a credential, so it is recomputed when revoking, never stored. A
   * failure part-way carries the refs made before it (`PartialSubscriptionError`), so the link keeps them for unlink.
   */
  async subscribe(ctx, tokens, link) {
    if (!ctx.cfg.webhookToken) throw new ProviderError('refused', 'withings', null);
    const callbackurl = callbackUrl(ctx, ctx.cfg.webhookToken, link.linkId);
    const refs: Record<string, string> = {};
    for (const appli of WITHINGS_APPLIS) {
      try {
        await withingsCall(ctx, tokens, '/notify', { action: 'subscribe', callbackurl, appli });
      } catch (err) {
        if (err instanceof ProviderError) throw new PartialSubscriptionError(err, { ...refs });
        throw err;
      }
      refs[appli] = link.linkId;
    }
    return refs;
  },

  backfillSteps(from, to) {
    return [
      {
        provider: 'withings',
        services: [...SERVICES],
        startdate: Math.floor(from.getTime() / 1000),
        enddate: Math.floor(to.getTime() / 1000),
      },
    ];
  },

  async fetch(ctx, tokens, step) {
    if (!isWithingsStep(step)) throw new ProviderError('refused', 'withings', null);
    return refusingMalformed('withings', () => fetchStep(ctx, tokens, step));
  },
};

/** The first service of the step; the rest (or the first's next page) are the next step. */
async function fetchStep(ctx: ProviderContext, tokens: ProviderTokens, step: WithingsFetchStep): Promise<FetchResult> {
  const [service, ...rest] = step.services as [WithingsService, ...WithingsService[]];
  const call = serviceCall(service, step);
  if (step.offset !== undefined) call.form.offset = String(step.offset);
  const answer = await withingsCall(ctx, tokens, call.path, call.form);
  const body = (answer.body ?? {}) as Json;
  const more = body.more === true || body.more === 1;
  const offset = typeof body.offset === 'number' ? body.offset : Number(body.offset);
  const readings = call.map(answer);
  if (more && Number.isInteger(offset) && offset > (step.offset ?? 0)) return { readings, next: { ...step, offset } };
  if (rest.length > 0) {
    return {
      readings,
      next: { provider: 'withings', services: rest, startdate: step.startdate, enddate: step.enddate },
    };
  }
  return { readings };
}

/** Steps come back from the queue: one this module never makes is refused, not sent to Withings. */
function isWithingsStep(step: FetchStep): step is WithingsFetchStep {
  if (step.provider !== 'withings') return false;
  const { services, startdate, enddate, offset } = step;
  return (
    Array.isArray(services) &&
    services.length > 0 &&
    services.every((s) => (SERVICES as readonly string[]).includes(s)) &&
    Number.isSafeInteger(startdate) &&
    Number.isSafeInteger(enddate) &&
    startdate <= enddate &&
    (offset === undefined || Number.isSafeInteger(offset))
  );
}

/** What one service asks over the step's window (Unix seconds; the v2 services take inclusive `yyyy-MM-dd` days). */
function serviceCall(service: WithingsService, step: WithingsFetchStep): ServiceCall {
  const start = String(step.startdate);
  const end = String(step.enddate);
  const days = { startdateymd: ymd(step.startdate), enddateymd: ymd(step.enddate) };
  switch (service) {
    case 'getmeas':
      return {
        path: '/measure',
        form: { action: 'getmeas', meastypes: MEASURE_TYPES, category: '1', startdate: start, enddate: end },
        map: mapWithingsMeasures,
      };
    case 'getactivity':
      return {
        path: '/v2/measure',
        form: { action: 'getactivity', ...days, data_fields: 'steps,calories' },
        map: mapWithingsActivity,
      };
    case 'getworkouts':
      return {
        path: '/v2/measure',
        form: { action: 'getworkouts', ...days, data_fields: 'calories' },
        map: mapWithingsWorkouts,
      };
    case 'sleep_summary':
      return {
        path: '/v2/sleep',
        form: { action: 'getsummary', ...days, data_fields: 'total_sleep_time,hr_average' },
        map: mapWithingsSleep,
      };
  }
}

/** A Withings answer `{status, body}`: `status` 0 or the error it stands for (HTTP is 200 either way). */
async function withingsCall(
  ctx: ProviderContext,
  tokens: ProviderTokens | null,
  path: string,
  form: Record<string, string>,
): Promise<{ status: number; body: unknown }> {
  const answer = await ctx.http.call({
    method: 'POST',
    url: new URL(`${ctx.cfg.apiUrl}${path}`),
    pathTemplate: `${path} ${form.action}`,
    form,
    ...(tokens ? { headers: { authorization: `Bearer ${tokens.accessToken}` } } : {}),
    signal: ctx.signal,
  });
  const parsed = answer.json<unknown>();
  const doc = (typeof parsed === 'object' && parsed !== null ? parsed : {}) as Json;
  const status = doc.status;
  if (typeof status !== 'number') throw new ProviderError('transient', 'withings', answer.status);
  if (status === 0) return { status, body: doc.body };
  throw statusError(status);
}

/** A `notify revoke` whose refusal (no such subscription, or one Withings will never accept) is already done. */
async function revokeOne(ctx: ProviderContext, tokens: ProviderTokens, form: Record<string, string>): Promise<void> {
  try {
    await withingsCall(ctx, tokens, '/notify', form);
  } catch (err) {
    if (err instanceof ProviderError && err.kind === 'refused') return;
    throw err;
  }
}

function statusError(status: number): ProviderError {
  if (AUTH_STATUSES.has(status)) return new ProviderError('unauthorized', 'withings', status);
  if (status === TOO_MANY_REQUESTS) return new ProviderError('rate_limited', 'withings', status, 60_000);
  if (TRANSIENT_STATUSES.has(status)) return new ProviderError('transient', 'withings', status);
  return new ProviderError('refused', 'withings', status);
}

/** A rotated refresh token: the old one is spent, so a refused refresh means the grant is gone (relink). */
async function refreshTokens(ctx: ProviderContext, tokens: ProviderTokens): Promise<ProviderTokens> {
  if (!tokens.refreshToken) throw new ProviderError('invalid_grant', 'withings', null);
  const { tokens: fresh } = await tokenRequest(
    ctx,
    { grant_type: 'refresh_token', refresh_token: tokens.refreshToken },
    'invalid_grant',
    tokens.scope,
  );
  return fresh;
}

/**
 * `v2/oauth2 action=requesttoken`, the client credentials in the form. A non-zero `status` is `whenRefused` (a code
 * exchange refused is a failed link; a refresh refused is a lost grant), except a transient one.
 */
async function tokenRequest(
  ctx: ProviderContext,
  form: Record<string, string>,
  whenRefused: 'refused' | 'invalid_grant',
  previousScope: string[] = [],
): Promise<{ tokens: ProviderTokens; userId: string | null }> {
  let answer: { status: number; body: unknown };
  try {
    answer = await withingsCall(ctx, null, '/v2/oauth2', {
      action: 'requesttoken',
      ...form,
      client_id: ctx.cfg.clientId,
      client_secret: ctx.cfg.clientSecret,
    });
  } catch (err) {
    if (err instanceof ProviderError && err.kind !== 'transient' && err.kind !== 'rate_limited')
      throw new ProviderError(whenRefused, 'withings', err.status);
    throw err;
  }
  const body = (answer.body ?? {}) as Json;
  if (typeof body.access_token !== 'string' || !body.access_token) {
    throw new ProviderError(whenRefused, 'withings', answer.status);
  }
  const expiresIn = typeof body.expires_in === 'number' && body.expires_in > 0 ? body.expires_in : DEFAULT_EXPIRES_IN;
  const userId =
    typeof body.userid === 'string' && body.userid
      ? body.userid
      : typeof body.userid === 'number' && Number.isSafeInteger(body.userid)
        ? String(body.userid)
        : null;
  return {
    tokens: {
      accessToken: body.access_token,
      ...(typeof body.refresh_token === 'string' && body.refresh_token ? { refreshToken: body.refresh_token } : {}),
      expiresAt: ctx.nowMs + expiresIn * 1000,
      scope: typeof body.scope === 'string' ? body.scope.split(',').filter(Boolean) : previousScope,
    },
    userId,
  };
}

/** `<issuer>/api/v1/pulse/hds/webhook?provider=withings&t=<link token>`: what this link subscribes Withings to. */
function callbackUrl(ctx: ProviderContext, webhookKey: string, linkId: string): string {
  const url = new URL(`${ctx.cfg.issuer}/api/v1/pulse/hds/webhook`);
  url.searchParams.set('provider', 'withings');
  url.searchParams.set('t', withingsLinkToken(webhookKey, linkId));
  return url.toString();
}

function ymd(unixSeconds: number): string {
  return new Date(unixSeconds * 1000).toISOString().slice(0, 10);
}
