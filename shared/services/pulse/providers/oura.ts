import { createHash, createHmac } from 'node:crypto';
import { DESCRIPTORS } from '../interim-domain';
import { fresh, hmacEquals, strictHex } from '../interim-signatures';
import { ProviderError } from '../provider-http';
import type {
  FetchStep,
  ProviderContext,
  ProviderEvent,
  ProviderModule,
  ProviderTokens,
  WebhookSpec,
} from '../registry';
import { mapOuraDocuments, ouraDocumentKeys } from './oura-mapping-interim';

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
/** Data types whose single documents the webhook's `object_id` names (design §4.2). */
const WEBHOOK_TYPES: ReadonlySet<string> = new Set(['daily_activity', 'sleep', 'daily_spo2', 'workout']);
const LEDGER_SECONDS = 7 * 86_400;

/**
 * Oura's webhooks (§3.1, §7.1): `x-oura-signature` = hex HMAC-SHA256(client secret, `x-oura-timestamp` ‖ raw body),
 * either case, an optional `sha256=` prefix; the timestamp within the tolerance either way. The verification GET
 * echoes `challenge` when `verification_token` is the configured one.
 */
const ouraWebhook: WebhookSpec = {
  verify(raw, req, cfg, nowMs, toleranceSeconds) {
    const signature = req.headers['x-oura-signature'];
    const timestamp = req.headers['x-oura-timestamp'];
    if (!signature || !timestamp) return { ok: false, reason: 'missing' };
    if (!/^\d{1,12}$/.test(timestamp)) return { ok: false, reason: 'shape' };
    const expected = createHmac('sha256', cfg.clientSecret).update(timestamp).update(raw).digest();
    // The signature is checked before the clock, so a forged request learns nothing about the tolerance.
    if (!hmacEquals(expected, strictHex(signature.replace(/^sha256=/i, '')))) return { ok: false, reason: 'signature' };
    if (!fresh(Number(timestamp), nowMs, toleranceSeconds)) return { ok: false, reason: 'stale' };
    return { ok: true };
  },

  handshake(query, cfg) {
    const token = query.get('verification_token');
    const challenge = query.get('challenge');
    if (token === null || challenge === null) return null;
    const expected = Buffer.from(cfg.verificationToken ?? '');
    const ok = expected.length > 0 && hmacEquals(expected, Buffer.from(token));
    return ok ? { status: 200, json: { challenge } } : { status: 401 };
  },

  events(raw) {
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(raw.toString('utf8')) as Record<string, unknown>;
    } catch {
      return [];
    }
    const { event_type, data_type, object_id, event_time, user_id } = body;
    if (typeof user_id !== 'string' || typeof data_type !== 'string' || typeof object_id !== 'string') return [];
    if (!WEBHOOK_TYPES.has(data_type) || !['create', 'update', 'delete'].includes(String(event_type))) return [];
    const event: ProviderEvent = {
      providerUserId: user_id,
      idempotencyKey: createHash('sha256')
        .update([user_id, data_type, object_id, event_type, event_time].map(String).join('|'))
        .digest('hex'),
      ledgerTtlSeconds: LEDGER_SECONDS,
      job:
        event_type === 'delete'
          ? { kind: 'delete', keys: ouraDocumentKeys(data_type, object_id) }
          : { kind: 'fetch', step: { resource: data_type, objectId: object_id } },
    };
    return [event];
  },
};

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
  webhook: ouraWebhook,

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
