import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, type Harness } from '../support/harness';
import {
  apiKeyClient,
  backfillDone,
  byIndicatorTimeValue,
  consent as consentAt,
  LINK_PATH as LINK,
  pickReading,
  RETURN_URL,
  rawLinkItem,
  readingRowsOf,
  signedInUser,
  startWithProviders,
  stopWithProviders,
} from '../support/pulse-flow';
import { OURA_CLIENT_SECRET, OURA_USER_ID, OuraServer, ouraEnv, ouraSampleDocuments } from '../support/pulse-servers';
import { signIn } from '../support/sign-in';

/**
 * Linking a wearable provider through `/api/v1/pulse` (design wearables §6, §15) over real HTTP, against the local
 * Oura server: the lists, the consent round trip, the sealed tokens at rest, the backfill into `GET /v1/data`.
 */
let h: Harness;
let oura: OuraServer;
let jwt: string;
let n = 0;
/** Exercise activity, added to the corpus for workouts (design §4.7). */
const EXERCISE_ACTIVITY_CODE = '73985-4';
const email = () => `pulse${++n}-${Date.now()}@example.org`;

beforeAll(async () => {
  oura = new OuraServer();
  oura.documents = ouraSampleDocuments(new Date());
  h = await startWithProviders([oura], () => ({
    env: {
      ...ouraEnv(oura),
      HDS_RATE_LIMITS: 'login-code=1000,verify-code=1000',
      HDS_PULSE_RETURN_URLS: RETURN_URL,
    },
  }));
  jwt = (await signIn(h, email())).access_token;
}, 60_000);
afterAll(() => stopWithProviders(h, [oura]));

describe('the provider lists', () => {
  it('lists the five providers, Oura supported and not linked, the unconfigured ones unavailable, Apple uploaded', async () => {
    const res = await client(h.url, jwt).get('/api/v1/pulse/providers');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, code: 0, msg: 'ok' });
    const bySlug = Object.fromEntries(res.body.data.providers.map((p: { slug: string }) => [p.slug, p]));
    expect(Object.keys(bySlug)).toEqual(['oura', 'whoop', 'withings', 'fitbit', 'garmin', 'apple']);
    expect(bySlug.oura).toMatchObject({
      name: 'Oura',
      platform: 'hds',
      supported: true,
      auth_type: 'oauth2',
      status: 'not_linked',
    });
    expect(bySlug.oura.capabilities).toContain('sleep');
    expect(bySlug.garmin).toMatchObject({ supported: false, status: 'unavailable', auth_type: 'oauth1' });
    expect(bySlug.apple).toMatchObject({ platform: 'apple', supported: true, auth_type: 'file_upload' });
  });

  it('names the configured providers, and no credential, in GET /api/health', async () => {
    const res = await client(h.url).get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body.pulse_providers).toEqual(['oura']);
    expect(JSON.stringify(res.body)).not.toContain(OURA_CLIENT_SECRET);
  });

  it('lists no links for a user who made none', async () => {
    const res = await client(h.url, jwt).get('/api/v1/pulse/user/providers');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ providers: [] });
  });

  it('refuses both lists without a token, in the envelope', async () => {
    for (const path of ['/api/v1/pulse/providers', '/api/v1/pulse/user/providers']) {
      const res = await client(h.url).get(path);
      expect(res.status, path).toBe(401);
      expect(res.body, path).toMatchObject({ success: false, code: -1 });
    }
  });
});

const consent = (linkWebUrl: string) => consentAt(h, 'oura', linkWebUrl);
const row = readingRowsOf('oura');

describe('linking Oura', () => {
  it('answers Oura’s consent URL naming the client, HDS’s callback, the scopes and a state', async () => {
    const res = await client(h.url, jwt).post(LINK, { provider: 'oura' });
    expect(res.status).toBe(200);
    const url = new URL(res.body.data.link_web_url);
    expect(`${url.origin}${url.pathname}`).toBe(`${oura.baseUrl}/oauth/authorize`);
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('client_id')).toBe('oura-test-client');
    expect(url.searchParams.get('redirect_uri')).toBe(`${h.url}/api/v1/pulse/hds/oura/callback`);
    expect(url.searchParams.get('scope')).toBe('personal daily heartrate workout spo2');
    expect(url.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('links through consent and the callback: tokens sealed at rest, the map written, the link listed', async () => {
    const { api } = await signedInUser(h, email());
    const started = await api.post(LINK, { provider: 'oura', platform: 'hds', return_url: RETURN_URL });
    const back = await consent(started.body.data.link_web_url);
    expect(back.status).toBe(302);
    expect(back.headers.get('location')).toBe(`${RETURN_URL}?provider=oura&status=linked`);

    const mapping = await h.runtime.services.pulseLinks.findProviderUser('oura', OURA_USER_ID);
    expect(mapping).not.toBeNull();
    const item = await rawLinkItem(h, mapping!.subjectId, 'oura');
    expect(item).toMatchObject({ kind: 'pulse-link', provider: 'oura', status: 'linked', linkId: mapping!.linkId });
    expect(item!.tokens).toMatchObject({ v: 1, kek: 'file' });
    const stored = JSON.stringify(item);
    expect(oura.issued.length).toBeGreaterThanOrEqual(2);
    for (const token of oura.issued) expect(stored).not.toContain(token);
    expect(stored).not.toContain(OURA_CLIENT_SECRET);

    const listed = await api.get('/api/v1/pulse/user/providers');
    expect(listed.body.data.providers).toEqual([
      expect.objectContaining({
        slug: 'oura',
        platform: 'hds',
        status: 'linked',
        provider_user_id_hint: OURA_USER_ID.slice(-4),
        scopes: ['personal', 'daily', 'heartrate', 'workout', 'spo2'],
      }),
    ]);
    const catalog = await api.get('/api/v1/pulse/providers');
    expect(catalog.body.data.providers.find((p: { slug: string }) => p.slug === 'oura').status).toBe('linked');
  });

  it('shows its own page without a return_url, and refuses the same callback a second time', async () => {
    const user = await signIn(h, email());
    const started = await client(h.url, user.access_token).post(LINK, { provider: 'oura' });
    const atProvider = await fetch(started.body.data.link_web_url, { redirect: 'manual' });
    const callback = atProvider.headers.get('location')!;
    const first = await fetch(callback, { redirect: 'manual' });
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toContain('text/html');
    expect(await first.text()).toContain('Oura is connected. You can close this window.');
    const tokenCalls = oura.callsTo('/oauth/token').length;
    const replay = await fetch(callback, { redirect: 'manual' });
    expect(replay.status).toBe(400);
    expect(await replay.text()).toContain('This link has expired');
    expect(oura.callsTo('/oauth/token').length).toBe(tokenCalls);
  });

  it('sends the user back with status=denied when they decline at Oura, storing nothing', async () => {
    const { api } = await signedInUser(h, email());
    const started = await api.post(LINK, { provider: 'oura', return_url: RETURN_URL });
    oura.denyNext = true;
    const back = await consent(started.body.data.link_web_url);
    expect(back.status).toBe(302);
    expect(back.headers.get('location')).toBe(`${RETURN_URL}?provider=oura&status=denied`);
    expect((await api.get('/api/v1/pulse/user/providers')).body.data.providers).toEqual([]);
  });
});

describe('link requests refused, in the envelope, naming the field', () => {
  const cases: [string, unknown, number, RegExp][] = [
    ['no provider', {}, 400, /provider/],
    ['an unknown provider', { provider: 'polar' }, 400, /provider must be one of/],
    ['a provider not configured here', { provider: 'garmin' }, 400, /`garmin` is not configured on this deployment/],
    ['Apple Health', { provider: 'apple', platform: 'apple' }, 400, /upload export\.zip/],
    ['another platform', { provider: 'oura', platform: 'theta' }, 400, /platform must be/],
    ['a return_url not allowed', { provider: 'oura', return_url: 'https://evil.example/' }, 400, /return_url/],
    ['a return_url that is no URL', { provider: 'oura', return_url: 'not a url' }, 400, /return_url/],
    ['a provider of the wrong type', { provider: 7 }, 400, /provider/],
  ];
  it.each(cases)('%s', async (_name, body, status, msg) => {
    const res = await client(h.url, jwt).post(LINK, body);
    expect(res.status).toBe(status);
    expect(res.body).toMatchObject({ success: false, code: -1 });
    expect(res.body.msg).toMatch(msg);
  });

  it('refuses a body that is not an object, and no token', async () => {
    expect((await client(h.url, jwt).post(LINK, '[1]')).status).toBe(400);
    expect((await client(h.url).post(LINK, { provider: 'oura' })).status).toBe(401);
  });

  it('answers 404 for a callback on another platform, and the expired page for a missing state', async () => {
    expect((await fetch(`${h.url}/api/v1/pulse/theta/oura/callback?code=x&state=y`)).status).toBe(404);
    const missing = await fetch(`${h.url}/api/v1/pulse/hds/oura/callback?code=x`);
    expect(missing.status).toBe(400);
    expect(await missing.text()).toContain('This link has expired');
  });
});

describe('the backfill after a link', () => {
  it('fetches every Oura collection, paged, into GET /v1/data and marks the backfill done', async () => {
    const { api } = await signedInUser(h, email());
    const v1 = await apiKeyClient(h, api, 'pulse test');
    const started = await api.post(LINK, { provider: 'oura' });
    expect((await consent(started.body.data.link_web_url)).status).toBe(200);

    const link = await backfillDone(api, 'oura', { what: 'the backfill to finish' });
    expect(link.backfill.through).not.toBeNull();
    // Two documents a page: the three activity days took a second page.
    expect(oura.callsTo('/v2/usercollection/daily_activity').map((c) => c.query.get('next_token'))).toContain('2');

    const rows = (await v1.get('/v1/data?limit=100')).body.data as Record<string, unknown>[];
    const d = (offset: number) => new Date(Date.UTC(...utcDay(offset))).toISOString();
    const got = rows.map(pickReading).sort(byIndicatorTimeValue);
    expect(got).toEqual(
      [
        row('Active energy burned', '41981-2', 'kcal', '410', d(-3), d(-2)),
        row('Active energy burned', '41981-2', 'kcal', '520', d(-2), d(-1)),
        row('Active energy burned', '41981-2', 'kcal', '615', d(-1), d(0)),
        row('Active energy burned', '41981-2', 'kcal', '320', at(-2, 7), at(-2, 8)),
        row('Daily steps', '41950-7', '{steps}', '8000', d(-3), d(-2)),
        row('Daily steps', '41950-7', '{steps}', '9100', d(-2), d(-1)),
        row('Daily steps', '41950-7', '{steps}', '10250', d(-1), d(0)),
        row('Exercise activity', EXERCISE_ACTIVITY_CODE, null, 'Running', at(-2, 7), at(-2, 8)),
        row('Heart rate', '8867-4', '/min', '65', d(-1), d(0)),
        row('Heart rate', '8867-4', '/min', '54.5', at(-3, 23), at(-2, 6.5)),
        row('Heart rate variability RMSSD', null, 'ms', '48', at(-3, 23), at(-2, 6.5)),
        row('Oxygen saturation', '59408-5', '%', '97.2', d(-1), d(0)),
        row('Sleep duration', '93832-4', 'h', '7', at(-3, 23), at(-2, 6.5)),
        row('Workout distance', null, 'm', '5200', at(-2, 7), at(-2, 8)),
      ].sort(byIndicatorTimeValue),
    );
  });
});

function utcDay(offset: number): [number, number, number] {
  const t = new Date(Date.now() + offset * 86_400_000);
  return [t.getUTCFullYear(), t.getUTCMonth(), t.getUTCDate()];
}

function at(offset: number, hours: number): string {
  return new Date(Date.UTC(...utcDay(offset)) + hours * 3_600_000).toISOString();
}
