import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { json, ProviderServer, type RecordedCall, type Reply } from './pulse-servers';

/** Fixed test credentials of the Garmin application (consumer key and secret; never real). */
export const GARMIN_CONSUMER_KEY = 'garmin-test-consumer-key';
export const GARMIN_CONSUMER_SECRET = 'garmin-test-consumer-secret';
/** The app token `t` on the endpoint URL configured at Garmin (design §7.1). */
export const GARMIN_WEBHOOK_TOKEN = 'garmin-endpoint-token-7c1e';
/** The `userId` of the fixtures (`test/fixtures/pulse/garmin/user-id.json`). */
export const GARMIN_USER_ID = '4aacafe8-2e2f-4c5d-8d14-1b8d34b4a1f0';

type Doc = Record<string, unknown>;
export type GarminSummaryName = 'dailies' | 'sleeps' | 'hrv' | 'pulseox' | 'bodyComps' | 'activities';
const SUMMARIES: readonly GarminSummaryName[] = ['dailies', 'sleeps', 'hrv', 'pulseox', 'bodyComps', 'activities'];
/** The longest backfill window per request (design §3.5). */
const MAX_BACKFILL_DAYS: Record<GarminSummaryName, number> = {
  dailies: 90,
  sleeps: 90,
  hrv: 90,
  pulseox: 90,
  bodyComps: 90,
  activities: 30,
};

const text = (status: number, body: string): Reply => ({
  status,
  headers: { 'content-type': 'text/plain;charset=UTF-8' },
  body,
});

/** RFC 3986 percent-encoding (RFC 5849 §3.6), written here apart from the code under test. */
const enc = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

interface Grant {
  userId: string;
  secret: string;
}

/**
 * Garmin's OAuth 1.0a service and Health API (design §3.5, §14). Every request but the browser's `oauthConfirm` must
 * carry an `Authorization: OAuth …` header whose HMAC-SHA1 signature verifies over the RFC 5849 base string (method,
 * base URI, query and protocol parameters sorted), with this app's consumer key, a fresh timestamp and an unused
 * nonce; a wrong one is 401. `request_token` needs `oauth_callback`; `oauthConfirm` sends the browser back to it with
 * `oauth_token` and `oauth_verifier`; `access_token` exchanges a request token once, for its verifier. The backfill
 * answers 202 and then pings `webhookUrl` with `callbackURL`s whose pull answers the summaries of the window;
 * `DELETE /wellness-api/rest/user/registration` ends the user's registration.
 */
export class GarminServer extends ProviderServer {
  /** The summaries Garmin holds for every user, by type. */
  documents: Partial<Record<GarminSummaryName, Doc[]>> = {};
  /** Where pings go: HDS's webhook URL with `?provider=garmin&t=…`. */
  webhookUrl = '';
  /** Who signs in at the next consent. */
  nextUserId = GARMIN_USER_ID;
  /** The secret this server checks signatures with; a test changes it to prove a wrong signature fails. */
  consumerSecret = GARMIN_CONSUMER_SECRET;
  readonly issued: string[] = [];
  readonly refusedSignatures: string[] = [];
  readonly deregistered: string[] = [];
  /** Answers HDS gave to this server's pings. */
  readonly pingAnswers: number[] = [];
  private readonly requestTokens = new Map<string, Grant & { callback: string; verifier: string | null }>();
  private readonly accessTokens = new Map<string, Grant>();
  private readonly pullTokens = new Map<
    string,
    { userId: string; summary: GarminSummaryName; start: number; end: number }
  >();
  private readonly nonces = new Set<string>();
  private readonly pending: Promise<void>[] = [];

  /** Waits for the pings this server has sent so far. */
  async settled(): Promise<void> {
    while (this.pending.length > 0) await Promise.allSettled(this.pending.splice(0));
  }

  protected route(call: RecordedCall): Reply {
    if (call.method === 'GET' && call.path === '/oauthConfirm') return this.confirm(call.query);
    const oauth = this.verify(call);
    if (!oauth) {
      this.refusedSignatures.push(call.path);
      return text(401, 'signature_invalid');
    }
    if (call.method === 'POST' && call.path === '/oauth-service/oauth/request_token') return this.requestToken(oauth);
    if (call.method === 'POST' && call.path === '/oauth-service/oauth/access_token') return this.accessToken(oauth);
    const user = this.accessTokens.get(oauth.get('oauth_token') ?? '');
    if (!user) return json(401, { errorMessage: 'Unauthorized' });
    if (call.method === 'GET' && call.path === '/wellness-api/rest/user/id') return json(200, { userId: user.userId });
    if (call.method === 'DELETE' && call.path === '/wellness-api/rest/user/registration') {
      for (const [token, grant] of this.accessTokens) if (grant.userId === user.userId) this.accessTokens.delete(token);
      this.deregistered.push(user.userId);
      return { status: 204 };
    }
    const backfill = /^\/wellness-api\/rest\/backfill\/([A-Za-z]+)$/.exec(call.path);
    if (call.method === 'GET' && backfill) return this.backfill(user.userId, backfill[1]!, call.query);
    const pull = /^\/wellness-api\/rest\/([A-Za-z]+)$/.exec(call.path);
    if (call.method === 'GET' && pull) return this.pull(user.userId, pull[1]!, call.query);
    return json(404, { errorMessage: 'Not found' });
  }

  /** The protocol parameters of a request whose signature verifies, or null. */
  private verify(call: RecordedCall): Map<string, string> | null {
    const header = String(call.headers.authorization ?? '');
    const m = /^OAuth\s+(.+)$/s.exec(header);
    if (!m) return null;
    const params = new Map<string, string>();
    for (const part of m[1]!.split(',')) {
      const pair = /^\s*([a-z_]+)="([^"]*)"\s*$/.exec(part);
      if (!pair) return null;
      params.set(decodeURIComponent(pair[1]!), decodeURIComponent(pair[2]!));
    }
    const timestamp = Number(params.get('oauth_timestamp'));
    const nonce = params.get('oauth_nonce') ?? '';
    if (
      params.get('oauth_consumer_key') !== GARMIN_CONSUMER_KEY ||
      params.get('oauth_signature_method') !== 'HMAC-SHA1' ||
      !(Math.abs(Date.now() / 1000 - timestamp) <= 300) ||
      !nonce ||
      this.nonces.has(nonce)
    ) {
      return null;
    }
    const token = params.get('oauth_token');
    const tokenSecret = token ? (this.requestTokens.get(token)?.secret ?? this.accessTokens.get(token)?.secret) : '';
    if (tokenSecret === undefined) return null;
    const signed: [string, string][] = [
      ...call.query,
      ...[...params].filter(([k]) => k !== 'oauth_signature' && k !== 'realm'),
    ];
    const normalized = signed
      .map(([k, v]) => [enc(k), enc(v)] as const)
      .sort(([ak, av], [bk, bv]) => (ak === bk ? (av < bv ? -1 : 1) : ak < bk ? -1 : 1))
      .map(([k, v]) => `${k}=${v}`)
      .join('&');
    const baseUri = `http://${call.headers.host}${call.path}`;
    const base = [call.method, enc(baseUri), enc(normalized)].join('&');
    const expected = createHmac('sha1', `${enc(this.consumerSecret)}&${enc(tokenSecret)}`)
      .update(base)
      .digest();
    const presented = Buffer.from(params.get('oauth_signature') ?? '', 'base64');
    if (presented.length !== expected.length || !timingSafeEqual(presented, expected)) return null;
    this.nonces.add(nonce);
    return params;
  }

  private requestToken(oauth: Map<string, string>): Reply {
    const callback = oauth.get('oauth_callback');
    if (!callback || oauth.has('oauth_token')) return text(400, 'oauth_parameters_absent=oauth_callback');
    const token = `garmin-rt-${randomBytes(10).toString('hex')}`;
    const secret = randomBytes(12).toString('hex');
    this.requestTokens.set(token, { userId: this.nextUserId, secret, callback, verifier: null });
    return text(200, `oauth_token=${token}&oauth_token_secret=${secret}`);
  }

  /** The user's consent: back to the request token's `oauth_callback` with the token and a verifier. */
  private confirm(q: URLSearchParams): Reply {
    const token = q.get('oauth_token') ?? '';
    const pending = this.requestTokens.get(token);
    if (!pending) return text(400, 'unknown request token');
    pending.verifier = randomBytes(8).toString('hex');
    const back = new URL(pending.callback);
    back.searchParams.set('oauth_token', token);
    back.searchParams.set('oauth_verifier', pending.verifier);
    return { status: 302, headers: { location: back.toString() } };
  }

  private accessToken(oauth: Map<string, string>): Reply {
    const token = oauth.get('oauth_token') ?? '';
    const pending = this.requestTokens.get(token);
    if (!pending?.verifier || pending.verifier !== oauth.get('oauth_verifier')) {
      return text(401, 'oauth_problem=token_rejected');
    }
    this.requestTokens.delete(token);
    const access = `garmin-at-${randomBytes(12).toString('hex')}`;
    const secret = `garmin-ts-${randomBytes(12).toString('hex')}`;
    this.accessTokens.set(access, { userId: pending.userId, secret });
    this.issued.push(access, secret);
    return text(200, `oauth_token=${access}&oauth_token_secret=${secret}`);
  }

  private backfill(userId: string, summary: string, q: URLSearchParams): Reply {
    if (!(SUMMARIES as readonly string[]).includes(summary)) return json(404, { errorMessage: 'Not found' });
    const name = summary as GarminSummaryName;
    const start = Number(q.get('summaryStartTimeInSeconds'));
    const end = Number(q.get('summaryEndTimeInSeconds'));
    if (
      !Number.isInteger(start) ||
      !Number.isInteger(end) ||
      end <= start ||
      end - start > MAX_BACKFILL_DAYS[name] * 86_400
    ) {
      return json(400, { errorMessage: 'invalid backfill window' });
    }
    const docs = (this.documents[name] ?? []).filter((d) => within(d, start, end));
    if (docs.length > 0) {
      const pullToken = `pull-${randomBytes(8).toString('hex')}`;
      this.pullTokens.set(pullToken, { userId, summary: name, start, end });
      const now = Math.floor(Date.now() / 1000);
      const callbackURL = `${this.baseUrl}/wellness-api/rest/${name}?uploadStartTimeInSeconds=${now - 60}&uploadEndTimeInSeconds=${now}&token=${pullToken}`;
      this.pending.push(this.ping({ [name]: [{ userId, callbackURL }] }).then(() => undefined));
    }
    return { status: 202, headers: { 'content-length': '0' } };
  }

  private pull(userId: string, summary: string, q: URLSearchParams): Reply {
    const grant = this.pullTokens.get(q.get('token') ?? '');
    if (!grant || grant.userId !== userId || grant.summary !== summary)
      return json(400, { errorMessage: 'invalid pull token' });
    return json(
      200,
      (this.documents[grant.summary] ?? []).filter((d) => within(d, grant.start, grant.end)),
    );
  }

  /** A ping as Garmin posts it to the configured endpoint (no signature; the URL's `t` is the app's token). */
  async ping(body: unknown, url = this.webhookUrl): Promise<number> {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    await res.arrayBuffer();
    this.pingAnswers.push(res.status);
    return res.status;
  }
}

/** When a summary happened, for the backfill window: its start, its measurement, or its calendar day. */
function within(doc: Doc, start: number, end: number): boolean {
  const at =
    typeof doc.startTimeInSeconds === 'number'
      ? doc.startTimeInSeconds
      : typeof doc.measurementTimeInSeconds === 'number'
        ? doc.measurementTimeInSeconds
        : Date.parse(`${String(doc.calendarDate)}T00:00:00Z`) / 1000;
  return at >= start && at < end;
}

/** The fixtures' summaries are of 2026-11-19; moved by whole days so that day is `daysAgo` before `today`. */
export const GARMIN_FIXTURE_DAY = '2026-11-19';

/**
 * wt-pmap's Garmin fixtures (`test/fixtures/pulse/garmin/`), every date moved by the same whole number of days so
 * they stay inside a backfill window whenever the test runs; the readings' values are the fixtures'.
 */
export function garminSampleDocuments(
  today: Date,
  daysAgo = 7,
): { documents: Record<GarminSummaryName, Doc[]>; shiftDays: number } {
  const target = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()) - daysAgo * 86_400_000;
  const shiftDays = Math.round((target - Date.parse(`${GARMIN_FIXTURE_DAY}T00:00:00Z`)) / 86_400_000);
  const shift = (doc: Doc): Doc => {
    const out = { ...doc };
    for (const field of ['startTimeInSeconds', 'measurementTimeInSeconds']) {
      if (typeof out[field] === 'number') out[field] = (out[field] as number) + shiftDays * 86_400;
    }
    if (typeof out.calendarDate === 'string') {
      out.calendarDate = new Date(Date.parse(`${out.calendarDate}T00:00:00Z`) + shiftDays * 86_400_000)
        .toISOString()
        .slice(0, 10);
    }
    return out;
  };
  const documents = Object.fromEntries(
    SUMMARIES.map((name) => {
      const raw = readFileSync(new URL(`../fixtures/pulse/garmin/${name}.json`, import.meta.url), 'utf8');
      return [name, (JSON.parse(raw) as Doc[]).map(shift)];
    }),
  ) as Record<GarminSummaryName, Doc[]>;
  return { documents, shiftDays };
}

/** The environment pointing HDS at `garmin` (OAuth service, consent and Health API all on it). */
export function garminEnv(garmin: GarminServer): Record<string, string> {
  return {
    HDS_PULSE_GARMIN_CLIENT_ID: GARMIN_CONSUMER_KEY,
    HDS_PULSE_GARMIN_CLIENT_SECRET: GARMIN_CONSUMER_SECRET,
    HDS_PULSE_GARMIN_AUTH_URL: garmin.baseUrl,
    HDS_PULSE_GARMIN_API_URL: garmin.baseUrl,
    HDS_PULSE_GARMIN_DATA_URL: garmin.baseUrl,
    HDS_PULSE_GARMIN_WEBHOOK_TOKEN: GARMIN_WEBHOOK_TOKEN,
  };
}
