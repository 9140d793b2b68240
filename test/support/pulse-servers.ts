import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Local wearable-provider servers (design wearables §14) on the `FixtureServer` pattern of knowledge-servers.ts:
 * loopback, every request recorded (method, path, query, headers, body), failure modes `status` / `stall` / stopped.
 * Each speaks its provider's documented protocol (§3) strictly enough that HDS getting it wrong fails a test.
 */
export interface RecordedCall {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export type Failure =
  | { kind: 'status'; status: number; headers?: Record<string, string>; body?: string; times?: number; path?: string }
  | { kind: 'stall'; times?: number; path?: string };

export interface Reply {
  status: number;
  headers?: Record<string, string>;
  body?: string;
}

export const json = (status: number, body: unknown, headers: Record<string, string> = {}): Reply => ({
  status,
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

/**
 * Takes the authorization code a token request presents: single use, so gone whether or not it matches. Answers what
 * it was issued with, or null when it was never issued, was used already, or was issued for another `redirect_uri`
 * (RFC 6749 §4.1.3).
 */
export function redeemCode<T extends { redirectUri: string }>(codes: Map<string, T>, form: URLSearchParams): T | null {
  const code = form.get('code') ?? '';
  const issued = codes.get(code);
  codes.delete(code);
  return issued && issued.redirectUri === form.get('redirect_uri') ? issued : null;
}

export abstract class ProviderServer {
  readonly calls: RecordedCall[] = [];
  private failure: Failure | null = null;
  private server: Server | null = null;
  private readonly stalled = new Set<ServerResponse>();
  baseUrl = '';
  /** The next consent is refused by the user. */
  denyNext = false;

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('error', () => res.destroy());
      req.on('end', () => this.handle(req, Buffer.concat(chunks).toString('utf8'), res));
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', () => resolve()));
    this.baseUrl = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** The next requests (to paths starting with `path`, when given) fail this way; null answers normally again. */
  fail(failure: Failure | null): void {
    this.failure = failure;
  }

  async stop(): Promise<void> {
    for (const res of this.stalled) res.destroy();
    this.stalled.clear();
    const server = this.server;
    this.server = null;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /**
   * The consent page's 302 back to `redirect` (RFC 6749 §4.1.2): with the parameters `grant` issues (the code and
   * whatever the provider sends beside it), or `error=access_denied` once after `denyNext`; `state` echoed either way.
   */
  protected consentRedirect(q: URLSearchParams, redirect: string, grant: () => Record<string, string>): Reply {
    const back = new URL(redirect);
    if (this.denyNext) {
      this.denyNext = false;
      back.searchParams.set('error', 'access_denied');
    } else {
      for (const [name, value] of Object.entries(grant())) back.searchParams.set(name, value);
    }
    back.searchParams.set('state', q.get('state') ?? '');
    return { status: 302, headers: { location: back.toString() } };
  }

  /** Recorded requests whose path starts with `prefix`. */
  callsTo(prefix: string): RecordedCall[] {
    return this.calls.filter((c) => c.path.startsWith(prefix));
  }

  protected abstract route(call: RecordedCall): Reply | Promise<Reply>;

  private handle(req: IncomingMessage, body: string, res: ServerResponse): void {
    const url = new URL(req.url ?? '/', 'http://provider');
    const call = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers: req.headers,
      body,
    };
    this.calls.push(call);
    const failure = this.takeFailure(call.path);
    if (failure?.kind === 'stall') {
      this.stalled.add(res);
      res.on('close', () => this.stalled.delete(res));
      return;
    }
    const reply =
      failure?.kind === 'status'
        ? json(
            failure.status,
            failure.body ? JSON.parse(failure.body) : { error: `fixture ${failure.status}` },
            failure.headers,
          )
        : this.route(call);
    Promise.resolve(reply).then(
      (r) => {
        res.writeHead(r.status, r.headers ?? {});
        res.end(r.body ?? '');
      },
      () => res.writeHead(500).end(),
    );
  }

  private takeFailure(path: string): Failure | null {
    const failure = this.failure;
    if (!failure || (failure.path && !path.startsWith(failure.path))) return null;
    if (failure.times !== undefined) {
      if (failure.times <= 1) this.failure = null;
      else this.failure = { ...failure, times: failure.times - 1 };
    }
    return failure;
  }
}

/** Fixed test credentials of the Oura application (never real). */
export const OURA_CLIENT_ID = 'oura-test-client';
export const OURA_CLIENT_SECRET = 'oura-test-secret-6f1d2c';
export const OURA_VERIFICATION_TOKEN = 'oura-verify-3b9e';
export const OURA_USER_ID = 'oura-user-8c41d7e2';

type Doc = Record<string, unknown>;

/**
 * Oura API v2 (§3.1): `/oauth/authorize` (302 back with `code` and `state`, or `error=access_denied` when told),
 * `/oauth/token` (client credentials in the body; codes single use and bound to their `redirect_uri`; refresh tokens
 * single use, each refresh rotating both tokens), `/oauth/revoke`, `/v2/usercollection/*` from `documents`, paged
 * by `next_token` `pageSize` at a time, single documents by id.
 */
export class OuraServer extends ProviderServer {
  /** Documents per collection; tests fill them. */
  documents: Record<string, Doc[]> = {};
  pageSize = 2;
  /** Seconds an access token lives. */
  expiresIn = 86_400;
  /** Every token ever issued, for log and storage checks. */
  readonly issued: string[] = [];
  readonly revoked: string[] = [];
  /** Every authorization code handed to a browser. */
  readonly codesIssued: string[] = [];
  private readonly codes = new Map<string, { redirectUri: string }>();
  private readonly access = new Map<string, number>();
  private readonly refresh = new Set<string>();
  /** Refresh tokens already spent: using one again is `invalid_grant`. */
  readonly spentRefreshTokens: string[] = [];

  /** Oura forgets every grant's refresh token (the user revoked HDS there): the next refresh is `invalid_grant`. */
  forgetRefreshTokens(): void {
    this.refresh.clear();
  }

  /** Makes an access token stop working now (as if it expired at Oura). */
  expireAccessTokens(): void {
    for (const token of this.access.keys()) this.access.set(token, 0);
  }

  /** App-level webhook subscriptions (§3.1); each created only after HDS echoed the verification challenge. */
  readonly subscriptions: Doc[] = [];

  protected route(call: RecordedCall): Reply | Promise<Reply> {
    if (call.path.startsWith('/v2/webhook/subscription')) return this.subscription(call);
    if (call.method === 'GET' && call.path === '/oauth/authorize') return this.authorize(call.query);
    if (call.method === 'POST' && call.path === '/oauth/token') return this.token(new URLSearchParams(call.body));
    if (call.method === 'GET' && call.path === '/oauth/revoke') {
      const token = call.query.get('access_token') ?? '';
      if (!this.access.has(token)) return json(401, { detail: 'invalid token' });
      this.access.delete(token);
      this.revoked.push(token);
      return json(200, {});
    }
    const m = /^\/v2\/usercollection\/([a-z0-9_]+)(?:\/([^/]+))?$/.exec(call.path);
    if (call.method === 'GET' && m) {
      const token = /^Bearer (.+)$/.exec(String(call.headers.authorization ?? ''))?.[1] ?? '';
      if ((this.access.get(token) ?? 0) <= Date.now()) return json(401, { detail: 'Unauthorized' });
      const [, collection = '', id] = m;
      if (collection === 'personal_info') return json(200, { id: OURA_USER_ID, age: 41, weight: 70.2 });
      const docs = this.documents[collection] ?? [];
      if (id) {
        const doc = docs.find((d) => d.id === id);
        return doc ? json(200, doc) : json(404, { detail: 'Not found' });
      }
      return this.page(collection, docs, call.query);
    }
    return json(404, { detail: 'Not found' });
  }

  private async subscription(call: RecordedCall): Promise<Reply> {
    if (call.headers['x-client-id'] !== OURA_CLIENT_ID || call.headers['x-client-secret'] !== OURA_CLIENT_SECRET) {
      return json(401, { detail: 'invalid client' });
    }
    if (call.method === 'GET' && call.path === '/v2/webhook/subscription') return json(200, this.subscriptions);
    const renew = /^\/v2\/webhook\/subscription\/renew\/([^/]+)$/.exec(call.path);
    if (call.method === 'PUT' && renew) {
      const found = this.subscriptions.find((s) => s.id === renew[1]);
      if (!found) return json(404, { detail: 'Not found' });
      found.expiration_time = new Date(Date.now() + 30 * 86_400_000).toISOString();
      return json(200, found);
    }
    if (call.method === 'POST' && call.path === '/v2/webhook/subscription') {
      const body = JSON.parse(call.body || '{}') as Doc;
      // As Oura does: the callback must echo a challenge for the verification token before it is subscribed.
      const challenge = randomBytes(6).toString('hex');
      const check = new URL(String(body.callback_url));
      check.searchParams.set('verification_token', String(body.verification_token));
      check.searchParams.set('challenge', challenge);
      const answer = await fetch(check).catch(() => null);
      const echoed = answer?.status === 200 ? ((await answer.json()) as Doc).challenge : null;
      if (echoed !== challenge) return json(400, { detail: 'callback verification failed' });
      const created = {
        id: `sub-${randomBytes(4).toString('hex')}`,
        callback_url: body.callback_url,
        event_type: body.event_type,
        data_type: body.data_type,
        expiration_time: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      };
      this.subscriptions.push(created);
      return json(201, created);
    }
    return json(404, { detail: 'Not found' });
  }

  private authorize(q: URLSearchParams): Reply {
    const redirect = q.get('redirect_uri');
    if (q.get('client_id') !== OURA_CLIENT_ID || !redirect || q.get('response_type') !== 'code') {
      return json(400, { error: 'invalid_request' });
    }
    return this.consentRedirect(q, redirect, () => {
      const code = `code-${randomBytes(8).toString('hex')}`;
      this.codes.set(code, { redirectUri: redirect });
      this.codesIssued.push(code);
      return { code, scope: q.get('scope') ?? '' };
    });
  }

  private token(form: URLSearchParams): Reply {
    if (form.get('client_id') !== OURA_CLIENT_ID || form.get('client_secret') !== OURA_CLIENT_SECRET) {
      return json(401, { error: 'invalid_client' });
    }
    if (form.get('grant_type') === 'authorization_code') {
      if (!redeemCode(this.codes, form)) return json(400, { error: 'invalid_grant' });
      return this.issue();
    }
    if (form.get('grant_type') === 'refresh_token') {
      const presented = form.get('refresh_token') ?? '';
      if (!this.refresh.delete(presented)) return json(400, { error: 'invalid_grant' });
      this.spentRefreshTokens.push(presented);
      return this.issue();
    }
    return json(400, { error: 'unsupported_grant_type' });
  }

  private issue(): Reply {
    const access = `oura-at-${randomBytes(12).toString('hex')}`;
    const refresh = `oura-rt-${randomBytes(12).toString('hex')}`;
    this.access.set(access, Date.now() + this.expiresIn * 1000);
    this.refresh.add(refresh);
    this.issued.push(access, refresh);
    return json(200, {
      access_token: access,
      refresh_token: refresh,
      token_type: 'bearer',
      expires_in: this.expiresIn,
      scope: 'personal daily heartrate workout spo2',
    });
  }

  private page(collection: string, docs: Doc[], q: URLSearchParams): Reply {
    const [fromKey, toKey, field] =
      collection === 'heartrate' ? ['start_datetime', 'end_datetime', 'timestamp'] : ['start_date', 'end_date', 'day'];
    const from = q.get(fromKey);
    const to = q.get(toKey);
    if (!from || !to) return json(400, { detail: `${fromKey} and ${toKey} are required` });
    // Dates compare as strings; a date-time window compares instants.
    const inWindow = (d: Doc) => {
      const v = String(d[field]);
      return collection === 'heartrate'
        ? Date.parse(v) >= Date.parse(from) && Date.parse(v) < Date.parse(to)
        : v >= from && v < to;
    };
    const matching = docs.filter(inWindow);
    const start = Number(q.get('next_token') ?? '0');
    const data = matching.slice(start, start + this.pageSize);
    const next = start + this.pageSize < matching.length ? String(start + this.pageSize) : null;
    return json(200, { data, next_token: next });
  }

  /** A webhook delivery as Oura signs it (§7.1): HMAC-SHA256(client secret, timestamp ‖ body), upper-case hex. */
  signedDelivery(event: Doc, opts: { timestamp?: number; secret?: string } = {}) {
    const body = JSON.stringify(event);
    const timestamp = String(opts.timestamp ?? Math.floor(Date.now() / 1000));
    const signature = createHmac('sha256', opts.secret ?? OURA_CLIENT_SECRET)
      .update(timestamp + body)
      .digest('hex')
      .toUpperCase();
    return {
      body,
      headers: { 'content-type': 'application/json', 'x-oura-signature': signature, 'x-oura-timestamp': timestamp },
    };
  }
}

/**
 * Oura documents around `today` (UTC), in the shapes of §3.1, with values chosen so the readings are exact: three
 * activity days (two pages), one long sleep and one nap-less `rest` record (not a sleep: skipped), one SpO2 day, one
 * run, and two heart-rate rows of yesterday.
 */
export function ouraSampleDocuments(today: Date): Record<string, Doc[]> {
  const day = (offset: number) => new Date(today.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
  const at = (offset: number, time: string) => `${day(offset)}T${time}+00:00`;
  return {
    daily_activity: [
      { id: 'da-1', day: day(-3), steps: 8000, active_calories: 410 },
      { id: 'da-2', day: day(-2), steps: 9100, active_calories: 520 },
      { id: 'da-3', day: day(-1), steps: 10250, active_calories: 615 },
    ],
    sleep: [
      {
        id: 'sl-1',
        day: day(-2),
        type: 'long_sleep',
        bedtime_start: at(-3, '23:00:00'),
        bedtime_end: at(-2, '06:30:00'),
        total_sleep_duration: 25200,
        average_heart_rate: 54.5,
        average_hrv: 48,
        lowest_heart_rate: 47,
      },
      { id: 'sl-2', day: day(-1), type: 'rest', bedtime_start: at(-1, '14:00:00'), bedtime_end: at(-1, '14:20:00') },
    ],
    daily_spo2: [{ id: 'sp-1', day: day(-1), spo2_percentage: { average: 97.2 } }],
    workout: [
      {
        id: 'wo-1',
        day: day(-2),
        activity: 'running',
        calories: 320,
        distance: 5200,
        start_datetime: at(-2, '07:00:00'),
        end_datetime: at(-2, '08:00:00'),
        intensity: 'moderate',
        source: 'manual',
      },
    ],
    heartrate: [
      { timestamp: at(-1, '10:00:00'), bpm: 60, source: 'awake' },
      { timestamp: at(-1, '10:05:00'), bpm: 70, source: 'awake' },
    ],
  };
}

/** The environment pointing HDS at `oura`. */
export function ouraEnv(oura: OuraServer): Record<string, string> {
  return {
    HDS_PULSE_OURA_CLIENT_ID: OURA_CLIENT_ID,
    HDS_PULSE_OURA_CLIENT_SECRET: OURA_CLIENT_SECRET,
    HDS_PULSE_OURA_AUTH_URL: oura.baseUrl,
    HDS_PULSE_OURA_API_URL: oura.baseUrl,
    HDS_PULSE_OURA_VERIFICATION_TOKEN: OURA_VERIFICATION_TOKEN,
  };
}
