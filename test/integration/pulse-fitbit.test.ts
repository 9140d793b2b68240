import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FitbitFetchStep, FitbitResource } from '../../shared/domain/pulse/fetch-steps';
import { openTokens, providerContext } from '../../shared/services/pulse/links';
import { takePaceSlot } from '../../shared/services/pulse/pacer';
import { ProviderError } from '../../shared/services/pulse/provider-http';
import { fitbitModule } from '../../shared/services/pulse/providers/fitbit';
import { client, type Harness } from '../support/harness';
import { eventually } from '../support/polling';
import {
  apiKeyClient,
  backfillDone,
  byIndicatorTimeValue,
  consent as consentAt,
  consentCallback,
  expectCodeFlowConsent,
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
  FITBIT_CLIENT_ID,
  FITBIT_CLIENT_SECRET,
  FITBIT_USER_ID,
  FitbitServer,
  fitbitEnv,
  fitbitSampleData,
} from '../support/pulse-server-fitbit';
import { signIn } from '../support/sign-in';

/**
 * Fitbit through `/api/v1/pulse` (design wearables §3.4, §4.5, §6, §15) over real HTTP against the local Fitbit
 * server: PKCE S256 with the verifier in the sealed stash, Basic client authentication, the backfill into
 * `GET /v1/data`, the sealed tokens at rest; then the module's subscriptions, revocation, refresh and hour budget
 * against the same server.
 */
let h: Harness;
let fitbit: FitbitServer;
let n = 0;
const email = () => `fitbit${++n}-${Date.now()}@example.org`;

beforeAll(async () => {
  fitbit = new FitbitServer();
  fitbit.data = fitbitSampleData(new Date());
  h = await startWithProviders([fitbit], () => ({
    env: { ...fitbitEnv(fitbit), HDS_RATE_LIMITS: LOOSE_RATE_LIMITS, HDS_PULSE_RETURN_URLS: RETURN_URL },
  }));
}, 60_000);
afterAll(() => stopWithProviders(h, [fitbit]));

const consent = (linkWebUrl: string) => consentAt(h, 'fitbit', linkWebUrl);
const rawLinkItem = (subjectId: string) => rawLinkItemOf(h, subjectId, 'fitbit');
const row = readingRowsOf('fitbit');

/**
 * A user linked to Fitbit as their own Fitbit account (one account moving between Subjects detaches, and revokes,
 * the older link), with an API key of their HDS account to read `/v1/data`.
 */
async function linkedUser(fitbitUserId = `${FITBIT_USER_ID}${++n}`) {
  fitbit.nextUserId = fitbitUserId;
  const { api } = await signedInUser(h, email());
  const v1 = await apiKeyClient(h, api, 'fitbit test');
  await linkThroughConsent(h, api, 'fitbit', RETURN_URL);
  const mapping = await h.runtime.services.pulseLinks.findProviderUser('fitbit', fitbitUserId);
  expect(mapping).not.toBeNull();
  const ids = { subjectId: mapping!.subjectId, linkId: mapping!.linkId, fitbitUserId };
  return { api, v1, ...ids };
}

/** Waits for the link's backfill to be done (every step has run). */
function backfilled(api: ReturnType<typeof client>) {
  return backfillDone(api, 'fitbit', { timeoutMs: 30_000, what: 'the Fitbit backfill' });
}

describe('Fitbit in the provider list', () => {
  it('is supported, OAuth 2 and not linked', async () => {
    const user = await signIn(h, email());
    const res = await client(h.url, user.access_token).get('/api/v1/pulse/providers');
    const fitbitEntry = res.body.data.providers.find((p: { slug: string }) => p.slug === 'fitbit');
    expect(fitbitEntry).toMatchObject({
      name: 'Fitbit',
      platform: 'hds',
      supported: true,
      auth_type: 'oauth2',
      status: 'not_linked',
    });
  });
});

describe('linking Fitbit', () => {
  it('answers Fitbit’s consent URL with a PKCE S256 challenge, the scopes, HDS’s callback and a state', async () => {
    const user = await signIn(h, email());
    const res = await client(h.url, user.access_token).post(LINK, { provider: 'fitbit' });
    expect(res.status).toBe(200);
    const query = expectCodeFlowConsent(h, 'fitbit', res.body.data.link_web_url, {
      authorizeUrl: `${fitbit.baseUrl}/oauth2/authorize`,
      clientId: FITBIT_CLIENT_ID,
    });
    expect(query.get('scope')).toBe('activity heartrate sleep weight oxygen_saturation profile');
    expect(query.get('code_challenge_method')).toBe('S256');
    expect(query.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The verifier never travels in the browser's URL.
    expect(query.has('code_verifier')).toBe(false);
  });

  it('fails the link when the code_verifier does not match the challenge Fitbit stored, storing nothing', async () => {
    const { api } = await signedInUser(h, email());
    const started = await api.post(LINK, { provider: 'fitbit', return_url: RETURN_URL });
    fitbit.corruptNextChallenge = true;
    const refusedBefore = fitbit.refusedVerifiers.length;
    const back = await consent(started.body.data.link_web_url);
    expect(back.headers.get('location')).toBe(`${RETURN_URL}?provider=fitbit&status=error`);
    expect(fitbit.refusedVerifiers.length).toBe(refusedBefore + 1);
    expect((await api.get('/api/v1/pulse/user/providers')).body.data.providers).toEqual([]);
  });

  it('refuses the same callback a second time without a second code exchange', async () => {
    fitbit.nextUserId = `${FITBIT_USER_ID}-replay`;
    const user = await signIn(h, email());
    const started = await client(h.url, user.access_token).post(LINK, { provider: 'fitbit' });
    const callback = await consentCallback(h, 'fitbit', started.body.data.link_web_url);
    expect((await followCallback(callback)).status).toBe(200);
    const exchanges = fitbit.callsTo('/oauth2/token').length;
    const replay = await followCallback(callback);
    expect(replay.status).toBe(400);
    expect(await replay.text()).toContain('This link has expired');
    expect(fitbit.callsTo('/oauth2/token').length).toBe(exchanges);
  });

  it('links with Basic client auth and the verifier, seals the tokens, and backfills every resource into GET /v1/data', async () => {
    const profileReads = () => fitbit.callsTo('/1/user/-/profile.json').length;
    const profileBefore = profileReads();
    const { api, v1, subjectId, fitbitUserId } = await linkedUser();
    const exchange = fitbit.callsTo('/oauth2/token').at(-1)!;
    const basic = `Basic ${Buffer.from(`${FITBIT_CLIENT_ID}:${FITBIT_CLIENT_SECRET}`).toString('base64')}`;
    expect(exchange.headers.authorization).toBe(basic);
    const form = new URLSearchParams(exchange.body);
    expect(form.get('code_verifier')).toMatch(/^[A-Za-z0-9_-]{64}$/);
    expect(form.has('client_secret')).toBe(false);

    const item = await rawLinkItem(subjectId);
    expect(item).toMatchObject({
      kind: 'pulse-link',
      provider: 'fitbit',
      status: 'linked',
      providerUserId: fitbitUserId,
    });
    const stored = JSON.stringify(item);
    for (const token of fitbit.issued) expect(stored).not.toContain(token);
    expect(stored).not.toContain(FITBIT_CLIENT_SECRET);
    expect(stored).not.toContain(form.get('code_verifier'));

    const link = await eventually(
      async () => {
        const [entry] = (await api.get('/api/v1/pulse/user/providers')).body.data.providers;
        return entry?.backfill.status === 'done' && entry;
      },
      { timeoutMs: 30_000, what: 'the Fitbit backfill to finish' },
    );
    expect(link).toMatchObject({ slug: 'fitbit', status: 'linked', provider_user_id_hint: fitbitUserId.slice(-4) });
    // Every ranged request stayed within Fitbit's limits (the server answers 400 past them) and was authorized.
    const dataCalls = fitbit.calls.filter((c) => c.path.startsWith('/1'));
    expect(dataCalls.length).toBeGreaterThan(30);
    for (const c of dataCalls) expect(c.headers.authorization).toMatch(/^Bearer fitbit-at-/);

    // The profile was read once, at link, and its zone and offset (UTC−5) are sealed with the tokens, not in the item.
    expect(profileReads()).toBe(profileBefore + 1);
    const sealed = (await h.runtime.services.pulseLinks.get(subjectId, 'fitbit'))!.tokens!;
    const { utcOffset } = await openTokens(h.runtime.services, subjectId, 'fitbit', sealed);
    expect([utcOffset?.seconds, utcOffset?.timeZone]).toEqual([-18_000, 'America/Bogota']);
    expect(stored).not.toContain('offsetFromUTCMillis');
    expect(stored).not.toContain('Bogota');

    const rows = (await v1.get('/v1/data?limit=200')).body.data as Record<string, unknown>[];
    const got = rows.map(pickReading).sort(byIndicatorTimeValue);
    // Fitbit's local times at the profile's UTC−5: local midnight is 05:00Z, the 23:10 sleep began at 04:10Z the
    // next UTC day; the run's start carries its own offset (+00:00) and stays.
    expect(got).toEqual(
      [
        row('Daily steps', '41950-7', '{steps}', '7400', local(-3), local(-2)),
        row('Daily steps', '41950-7', '{steps}', '11200', local(-2), local(-1)),
        row('Daily steps', '41950-7', '{steps}', '9050', local(-1), local(0)),
        row('Active energy burned', '41981-2', 'kcal', '380', local(-3), local(-2)),
        row('Active energy burned', '41981-2', 'kcal', '690', local(-2), local(-1)),
        row('Active energy burned', '41981-2', 'kcal', '505', local(-1), local(0)),
        row('Active energy burned', '41981-2', 'kcal', '410', at(-2, 7), at(-2, 7.75)),
        row('Resting heart rate', '40443-4', '/min', '58', local(-3), local(-2)),
        row('Resting heart rate', '40443-4', '/min', '56', local(-2), local(-1)),
        row('Resting heart rate', '40443-4', '/min', '57', local(-1), local(0)),
        row('Sleep duration', '93832-4', 'h', '7', local(-3, 23 + 10 / 60), local(-2, 6 + 40 / 60)),
        row('Heart rate variability RMSSD', null, 'ms', '41.7', local(-2), local(-1)),
        row('Oxygen saturation', '59408-5', '%', '96.4', local(-2), local(-1)),
        row('Body weight', '29463-7', 'kg', '72.5', local(-1, 7.25), null),
        row('Body mass index', '39156-5', 'kg/m2', '23.41', local(-1, 7.25), null),
        row('Body fat percentage', '41982-0', '%', '18.2', local(-1, 7.25), null),
        row('Exercise activity', '73985-4', null, 'Run', at(-2, 7), at(-2, 7.75)),
        row('Workout distance', null, 'm', '7500', at(-2, 7), at(-2, 7.75)),
      ].sort(byIndicatorTimeValue),
    );
    const sleep = rows.find((r) => r.indicator === 'Sleep duration')!;
    expect([sleep.time, sleep.end_time]).toEqual([at(-2, 4 + 10 / 60), at(-2, 11 + 40 / 60)]);
    // Read as UTC, the sleep would start at 23:10Z and the days at 00:00Z: none of those instants was written.
    const times = new Set(rows.flatMap((r) => [r.time, r.end_time]));
    for (const utc of [at(-3, 23 + 10 / 60), at(-1, 7.25), d(-3), d(-2), d(-1)])
      expect(times.has(utc), utc).toBe(false);
  });
});

describe('Fitbit notifications on the webhook path', () => {
  const hook = () => `${h.url}/api/v1/pulse/hds/webhook?provider=fitbit`;
  const post = (delivery: { body: string; headers: Record<string, string> }) =>
    fetch(hook(), { method: 'POST', body: delivery.body, headers: delivery.headers });
  const sleepNotification = (ownerId: string, date: string) => [
    { collectionType: 'sleep', date, ownerId, ownerType: 'user', subscriptionId: `hds-${ownerId}-sleep` },
  ];
  const sleepValues = async (v1: ReturnType<typeof client>) =>
    ((await v1.get('/v1/data?limit=200&indicator=Sleep%20duration')).body.data as { value: string }[])
      .map((r) => r.value)
      .sort();

  it('answers Fitbit’s subscriber verification: 204 for the configured code, 404 for another', async () => {
    expect(await fitbit.verifySubscriber(hook())).toEqual({ right: 204, wrong: 404 });
  });

  it('fetches what a signed notification names (sleep, HRV, SpO2 of its date); its replay fetches nothing', async () => {
    const { api, v1, fitbitUserId } = await linkedUser();
    await backfilled(api);
    const today = d(0).slice(0, 10);
    fitbit.data.sleep.push({
      logId: 26_001_999_001,
      dateOfSleep: today,
      startTime: `${d(-1).slice(0, 10)}T22:30:00.000`,
      endTime: `${today}T05:15:00.000`,
      duration: 24_300_000,
      minutesAsleep: 375,
      isMainSleep: true,
    });
    const before = await sleepValues(v1);
    const baseline = fitbit.calls.length;
    const callsTo = (path: string) => fitbit.calls.slice(baseline).filter((c) => c.path === path).length;
    const sleepCalls = () => callsTo(`/1.2/user/-/sleep/date/${today}/${today}.json`);
    const delivery = fitbit.signedDelivery(sleepNotification(fitbitUserId, today));
    const res = await post(delivery);
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
    await eventually(async () => (await sleepValues(v1)).includes('6.25'), { what: 'the notified sleep' });
    expect((await sleepValues(v1)).length).toBe(before.length + 1);
    await h.runtime.drainQueues();
    expect(sleepCalls()).toBe(1);
    expect(callsTo(`/1/user/-/hrv/date/${today}/${today}.json`)).toBe(1);
    expect(callsTo(`/1/user/-/spo2/date/${today}/${today}.json`)).toBe(1);

    expect((await post(delivery)).status).toBe(204);
    await h.runtime.drainQueues();
    expect(sleepCalls()).toBe(1);
    expect((await sleepValues(v1)).length).toBe(before.length + 1);
  });

  it('refuses forged deliveries with 401 and fetches nothing', async () => {
    const { api, v1, fitbitUserId } = await linkedUser();
    await backfilled(api);
    const date = d(-1).slice(0, 10);
    const genuine = fitbit.signedDelivery(sleepNotification(fitbitUserId, date));
    const flipped = genuine.body.replace(fitbitUserId, `${fitbitUserId.slice(0, -1)}X`);
    const forgeries: [string, { body: string; headers: Record<string, string> }][] = [
      ['another secret', fitbit.signedDelivery(sleepNotification(fitbitUserId, date), { secret: 'not-the-secret' })],
      ['a changed body', { body: flipped, headers: genuine.headers }],
      ['no signature', { body: genuine.body, headers: { 'content-type': 'application/json' } }],
      [
        'a signature that is no base64',
        { body: genuine.body, headers: { ...genuine.headers, 'x-fitbit-signature': '%%%' } },
      ],
    ];
    const calls = fitbit.calls.length;
    const rows = (await v1.get('/v1/data?limit=200')).body.data.length;
    for (const [name, forged] of forgeries) {
      const res = await post(forged);
      expect(res.status, name).toBe(401);
      expect(((await res.json()) as { success: boolean }).success, name).toBe(false);
    }
    await h.runtime.drainQueues();
    expect(fitbit.calls.length).toBe(calls);
    expect((await v1.get('/v1/data?limit=200')).body.data.length).toBe(rows);
  });

  it('verifies the fixture delivery signed with the fixtures’ secret, and skips its unknown user', async () => {
    const body = readFileSync(new URL('../fixtures/pulse/fitbit/webhook-sleep.json', import.meta.url), 'utf8');
    const calls = fitbit.calls.length;
    const res = await post(fitbit.signedDelivery(body));
    expect(res.status).toBe(204);
    await h.runtime.drainQueues();
    expect(fitbit.calls.length).toBe(calls);
  });

  it('puts a notification’s fetch back until the hour’s reset when Fitbit answers 429 without Retry-After', async () => {
    const { api, fitbitUserId } = await linkedUser();
    await backfilled(api);
    await h.runtime.drainQueues();
    const [limit, retryAfter] = [fitbit.hourlyLimit, fitbit.retryAfterOn429];
    fitbit.hourlyLimit = 0;
    fitbit.retryAfterOn429 = false;
    fitbit.announcedResetSeconds = 427;
    try {
      const date = d(-1).slice(0, 10);
      const refused = fitbit.calls.length;
      expect((await post(fitbit.signedDelivery(sleepNotification(fitbitUserId, date)))).status).toBe(204);
      const waiting = await eventually(
        async () =>
          (await h.runtime.queue!.pending('pulse-jobs')).find((m) => {
            const job = JSON.parse(m.body) as { type?: string; linkId?: string; step?: { start?: string } };
            return job.type === 'event' && job.step?.start === date && (m.visibleAt ?? 0) > Date.now();
          }),
        { what: 'the notification’s fetch put back' },
      );
      const answered = fitbit.calls.slice(refused).find((c) => c.path.startsWith('/1.2/user/-/sleep/'));
      expect(answered).toBeDefined();
      // The wait is the reset Fitbit announced, not the 60 s used when nothing says.
      expect(Math.abs(waiting.visibleAt! - Date.now() - 427_000)).toBeLessThan(5_000);
    } finally {
      fitbit.hourlyLimit = limit;
      fitbit.retryAfterOn429 = retryAfter;
      fitbit.announcedResetSeconds = null;
    }
  });

  it('takes userRevokedAccess as the user leaving: the link loses its tokens and lists as error', async () => {
    const { api, subjectId, fitbitUserId } = await linkedUser();
    await backfilled(api);
    const revoked = [
      {
        collectionType: 'userRevokedAccess',
        date: d(0).slice(0, 10),
        ownerId: fitbitUserId,
        ownerType: 'user',
        subscriptionId: 'x',
      },
    ];
    expect((await post(fitbit.signedDelivery(revoked))).status).toBe(204);
    await eventually(async () => (await rawLinkItem(subjectId))?.tokens === null, { what: 'the tokens dropped' });
    expect((await api.get('/api/v1/pulse/user/providers')).body.data.providers[0]).toMatchObject({ status: 'error' });
    // The link's status is written before its provider-user map is removed (sync.ts markDeauthorized): wait for both.
    await eventually(
      async () => (await h.runtime.services.pulseLinks.findProviderUser('fitbit', fitbitUserId)) === null,
      {
        what: 'the provider-user map removed',
      },
    );
  });
});

describe('unlinking Fitbit', () => {
  it('subscribed per user at link; unlink deletes those subscriptions, revokes with Basic auth; readings stay', async () => {
    const { api, v1, subjectId } = await linkedUser();
    await backfilled(api);
    await h.runtime.drainQueues();
    const link = (await h.runtime.services.pulseLinks.get(subjectId, 'fitbit'))!;
    expect(Object.keys(link.subscriptions).sort()).toEqual(['activities', 'body', 'sleep', 'userRevokedAccess']);
    const refs = Object.entries(link.subscriptions).map(([collection, id]) => `${collection}/${id}`);
    for (const ref of refs) expect(fitbit.subscriptions.has(ref), ref).toBe(true);
    for (const id of Object.values(link.subscriptions)) expect(id.length).toBeLessThanOrEqual(50);
    const tokens = await openTokens(h.runtime.services, subjectId, 'fitbit', link.tokens!);
    const rows = (await v1.get('/v1/data?limit=200')).body.data.length;
    const res = await api.post('/api/v1/pulse/user/providers/unlink', { provider: 'fitbit' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ success: true, provider_slug: 'fitbit' });
    await eventually(() => fitbit.revoked.includes(tokens.accessToken), { what: 'the revoke at Fitbit' });
    const revoke = fitbit.callsTo('/oauth2/revoke').at(-1)!;
    expect(revoke.headers.authorization).toBe(
      `Basic ${Buffer.from(`${FITBIT_CLIENT_ID}:${FITBIT_CLIENT_SECRET}`).toString('base64')}`,
    );
    expect(new URLSearchParams(revoke.body).get('token')).toBe(tokens.refreshToken);
    for (const ref of refs) expect(fitbit.subscriptions.has(ref), ref).toBe(false);
    expect(await rawLinkItem(subjectId)).toBeUndefined();
    expect((await v1.get('/v1/data?limit=200')).body.data.length).toBe(rows);
  });
});

describe('one Fitbit account linked again from another Subject', () => {
  it('moves to the new link without revoking at Fitbit, which would end the new grant too', async () => {
    const account = `${FITBIT_USER_ID}-moved-${++n}`;
    const first = await linkedUser(account);
    await backfilled(first.api);
    const second = await linkedUser(account);
    await backfilled(second.api);
    await h.runtime.drainQueues();
    expect(await rawLinkItem(first.subjectId)).toBeUndefined();
    const link = (await h.runtime.services.pulseLinks.get(second.subjectId, 'fitbit'))!;
    expect(link.status).toBe('linked');
    const tokens = await openTokens(h.runtime.services, second.subjectId, 'fitbit', link.tokens!);
    expect(fitbit.revoked).not.toContain(tokens.accessToken);
    const ctx = await providerContext(h.runtime.services, 'fitbit');
    await expect(fitbitModule.fetch(ctx, tokens, fitbitStep('hrv', d(-2)))).resolves.toBeDefined();
  });
});

describe('the Fitbit module against the same server', () => {
  it('after a revoke the old token reads nothing, and revoking again is not an error', async () => {
    const { subjectId } = await linkedUser();
    await h.runtime.drainQueues();
    const services = h.runtime.services;
    const link = (await services.pulseLinks.get(subjectId, 'fitbit'))!;
    const tokens = await openTokens(services, subjectId, 'fitbit', link.tokens!);
    const ctx = await providerContext(services, 'fitbit');
    const refs = link.subscriptions;
    await fitbitModule.revoke(ctx, tokens, refs);
    expect(fitbit.revoked).toContain(tokens.accessToken);
    // The grant is gone: the old token no longer reads, and a second revoke is not an error.
    await expect(fitbitModule.fetch(ctx, tokens, fitbitStep('hrv', d(-2)))).rejects.toMatchObject({
      kind: 'unauthorized',
    });
    await expect(fitbitModule.revoke(ctx, tokens, refs)).resolves.toBeUndefined();
  });

  it('rotates single-use refresh tokens: the spent one is invalid_grant', async () => {
    const { subjectId } = await linkedUser();
    const services = h.runtime.services;
    const link = (await services.pulseLinks.get(subjectId, 'fitbit'))!;
    const tokens = await openTokens(services, subjectId, 'fitbit', link.tokens!);
    const ctx = await providerContext(services, 'fitbit');
    const fresh = await fitbitModule.refresh!(ctx, tokens);
    expect(fresh.accessToken).not.toBe(tokens.accessToken);
    expect(fresh.refreshToken).not.toBe(tokens.refreshToken);
    await expect(fitbitModule.refresh!(ctx, tokens)).rejects.toMatchObject({ kind: 'invalid_grant' });
  });

  it('paces per Fitbit user: one user’s spent hour leaves another’s budget whole', async () => {
    const services = h.runtime.services;
    const [a, b] = [`pace-a-${Date.now()}`, `pace-b-${Date.now()}`];
    const limit = fitbitModule.pace[0]!.limit;
    for (let i = 0; i < limit; i += 1) expect((await takePaceSlot(services, fitbitModule, a)).ok).toBe(true);
    const refused = await takePaceSlot(services, fitbitModule, a);
    expect(refused.ok).toBe(false);
    expect(await takePaceSlot(services, fitbitModule, b)).toEqual({ ok: true });
  });

  it('turns the hour budget’s 429 into rate_limited with Fitbit’s wait until the reset', async () => {
    const { subjectId } = await linkedUser();
    const services = h.runtime.services;
    const link = (await services.pulseLinks.get(subjectId, 'fitbit'))!;
    const tokens = await openTokens(services, subjectId, 'fitbit', link.tokens!);
    const ctx = await providerContext(services, 'fitbit');
    const limit = fitbit.hourlyLimit;
    fitbit.hourlyLimit = 0;
    try {
      const err = await fitbitModule
        .fetch(ctx, tokens, fitbitStep('activities_summary', d(-1)))
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ProviderError);
      const last = fitbit.calls.at(-1)!;
      expect(last.path).toContain('/activities/date/');
      expect((err as ProviderError).kind).toBe('rate_limited');
      expect((err as ProviderError).retryAfterMs).toBeGreaterThan(0);
      expect((err as ProviderError).retryAfterMs).toBeLessThanOrEqual(3_600_000);
    } finally {
      fitbit.hourlyLimit = limit;
    }
  });
});

/** One resource of one day (`day` as an ISO instant of its midnight). */
function fitbitStep(resource: FitbitResource, day: string): FitbitFetchStep {
  return { provider: 'fitbit', resources: [resource], start: day.slice(0, 10), end: day.slice(0, 10) };
}

function utcDay(offset: number): [number, number, number] {
  const t = new Date(Date.now() + offset * 86_400_000);
  return [t.getUTCFullYear(), t.getUTCMonth(), t.getUTCDate()];
}

function d(offset: number): string {
  return new Date(Date.UTC(...utcDay(offset))).toISOString();
}

function at(offset: number, hours: number): string {
  return new Date(Date.UTC(...utcDay(offset)) + Math.round(hours * 3_600_000)).toISOString();
}

/** `hours` on the fixture user's clock `offset` days away, at the profile's UTC−5, as a UTC instant. */
function local(offset: number, hours = 0): string {
  return at(offset, hours + 5);
}
