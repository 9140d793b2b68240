import { randomBytes } from 'node:crypto';
import { GARMIN_SUMMARIES, type GarminSummary } from '../../../domain/pulse/fetch-steps';
import { mapGarminSummaries } from '../../../domain/pulse/mapping/garmin';
import { PROVIDER_DESCRIPTORS } from '../../../domain/pulse/providers';
import { garminCallbackAllowed, garminEvents, verifyGarminEndpointToken } from '../../../domain/pulse/signatures';
import type { ContentTypeRule } from '../../../ports/egress';
import { type OAuth1Credentials, oauth1Authorization, parseTokenAnswer } from '../oauth1';
import { ProviderError } from '../provider-http';
import type {
  FetchStep,
  ProviderConfig,
  ProviderContext,
  ProviderModule,
  ProviderTokens,
  WebhookSpec,
} from '../registry';

/**
 * Garmin Health API (design §3.5): OAuth 1.0a with HMAC-SHA1 signatures (RFC 5849) — a request token fetched by
 * `beginLink` with `oauth_callback`, consent at `oauthConfirm`, the access token for the callback's
 * `oauth_verifier`; the user id from `/wellness-api/rest/user/id`. Data is never pushed to HDS: the backfill API
 * answers 202 and Garmin then pings with `callbackURL`s, which HDS pulls signed with the user's token. Unlink
 * deregisters (`DELETE /wellness-api/rest/user/registration`); OAuth 1.0a tokens do not expire.
 */
const FORM_ANSWER: readonly ContentTypeRule[] = [
  { type: 'application/x-www-form-urlencoded' },
  { type: 'text/plain' },
  { type: 'application/json' },
];
/** Garmin's longest backfill request per summary type (design §3.5, **unverified**), in days. */
const BACKFILL_DAYS: Readonly<Record<GarminSummary, number>> = {
  dailies: 90,
  sleeps: 90,
  hrv: 90,
  pulseox: 90,
  bodyComps: 90,
  activities: 30,
};
const DAY_SECONDS = 86_400;
/** OAuth 1.0a tokens live until the user or HDS ends the registration. */
const NEVER = Number.MAX_SAFE_INTEGER;

/** The Health API's base: its own host (`apis.garmin.com`), apart from the OAuth service's. */
function dataUrl(cfg: ProviderConfig): string {
  return cfg.dataUrl ?? cfg.apiUrl;
}

/**
 * Garmin signs no ping (§7.1): the configured endpoint URL carries the app's token `t`; only pings are taken, and
 * each `callbackURL` must lead to the configured Health API or its item is dropped.
 */
const garminWebhook: WebhookSpec = {
  verify: (_raw, req, cfg) =>
    cfg.webhookToken
      ? verifyGarminEndpointToken(req.query.get('t'), cfg.webhookToken)
      : { ok: false, reason: 'missing' },
  events: (raw, cfg) => garminEvents(raw, dataUrl(cfg)),
};

/** What the link attempt keeps sealed between consent and callback: the request token and its secret. */
interface RequestTokenStash {
  token: string;
  secret: string;
}

export const garminModule: ProviderModule = {
  slug: 'garmin',
  descriptor: PROVIDER_DESCRIPTORS.garmin,
  defaultScopes: [],
  // Not published; the spec's per-provider 60 a minute (design §8).
  pace: [{ windowSeconds: 60, limit: 60 }],
  webhook: garminWebhook,
  revokeEndsAccount: true,

  async beginLink(ctx, start) {
    const url = new URL(`${ctx.cfg.apiUrl}/oauth-service/oauth/request_token`);
    const answer = await ctx.http.call({
      method: 'POST',
      url,
      pathTemplate: '/oauth-service/oauth/request_token',
      headers: { authorization: sign(ctx, 'POST', url, {}, { callback: start.redirectUri }) },
      accept: FORM_ANSWER,
      signal: ctx.signal,
    });
    const requestToken = tokenAnswer(answer.body);
    const consent = new URL(`${ctx.cfg.authUrl}/oauthConfirm`);
    consent.search = new URLSearchParams({
      oauth_token: requestToken.token,
      oauth_callback: start.redirectUri,
    }).toString();
    const stash: RequestTokenStash = { token: requestToken.token, secret: requestToken.tokenSecret };
    return {
      url: consent.toString(),
      stash: Buffer.from(JSON.stringify(stash), 'utf8'),
      callbackToken: requestToken.token,
    };
  },

  async completeLink(ctx, query, attempt) {
    const verifier = query.get('oauth_verifier');
    const stash = attempt.stash ? (JSON.parse(Buffer.from(attempt.stash).toString('utf8')) as RequestTokenStash) : null;
    // The pointer found the attempt by this token; a stash of another token would be a mix-up, never exchanged.
    if (!verifier || !stash || stash.token !== query.get('oauth_token'))
      throw new ProviderError('refused', 'garmin', null);
    const url = new URL(`${ctx.cfg.apiUrl}/oauth-service/oauth/access_token`);
    const answer = await ctx.http.call({
      method: 'POST',
      url,
      pathTemplate: '/oauth-service/oauth/access_token',
      headers: {
        authorization: sign(ctx, 'POST', url, { token: stash.token, tokenSecret: stash.secret }, { verifier }),
      },
      accept: FORM_ANSWER,
      signal: ctx.signal,
    });
    const access = tokenAnswer(answer.body);
    const tokens: ProviderTokens = {
      accessToken: access.token,
      tokenSecret: access.tokenSecret,
      expiresAt: NEVER,
      scope: [],
    };
    const idAnswer = await signedCall(ctx, tokens, 'GET', new URL(`${dataUrl(ctx.cfg)}/wellness-api/rest/user/id`));
    const userId = idAnswer.json<{ userId?: unknown }>().userId;
    if (typeof userId !== 'string' || !userId) throw new ProviderError('refused', 'garmin', idAnswer.status);
    return { tokens, providerUserId: userId };
  },

  async revoke(ctx, tokens) {
    const url = new URL(`${dataUrl(ctx.cfg)}/wellness-api/rest/user/registration`);
    try {
      await signedCall(ctx, tokens, 'DELETE', url);
    } catch (err) {
      // A registration Garmin no longer has (the user left there first) is as ended as it gets.
      if (err instanceof ProviderError && (err.kind === 'not_found' || err.kind === 'unauthorized')) return;
      throw err;
    }
  },

  backfillSteps(from, to) {
    const first = Math.floor(from.getTime() / 1000);
    const last = Math.floor(to.getTime() / 1000);
    const steps: FetchStep[] = [];
    for (const summary of GARMIN_SUMMARIES) {
      const chunk = BACKFILL_DAYS[summary] * DAY_SECONDS;
      for (let start = first; start < last; start += chunk) {
        steps.push({ provider: 'garmin', kind: 'backfill', summary, start, end: Math.min(start + chunk, last) });
      }
    }
    return steps;
  },

  /**
   * A backfill step only asks (202): the summaries arrive as pings. A callback step pulls a ping's `callbackURL`,
   * checked again here, since the user's token signs whatever URL this is given.
   */
  async fetch(ctx, tokens, step) {
    if (step.provider !== 'garmin') throw new ProviderError('refused', 'garmin', null);
    if (step.kind === 'backfill') {
      const url = new URL(`${dataUrl(ctx.cfg)}/wellness-api/rest/backfill/${step.summary}`);
      url.search = new URLSearchParams({
        summaryStartTimeInSeconds: String(step.start),
        summaryEndTimeInSeconds: String(step.end),
      }).toString();
      try {
        await signedCall(ctx, tokens, 'GET', url, `/wellness-api/rest/backfill/${step.summary}`);
      } catch (err) {
        // 409: that window was asked for already; its pings come (or came) either way.
        if (!(err instanceof ProviderError) || err.status !== 409) throw err;
      }
      return { readings: [] };
    }
    if (!garminCallbackAllowed(step.url, dataUrl(ctx.cfg))) throw new ProviderError('refused', 'garmin', null);
    const answer = await signedCall(ctx, tokens, 'GET', new URL(step.url), `/wellness-api/rest/${step.summary}`);
    return { readings: mapGarminSummaries(step.summary, answer.json<unknown>()) };
  },
};

/** A call on the user's behalf, signed with the consumer key and the user's token (§3.4 of RFC 5849). */
function signedCall(
  ctx: ProviderContext,
  tokens: ProviderTokens,
  method: 'GET' | 'DELETE',
  url: URL,
  pathTemplate = url.pathname,
) {
  const credentials = { token: tokens.accessToken, tokenSecret: tokens.tokenSecret ?? '' };
  return ctx.http.call({
    method,
    url,
    pathTemplate,
    headers: { authorization: sign(ctx, method, url, credentials) },
    signal: ctx.signal,
  });
}

function sign(
  ctx: ProviderContext,
  method: string,
  url: URL,
  token: Pick<OAuth1Credentials, 'token' | 'tokenSecret'>,
  extra?: { callback?: string; verifier?: string },
): string {
  return oauth1Authorization({
    method,
    url: url.toString(),
    credentials: { consumerKey: ctx.cfg.clientId, consumerSecret: ctx.cfg.clientSecret, ...token },
    timestamp: String(Math.floor(ctx.nowMs / 1000)),
    nonce: randomBytes(16).toString('hex'),
    ...(extra ? { extra } : {}),
  });
}

function tokenAnswer(body: Uint8Array): { token: string; tokenSecret: string } {
  try {
    return parseTokenAnswer(Buffer.from(body).toString('utf8'));
  } catch {
    throw new ProviderError('refused', 'garmin', null);
  }
}
