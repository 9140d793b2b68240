import { createHash, createHmac, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { json, ProviderServer, type RecordedCall, type Reply, redeemCode } from './pulse-servers';

/** Fixed test credentials of the Fitbit application (never real); the secret is the fixtures' (SOURCE.md). */
export const FITBIT_CLIENT_ID = 'fitbit-test-client';
export const FITBIT_CLIENT_SECRET = 'fitbit-fixture-client-secret';
export const FITBIT_VERIFY_CODE = 'fitbit-verify-5d2a91';
/** The `ownerId` of `test/fixtures/pulse/fitbit/webhook-sleep.json`. */
export const FITBIT_USER_ID = '228TQ4';

type Doc = Record<string, unknown>;

/**
 * `GET /1/user/-/profile.json` as `test/fixtures/pulse/fitbit/profile.json` gives it: a user in America/Bogota,
 * `offsetFromUTCMillis` −18,000,000 (UTC−5, no DST), so every local time Fitbit writes is five hours behind UTC
 * whatever the month the tests run in; a test of DST sets `profile` to a zone that has one.
 */
export function fitbitProfile(): Doc {
  return JSON.parse(readFileSync(new URL('../fixtures/pulse/fitbit/profile.json', import.meta.url), 'utf8')) as Doc;
}

/** What the fake holds for its one user, by resource, in the answer shapes of design §3.4. */
export interface FitbitData {
  /** `yyyy-MM-dd` → `{summary: {steps, activityCalories, restingHeartRate}}`. */
  summaries: Record<string, Doc>;
  heart: Doc[];
  sleep: Doc[];
  hrv: Doc[];
  spo2: Doc[];
  weight: Doc[];
  activities: Doc[];
}

const ERROR = (status: number, errorType: string, headers: Record<string, string> = {}): Reply =>
  json(status, { errors: [{ errorType, message: errorType }], success: false }, headers);

/** What Fitbit answers for a day nothing was worn: zeros, not an absence. */
const EMPTY_DAY = {
  activities: [],
  goals: { steps: 10000 },
  summary: { steps: 0, activityCalories: 0, distances: [] },
};

/** The longest range each ranged path answers (days, both ends included); a longer one is Fitbit's 400. */
const RANGES: [RegExp, Exclude<keyof FitbitData, 'summaries'>, string, number][] = [
  [/^\/1\.2\/user\/-\/sleep\/date\/([\d-]+)\/([\d-]+)\.json$/, 'sleep', 'dateOfSleep', 100],
  [/^\/1\/user\/-\/activities\/heart\/date\/([\d-]+)\/([\d-]+)\.json$/, 'heart', 'dateTime', 366],
  [/^\/1\/user\/-\/hrv\/date\/([\d-]+)\/([\d-]+)\.json$/, 'hrv', 'dateTime', 30],
  [/^\/1\/user\/-\/spo2\/date\/([\d-]+)\/([\d-]+)\.json$/, 'spo2', 'dateTime', 30],
  [/^\/1\/user\/-\/body\/log\/weight\/date\/([\d-]+)\/([\d-]+)\.json$/, 'weight', 'date', 31],
];
const ANSWER_FIELD: Partial<Record<Exclude<keyof FitbitData, 'summaries'>, string>> = {
  sleep: 'sleep',
  heart: 'activities-heart',
  hrv: 'hrv',
  weight: 'weight',
};

/**
 * Fitbit Web API (design §3.4, §14): `/oauth2/authorize` (302 back with `code` and `state`, or `error=access_denied`
 * when told; requires a PKCE S256 challenge), `/oauth2/token` (HTTP Basic client authentication; a code is single use,
 * bound to its `redirect_uri` and answered only for the `code_verifier` whose S256 digest is the stored challenge;
 * refresh tokens single use and rotated; errors in Fitbit's `{errors: [{errorType}]}` shape), `/oauth2/revoke` (every
 * token of the user), the data paths with their range limits, the profile (the user's UTC offset), per-user
 * `apiSubscriptions`, and 150 requests per hour per user with `Fitbit-Rate-Limit-*` headers (429 with `Retry-After`
 * past it). `deliver` signs as Fitbit does; `verifySubscriber` sends the two verification GETs.
 */
export class FitbitServer extends ProviderServer {
  data: FitbitData = { summaries: {}, heart: [], sleep: [], hrv: [], spo2: [], weight: [], activities: [] };
  /** Requests per user per clock hour (Fitbit's 150). */
  hourlyLimit = 150;
  expiresIn = 28_800;
  /** Whether a 429 carries `Retry-After` besides the `Fitbit-Rate-Limit-*` headers. */
  retryAfterOn429 = true;
  /** Seconds to the budget's reset as announced; the real hour's when null. */
  announcedResetSeconds: number | null = null;
  /** The profile every user reads (`offsetFromUTCMillis`, `timezone`); a string is answered as raw bytes. */
  profile: Doc | string = fitbitProfile();
  /** The status `GET /1/user/-/profile.json` answers (a 5xx or 403 to show a link that reads no profile). */
  profileStatus = 200;
  /** Who signs in at the next consent (every user sees the same `data`). */
  nextUserId = FITBIT_USER_ID;
  /** The next consent stores a challenge no verifier matches (so the exchange must fail). */
  corruptNextChallenge = false;
  readonly issued: string[] = [];
  readonly revoked: string[] = [];
  /** Token requests refused for their `code_verifier`, and for their client authentication. */
  readonly refusedVerifiers: string[] = [];
  readonly refusedClients: number[] = [];
  /** Live subscriptions: `<collection>/<id>`. */
  readonly subscriptions = new Set<string>();
  private readonly codes = new Map<string, { redirectUri: string; challenge: string; userId: string }>();
  /** Access token → its user and expiry; refresh token → its user. */
  private readonly access = new Map<string, { userId: string; expiresAt: number }>();
  private readonly refresh = new Map<string, string>();
  private readonly hourly = new Map<string, number>();

  protected route(call: RecordedCall): Reply {
    if (call.method === 'GET' && call.path === '/oauth2/authorize') return this.authorize(call.query);
    if (call.method === 'POST' && call.path === '/oauth2/token') return this.token(call);
    if (call.method === 'POST' && call.path === '/oauth2/revoke') return this.revoke(call);
    const token = /^Bearer (.+)$/.exec(String(call.headers.authorization ?? ''))?.[1] ?? '';
    const grant = this.access.get(token);
    if (!grant || grant.expiresAt <= Date.now()) return ERROR(401, 'expired_token');
    const budget = this.spend(grant.userId);
    if (!budget.ok) {
      const retryAfter = { 'retry-after': budget.headers['fitbit-rate-limit-reset']! };
      return ERROR(429, 'system', { ...budget.headers, ...(this.retryAfterOn429 ? retryAfter : {}) });
    }
    const reply = this.dataRoute(call, grant.userId);
    return { ...reply, headers: { ...reply.headers, ...budget.headers } };
  }

  private dataRoute(call: RecordedCall, userId: string): Reply {
    const sub = /^\/1\/user\/-\/([A-Za-z]+)\/apiSubscriptions\/([^/]+)\.json$/.exec(call.path);
    if (sub) return this.subscription(call.method, userId, sub[1]!, sub[2]!);
    if (call.method !== 'GET') return ERROR(405, 'method_not_allowed');
    const summary = /^\/1\/user\/-\/activities\/date\/([\d-]+)\.json$/.exec(call.path);
    if (summary) return json(200, this.data.summaries[summary[1]!] ?? EMPTY_DAY);
    if (call.path === '/1/user/-/activities/list.json') return this.activityList(call.query);
    if (call.path === '/1/user/-/profile.json') return this.profileAnswer();
    for (const [pattern, resource, field, maxDays] of RANGES) {
      const m = pattern.exec(call.path);
      if (!m) continue;
      const [from, to] = [m[1]!, m[2]!];
      const days = (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1;
      if (!(days >= 1 && days <= maxDays)) return ERROR(400, 'validation');
      const items = this.data[resource].filter((d) => String(d[field]) >= from && String(d[field]) <= to);
      // The SpO2 interval summary answers a bare array.
      return resource === 'spo2' ? json(200, items) : json(200, { [ANSWER_FIELD[resource]!]: items });
    }
    return ERROR(404, 'not_found');
  }

  private profileAnswer(): Reply {
    if (this.profileStatus !== 200)
      return ERROR(this.profileStatus, this.profileStatus === 403 ? 'insufficient_scope' : 'system');
    if (typeof this.profile !== 'string') return json(200, this.profile);
    return { status: 200, headers: { 'content-type': 'application/json' }, body: this.profile };
  }

  private activityList(q: URLSearchParams): Reply {
    const after = q.get('afterDate');
    const limit = Number(q.get('limit'));
    const offset = Number(q.get('offset') ?? '0');
    if (!after || q.get('sort') !== 'asc' || !(limit >= 1 && limit <= 100)) return ERROR(400, 'validation');
    const matching = this.data.activities.filter((a) => String(a.startTime) >= after);
    const page = matching.slice(offset, offset + limit);
    return json(200, {
      activities: page,
      pagination: {
        afterDate: after,
        limit,
        offset,
        sort: 'asc',
        next: offset + limit < matching.length ? 'more' : '',
      },
    });
  }

  private subscription(method: string, userId: string, collection: string, id: string): Reply {
    const ref = `${collection}/${id}`;
    if (method === 'POST') {
      if (id.length > 50) return ERROR(400, 'validation');
      this.subscriptions.add(ref);
      return json(201, {
        collectionType: collection,
        ownerId: userId,
        ownerType: 'user',
        subscriberId: '1',
        subscriptionId: id,
      });
    }
    if (method === 'DELETE') {
      if (!this.subscriptions.delete(ref)) return ERROR(404, 'not_found');
      return { status: 204 };
    }
    return ERROR(405, 'method_not_allowed');
  }

  /** One request of the user's hour; the headers Fitbit sends with every answer. */
  private spend(userId: string): { ok: boolean; headers: Record<string, string> } {
    const now = Date.now();
    const hour = `${userId}#${Math.floor(now / 3_600_000)}`;
    const used = (this.hourly.get(hour) ?? 0) + 1;
    this.hourly.set(hour, used);
    const reset = this.announcedResetSeconds ?? Math.ceil((3_600_000 - (now % 3_600_000)) / 1000);
    return {
      ok: used <= this.hourlyLimit,
      headers: {
        'fitbit-rate-limit-limit': String(this.hourlyLimit),
        'fitbit-rate-limit-remaining': String(Math.max(0, this.hourlyLimit - used)),
        'fitbit-rate-limit-reset': String(reset),
      },
    };
  }

  private clientAuthenticated(call: RecordedCall): boolean {
    const expected = `Basic ${Buffer.from(`${FITBIT_CLIENT_ID}:${FITBIT_CLIENT_SECRET}`).toString('base64')}`;
    return call.headers.authorization === expected;
  }

  private authorize(q: URLSearchParams): Reply {
    const redirect = q.get('redirect_uri');
    const challenge = q.get('code_challenge');
    if (
      q.get('client_id') !== FITBIT_CLIENT_ID ||
      q.get('response_type') !== 'code' ||
      !redirect ||
      q.get('code_challenge_method') !== 'S256' ||
      !challenge ||
      !/^[A-Za-z0-9_-]{43}$/.test(challenge)
    ) {
      return ERROR(400, 'invalid_request');
    }
    return this.consentRedirect(q, redirect, () => {
      const code = `fitbit-code-${randomBytes(8).toString('hex')}`;
      const stored = this.corruptNextChallenge
        ? createHash('sha256').update('not the verifier').digest('base64url')
        : challenge;
      this.corruptNextChallenge = false;
      this.codes.set(code, { redirectUri: redirect, challenge: stored, userId: this.nextUserId });
      return { code };
    });
  }

  private token(call: RecordedCall): Reply {
    if (!this.clientAuthenticated(call)) {
      this.refusedClients.push(this.calls.length);
      return ERROR(401, 'invalid_client');
    }
    const form = new URLSearchParams(call.body);
    if (form.get('grant_type') === 'authorization_code') {
      const issued = redeemCode(this.codes, form);
      if (!issued || form.get('client_id') !== FITBIT_CLIENT_ID) return ERROR(400, 'invalid_grant');
      const verifier = form.get('code_verifier') ?? '';
      if (createHash('sha256').update(verifier).digest('base64url') !== issued.challenge) {
        this.refusedVerifiers.push(form.get('code') ?? '');
        return ERROR(400, 'invalid_grant');
      }
      return this.issue(issued.userId);
    }
    if (form.get('grant_type') === 'refresh_token') {
      const presented = form.get('refresh_token') ?? '';
      const userId = this.refresh.get(presented);
      if (!userId) return ERROR(400, 'invalid_grant');
      this.refresh.delete(presented);
      return this.issue(userId);
    }
    return ERROR(400, 'unsupported_grant_type');
  }

  private revoke(call: RecordedCall): Reply {
    if (!this.clientAuthenticated(call)) return ERROR(401, 'invalid_client');
    const token = new URLSearchParams(call.body).get('token') ?? '';
    const userId = this.access.get(token)?.userId ?? this.refresh.get(token);
    // RFC 7009 §2.2: an invalid or already revoked token is not an error.
    if (!userId) return json(200, {});
    // RFC 7009 at Fitbit: the user's whole grant for the app goes, every access and refresh token of it.
    for (const [t, grant] of this.access) {
      if (grant.userId !== userId) continue;
      this.access.delete(t);
      this.revoked.push(t);
    }
    for (const [t, owner] of this.refresh) if (owner === userId) this.refresh.delete(t);
    return json(200, {});
  }

  private issue(userId: string): Reply {
    const access = `fitbit-at-${randomBytes(12).toString('hex')}`;
    const refresh = `fitbit-rt-${randomBytes(12).toString('hex')}`;
    this.access.set(access, { userId, expiresAt: Date.now() + this.expiresIn * 1000 });
    this.refresh.set(refresh, userId);
    this.issued.push(access, refresh);
    return json(200, {
      access_token: access,
      refresh_token: refresh,
      expires_in: this.expiresIn,
      scope: 'activity heartrate sleep weight oxygen_saturation profile',
      token_type: 'Bearer',
      user_id: userId,
    });
  }

  /** A notification delivery as Fitbit signs it: base64(HMAC-SHA1(client_secret + "&", body)). */
  signedDelivery(notifications: Doc[] | string, opts: { secret?: string } = {}) {
    const body = typeof notifications === 'string' ? notifications : JSON.stringify(notifications);
    const signature = createHmac('sha1', `${opts.secret ?? FITBIT_CLIENT_SECRET}&`)
      .update(body)
      .digest('base64');
    return { body, headers: { 'content-type': 'application/json', 'x-fitbit-signature': signature } };
  }

  /** Fitbit's subscriber verification: the right code must answer 204, a wrong one 404. */
  async verifySubscriber(endpoint: string): Promise<{ right: number; wrong: number }> {
    const withCode = (code: string) => {
      const url = new URL(endpoint);
      url.searchParams.set('verify', code);
      return fetch(url, { redirect: 'manual' }).then((r) => r.status);
    };
    return { right: await withCode(FITBIT_VERIFY_CODE), wrong: await withCode(`${FITBIT_VERIFY_CODE}-wrong`) };
  }
}

/**
 * Fitbit data around `today` (UTC) in the shapes of §3.4, values chosen so the readings are exact: three activity
 * days (resting heart rate in both the summary and the heart series, as Fitbit gives it), one main sleep, its HRV
 * and SpO2 nights, one weight log and one run.
 */
export function fitbitSampleData(today: Date): FitbitData {
  const day = (offset: number) => new Date(today.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
  const days = [
    { date: day(-3), steps: 7400, activityCalories: 380, restingHeartRate: 58 },
    { date: day(-2), steps: 11200, activityCalories: 690, restingHeartRate: 56 },
    { date: day(-1), steps: 9050, activityCalories: 505, restingHeartRate: 57 },
  ];
  return {
    summaries: Object.fromEntries(
      days.map(({ date, ...summary }) => [
        date,
        { activities: [], goals: { steps: 10000 }, summary: { ...summary, distances: [] } },
      ]),
    ),
    heart: days.map(({ date, restingHeartRate }) => ({
      dateTime: date,
      value: { customHeartRateZones: [], heartRateZones: [], restingHeartRate },
    })),
    sleep: [
      {
        logId: 26_001_442_117,
        dateOfSleep: day(-2),
        startTime: `${day(-3)}T23:10:00.000`,
        endTime: `${day(-2)}T06:40:00.000`,
        duration: 27_000_000,
        minutesAsleep: 420,
        minutesAwake: 30,
        isMainSleep: true,
        type: 'stages',
        levels: { summary: {} },
      },
    ],
    hrv: [{ dateTime: day(-2), value: { dailyRmssd: 41.7, deepRmssd: 44.2 } }],
    spo2: [{ dateTime: day(-2), value: { avg: 96.4, min: 93.1, max: 98.8 } }],
    weight: [
      {
        logId: 1_764_000_000_000,
        weight: 72.5,
        bmi: 23.41,
        fat: 18.2,
        date: day(-1),
        time: '07:15:00',
        source: 'Aria',
      },
    ],
    activities: [
      {
        logId: 31_001_205_661,
        activityName: 'Run',
        startTime: `${day(-2)}T07:00:00.000+00:00`,
        duration: 2_700_000,
        calories: 410,
        distance: 7.5,
        distanceUnit: 'Kilometer',
      },
    ],
  };
}

/** The environment pointing HDS at `fitbit`. */
export function fitbitEnv(fitbit: FitbitServer): Record<string, string> {
  return {
    HDS_PULSE_FITBIT_CLIENT_ID: FITBIT_CLIENT_ID,
    HDS_PULSE_FITBIT_CLIENT_SECRET: FITBIT_CLIENT_SECRET,
    HDS_PULSE_FITBIT_AUTH_URL: fitbit.baseUrl,
    HDS_PULSE_FITBIT_API_URL: fitbit.baseUrl,
    HDS_PULSE_FITBIT_VERIFY_CODE: FITBIT_VERIFY_CODE,
  };
}
