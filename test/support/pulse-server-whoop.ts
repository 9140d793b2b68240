import { createHmac, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { json, ProviderServer, type RecordedCall, type Reply, redeemCode } from './pulse-servers';

/** Fixed test credentials of the WHOOP application (never real); the secret is the fixtures' (SOURCE.md). */
export const WHOOP_CLIENT_ID = 'whoop-test-client';
export const WHOOP_CLIENT_SECRET = 'whoop-fixture-client-secret';
/** WHOOP user ids are int64 numbers: `profile.json`'s `user_id`, the webhook fixture's too. */
export const WHOOP_USER_ID = 10129;

type Doc = Record<string, unknown>;

export interface WhoopRecords {
  sleep: Doc[];
  recovery: Doc[];
  workout: Doc[];
  /** `GET /v2/user/measurement/body`; null answers 404 (a member who never entered one). */
  body: Doc | null;
}

const PAGE_MAX = 25;
const MINUTE_MS = 60_000;

/**
 * WHOOP API v2 (design §3.2, §14): `/oauth/oauth2/auth` (302 back with `code` and `state`, or `error=access_denied`
 * when told; WHOOP refuses a `state` shorter than 8 characters), `/oauth/oauth2/token` (client credentials in the
 * body; codes single use and bound to their `redirect_uri`; a refresh token only when `offline` was granted; refresh
 * asks `scope=offline` and rotates both tokens, a spent refresh token is `invalid_grant`), and under `/developer`:
 * the basic profile, the sleep/recovery/workout collections (newest first, `limit` ≤ 25, `start`/`end`, paged by an
 * opaque `nextToken`), single objects, the body measurement, and `DELETE /v2/user/access` (the whole grant, refresh
 * token included). Every `/developer`
 * answer carries `X-RateLimit-*`; past `ratePerMinute` in a fixed minute it answers 429 without `Retry-After`, as
 * WHOOP does.
 */
export class WhoopServer extends ProviderServer {
  records: WhoopRecords = { sleep: [], recovery: [], workout: [], body: null };
  /** Records a page holds at most (WHOOP honours `limit`; a smaller page makes HDS page through few records). */
  pageSize = 2;
  /** Seconds an access token lives (WHOOP's sample: an hour). */
  expiresIn = 3600;
  ratePerMinute = 100;
  /** Every token ever issued, for log and storage checks. */
  readonly issued: string[] = [];
  readonly revoked: string[] = [];
  readonly spentRefreshTokens: string[] = [];
  /** Refresh tokens presented after they were spent or their grant revoked (`invalid_grant`). */
  readonly refusedRefreshTokens: string[] = [];
  private readonly codes = new Map<string, { redirectUri: string; scope: string[] }>();
  /** Live access tokens: expiry and the grant (one user's consent) they belong to. */
  private readonly access = new Map<string, { expiresAt: number; grant: string }>();
  private readonly refresh = new Map<string, { scope: string[]; grant: string }>();
  private window = { startedAt: 0, count: 0 };

  /** Makes every access token stop working now (as if it expired at WHOOP). */
  expireAccessTokens(): void {
    for (const entry of this.access.values()) entry.expiresAt = 0;
  }

  protected route(call: RecordedCall): Reply {
    if (call.method === 'GET' && call.path === '/oauth/oauth2/auth') return this.authorize(call.query);
    if (call.method === 'POST' && call.path === '/oauth/oauth2/token') return this.token(call);
    if (!call.path.startsWith('/developer/')) return json(404, { message: 'Not found' });
    const limit = this.countRequest();
    if (limit.refused) return json(429, { message: 'Too Many Requests' }, limit.headers);
    const reply = this.api(call);
    return { ...reply, headers: { ...reply.headers, ...limit.headers } };
  }

  private api(call: RecordedCall): Reply {
    const token = /^Bearer (.+)$/.exec(String(call.headers.authorization ?? ''))?.[1] ?? '';
    const live = this.access.get(token);
    if (!live || live.expiresAt <= Date.now()) return json(401, { message: 'Unauthorized' });
    const path = call.path.slice('/developer'.length);
    if (call.method === 'DELETE' && path === '/v2/user/access') {
      // The whole grant goes: its access and refresh tokens alike.
      for (const [t, entry] of this.access) if (entry.grant === live.grant) this.access.delete(t);
      for (const [t, entry] of this.refresh) if (entry.grant === live.grant) this.refresh.delete(t);
      this.revoked.push(token);
      return { status: 204 };
    }
    if (call.method !== 'GET') return json(405, { message: 'Method not allowed' });
    if (path === '/v2/user/profile/basic') {
      return json(200, JSON.parse(readFileSync(join(FIXTURES, 'profile.json'), 'utf8')));
    }
    if (path === '/v2/user/measurement/body') {
      return this.records.body ? json(200, this.records.body) : json(404, { message: 'Not found' });
    }
    const collections: [string, keyof Omit<WhoopRecords, 'body'>][] = [
      ['/v2/activity/sleep', 'sleep'],
      ['/v2/recovery', 'recovery'],
      ['/v2/activity/workout', 'workout'],
    ];
    for (const [prefix, resource] of collections) {
      if (path === prefix) return this.page(resource, call.query);
    }
    const one = /^\/v2\/activity\/(sleep|workout)\/([^/]+)$/.exec(path);
    if (one) {
      const doc = this.records[one[1] as 'sleep' | 'workout'].find((d) => d.id === decodeURIComponent(one[2]!));
      return doc ? json(200, doc) : json(404, { message: 'No resource found' });
    }
    const cycle = /^\/v2\/cycle\/(\d+)\/recovery$/.exec(path);
    if (cycle) {
      const doc = this.records.recovery.find((d) => String(d.cycle_id) === cycle[1]);
      return doc ? json(200, doc) : json(404, { message: 'No resource found' });
    }
    return json(404, { message: 'Not found' });
  }

  private authorize(q: URLSearchParams): Reply {
    const redirect = q.get('redirect_uri');
    const state = q.get('state') ?? '';
    if (q.get('client_id') !== WHOOP_CLIENT_ID || !redirect || q.get('response_type') !== 'code' || state.length < 8) {
      return json(400, { error: 'invalid_request' });
    }
    return this.consentRedirect(q, redirect, () => {
      const code = `whoop-code-${randomBytes(8).toString('hex')}`;
      const scope = (q.get('scope') ?? '').split(' ').filter(Boolean);
      this.codes.set(code, { redirectUri: redirect, scope });
      return { code, scope: scope.join(' ') };
    });
  }

  private token(call: RecordedCall): Reply {
    const form = new URLSearchParams(call.body);
    if (form.get('client_id') !== WHOOP_CLIENT_ID || form.get('client_secret') !== WHOOP_CLIENT_SECRET) {
      return json(401, { error: 'invalid_client' });
    }
    if (form.get('grant_type') === 'authorization_code') {
      const issued = redeemCode(this.codes, form);
      if (!issued) return json(400, { error: 'invalid_grant' });
      return this.issue(issued.scope, randomBytes(6).toString('hex'));
    }
    if (form.get('grant_type') === 'refresh_token') {
      if (form.get('scope') !== 'offline') return json(400, { error: 'invalid_scope' });
      const presented = form.get('refresh_token') ?? '';
      const grant = this.refresh.get(presented);
      if (!grant) {
        this.refusedRefreshTokens.push(presented);
        return json(400, { error: 'invalid_grant' });
      }
      this.refresh.delete(presented);
      this.spentRefreshTokens.push(presented);
      return this.issue(grant.scope, grant.grant);
    }
    return json(400, { error: 'unsupported_grant_type' });
  }

  private issue(scope: string[], grant: string): Reply {
    const access = `whoop-at-${randomBytes(12).toString('hex')}`;
    this.access.set(access, { expiresAt: Date.now() + this.expiresIn * 1000, grant });
    this.issued.push(access);
    const answer: Doc = {
      access_token: access,
      expires_in: this.expiresIn,
      scope: scope.join(' '),
      token_type: 'bearer',
    };
    if (scope.includes('offline')) {
      const refresh = `whoop-rt-${randomBytes(12).toString('hex')}`;
      this.refresh.set(refresh, { scope, grant });
      this.issued.push(refresh);
      answer.refresh_token = refresh;
    }
    return json(200, answer);
  }

  /** WHOOP's fixed minute per client: the answer's headers, and whether this request is over the limit. */
  private countRequest(): { refused: boolean; headers: Record<string, string> } {
    const now = Date.now();
    if (now - this.window.startedAt >= MINUTE_MS) this.window = { startedAt: now, count: 0 };
    this.window.count += 1;
    const reset = Math.ceil((this.window.startedAt + MINUTE_MS - now) / 1000);
    return {
      refused: this.window.count > this.ratePerMinute,
      headers: {
        'x-ratelimit-limit': `${this.ratePerMinute};window=60`,
        'x-ratelimit-remaining': String(Math.max(0, this.ratePerMinute - this.window.count)),
        'x-ratelimit-reset': String(reset),
      },
    };
  }

  private page(resource: keyof Omit<WhoopRecords, 'body'>, q: URLSearchParams): Reply {
    const limit = Number(q.get('limit') ?? '10');
    if (!Number.isInteger(limit) || limit < 1 || limit > PAGE_MAX) return json(400, { message: 'limit must be 1-25' });
    const start = q.get('start') ? Date.parse(q.get('start')!) : Number.NEGATIVE_INFINITY;
    const end = q.get('end') ? Date.parse(q.get('end')!) : Date.now();
    if (Number.isNaN(start) || Number.isNaN(end)) return json(400, { message: 'start and end must be date-times' });
    // A recovery is placed by its sleep; everything else by its own span. Newest first, as WHOOP sorts.
    const span = (d: Doc): [number, number] => {
      const source = resource === 'recovery' ? this.records.sleep.find((s) => s.id === d.sleep_id) : d;
      return [Date.parse(String(source?.start)), Date.parse(String(source?.end))];
    };
    const matching = this.records[resource]
      .filter((d) => {
        const [from, to] = span(d);
        return to > start && from < end;
      })
      .sort((a, b) => span(b)[0] - span(a)[0]);
    const offset = q.get('nextToken') ? Number(Buffer.from(q.get('nextToken')!, 'base64url').toString()) : 0;
    if (!Number.isInteger(offset) || offset < 0) return json(400, { message: 'bad nextToken' });
    const size = Math.min(limit, this.pageSize);
    const records = matching.slice(offset, offset + size);
    const more = offset + size < matching.length;
    return json(200, {
      records,
      ...(more ? { next_token: Buffer.from(String(offset + size)).toString('base64url') } : {}),
    });
  }

  /** A webhook as WHOOP signs it (design §7.1): base64(HMAC-SHA256(client secret, ms timestamp ‖ raw body)). */
  signedDelivery(event: Doc, opts: { timestamp?: number; secret?: string } = {}) {
    const body = JSON.stringify(event);
    const timestamp = String(opts.timestamp ?? Date.now());
    const signature = createHmac('sha256', opts.secret ?? WHOOP_CLIENT_SECRET)
      .update(timestamp + body)
      .digest('base64');
    return {
      body,
      headers: {
        'content-type': 'application/json',
        'x-whoop-signature': signature,
        'x-whoop-signature-timestamp': timestamp,
      },
    };
  }

  /** POSTs a signed delivery to HDS's webhook URL, as WHOOP's app-level webhook does. */
  deliver(webhookUrl: string, event: Doc, opts: { timestamp?: number; secret?: string } = {}): Promise<Response> {
    const { body, headers } = this.signedDelivery(event, opts);
    return fetch(webhookUrl, { method: 'POST', headers, body });
  }
}

const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), '../fixtures/pulse/whoop');
/** The day after the fixtures' last record: shifting it to today keeps every record inside a backfill window. */
const FIXTURE_TODAY = Date.parse('2026-11-21T00:00:00.000Z');
const DAY_MS = 86_400_000;
const TIME_FIELDS = ['start', 'end', 'created_at', 'updated_at'] as const;

/** Whole days from the fixtures' "today" to the UTC day of `now`: what every fixture time is moved by. */
export function whoopFixtureShiftMs(now: Date): number {
  return Math.floor((now.getTime() - FIXTURE_TODAY) / DAY_MS) * DAY_MS;
}

/** A fixture time as the server serves it on `now`'s day. */
export function shiftedFixtureTime(iso: string, now: Date): string {
  return new Date(Date.parse(iso) + whoopFixtureShiftMs(now)).toISOString();
}

/**
 * The pulse domain's WHOOP fixtures (`test/fixtures/pulse/whoop/`, shapes and sources in their SOURCE.md), served with
 * every time moved by whole days so the last record is yesterday's (values, ids and times of day unchanged).
 */
export function whoopFixtureRecords(now: Date): WhoopRecords {
  const shift = whoopFixtureShiftMs(now);
  const page = (file: string) => {
    const body = JSON.parse(readFileSync(join(FIXTURES, file), 'utf8')) as { records: Doc[] };
    return body.records.map((record) => {
      const moved: Doc = { ...record };
      for (const field of TIME_FIELDS) {
        if (typeof moved[field] === 'string') moved[field] = new Date(Date.parse(moved[field]) + shift).toISOString();
      }
      return moved;
    });
  };
  return {
    sleep: page('sleep.json'),
    recovery: page('recovery.json'),
    workout: page('workout.json'),
    body: JSON.parse(readFileSync(join(FIXTURES, 'body.json'), 'utf8')) as Doc,
  };
}

/** The environment pointing HDS at `whoop` (consent pages and API on the one server, as at WHOOP). */
export function whoopEnv(whoop: WhoopServer): Record<string, string> {
  return {
    HDS_PULSE_WHOOP_CLIENT_ID: WHOOP_CLIENT_ID,
    HDS_PULSE_WHOOP_CLIENT_SECRET: WHOOP_CLIENT_SECRET,
    HDS_PULSE_WHOOP_AUTH_URL: whoop.baseUrl,
    HDS_PULSE_WHOOP_API_URL: whoop.baseUrl,
  };
}
