import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withingsLinkToken } from '../../shared/domain/pulse/signatures';
import { client, type Harness } from '../support/harness';
import { eventually } from '../support/polling';
import {
  apiKeyClient,
  backfillDone,
  byIndicatorTimeValue,
  consentCallback,
  expectCodeFlowConsent,
  followCallback,
  LINK_PATH as LINK,
  LOOSE_RATE_LIMITS,
  pickReading,
  RETURN_URL,
  rawLinkItem,
  readingRowsOf,
  signedInUser,
  startWithProviders,
  stopWithProviders,
} from '../support/pulse-flow';
import {
  WITHINGS_CLIENT_SECRET,
  WITHINGS_USER_ID,
  WithingsServer,
  withingsEnv,
  withingsFixtureData,
  withingsFixtureShiftSeconds,
} from '../support/pulse-server-withings';
import { signIn } from '../support/sign-in';

/**
 * Withings through `/api/v1/pulse` (design wearables §3.3, §4.4, §15) over real HTTP against the local Withings
 * server: the providers list, consent → callback within the code's 30 s, errors as HTTP 200 with a `status`, tokens
 * sealed, the backfill of measures, activity, workouts and sleep into `GET /v1/data`, refresh on a `status: 401`.
 */
let h: Harness;
let withings: WithingsServer;
let n = 0;
const now = new Date();
const email = () => `withings${++n}-${Date.now()}@example.org`;
const WEBHOOK_KEY = 'withings-test-webhook-key';
/** A fixture instant (ISO) as the server serves it today, moved by whole days. */
const t = (iso: string) => new Date(Date.parse(iso) + withingsFixtureShiftSeconds(now) * 1000).toISOString();

beforeAll(async () => {
  withings = new WithingsServer();
  withings.data = withingsFixtureData(now);
  h = await startWithProviders([withings], () => ({
    env: {
      ...withingsEnv(withings),
      HDS_RATE_LIMITS: LOOSE_RATE_LIMITS,
      HDS_PULSE_RETURN_URLS: RETURN_URL,
      HDS_PULSE_WITHINGS_WEBHOOK_TOKEN: WEBHOOK_KEY,
    },
  }));
}, 60_000);
afterAll(() => stopWithProviders(h, [withings]));

/** Opens the consent URL (Withings answers 302) and, after `waitMs` on Withings' clock, follows it to HDS. */
async function consent(linkWebUrl: string, waitMs = 0): Promise<Response> {
  const callback = await consentCallback(h, 'withings', linkWebUrl);
  withings.advance(waitMs);
  return followCallback(callback);
}

const row = readingRowsOf('withings');

async function linkedUser() {
  const { api } = await signedInUser(h, email());
  const v1 = await apiKeyClient(h, api, 'withings test');
  const started = await api.post(LINK, { provider: 'withings', return_url: RETURN_URL });
  expect(started.status).toBe(200);
  const back = await consent(started.body.data.link_web_url);
  expect(back.headers.get('location')).toBe(`${RETURN_URL}?provider=withings&status=linked`);
  const link = await backfillDone(api, 'withings', { what: 'the Withings backfill to finish' });
  await h.runtime.drainQueues();
  const mapping = await h.runtime.services.pulseLinks.findProviderUser('withings', WITHINGS_USER_ID);
  return { api, v1, link, linkId: mapping!.linkId, subjectId: mapping!.subjectId };
}

/** The callback URL a link subscribes: HDS's webhook path with the link's token `t`. */
const callbackFor = (linkId: string, key = WEBHOOK_KEY) =>
  `${h.url}/api/v1/pulse/hds/webhook?provider=withings&t=${withingsLinkToken(key, linkId)}`;

describe('linking Withings', () => {
  it('is listed supported, OAuth 2, not linked', async () => {
    const user = await signIn(h, email());
    const res = await client(h.url, user.access_token).get('/api/v1/pulse/providers');
    const entry = res.body.data.providers.find((p: { slug: string }) => p.slug === 'withings');
    expect(entry).toMatchObject({ name: 'Withings', supported: true, auth_type: 'oauth2', status: 'not_linked' });
    expect(entry.capabilities).toEqual(expect.arrayContaining(['body', 'activity', 'sleep']));
  });

  it('answers Withings’ consent URL: client, HDS’s callback, comma-separated scopes, a state', async () => {
    const user = await signIn(h, email());
    const res = await client(h.url, user.access_token).post(LINK, { provider: 'withings' });
    expect(res.status).toBe(200);
    const query = expectCodeFlowConsent(h, 'withings', res.body.data.link_web_url, {
      authorizeUrl: `${withings.baseUrl}/oauth2_user/authorize2`,
      clientId: 'withings-test-client',
    });
    expect(query.get('scope')).toBe('user.metrics,user.activity');
  });

  it('links: requesttoken with the form credentials, the token answer’s userid mapped, no plaintext at rest', async () => {
    const before = withings.callsTo('/v2/oauth2').length;
    await linkedUser();
    const exchange = new URLSearchParams(withings.callsTo('/v2/oauth2')[before]!.body);
    expect(exchange.get('action')).toBe('requesttoken');
    expect(exchange.get('grant_type')).toBe('authorization_code');
    expect(exchange.get('client_secret')).toBe(WITHINGS_CLIENT_SECRET);
    const mapping = await h.runtime.services.pulseLinks.findProviderUser('withings', WITHINGS_USER_ID);
    expect(mapping).not.toBeNull();
    const item = await rawLinkItem(h, mapping!.subjectId, 'withings');
    expect(item).toMatchObject({ provider: 'withings', status: 'linked', tokens: { v: 1, kek: 'file' } });
    const stored = JSON.stringify(item);
    for (const token of withings.issued) expect(stored).not.toContain(token);
    expect(stored).not.toContain(WITHINGS_CLIENT_SECRET);
    // The subscriptions are kept as appli → link id; the link's `t` (a credential) is not stored.
    expect(item!.subscriptions).toEqual({ 1: item!.linkId, 4: item!.linkId, 16: item!.linkId, 44: item!.linkId });
    expect(stored).not.toContain(withingsLinkToken(WEBHOOK_KEY, String(item!.linkId)));
  });

  it('subscribes the link to weight, vitals, activity and sleep notifications at its own callback URL', async () => {
    const { linkId } = await linkedUser();
    const mine = withings.subscriptions.filter((sub) => sub.callbackurl === callbackFor(linkId));
    expect(mine.map((sub) => sub.appli).sort()).toEqual(['1', '16', '4', '44']);
    const subscribe = withings
      .callsTo('/notify')
      .filter((c) => new URLSearchParams(c.body).get('action') === 'subscribe');
    expect(subscribe.at(-1)!.headers.authorization).toMatch(/^Bearer withings-at-/);
  });

  it('fails the link when the callback comes after the code’s 30 s: Withings’ status error, nothing stored', async () => {
    const { api } = await signedInUser(h, email());
    const started = await api.post(LINK, { provider: 'withings', return_url: RETURN_URL });
    const back = await consent(started.body.data.link_web_url, 31_000);
    expect(back.headers.get('location')).toBe(`${RETURN_URL}?provider=withings&status=error`);
    expect((await api.get('/api/v1/pulse/user/providers')).body.data.providers).toEqual([]);
  });

  it('sends the user back with status=denied when they decline at Withings', async () => {
    const { api } = await signedInUser(h, email());
    const started = await api.post(LINK, { provider: 'withings', return_url: RETURN_URL });
    withings.denyNext = true;
    const back = await consent(started.body.data.link_web_url);
    expect(back.headers.get('location')).toBe(`${RETURN_URL}?provider=withings&status=denied`);
  });
});

describe('the Withings backfill', () => {
  it('reads every service, paging getmeas by offset, into GET /v1/data', async () => {
    const { v1 } = await linkedUser();
    const getmeas = withings.callsTo('/measure').map((c) => new URLSearchParams(c.body));
    expect(getmeas.map((f) => f.get('offset'))).toContain('2');
    expect(getmeas[0]!.get('meastypes')?.split(',').sort()).toEqual(['1', '10', '11', '5', '54', '6', '71', '8', '9']);

    const rows = (await v1.get('/v1/data?limit=100')).body.data as Record<string, unknown>[];
    const weighIn = t('2026-11-19T07:00:00.000Z');
    const pressure = t('2026-11-19T07:05:00.000Z');
    const oximeter = t('2026-11-20T07:10:00.000Z');
    const night = [t('2026-11-18T22:30:00.000Z'), t('2026-11-19T06:10:00.000Z')] as const;
    const ride = [t('2026-11-19T16:00:00.000Z'), t('2026-11-19T16:50:00.000Z')] as const;
    const unknown = [t('2026-11-20T12:00:00.000Z'), t('2026-11-20T12:30:00.000Z')] as const;
    const day1 = parisDay(t('2026-11-19T12:00:00.000Z').slice(0, 10));
    const day2 = parisDay(t('2026-11-20T12:00:00.000Z').slice(0, 10));
    expect(rows.map(pickReading).sort(byIndicatorTimeValue)).toEqual(
      [
        row('Body weight', '29463-7', 'kg', '72.345', weighIn, null),
        row('Body fat percentage', '41982-0', '%', '22.15', weighIn, null),
        row('Lean body mass', '91557-9', 'kg', '56.32', weighIn, null),
        row('Fat mass', null, 'kg', '16.025', weighIn, null),
        row('Diastolic blood pressure', '8462-4', 'mm[Hg]', '78', pressure, null),
        row('Systolic blood pressure', '8480-6', 'mm[Hg]', '121', pressure, null),
        row('Heart rate', '8867-4', '/min', '64', pressure, null),
        row('Oxygen saturation', '59408-5', '%', '97', oximeter, null),
        row('Body temperature', '8310-5', 'Cel', '36.75', oximeter, null),
        row('Daily steps', '41950-7', '{steps}', '8123', ...day1),
        row('Active energy burned', '41981-2', 'kcal', '356.42', ...day1),
        row('Daily steps', '41950-7', '{steps}', '10004', ...day2),
        row('Active energy burned', '41981-2', 'kcal', '402.5', ...day2),
        row('Exercise activity', '73985-4', null, 'Cycling', ...ride),
        row('Active energy burned', '41981-2', 'kcal', '410.2', ...ride),
        row('Exercise activity', '73985-4', null, 'Withings category 999', ...unknown),
        row('Sleep duration', '93832-4', 'h', '7', ...night),
        row('Heart rate', '8867-4', '/min', '56', ...night),
      ].sort(byIndicatorTimeValue),
    );
  });

  it('refreshes once when Withings answers status 401 to a data call, storing the rotated refresh token', async () => {
    withings.staleNextAccessToken = true;
    const spentBefore = withings.spentRefreshTokens.length;
    const { link } = await linkedUser();
    expect(link.status).toBe('linked');
    expect(withings.spentRefreshTokens.length).toBe(spentBefore + 1);
    const refresh = withings
      .callsTo('/v2/oauth2')
      .map((c) => new URLSearchParams(c.body))
      .filter((f) => f.get('grant_type') === 'refresh_token');
    expect(refresh.at(-1)?.get('action')).toBe('requesttoken');
    expect(refresh.at(-1)?.get('client_secret')).toBe(WITHINGS_CLIENT_SECRET);
  });
});

describe('Withings notifications', () => {
  let v1: ReturnType<typeof client>;
  let linkId: string;
  const weights = async () =>
    ((await v1.get('/v1/data?limit=200&indicator=Body%20weight')).body.data as { indicator: string; value: string }[])
      .filter((r) => r.indicator === 'Body weight')
      .map((r) => r.value)
      .sort();
  const getmeasCalls = () => withings.callsTo('/measure').length;
  const form = (start: number, end: number) =>
    new URLSearchParams({ userid: WITHINGS_USER_ID, appli: '1', startdate: String(start), enddate: String(end) });
  const post = (url: string, body: URLSearchParams) =>
    fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: body.toString(),
    });

  beforeAll(async () => {
    ({ v1, linkId } = await linkedUser());
  }, 60_000);

  it('a form notification to the subscribed URL (HDS answered its HEAD check) fetches that window’s new weigh-in', async () => {
    const at = Math.floor(Date.now() / 1000) - 600;
    withings.data.measuregrps.push({
      grpid: 9000000001,
      attrib: 0,
      date: at,
      created: at,
      modified: at,
      category: 1,
      measures: [{ value: 71890, type: 1, unit: -3 }],
    });
    const [answer] = await withings.deliver('1', at - 60, at + 60);
    expect(answer?.status).toBe(200);
    expect(await answer?.text()).toBe('');
    await eventually(async () => (await weights()).includes('71.89'), { what: 'the notified weigh-in' });
    const calls = getmeasCalls();
    // The same notification again within the ledger's 10 minutes: no second fetch.
    await withings.deliver('1', at - 60, at + 60);
    await h.runtime.drainQueues();
    expect(getmeasCalls()).toBe(calls);
  });

  it('an activity notification (appli 16) reads getactivity, then getworkouts, for its window', async () => {
    const day = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    withings.data.activities.push({ date: day, timezone: 'Europe/Paris', steps: 4321, calories: 123.5 });
    const activityCalls = withings.callsTo('/v2/measure').length;
    const start = Math.floor(Date.parse(`${day}T00:00:00Z`) / 1000);
    const [answer] = await withings.deliver('16', start, start + 86_399);
    expect(answer?.status).toBe(200);
    const steps = async () =>
      ((await v1.get('/v1/data?limit=200&indicator=Daily%20steps')).body.data as { value: string }[]).map(
        (r) => r.value,
      );
    await eventually(async () => (await steps()).includes('4321'), { what: 'the notified day' });
    await h.runtime.drainQueues();
    const actions = withings
      .callsTo('/v2/measure')
      .slice(activityCalls)
      .map((c) => new URLSearchParams(c.body).get('action'));
    expect(actions).toEqual(['getactivity', 'getworkouts']);
  });

  const forged: [string, () => string][] = [
    ['no t', () => `${h.url}/api/v1/pulse/hds/webhook?provider=withings`],
    ['the t of another link', () => callbackFor('another-link-id')],
    ['a t made with another key', () => callbackFor(linkId, 'not-the-webhook-key')],
    ['a t cut short', () => callbackFor(linkId).slice(0, -6)],
  ];
  it.each(forged)('refuses a notification with %s: 401, nothing fetched', async (_name, url) => {
    const calls = getmeasCalls();
    const now = Math.floor(Date.now() / 1000);
    const res = await post(url(), form(now - 120, now - 60));
    expect(res.status).toBe(401);
    await h.runtime.drainQueues();
    expect(getmeasCalls()).toBe(calls);
  });

  it('refuses a notification naming a Withings user with no link here (nothing to check its t against)', async () => {
    const now = Math.floor(Date.now() / 1000);
    const body = form(now - 120, now - 60);
    body.set('userid', '999');
    expect((await post(callbackFor(linkId), body)).status).toBe(401);
  });

  it('a notification of the user leaving (action=unlink) ends the link: listed as error (relink), map removed', async () => {
    const { api, linkId: mine } = await linkedUser();
    const body = new URLSearchParams({ userid: WITHINGS_USER_ID, appli: '1', action: 'unlink' });
    expect((await post(callbackFor(mine), body)).status).toBe(200);
    await eventually(
      async () => (await api.get('/api/v1/pulse/user/providers')).body.data.providers[0]?.status === 'error',
      { what: 'the link revoked' },
    );
    // The link's status is written before its provider-user map is removed (sync.ts markDeauthorized): wait for both.
    await eventually(
      async () => (await h.runtime.services.pulseLinks.findProviderUser('withings', WITHINGS_USER_ID)) === null,
      {
        what: 'the provider-user map removed',
      },
    );
  });

  it('unlink removes every subscription at Withings (notify revoke) and later notifications are refused', async () => {
    const { api, linkId: mine } = await linkedUser();
    const url = callbackFor(mine);
    expect(withings.subscriptions.filter((sub) => sub.callbackurl === url)).toHaveLength(4);
    const res = await api.post('/api/v1/pulse/user/providers/unlink', { provider: 'withings' });
    expect(res.status).toBe(200);
    await eventually(() => withings.subscriptions.every((sub) => sub.callbackurl !== url), {
      what: 'the subscriptions revoked',
    });
    expect(
      withings.revokedSubscriptions
        .filter((r) => r.callbackurl === url)
        .map((r) => r.appli)
        .sort(),
    ).toEqual(['1', '16', '4', '44']);
    const now = Math.floor(Date.now() / 1000);
    expect((await post(url, form(now - 120, now - 60))).status).toBe(401);
  });
});

/** The local day `day` in Europe/Paris (the fixtures' zone) as a UTC episode, midnight to midnight. */
function parisDay(day: string): [string, string] {
  const hour = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Paris', hour: '2-digit', hourCycle: 'h23' });
  const midnight = (d: string) => {
    for (const offsetHours of [1, 2]) {
      const at = new Date(Date.parse(`${d}T00:00:00.000Z`) - offsetHours * 3_600_000);
      if (hour.format(at) === '00') return at.toISOString();
    }
    throw new Error(`no Paris midnight found for ${d}`);
  };
  const next = new Date(Date.parse(`${day}T00:00:00.000Z`) + 86_400_000).toISOString().slice(0, 10);
  return [midnight(day), midnight(next)];
}
