import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, type Harness } from '../support/harness';
import { eventually } from '../support/polling';
import {
  apiKeyClient,
  backfillDone,
  byIndicatorTimeValue,
  consent as consentAt,
  LINK_PATH as LINK,
  LOOSE_RATE_LIMITS,
  linkThroughConsent,
  pickReading,
  RETURN_URL,
  rawLinkItem,
  readingRowsOf,
  signedInUser,
  startWithProviders,
  stopWithProviders,
} from '../support/pulse-flow';
import {
  shiftedFixtureTime,
  WHOOP_CLIENT_SECRET,
  WHOOP_USER_ID,
  WhoopServer,
  whoopEnv,
  whoopFixtureRecords,
} from '../support/pulse-server-whoop';
import { signIn } from '../support/sign-in';

/**
 * WHOOP through `/api/v1/pulse` (design wearables §3.2, §4.3, §15) over real HTTP against the local WHOOP server:
 * the providers list, consent → callback → tokens sealed, the backfill of sleep, recovery, workout and body into
 * `GET /v1/data`, and the rotation of WHOOP's refresh tokens.
 */
let h: Harness;
let whoop: WhoopServer;
let n = 0;
const email = () => `whoop${++n}-${Date.now()}@example.org`;
const NIGHT = 'ecfc6a15-4661-442f-a9a4-f160dd7afae8';
const now = new Date();
/** A time of the fixtures as the server serves it today (moved by whole days). */
const t = (iso: string) => shiftedFixtureTime(iso, now);

beforeAll(async () => {
  whoop = new WhoopServer();
  whoop.records = whoopFixtureRecords(now);
  h = await startWithProviders([whoop], () => ({
    env: { ...whoopEnv(whoop), HDS_RATE_LIMITS: LOOSE_RATE_LIMITS, HDS_PULSE_RETURN_URLS: RETURN_URL },
  }));
}, 60_000);
afterAll(() => stopWithProviders(h, [whoop]));

const consent = (linkWebUrl: string) => consentAt(h, 'whoop', linkWebUrl);
const row = readingRowsOf('whoop');

/** A signed-in user with an API key for `/v1/data`, linked to WHOOP, whose backfill has finished. */
async function linkedUser() {
  const { api } = await signedInUser(h, email());
  const v1 = await apiKeyClient(h, api, 'whoop test');
  await linkThroughConsent(h, api, 'whoop', RETURN_URL);
  const link = await backfillDone(api, 'whoop', { what: 'the WHOOP backfill to finish' });
  return { api, v1, link };
}

describe('WHOOP in the providers list', () => {
  it('is supported, OAuth 2, not linked, with its capabilities', async () => {
    const user = await signIn(h, email());
    const res = await client(h.url, user.access_token).get('/api/v1/pulse/providers');
    expect(res.status).toBe(200);
    const whoopEntry = res.body.data.providers.find((p: { slug: string }) => p.slug === 'whoop');
    expect(whoopEntry).toMatchObject({
      name: 'WHOOP',
      platform: 'hds',
      supported: true,
      auth_type: 'oauth2',
      status: 'not_linked',
    });
    expect(whoopEntry.capabilities).toEqual(expect.arrayContaining(['sleep', 'hrv', 'workouts']));
    expect(whoopEntry.capabilities).not.toContain('activity');
  });
});

describe('linking WHOOP', () => {
  it('answers WHOOP’s consent URL with the client, HDS’s callback, the offline scope and a state', async () => {
    const user = await signIn(h, email());
    const res = await client(h.url, user.access_token).post(LINK, { provider: 'whoop' });
    expect(res.status).toBe(200);
    const url = new URL(res.body.data.link_web_url);
    expect(`${url.origin}${url.pathname}`).toBe(`${whoop.baseUrl}/oauth/oauth2/auth`);
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('client_id')).toBe('whoop-test-client');
    expect(url.searchParams.get('redirect_uri')).toBe(`${h.url}/api/v1/pulse/hds/whoop/callback`);
    expect(url.searchParams.get('scope')?.split(' ')).toEqual([
      'offline',
      'read:recovery',
      'read:sleep',
      'read:workout',
      'read:profile',
      'read:body_measurement',
    ]);
    expect(url.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('links: the profile’s user_id mapped, tokens sealed with no plaintext at rest, listed as linked', async () => {
    const tokenCalls = whoop.callsTo('/oauth/oauth2/token').length;
    const { api } = await linkedUser();
    const exchange = whoop.callsTo('/oauth/oauth2/token')[tokenCalls]!;
    const form = new URLSearchParams(exchange.body);
    expect(form.get('grant_type')).toBe('authorization_code');
    expect(form.get('client_secret')).toBe(WHOOP_CLIENT_SECRET);
    expect(exchange.headers.authorization).toBeUndefined();

    const mapping = await h.runtime.services.pulseLinks.findProviderUser('whoop', String(WHOOP_USER_ID));
    expect(mapping).not.toBeNull();
    const item = await rawLinkItem(h, mapping!.subjectId, 'whoop');
    expect(item).toMatchObject({ kind: 'pulse-link', provider: 'whoop', status: 'linked', linkId: mapping!.linkId });
    expect(item!.tokens).toMatchObject({ v: 1, kek: 'file' });
    const stored = JSON.stringify(item);
    expect(whoop.issued.length).toBeGreaterThanOrEqual(2);
    for (const token of whoop.issued) expect(stored).not.toContain(token);
    expect(stored).not.toContain(WHOOP_CLIENT_SECRET);

    const listed = (await api.get('/api/v1/pulse/user/providers')).body.data.providers;
    expect(listed).toEqual([
      expect.objectContaining({
        slug: 'whoop',
        status: 'linked',
        provider_user_id_hint: String(WHOOP_USER_ID).slice(-4),
        scopes: expect.arrayContaining(['offline', 'read:sleep']),
      }),
    ]);
  });

  it('moves the WHOOP account to the Subject that linked it last, revoking the old grant at WHOOP once', async () => {
    await linkedUser();
    await h.runtime.drainQueues();
    const deletesBefore = whoop.callsTo('/developer/v2/user/access').length;
    const revokedBefore = whoop.revoked.length;
    await linkedUser();
    await h.runtime.drainQueues();
    expect(whoop.revoked.length).toBe(revokedBefore + 1);
    const deletes = whoop.callsTo('/developer/v2/user/access').slice(deletesBefore);
    expect(deletes.map((c) => c.method)).toEqual(['DELETE']);
    expect(deletes[0]!.headers.authorization).toBe(`Bearer ${whoop.revoked.at(-1)}`);
  });

  it('sends the user back with status=denied when they decline at WHOOP, storing nothing', async () => {
    const { api } = await signedInUser(h, email());
    const started = await api.post(LINK, { provider: 'whoop', return_url: RETURN_URL });
    whoop.denyNext = true;
    const back = await consent(started.body.data.link_web_url);
    expect(back.headers.get('location')).toBe(`${RETURN_URL}?provider=whoop&status=denied`);
    expect((await api.get('/api/v1/pulse/user/providers')).body.data.providers).toEqual([]);
  });
});

describe('the WHOOP backfill', () => {
  it('pages every collection into GET /v1/data: scored nights, recoveries at the sleep’s end, the run, the weight', async () => {
    const before = Date.now();
    const { v1 } = await linkedUser();
    // Two records a page: the three sleeps took a second page, asked with WHOOP's token.
    const sleepPages = whoop.callsTo('/developer/v2/activity/sleep').filter((c) => c.query.has('limit'));
    expect(sleepPages.some((c) => c.query.get('nextToken'))).toBe(true);
    for (const page of sleepPages) expect(page.query.get('limit')).toBe('25');

    const rows = (await v1.get('/v1/data?limit=100')).body.data as Record<string, unknown>[];
    const weight = rows.filter((r) => r.indicator === 'Body weight').map(pickReading);
    expect(weight).toEqual([expect.objectContaining({ loinc_code: '29463-7', value: '72.5', end_time: null })]);
    const weighedAt = Date.parse(String(weight[0]!.time));
    expect(weighedAt).toBeGreaterThanOrEqual(before - 1000);
    expect(weighedAt).toBeLessThanOrEqual(Date.now());

    const got = rows
      .filter((r) => r.indicator !== 'Body weight')
      .map(pickReading)
      .sort(byIndicatorTimeValue);
    const night = [t('2026-11-19T03:10:00.000Z'), t('2026-11-19T11:05:00.000Z')] as const;
    const run = [t('2026-11-19T22:00:00.000Z'), t('2026-11-19T22:45:00.000Z')] as const;
    const lift = [t('2026-11-20T17:00:00.000Z'), t('2026-11-20T18:00:00.000Z')] as const;
    // The second recovery's night is still being scored: its end places the recovery all the same.
    const pendingNightEnd = t('2026-11-20T11:15:00.000Z');
    expect(got).toEqual(
      [
        row('Sleep duration', '93832-4', 'h', '7.25', ...night),
        row('Respiratory rate', '9279-1', '/min', '15.2', ...night),
        row('Resting heart rate', '40443-4', '/min', '52', night[1], null),
        row('Heart rate variability RMSSD', null, 'ms', '38.5', night[1], null),
        row('Oxygen saturation', '59408-5', '%', '95.6875', night[1], null),
        row('Skin temperature', null, 'Cel', '33.7', night[1], null),
        row('Resting heart rate', '40443-4', '/min', '55', pendingNightEnd, null),
        row('Heart rate variability RMSSD', null, 'ms', '35', pendingNightEnd, null),
        row('Skin temperature', null, 'Cel', '33.1', pendingNightEnd, null),
        row('Exercise activity', '73985-4', null, 'Running', ...run),
        row('Heart rate', '8867-4', '/min', '142', ...run),
        row('Active energy burned', '41981-2', 'kcal', '350', ...run),
        row('Workout distance', null, 'm', '7250.5', ...run),
        row('Exercise activity', '73985-4', null, 'Weightlifting', ...lift),
        row('Heart rate', '8867-4', '/min', '118', ...lift),
        row('Active energy burned', '41981-2', 'kcal', '200', ...lift),
      ].sort(byIndicatorTimeValue),
    );
    // Each scored recovery's sleep was read for its end.
    expect(whoop.callsTo(`/developer/v2/activity/sleep/${NIGHT}`).length).toBeGreaterThanOrEqual(1);
  });

  it('refreshes short-lived tokens before each fetch, asking offline, storing each rotated refresh token', async () => {
    whoop.expiresIn = 120; // under the consumer's 5-minute margin: every job refreshes first
    try {
      const before = refreshCalls().length;
      const refusedBefore = whoop.refusedRefreshTokens.length;
      // Had HDS kept a spent refresh token, WHOOP's invalid_grant would have marked the link `error` mid-backfill.
      const { link } = await linkedUser();
      expect(link.status).toBe('linked');
      const refreshes = refreshCalls().slice(before);
      const accepted = refreshes.filter((c) => whoop.spentRefreshTokens.includes(tokenOf(c)));
      // Five steps: two sleep pages, the recoveries, the workouts, the body measurement.
      expect(accepted.length).toBeGreaterThanOrEqual(5);
      for (const call of refreshes) expect(new URLSearchParams(call.body).get('scope')).toBe('offline');
      // The only refused refreshes are the revoke of the previous link retrying a grant WHOOP already dropped.
      const issuedToThisLink = new Set(accepted.map(tokenOf));
      for (const token of whoop.refusedRefreshTokens.slice(refusedBefore))
        expect(issuedToThisLink.has(token)).toBe(false);
    } finally {
      whoop.expiresIn = 3600;
    }
  });
});

function tokenOf(call: { body: string }): string {
  return new URLSearchParams(call.body).get('refresh_token') ?? '';
}

describe('WHOOP webhooks', () => {
  let v1: ReturnType<typeof client>;
  let hook: string;
  const RUN = '0b1c2d3e-4f50-4617-8829-3a4b5c6d7e8f';
  const event = (type: string, id: string | number, trace = `trace-${Math.random()}`) => ({
    user_id: WHOOP_USER_ID,
    id,
    type,
    trace_id: trace,
  });
  const post = (delivery: { body: string; headers: Record<string, string> }) =>
    fetch(hook, { method: 'POST', body: delivery.body, headers: delivery.headers });
  /** The values of exactly this indicator (the API's filter also matches longer names that contain it). */
  const values = async (indicator: string) =>
    (
      (await v1.get(`/v1/data?limit=200&indicator=${encodeURIComponent(indicator)}`)).body.data as {
        indicator: string;
        value: string;
      }[]
    )
      .filter((r) => r.indicator === indicator)
      .map((r) => r.value)
      .sort();
  /** A new scored night, as WHOOP would serve it once its `sleep.updated` arrives. */
  const addNight = (id: string, asleepHours: number) => {
    const end = new Date(Date.now() - 2 * 3_600_000);
    const template = whoop.records.sleep.find((r) => r.id === NIGHT)!;
    const score = structuredClone(template.score) as { stage_summary: Record<string, number> };
    score.stage_summary.total_light_sleep_time_milli = asleepHours * 3_600_000;
    score.stage_summary.total_slow_wave_sleep_time_milli = 0;
    score.stage_summary.total_rem_sleep_time_milli = 0;
    whoop.records.sleep.push({
      ...template,
      id,
      start: new Date(end.getTime() - (asleepHours + 1) * 3_600_000).toISOString(),
      end: end.toISOString(),
      score,
    });
  };

  beforeAll(async () => {
    // The latest link of the WHOOP account owns its stream: this user's.
    v1 = (await linkedUser()).v1;
    hook = `${h.url}/api/v1/pulse/hds/webhook?provider=whoop`;
  }, 60_000);

  it('sleep.updated: answered 200 with no body, the sleep fetched and written; the replay fetches nothing', async () => {
    const id = '11111111-2222-4333-8444-555555555501';
    addNight(id, 6.5);
    const delivery = whoop.signedDelivery(event('sleep.updated', id));
    const res = await post(delivery);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('');
    await eventually(async () => (await values('Sleep duration')).includes('6.5'), { what: 'the new night' });
    expect(whoop.callsTo(`/developer/v2/activity/sleep/${id}`).length).toBe(1);

    const before = await values('Sleep duration');
    expect((await post(delivery)).status).toBe(200);
    await h.runtime.drainQueues();
    expect(whoop.callsTo(`/developer/v2/activity/sleep/${id}`).length).toBe(1);
    expect(await values('Sleep duration')).toEqual(before);
  });

  it('recovery.updated names the cycle: the recovery fetched by cycle and rewritten in place', async () => {
    const recovery = whoop.records.recovery.find((r) => r.cycle_id === 93845)!;
    (recovery.score as Record<string, number>).resting_heart_rate = 49;
    const before = await values('Resting heart rate');
    expect(before).toContain('52');
    expect((await post(whoop.signedDelivery(event('recovery.updated', 93845)))).status).toBe(200);
    await eventually(async () => (await values('Resting heart rate')).includes('49'), { what: 'the new rhr' });
    expect(await values('Resting heart rate')).toEqual(before.map((v) => (v === '52' ? '49' : v)).sort());
    expect(whoop.callsTo('/developer/v2/cycle/93845/recovery').length).toBe(1);
  });

  it('workout.deleted removes exactly that workout’s rows', async () => {
    expect(await values('Workout distance')).toEqual(['7250.5']);
    expect(await values('Exercise activity')).toEqual(['Running', 'Weightlifting']);
    expect((await post(whoop.signedDelivery(event('workout.deleted', RUN)))).status).toBe(200);
    await eventually(async () => (await values('Workout distance')).length === 0, { what: 'the run deleted' });
    expect(await values('Exercise activity')).toEqual(['Weightlifting']);
    expect(await values('Heart rate')).toEqual(['118']);
  });

  const forged: [string, (d: { body: string; headers: Record<string, string> }) => void][] = [
    ['signed with another secret', () => undefined],
    [
      'a flipped body byte',
      (d) => {
        d.body = d.body.replace('sleep.updated', 'sleep.updatee');
      },
    ],
    [
      'a truncated signature',
      (d) => {
        d.headers['x-whoop-signature'] = d.headers['x-whoop-signature']!.slice(0, 30);
      },
    ],
    [
      'a signature that is not base64',
      (d) => {
        d.headers['x-whoop-signature'] = '!'.repeat(44);
      },
    ],
    ['no signature header', (d) => void delete d.headers['x-whoop-signature']],
    ['no timestamp header', (d) => void delete d.headers['x-whoop-signature-timestamp']],
    [
      'a timestamp in seconds, not ms',
      (d) => {
        d.headers['x-whoop-signature-timestamp'] = String(Math.floor(Date.now() / 1000));
      },
    ],
  ];
  it.each(forged)('refuses a delivery with %s: 401, nothing fetched or stored', async (name, tamper) => {
    const id = '11111111-2222-4333-8444-555555555599';
    if (!whoop.records.sleep.some((r) => r.id === id)) addNight(id, 3.75);
    const delivery = whoop.signedDelivery(
      event('sleep.updated', id),
      name === 'signed with another secret' ? { secret: 'not-the-client-secret' } : {},
    );
    tamper(delivery);
    const res = await post(delivery);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ success: false, code: -1, msg: 'signature does not verify' });
    await h.runtime.drainQueues();
    expect(whoop.callsTo(`/developer/v2/activity/sleep/${id}`).length).toBe(0);
    expect(await values('Sleep duration')).not.toContain('3.75');
  });

  it('refuses a delivery signed over a timestamp 301 s old or ahead', async () => {
    const id = '11111111-2222-4333-8444-555555555599';
    for (const skew of [-301_000, 301_000]) {
      const res = await post(whoop.signedDelivery(event('sleep.updated', id), { timestamp: Date.now() + skew }));
      expect(res.status, String(skew)).toBe(401);
    }
    await h.runtime.drainQueues();
    expect(whoop.callsTo(`/developer/v2/activity/sleep/${id}`).length).toBe(0);
  });

  it('answers a signed event of another WHOOP user 200 and fetches nothing', async () => {
    const id = '11111111-2222-4333-8444-555555555598';
    const res = await post(whoop.signedDelivery({ ...event('sleep.updated', id), user_id: 777 }));
    expect(res.status).toBe(200);
    await h.runtime.drainQueues();
    expect(whoop.callsTo(`/developer/v2/activity/sleep/${id}`).length).toBe(0);
  });
});

describe('unlinking WHOOP', () => {
  it('revokes the grant at WHOOP, deletes the link and its map, keeps the readings, ignores later webhooks', async () => {
    const { api, v1 } = await linkedUser();
    await h.runtime.drainQueues();
    const mapping = await h.runtime.services.pulseLinks.findProviderUser('whoop', String(WHOOP_USER_ID));
    const rowsBefore = (await v1.get('/v1/data?limit=200')).body.data.length;
    expect(rowsBefore).toBeGreaterThan(0);
    const revokedBefore = whoop.revoked.length;

    const res = await api.post('/api/v1/pulse/user/providers/unlink', { provider: 'whoop' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ success: true, message: 'whoop unlinked', provider_slug: 'whoop' });
    await eventually(() => whoop.revoked.length === revokedBefore + 1, { what: 'the revoke at WHOOP' });
    expect(await rawLinkItem(h, mapping!.subjectId, 'whoop')).toBeUndefined();
    expect(await h.runtime.services.pulseLinks.findProviderUser('whoop', String(WHOOP_USER_ID))).toBeNull();
    expect((await api.get('/api/v1/pulse/user/providers')).body.data.providers).toEqual([]);
    expect((await v1.get('/v1/data?limit=200')).body.data.length).toBe(rowsBefore);

    const id = 'ecfc6a15-4661-442f-a9a4-f160dd7afae8';
    const fetched = whoop.callsTo(`/developer/v2/activity/sleep/${id}`).length;
    const delivery = whoop.signedDelivery({ user_id: WHOOP_USER_ID, id, type: 'sleep.updated', trace_id: 'after' });
    const hook = await fetch(`${h.url}/api/v1/pulse/hds/webhook?provider=whoop`, { method: 'POST', ...delivery });
    expect(hook.status).toBe(200);
    await h.runtime.drainQueues();
    expect(whoop.callsTo(`/developer/v2/activity/sleep/${id}`).length).toBe(fetched);
  }, 60_000);
});

function refreshCalls() {
  return whoop
    .callsTo('/oauth/oauth2/token')
    .filter((c) => new URLSearchParams(c.body).get('grant_type') === 'refresh_token');
}
