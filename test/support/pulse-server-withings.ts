import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { json, ProviderServer, type RecordedCall, type Reply, redeemCode } from './pulse-servers';

/** Fixed test credentials of the Withings application (never real). */
export const WITHINGS_CLIENT_ID = 'withings-test-client';
export const WITHINGS_CLIENT_SECRET = 'withings-test-secret-81c4';
/** The fixtures' `userid` (`token.json`, `notify-weight.form`). */
export const WITHINGS_USER_ID = '36281742';

type Doc = Record<string, unknown>;

export interface WithingsData {
  measuregrps: Doc[];
  activities: Doc[];
  workouts: Doc[];
  sleeps: Doc[];
}

const CODE_LIFETIME_MS = 30_000;
const MINUTE_MS = 60_000;
/** Withings' `status` for a bad parameter (an unknown or expired code, a spent refresh token). */
const INVALID_PARAMS = 503;

/**
 * Withings (design §3.3, §14): `/oauth2_user/authorize2` (302 back with `code` and `state`, or `error=access_denied`
 * when told), `/v2/oauth2 action=requesttoken` (client credentials in the form; a code is single use, bound to its
 * `redirect_uri` and dead 30 s after consent on the server's clock, which `advance` moves; refresh tokens single use
 * and rotated), `/measure getmeas`, `/v2/measure getactivity|getworkouts`, `/v2/sleep getsummary` (Bearer; paged by
 * `more`/`offset`, `pageSize` groups at a time) and `/notify subscribe|revoke|list` (`deliver` checks the callback URL
 * answers HEAD with 2xx, as Withings does on subscribe). Every answer is HTTP 200 `{status, body}`; errors are a
 * `status` other than 0 (401 for a bad token, 601 past `ratePerMinute`).
 */
export class WithingsServer extends ProviderServer {
  data: WithingsData = { measuregrps: [], activities: [], workouts: [], sleeps: [] };
  pageSize = 2;
  expiresIn = 10_800;
  ratePerMinute = 120;
  /** The next code exchange issues an access token this server already treats as expired (`status: 401`). */
  staleNextAccessToken = false;
  private subscribeCount = 0;
  private readonly failingSubscribes = new Map<number, number>();
  /** A refresh's answer comes this long after the presented token is spent (a slow token endpoint). */
  refreshDelayMs = 0;
  /** Milliseconds added to the server's clock (codes expire on it). */
  clockSkewMs = 0;
  readonly issued: string[] = [];
  readonly spentRefreshTokens: string[] = [];
  /** Subscriptions per access-token grant: `{callbackurl, appli}`. */
  readonly subscriptions: { callbackurl: string; appli: string; userid: string }[] = [];
  readonly revokedSubscriptions: { callbackurl: string; appli: string }[] = [];
  private readonly codes = new Map<string, { redirectUri: string; scope: string; issuedAt: number }>();
  private readonly access = new Map<string, number>();
  private readonly refresh = new Map<string, string>();
  private window = { startedAt: 0, count: 0 };

  /** Moves the server's clock on (a code older than 30 s is refused). */
  advance(ms: number): void {
    this.clockSkewMs += ms;
  }

  /** The `nth` `subscribe` from now (1 = the next) is answered with this `status`: a failure part-way. */
  failSubscribe(nth: number, withStatus: number): void {
    this.failingSubscribes.set(this.subscribeCount + nth, withStatus);
  }

  expireAccessTokens(): void {
    for (const token of this.access.keys()) this.access.set(token, 0);
  }

  private now(): number {
    return Date.now() + this.clockSkewMs;
  }

  protected route(call: RecordedCall): Reply | Promise<Reply> {
    if (call.method === 'GET' && call.path === '/oauth2_user/authorize2') return this.authorize(call.query);
    if (call.method !== 'POST') return json(404, { status: 404 });
    const form = new URLSearchParams(call.body);
    if (call.path === '/v2/oauth2' && form.get('action') === 'requesttoken') return this.token(form);
    if (this.overLimit()) return status(601, 'Too many requests');
    const token = /^Bearer (.+)$/.exec(String(call.headers.authorization ?? ''))?.[1] ?? '';
    if ((this.access.get(token) ?? 0) <= this.now()) return status(401, 'invalid_token');
    const action = form.get('action');
    if (call.path === '/measure' && action === 'getmeas') return this.getmeas(form);
    if (call.path === '/v2/measure' && action === 'getactivity')
      return this.byDay('activities', this.data.activities, form, (d) => String(d.date));
    if (call.path === '/v2/measure' && action === 'getworkouts')
      return this.byDay('series', this.data.workouts, form, (d) => String(d.date));
    if (call.path === '/v2/sleep' && action === 'getsummary')
      return this.byDay('series', this.data.sleeps, form, (d) => String(d.date));
    if (call.path === '/notify') return this.notify(form);
    return status(2554, 'Unknown action');
  }

  private authorize(q: URLSearchParams): Reply {
    const redirect = q.get('redirect_uri');
    if (q.get('client_id') !== WITHINGS_CLIENT_ID || !redirect || q.get('response_type') !== 'code') {
      return json(400, { error: 'invalid_request' });
    }
    return this.consentRedirect(q, redirect, () => {
      const code = `withings-code-${randomBytes(8).toString('hex')}`;
      this.codes.set(code, { redirectUri: redirect, scope: q.get('scope') ?? '', issuedAt: this.now() });
      return { code };
    });
  }

  private token(form: URLSearchParams): Reply | Promise<Reply> {
    if (form.get('client_id') !== WITHINGS_CLIENT_ID || form.get('client_secret') !== WITHINGS_CLIENT_SECRET) {
      return status(INVALID_PARAMS, 'Invalid Params: invalid client_id or client_secret');
    }
    if (form.get('grant_type') === 'authorization_code') {
      const issued = redeemCode(this.codes, form);
      if (!issued) return status(INVALID_PARAMS, 'invalid code');
      if (this.now() - issued.issuedAt > CODE_LIFETIME_MS) return status(INVALID_PARAMS, 'code expired');
      const stale = this.staleNextAccessToken;
      this.staleNextAccessToken = false;
      return this.issue(issued.scope, stale);
    }
    if (form.get('grant_type') === 'refresh_token') {
      const presented = form.get('refresh_token') ?? '';
      const scope = this.refresh.get(presented);
      if (scope === undefined) return status(INVALID_PARAMS, 'invalid refresh_token');
      this.refresh.delete(presented);
      this.spentRefreshTokens.push(presented);
      const answer = this.issue(scope);
      if (this.refreshDelayMs <= 0) return answer;
      return new Promise<Reply>((resolve) => setTimeout(() => resolve(answer), this.refreshDelayMs));
    }
    return status(INVALID_PARAMS, 'invalid grant_type');
  }

  private issue(scope: string, stale = false): Reply {
    const access = `withings-at-${randomBytes(12).toString('hex')}`;
    const refresh = `withings-rt-${randomBytes(12).toString('hex')}`;
    this.access.set(access, stale ? 0 : this.now() + this.expiresIn * 1000);
    this.refresh.set(refresh, scope);
    this.issued.push(access, refresh);
    return json(200, {
      status: 0,
      body: {
        userid: WITHINGS_USER_ID,
        access_token: access,
        refresh_token: refresh,
        expires_in: this.expiresIn,
        scope,
        token_type: 'Bearer',
      },
    });
  }

  private overLimit(): boolean {
    const now = Date.now();
    if (now - this.window.startedAt >= MINUTE_MS) this.window = { startedAt: now, count: 0 };
    this.window.count += 1;
    return this.window.count > this.ratePerMinute;
  }

  private getmeas(form: URLSearchParams): Reply {
    const start = Number(form.get('startdate'));
    const end = Number(form.get('enddate'));
    if (!Number.isInteger(start) || !Number.isInteger(end)) return status(INVALID_PARAMS, 'startdate/enddate');
    const types = new Set((form.get('meastypes') ?? '').split(',').map(Number));
    const category = form.get('category') ? Number(form.get('category')) : null;
    const groups = this.data.measuregrps
      .filter((g) => Number(g.date) >= start && Number(g.date) <= end)
      .filter((g) => category === null || g.category === category)
      .map((g) => ({ ...g, measures: (g.measures as Doc[]).filter((m) => types.has(Number(m.type))) }));
    return this.page('measuregrps', groups, form, {
      updatetime: Math.floor(this.now() / 1000),
      timezone: 'Europe/Paris',
    });
  }

  private byDay(field: string, docs: Doc[], form: URLSearchParams, day: (d: Doc) => string): Reply {
    const from = form.get('startdateymd');
    const to = form.get('enddateymd');
    if (!from || !to) return status(INVALID_PARAMS, 'startdateymd/enddateymd');
    return this.page(
      field,
      docs.filter((d) => day(d) >= from && day(d) <= to),
      form,
    );
  }

  private page(field: string, docs: Doc[], form: URLSearchParams, extra: Doc = {}): Reply {
    const offset = Number(form.get('offset') ?? '0');
    const slice = docs.slice(offset, offset + this.pageSize);
    const more = offset + this.pageSize < docs.length;
    return json(200, {
      status: 0,
      body: { ...extra, [field]: slice, more, offset: more ? offset + this.pageSize : 0 },
    });
  }

  private notify(form: URLSearchParams): Reply {
    const action = form.get('action');
    const callbackurl = form.get('callbackurl') ?? '';
    const appli = form.get('appli') ?? '';
    if (action === 'revoke') {
      const i = this.subscriptions.findIndex((s) => s.callbackurl === callbackurl && s.appli === appli);
      if (i < 0) return status(294, 'No such subscription');
      this.subscriptions.splice(i, 1);
      this.revokedSubscriptions.push({ callbackurl, appli });
      return json(200, { status: 0, body: {} });
    }
    if (action === 'subscribe') {
      const failing = this.failingSubscribes.get(++this.subscribeCount);
      if (failing !== undefined) return status(failing, 'Refused');
      if (!/^https?:\/\//.test(callbackurl) || callbackurl.length > 255 || !appli) {
        return status(INVALID_PARAMS, 'Invalid Params: callbackurl or appli');
      }
      // One subscription per callback URL and appli (unverified at Withings): subscribing again changes nothing.
      if (!this.subscriptions.some((sub) => sub.callbackurl === callbackurl && sub.appli === appli)) {
        this.subscriptions.push({ callbackurl, appli, userid: WITHINGS_USER_ID });
      }
      return json(200, { status: 0, body: {} });
    }
    if (action === 'list') {
      return json(200, { status: 0, body: { profiles: this.subscriptions.map((s) => ({ ...s, comment: '' })) } });
    }
    return status(2554, 'Unknown action');
  }

  /**
   * A notification as Withings sends it: a form-encoded POST to each subscribed callback URL of that `appli`. Withings
   * checks a callback URL answers HEAD with 2xx when it is subscribed; this server checks it before delivering (its
   * request handler cannot wait on HDS), and a URL that fails the check gets nothing.
   */
  async deliver(appli: string, startdate: number, enddate: number): Promise<Response[]> {
    const body = new URLSearchParams({
      userid: WITHINGS_USER_ID,
      appli,
      startdate: String(startdate),
      enddate: String(enddate),
    }).toString();
    const answers: Response[] = [];
    for (const s of this.subscriptions.filter((sub) => sub.appli === appli)) {
      const head = await fetch(s.callbackurl, { method: 'HEAD' });
      if (head.status < 200 || head.status >= 300) continue;
      answers.push(
        await fetch(s.callbackurl, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body,
        }),
      );
    }
    return answers;
  }
}

function status(code: number, error: string): Reply {
  return json(200, { status: code, body: {}, error });
}

const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), '../fixtures/pulse/withings');
/** The day after the fixtures' last data: shifting it to today keeps the data inside a backfill window. */
const FIXTURE_TODAY = Date.parse('2026-11-21T00:00:00.000Z');
const DAY_S = 86_400;
const UNIX_FIELDS = ['date', 'created', 'modified', 'startdate', 'enddate'] as const;

/** Whole days, in seconds, from the fixtures' "today" to the UTC day of `now`. */
export function withingsFixtureShiftSeconds(now: Date): number {
  return Math.floor((now.getTime() - FIXTURE_TODAY) / 86_400_000) * DAY_S;
}

/**
 * The pulse domain's Withings fixtures (`test/fixtures/pulse/withings/`, sources in their SOURCE.md), with every
 * Unix time and `yyyy-MM-dd` date moved by whole days so the data ends yesterday (values and ids unchanged).
 */
export function withingsFixtureData(now: Date): WithingsData {
  const shift = withingsFixtureShiftSeconds(now);
  const move = (doc: Doc): Doc => {
    const moved: Doc = { ...doc };
    for (const field of UNIX_FIELDS) {
      if (typeof moved[field] === 'number') moved[field] = (moved[field] as number) + shift;
      else if (typeof moved[field] === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(moved[field] as string))
        moved[field] = new Date(Date.parse(`${moved[field]}T00:00:00Z`) + shift * 1000).toISOString().slice(0, 10);
    }
    return moved;
  };
  const body = (file: string) => (JSON.parse(readFileSync(join(FIXTURES, file), 'utf8')) as { body: Doc }).body;
  return {
    measuregrps: (body('getmeas.json').measuregrps as Doc[]).map(move),
    activities: (body('getactivity.json').activities as Doc[]).map(move),
    workouts: (body('getworkouts.json').series as Doc[]).map(move),
    sleeps: (body('sleep-getsummary.json').series as Doc[]).map(move),
  };
}

/** The environment pointing HDS at `withings`. */
export function withingsEnv(withings: WithingsServer): Record<string, string> {
  return {
    HDS_PULSE_WITHINGS_CLIENT_ID: WITHINGS_CLIENT_ID,
    HDS_PULSE_WITHINGS_CLIENT_SECRET: WITHINGS_CLIENT_SECRET,
    HDS_PULSE_WITHINGS_AUTH_URL: withings.baseUrl,
    HDS_PULSE_WITHINGS_API_URL: withings.baseUrl,
  };
}
