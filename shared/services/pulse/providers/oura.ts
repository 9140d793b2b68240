import type { OuraFetchStep } from '../../../domain/pulse/fetch-steps';
import {
  isOuraDocumentCollection,
  mapOuraCollection,
  mapOuraDocument,
  mapOuraHeartRate,
  OURA_DOCUMENT_COLLECTIONS,
  ouraHeartRateWindow,
} from '../../../domain/pulse/mapping/oura';
import { PROVIDER_DESCRIPTORS } from '../../../domain/pulse/providers';
import { ProviderPayloadError } from '../../../domain/pulse/readings';
import { ouraChallenge, verifyOura } from '../../../domain/pulse/signatures';
import { ouraEvents } from '../../../domain/pulse/webhook-events';
import { consentUrl } from '../consent-url';
import { ProviderError, refusingMalformed } from '../provider-http';
import type { FetchResult, FetchStep, ProviderContext, ProviderModule, ProviderTokens, WebhookSpec } from '../registry';

/**
 * Oura API v2 (design §3.1): OAuth 2 code grant with the client credentials in the token request's body, single-use
 * refresh tokens (each refresh returns the next one), `personal_info.id` as the provider user id, the user collections
 * paged by `next_token`, app-level webhooks.
 */
const DEFAULT_SCOPES = ['personal', 'daily', 'heartrate', 'workout', 'spo2'] as const;
/** Collections fetched by date; heart rate by date-time in shorter windows (its rows are every 5 minutes). */
const WINDOW_DAYS = 30;
const HEARTRATE_WINDOW_DAYS = 7;
/** A 7-day window of 5-minute rows is 2016 rows; this many pages is far past any page size Oura would use. */
const MAX_HEARTRATE_PAGES = 100;
const DAY_MS = 86_400_000;

type OuraRangeStep = Extract<OuraFetchStep, { kind: 'range' }>;
/** Subscriptions expiring within this are renewed by the daily run (two missed runs still leave a margin). */
const RENEW_MARGIN_MS = 7 * DAY_MS;

interface TokenAnswer {
  access_token?: unknown;
  refresh_token?: unknown;
  expires_in?: unknown;
  scope?: unknown;
}
/**
 * Oura's webhooks (§3.1, §7.1): the signature, the challenge and the events are the pure domain's; this binds them to
 * the configured client secret and verification token.
 */
const ouraWebhook: WebhookSpec = {
  verify: (raw, req, cfg, nowMs, toleranceSeconds) =>
    verifyOura(raw, req.headers, { secret: cfg.clientSecret, nowMs, toleranceSeconds }),

  handshake(query, cfg) {
    if (query.get('verification_token') === null && query.get('challenge') === null) return null;
    const answer = cfg.verificationToken ? ouraChallenge(query, cfg.verificationToken) : null;
    return answer ? { status: 200, json: answer } : { status: 401 };
  },

  events: ouraEvents,
};

export const ouraModule: ProviderModule = {
  slug: 'oura',
  descriptor: PROVIDER_DESCRIPTORS.oura,
  defaultScopes: DEFAULT_SCOPES,
  pace: [{ windowSeconds: 300, limit: 4500 }],
  webhook: ouraWebhook,

  async beginLink(ctx, start) {
    const url = consentUrl(ctx.cfg, start, {
      path: '/oauth/authorize',
      defaultScopes: DEFAULT_SCOPES,
      scopeSeparator: ' ',
    });
    return { url };
  },

  async completeLink(ctx, query, attempt) {
    const code = query.get('code');
    if (!code) throw new ProviderError('refused', 'oura', null);
    const tokens = await tokenRequest(ctx, {
      grant_type: 'authorization_code',
      code,
      redirect_uri: attempt.redirectUri,
    });
    const info = await ctx.http.call({
      method: 'GET',
      url: new URL(`${ctx.cfg.apiUrl}/v2/usercollection/personal_info`),
      pathTemplate: '/v2/usercollection/personal_info',
      headers: bearer(tokens),
      signal: ctx.signal,
    });
    const id = info.json<{ id?: unknown }>().id;
    if (typeof id !== 'string' || !id) throw new ProviderError('refused', 'oura', info.status);
    return { tokens, providerUserId: id };
  },

  refresh(ctx, tokens) {
    if (!tokens.refreshToken) throw new ProviderError('invalid_grant', 'oura', null);
    return tokenRequest(ctx, { grant_type: 'refresh_token', refresh_token: tokens.refreshToken }, tokens.scope);
  },

  async revoke(ctx, tokens) {
    const url = new URL(`${ctx.cfg.apiUrl}/oauth/revoke`);
    url.searchParams.set('access_token', tokens.accessToken);
    try {
      await ctx.http.call({ method: 'GET', url, pathTemplate: '/oauth/revoke', signal: ctx.signal });
    } catch (err) {
      // A token Oura no longer knows is as revoked as it gets.
      if (err instanceof ProviderError && (err.kind === 'unauthorized' || err.kind === 'invalid_grant')) return;
      throw err;
    }
  },

  async maintainSubscriptions(ctx, callbackUrl) {
    if (!ctx.cfg.verificationToken) throw new ProviderError('refused', 'oura', null);
    const app = { 'x-client-id': ctx.cfg.clientId, 'x-client-secret': ctx.cfg.clientSecret };
    const listed = await ctx.http.call({
      method: 'GET',
      url: new URL(`${ctx.cfg.apiUrl}/v2/webhook/subscription`),
      pathTemplate: '/v2/webhook/subscription',
      headers: app,
      signal: ctx.signal,
    });
    const existing = listed.json<unknown>();
    const subscriptions = (Array.isArray(existing) ? existing : []) as Record<string, unknown>[];
    let created = 0;
    let renewed = 0;
    for (const data_type of OURA_DOCUMENT_COLLECTIONS) {
      for (const event_type of ['create', 'update', 'delete'] as const) {
        const found = subscriptions.find(
          (s) => s.callback_url === callbackUrl && s.data_type === data_type && s.event_type === event_type,
        );
        if (!found) {
          await ctx.http.call({
            method: 'POST',
            url: new URL(`${ctx.cfg.apiUrl}/v2/webhook/subscription`),
            pathTemplate: '/v2/webhook/subscription',
            headers: app,
            json: { callback_url: callbackUrl, verification_token: ctx.cfg.verificationToken, event_type, data_type },
            signal: ctx.signal,
          });
          created += 1;
          continue;
        }
        const expires = Date.parse(String(found.expiration_time));
        if (Number.isFinite(expires) && expires - ctx.nowMs > RENEW_MARGIN_MS) continue;
        await ctx.http.call({
          method: 'PUT',
          url: new URL(`${ctx.cfg.apiUrl}/v2/webhook/subscription/renew/${encodeURIComponent(String(found.id))}`),
          pathTemplate: '/v2/webhook/subscription/renew/{id}',
          headers: app,
          signal: ctx.signal,
        });
        renewed += 1;
      }
    }
    return { created, renewed };
  },

  backfillSteps(from, to) {
    const steps: FetchStep[] = [];
    for (const collection of OURA_DOCUMENT_COLLECTIONS) {
      for (let t = from.getTime(); t < to.getTime(); t += WINDOW_DAYS * DAY_MS) {
        const end = Math.min(t + WINDOW_DAYS * DAY_MS, to.getTime());
        steps.push({ provider: 'oura', kind: 'range', collection, start: isoDay(t), end: isoDay(end) });
      }
    }
    // From the UTC midnight before `from`: heart-rate means are per UTC day (see `ouraHeartRateWindow`), so every
    // chunk holds whole days and no chunk boundary splits one day's mean in two.
    const midnight = Math.floor(from.getTime() / DAY_MS) * DAY_MS;
    for (let t = midnight; t < to.getTime(); t += HEARTRATE_WINDOW_DAYS * DAY_MS) {
      const end = Math.min(t + HEARTRATE_WINDOW_DAYS * DAY_MS, to.getTime());
      const [start, stop] = [new Date(t).toISOString(), new Date(end).toISOString()];
      steps.push({ provider: 'oura', kind: 'range', collection: 'heartrate', start, end: stop });
    }
    return steps;
  },

  async fetch(ctx, tokens, step) {
    if (step.provider !== 'oura') throw new ProviderError('refused', 'oura', null);
    return refusingMalformed('oura', () => fetchStep(ctx, tokens, step));
  },
};

async function fetchStep(ctx: ProviderContext, tokens: ProviderTokens, step: OuraFetchStep): Promise<FetchResult> {
  if (step.kind === 'document') {
    if (!isOuraDocumentCollection(step.collection)) throw new ProviderError('refused', 'oura', null);
    const answer = await ctx.http.call({
      method: 'GET',
      url: new URL(`${ctx.cfg.apiUrl}/v2/usercollection/${step.collection}/${encodeURIComponent(step.id)}`),
      pathTemplate: `/v2/usercollection/${step.collection}/{id}`,
      headers: bearer(tokens),
      signal: ctx.signal,
    });
    const document = answer.json<unknown>();
    const readings = mapOuraDocument(step.collection, document);
    // No heart-rate webhooks exist: a sleep or activity event re-reads the heart rate of the days it concerns.
    const window = ouraHeartRateWindow(step.collection, document, ctx.nowMs);
    if (!window) return { readings };
    return { readings, next: { provider: 'oura', kind: 'range', collection: 'heartrate', ...window } };
  }
  if (step.collection === 'heartrate')
    return { readings: mapOuraHeartRate({ data: await heartRateRows(ctx, tokens, step) }) };
  const body = await rangePage(ctx, tokens, step);
  const readings = mapOuraCollection(step.collection, body);
  const next = typeof body.next_token === 'string' && body.next_token ? body.next_token : undefined;
  return { readings, ...(next ? { next: { ...step, nextToken: next } } : {}) };
}

/**
 * Every heart-rate row of the window, all pages in one job: a day's mean is of all its rows, and a page boundary
 * inside a day would otherwise write a partial mean over the whole one (or put the values in the queue message).
 * The pages after the first are not paced one by one; Oura's budget (5000 per 5 min, paced at 4500) covers them.
 */
async function heartRateRows(ctx: ProviderContext, tokens: ProviderTokens, step: OuraRangeStep): Promise<unknown[]> {
  const rows: unknown[] = [];
  let page = step;
  for (let pages = 1; ; pages += 1) {
    const body = await rangePage(ctx, tokens, page);
    if (!Array.isArray(body.data)) throw new ProviderPayloadError('oura', 'heartrate', 'data is not a list');
    rows.push(...body.data);
    if (typeof body.next_token !== 'string' || !body.next_token) return rows;
    // A cursor that never ends is not Oura's documented paging: refused rather than read forever.
    if (pages === MAX_HEARTRATE_PAGES) throw new ProviderError('refused', 'oura', null);
    page = { ...page, nextToken: body.next_token };
  }
}

async function rangePage(
  ctx: ProviderContext,
  tokens: ProviderTokens,
  step: OuraRangeStep,
): Promise<{ data?: unknown; next_token?: unknown }> {
  const url = new URL(`${ctx.cfg.apiUrl}/v2/usercollection/${step.collection}`);
  const [startName, endName] =
    step.collection === 'heartrate' ? ['start_datetime', 'end_datetime'] : ['start_date', 'end_date'];
  url.searchParams.set(startName, step.start);
  url.searchParams.set(endName, step.end);
  if (step.nextToken) url.searchParams.set('next_token', step.nextToken);
  const answer = await ctx.http.call({
    method: 'GET',
    url,
    pathTemplate: `/v2/usercollection/${step.collection}`,
    headers: bearer(tokens),
    signal: ctx.signal,
  });
  const body = answer.json<unknown>();
  // Not an object: the mappers then name the missing `data` (refused), rather than a TypeError here.
  return typeof body === 'object' && body !== null ? (body as { data?: unknown; next_token?: unknown }) : {};
}

async function tokenRequest(
  ctx: ProviderContext,
  form: Record<string, string>,
  previousScope: string[] = [],
): Promise<ProviderTokens> {
  const answer = await ctx.http.call({
    method: 'POST',
    url: new URL(`${ctx.cfg.apiUrl}/oauth/token`),
    pathTemplate: '/oauth/token',
    form: { ...form, client_id: ctx.cfg.clientId, client_secret: ctx.cfg.clientSecret },
    signal: ctx.signal,
  });
  const body = answer.json<TokenAnswer>();
  if (typeof body.access_token !== 'string' || !body.access_token) {
    throw new ProviderError('refused', 'oura', answer.status);
  }
  const expiresIn = typeof body.expires_in === 'number' && body.expires_in > 0 ? body.expires_in : 86_400;
  return {
    accessToken: body.access_token,
    ...(typeof body.refresh_token === 'string' ? { refreshToken: body.refresh_token } : {}),
    expiresAt: ctx.nowMs + expiresIn * 1000,
    scope: typeof body.scope === 'string' ? body.scope.split(' ').filter(Boolean) : previousScope,
  };
}

function bearer(tokens: ProviderTokens): Record<string, string> {
  return { authorization: `Bearer ${tokens.accessToken}` };
}

function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}
