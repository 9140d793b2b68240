import { DESCRIPTORS } from '../interim-domain';
import { ProviderError } from '../provider-http';
import type { FetchStep, ProviderContext, ProviderModule, ProviderTokens } from '../registry';
import { mapOuraDocuments } from './oura-mapping-interim';

/**
 * Oura API v2 (design §3.1): OAuth 2 code grant with the client credentials in the token request's body, single-use
 * refresh tokens (each refresh returns the next one), `personal_info.id` as the provider user id, the user collections
 * paged by `next_token`, app-level webhooks.
 */
const DEFAULT_SCOPES = ['personal', 'daily', 'heartrate', 'workout', 'spo2'] as const;
/** Collections fetched by date; heart rate by date-time in shorter windows (its rows are every 5 minutes). */
const DAILY_COLLECTIONS = ['daily_activity', 'sleep', 'daily_spo2', 'workout'] as const;
const WINDOW_DAYS = 30;
const HEARTRATE_WINDOW_DAYS = 7;
const DAY_MS = 86_400_000;

interface TokenAnswer {
  access_token?: unknown;
  refresh_token?: unknown;
  expires_in?: unknown;
  scope?: unknown;
}

export const ouraModule: ProviderModule = {
  descriptor: DESCRIPTORS.oura,
  defaultScopes: DEFAULT_SCOPES,
  pace: [{ windowSeconds: 300, limit: 4500 }],

  async beginLink(ctx, start) {
    const url = new URL(`${ctx.cfg.authUrl}/oauth/authorize`);
    url.search = new URLSearchParams({
      response_type: 'code',
      client_id: ctx.cfg.clientId,
      redirect_uri: start.redirectUri,
      state: start.state,
      scope: (ctx.cfg.scopes ?? DEFAULT_SCOPES).join(' '),
    }).toString();
    return { url: url.toString() };
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

  backfillSteps(from, to) {
    const steps: FetchStep[] = [];
    for (const resource of DAILY_COLLECTIONS) {
      for (let t = from.getTime(); t < to.getTime(); t += WINDOW_DAYS * DAY_MS) {
        const end = Math.min(t + WINDOW_DAYS * DAY_MS, to.getTime());
        steps.push({ resource, from: isoDay(t), to: isoDay(end) });
      }
    }
    for (let t = from.getTime(); t < to.getTime(); t += HEARTRATE_WINDOW_DAYS * DAY_MS) {
      const end = Math.min(t + HEARTRATE_WINDOW_DAYS * DAY_MS, to.getTime());
      steps.push({ resource: 'heartrate', from: new Date(t).toISOString(), to: new Date(end).toISOString() });
    }
    return steps;
  },

  async fetch(ctx, tokens, step) {
    if (step.objectId) {
      const answer = await ctx.http.call({
        method: 'GET',
        url: new URL(`${ctx.cfg.apiUrl}/v2/usercollection/${step.resource}/${encodeURIComponent(step.objectId)}`),
        pathTemplate: `/v2/usercollection/${step.resource}/{id}`,
        headers: bearer(tokens),
        signal: ctx.signal,
      });
      return { readings: mapOuraDocuments(step.resource, [answer.json<Record<string, unknown>>()]) };
    }
    const url = new URL(`${ctx.cfg.apiUrl}/v2/usercollection/${step.resource}`);
    const dated = step.resource === 'heartrate' ? ['start_datetime', 'end_datetime'] : ['start_date', 'end_date'];
    if (step.from) url.searchParams.set(dated[0]!, step.from);
    if (step.to) url.searchParams.set(dated[1]!, step.to);
    if (step.page) url.searchParams.set('next_token', step.page);
    const answer = await ctx.http.call({
      method: 'GET',
      url,
      pathTemplate: `/v2/usercollection/${step.resource}`,
      headers: bearer(tokens),
      signal: ctx.signal,
    });
    const page = answer.json<{ data?: unknown; next_token?: unknown }>();
    const docs = Array.isArray(page.data) ? (page.data as Record<string, unknown>[]) : [];
    const next = typeof page.next_token === 'string' && page.next_token ? page.next_token : undefined;
    return { readings: mapOuraDocuments(step.resource, docs), ...(next ? { next: { ...step, page: next } } : {}) };
  },
};

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
