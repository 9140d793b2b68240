import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, type Harness } from '../support/harness';
import { eventually } from '../support/polling';
import {
  apiKeyClient,
  backfillDone,
  byIndicatorTimeValue,
  consentCallback,
  followCallback,
  LINK_PATH as LINK,
  LOOSE_RATE_LIMITS,
  linkThroughConsent,
  pickReading,
  RETURN_URL,
  rawLinkItem as rawLinkItemOf,
  readingRowsOf,
  signedInUser,
  startWithProviders,
  stopWithProviders,
} from '../support/pulse-flow';
import {
  GARMIN_CONSUMER_KEY,
  GARMIN_CONSUMER_SECRET,
  GARMIN_USER_ID,
  GARMIN_WEBHOOK_TOKEN,
  GarminServer,
  garminEnv,
  garminSampleDocuments,
} from '../support/pulse-server-garmin';
import { signIn } from '../support/sign-in';

/**
 * Garmin through `/api/v1/pulse` (design wearables §3.5, §4.6, §6, §7, §15) over real HTTP against the local Garmin
 * server: both OAuth 1.0a legs signed and verified there (a wrong signature fails the link), the callback found by the
 * request token's pointer, the backfill asked (202) and its pings pulled into `GET /v1/data`, pings without the app
 * token refused, foreign `callbackURL`s dropped, and unlink deregistering the user.
 */
let h: Harness;
let garmin: GarminServer;
let shiftDays = 0;
let n = 0;
const email = () => `garmin${++n}-${Date.now()}@example.org`;

beforeAll(async () => {
  garmin = new GarminServer();
  const sample = garminSampleDocuments(new Date());
  garmin.documents = sample.documents;
  shiftDays = sample.shiftDays;
  h = await startWithProviders([garmin], () => ({
    env: {
      ...garminEnv(garmin),
      HDS_RATE_LIMITS: LOOSE_RATE_LIMITS,
      HDS_PULSE_RETURN_URLS: RETURN_URL,
      // Garmin's default 60 a minute for the whole app would make this file's links wait on each other.
      HDS_PULSE_PACE_GARMIN: '60:1000',
    },
  }));
  garmin.webhookUrl = hook();
}, 60_000);
afterAll(() => stopWithProviders(h, [garmin]));

const hook = (t: string | null = GARMIN_WEBHOOK_TOKEN) =>
  `${h.url}/api/v1/pulse/hds/webhook?provider=garmin${t === null ? '' : `&t=${encodeURIComponent(t)}`}`;

const rawLinkItem = (subjectId: string) => rawLinkItemOf(h, subjectId, 'garmin');
const row = readingRowsOf('garmin');

/** Consent at Garmin: `oauthConfirm` answers 302 to HDS's callback with `oauth_token` and `oauth_verifier`. */
async function consent(linkWebUrl: string): Promise<{ callback: string; back: Response }> {
  const callback = await consentCallback(h, 'garmin', linkWebUrl);
  return { callback, back: await followCallback(callback) };
}

/** A user linked to their own Garmin account, with an API key of their HDS account. */
async function linkedUser(garminUserId = `${GARMIN_USER_ID}-${++n}`) {
  garmin.nextUserId = garminUserId;
  const { api } = await signedInUser(h, email());
  const v1 = await apiKeyClient(h, api, 'garmin test');
  await linkThroughConsent(h, api, 'garmin', RETURN_URL);
  const mapping = await h.runtime.services.pulseLinks.findProviderUser('garmin', garminUserId);
  expect(mapping).not.toBeNull();
  return { api, v1, garminUserId, subjectId: mapping!.subjectId };
}

/** Waits until the link's backfill requests, Garmin's pings and HDS's pulls are all done. */
async function quiet(api: ReturnType<typeof client>): Promise<void> {
  await backfillDone(api, 'garmin', { timeoutMs: 30_000, what: 'the backfill requests' });
  await garmin.settled();
  await h.runtime.drainQueues();
}

describe('Garmin in the provider list', () => {
  it('is supported and OAuth 1.0a', async () => {
    const user = await signIn(h, email());
    const res = await client(h.url, user.access_token).get('/api/v1/pulse/providers');
    const entry = res.body.data.providers.find((p: { slug: string }) => p.slug === 'garmin');
    expect(entry).toMatchObject({ name: 'Garmin', supported: true, auth_type: 'oauth1', status: 'not_linked' });
  });
});

describe('linking Garmin', () => {
  it('gets a request token by a signed POST naming HDS’s callback, and answers Garmin’s consent URL with it', async () => {
    const user = await signIn(h, email());
    const res = await client(h.url, user.access_token).post(LINK, { provider: 'garmin' });
    expect(res.status).toBe(200);
    const url = new URL(res.body.data.link_web_url);
    expect(`${url.origin}${url.pathname}`).toBe(`${garmin.baseUrl}/oauthConfirm`);
    expect(url.searchParams.get('oauth_token')).toMatch(/^garmin-rt-/);
    expect(url.searchParams.get('oauth_callback')).toBe(`${h.url}/api/v1/pulse/hds/garmin/callback`);
    const leg = garmin.callsTo('/oauth-service/oauth/request_token').at(-1)!;
    expect(leg.method).toBe('POST');
    expect(leg.headers.authorization).toContain(`oauth_consumer_key="${GARMIN_CONSUMER_KEY}"`);
    expect(leg.headers.authorization).toContain('oauth_signature_method="HMAC-SHA1"');
    expect(leg.headers.authorization).toContain(
      `oauth_callback="${encodeURIComponent(`${h.url}/api/v1/pulse/hds/garmin/callback`)}"`,
    );
  });

  it('fails the link when the access-token leg’s signature does not verify at Garmin, storing nothing', async () => {
    garmin.nextUserId = `${GARMIN_USER_ID}-badsig`;
    const { api } = await signedInUser(h, email());
    const started = await api.post(LINK, { provider: 'garmin', return_url: RETURN_URL });
    const refused = garmin.refusedSignatures.length;
    garmin.consumerSecret = 'a-secret-hds-does-not-have';
    try {
      const { back } = await consent(started.body.data.link_web_url);
      expect(back.headers.get('location')).toBe(`${RETURN_URL}?provider=garmin&status=error`);
    } finally {
      garmin.consumerSecret = GARMIN_CONSUMER_SECRET;
    }
    expect(garmin.refusedSignatures.slice(refused)).toEqual(['/oauth-service/oauth/access_token']);
    expect((await api.get('/api/v1/pulse/user/providers')).body.data.providers).toEqual([]);
    expect(await h.runtime.services.pulseLinks.findProviderUser('garmin', `${GARMIN_USER_ID}-badsig`)).toBeNull();
  });

  it('finds the attempt by the request token once: a replayed callback is the expired page', async () => {
    garmin.nextUserId = `${GARMIN_USER_ID}-replay`;
    const user = await signIn(h, email());
    const started = await client(h.url, user.access_token).post(LINK, { provider: 'garmin' });
    const { callback, back } = await consent(started.body.data.link_web_url);
    expect(back.status).toBe(200);
    expect(await back.text()).toContain('Garmin is connected');
    const exchanges = garmin.callsTo('/oauth-service/oauth/access_token').length;
    const replay = await followCallback(callback);
    expect(replay.status).toBe(400);
    expect(await replay.text()).toContain('This link has expired');
    expect(garmin.callsTo('/oauth-service/oauth/access_token').length).toBe(exchanges);
  });

  it('links, seals the token and its secret, asks the backfill and pulls the pings into GET /v1/data', async () => {
    const { api, v1, subjectId, garminUserId } = await linkedUser();
    const exchange = garmin.callsTo('/oauth-service/oauth/access_token').at(-1)!;
    expect(exchange.headers.authorization).toMatch(/oauth_verifier="[0-9a-f]{16}"/);
    expect(exchange.headers.authorization).toMatch(/oauth_token="garmin-rt-/);

    const item = await rawLinkItem(subjectId);
    expect(item).toMatchObject({ provider: 'garmin', status: 'linked', providerUserId: garminUserId });
    const stored = JSON.stringify(item);
    for (const secret of garmin.issued) expect(stored).not.toContain(secret);
    expect(stored).not.toContain(GARMIN_CONSUMER_SECRET);

    await backfillDone(api, 'garmin', { timeoutMs: 30_000, what: 'the Garmin backfill requests' });
    // Every summary type asked, each window within Garmin's limit (the server answers 400 past it) and signed.
    const asked = garmin.calls.filter((c) => c.path.startsWith('/wellness-api/rest/backfill/'));
    expect(new Set(asked.map((c) => c.path.split('/').at(-1)))).toEqual(
      new Set(['dailies', 'sleeps', 'hrv', 'pulseox', 'bodyComps', 'activities']),
    );
    await garmin.settled();
    await h.runtime.drainQueues();
    expect(garmin.pingAnswers.every((s) => s === 200)).toBe(true);

    const rows = await eventually(
      async () => {
        const data = (await v1.get('/v1/data?limit=200')).body.data as Record<string, unknown>[];
        return data.length >= 16 && data;
      },
      { timeoutMs: 20_000, what: 'the pulled summaries' },
    );
    const day = [s('2026-11-18T23:00:00.000Z'), s('2026-11-19T23:00:00.000Z')] as const;
    const run = [s('2026-11-19T16:00:00.000Z'), s('2026-11-19T16:45:00.000Z')] as const;
    const lift = [s('2026-11-20T12:00:00.000Z'), s('2026-11-20T12:40:00.000Z')] as const;
    const weighed = s('2026-11-19T07:00:00.000Z');
    expect(rows.map(pickReading).sort(byIndicatorTimeValue)).toEqual(
      [
        row('Daily steps', '41950-7', '{steps}', '11250', ...day),
        row('Active energy burned', '41981-2', 'kcal', '540', ...day),
        row('Resting heart rate', '40443-4', '/min', '54', ...day),
        row('Sleep duration', '93832-4', 'h', '7.25', s('2026-11-18T22:30:00.000Z'), s('2026-11-19T06:30:00.000Z')),
        row('Heart rate variability RMSSD', null, 'ms', '44', ...day),
        row('Oxygen saturation', '59408-5', '%', '95.5', ...day),
        row('Body weight', '29463-7', 'kg', '72.34', weighed, null),
        row('Body fat percentage', '41982-0', '%', '21.3', weighed, null),
        row('Body mass index', '39156-5', 'kg/m2', '22.9', weighed, null),
        row('Exercise activity', '73985-4', null, 'Running', ...run),
        row('Active energy burned', '41981-2', 'kcal', '480', ...run),
        row('Workout distance', null, 'm', '7800.2', ...run),
        row('Heart rate', '8867-4', '/min', '148', ...run),
        row('Exercise activity', '73985-4', null, 'Strength training', ...lift),
        row('Active energy burned', '41981-2', 'kcal', '210', ...lift),
        row('Heart rate', '8867-4', '/min', '112', ...lift),
      ].sort(byIndicatorTimeValue),
    );
  });
});

describe('Garmin pings', () => {
  const ping = (userId: string, url: string) => ({ dailies: [{ userId, callbackURL: url }] });

  it('are refused without the app token or with another, and nothing is pulled', async () => {
    const { api, garminUserId } = await linkedUser();
    await quiet(api);
    const calls = garmin.calls.length;
    const body = ping(garminUserId, `${garmin.baseUrl}/wellness-api/rest/dailies?token=pull-forged`);
    expect(await garmin.ping(body, hook(null))).toBe(401);
    expect(await garmin.ping(body, hook('not-the-token'))).toBe(401);
    await h.runtime.drainQueues();
    expect(garmin.calls.length).toBe(calls);
  });

  it('drop a callbackURL of another host (the fixture ping), pull the allowed one once, and skip a replay', async () => {
    const { api, garminUserId } = await linkedUser(GARMIN_USER_ID);
    await quiet(api);
    const fixture = readFileSync(new URL('../fixtures/pulse/garmin/ping.json', import.meta.url), 'utf8');
    // The fixture names apis.garmin.com; here Garmin's API is the local server.
    const body = fixture.replaceAll('https://apis.garmin.com', garmin.baseUrl);
    expect(garminUserId).toBe(GARMIN_USER_ID);
    const before = garmin.calls.length;
    expect(await garmin.ping(body)).toBe(200);
    await h.runtime.drainQueues();
    // The two pulls of apis.garmin.com's items reached Garmin (their fixture tokens are unknown there: 400), the
    // attacker.example item never left HDS.
    const pulls = garmin.calls.slice(before).map((c) => c.path);
    expect(pulls.sort()).toEqual(['/wellness-api/rest/dailies', '/wellness-api/rest/sleeps']);
    expect(await garmin.ping(body)).toBe(200);
    await h.runtime.drainQueues();
    expect(garmin.calls.length).toBe(before + 2);
  });
});

describe('a Garmin deregistration ping', () => {
  it('ends the link: tokens dropped, the map gone, the list showing error', async () => {
    const { api, subjectId, garminUserId } = await linkedUser();
    await quiet(api);
    const fixture = JSON.parse(
      readFileSync(new URL('../fixtures/pulse/garmin/deregistration.json', import.meta.url), 'utf8'),
    ) as { deregistrations: Record<string, unknown>[] };
    const body = { deregistrations: fixture.deregistrations.map((d) => ({ ...d, userId: garminUserId })) };
    expect(await garmin.ping(body)).toBe(200);
    await eventually(async () => (await rawLinkItem(subjectId))?.tokens === null, { what: 'the tokens dropped' });
    expect((await api.get('/api/v1/pulse/user/providers')).body.data.providers[0]).toMatchObject({ status: 'error' });
    // The link's status is written before its provider-user map is removed (sync.ts markDeauthorized): wait for both.
    await eventually(
      async () => (await h.runtime.services.pulseLinks.findProviderUser('garmin', garminUserId)) === null,
      {
        what: 'the provider-user map removed',
      },
    );
  });
});

describe('unlinking Garmin', () => {
  it('deregisters the user at Garmin with a signed DELETE and removes the link; readings stay', async () => {
    const { api, v1, subjectId, garminUserId } = await linkedUser();
    await quiet(api);
    const rows = (await v1.get('/v1/data?limit=200')).body.data.length;
    const res = await api.post('/api/v1/pulse/user/providers/unlink', { provider: 'garmin' });
    expect(res.status).toBe(200);
    await eventually(() => garmin.deregistered.includes(garminUserId), { what: 'the deregistration at Garmin' });
    const call = garmin.callsTo('/wellness-api/rest/user/registration').at(-1)!;
    expect(call.method).toBe('DELETE');
    expect(call.headers.authorization).toMatch(/oauth_token="garmin-at-/);
    expect(await rawLinkItem(subjectId)).toBeUndefined();
    expect((await v1.get('/v1/data?limit=200')).body.data.length).toBe(rows);
  });
});

/** A fixture instant moved by the days the fixtures were moved. */
function s(iso: string): string {
  return new Date(Date.parse(iso) + shiftDays * 86_400_000).toISOString();
}
