import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDocumentClient } from '../../shared/adapters/dynamo/client';
import { client, type Harness, startHarness } from '../support/harness';
import { eventually } from '../support/polling';
import {
  WHOOP_CLIENT_SECRET,
  WHOOP_USER_ID,
  WhoopServer,
  whoopEnv,
  whoopSampleRecords,
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
const RETURN_URL = 'https://app.example.org/pulse/done';
const LINK = '/api/v1/pulse/user/providers/link';
const email = () => `whoop${++n}-${Date.now()}@example.org`;
const SLEEP_1 = '7d0b1a52-3c1e-4b8e-9a55-0b1f4c1a0001';

beforeAll(async () => {
  whoop = new WhoopServer();
  whoop.records = whoopSampleRecords(new Date());
  await whoop.start();
  h = await startHarness({
    env: {
      ...whoopEnv(whoop),
      HDS_RATE_LIMITS: 'login-code=1000,verify-code=1000',
      HDS_PULSE_RETURN_URLS: RETURN_URL,
    },
  });
}, 60_000);
afterAll(async () => {
  await h?.stop();
  await whoop?.stop();
});

/** The browser's part: open the consent URL (WHOOP answers 302) and follow it to HDS's callback. */
async function consent(linkWebUrl: string): Promise<Response> {
  const atWhoop = await fetch(linkWebUrl, { redirect: 'manual' });
  expect(atWhoop.status).toBe(302);
  const callback = atWhoop.headers.get('location')!;
  expect(callback.startsWith(`${h.url}/api/v1/pulse/hds/whoop/callback?`)).toBe(true);
  return fetch(callback, { redirect: 'manual' });
}

async function rawLinkItem(subjectId: string) {
  const doc = createDocumentClient(h.runtime.services.config);
  const out = await doc.send(
    new GetCommand({ TableName: h.runtime.services.config.tables.records, Key: { pk: subjectId, sk: 'LINK#whoop' } }),
  );
  return out.Item;
}

/** A signed-in user with an API key for `/v1/data`, linked to WHOOP, whose backfill has finished. */
async function linkedUser() {
  const user = await signIn(h, email());
  const api = client(h.url, user.access_token);
  const key = await api.post('/api/console/keys', { name: 'whoop test' });
  expect(key.status).toBe(201);
  const started = await api.post(LINK, { provider: 'whoop', return_url: RETURN_URL });
  expect(started.status).toBe(200);
  const back = await consent(started.body.data.link_web_url);
  expect(back.headers.get('location')).toBe(`${RETURN_URL}?provider=whoop&status=linked`);
  const link = await eventually(
    async () => {
      const [item] = (await api.get('/api/v1/pulse/user/providers')).body.data.providers;
      return item?.backfill.status === 'done' && item;
    },
    { timeoutMs: 20_000, what: 'the WHOOP backfill to finish' },
  );
  return { api, v1: client(h.url, key.body.secret), link };
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
    const item = await rawLinkItem(mapping!.subjectId);
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

  it('sends the user back with status=denied when they decline at WHOOP, storing nothing', async () => {
    const user = await signIn(h, email());
    const api = client(h.url, user.access_token);
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
    // Two records a page: the four sleeps took more than one page, each next page asked with WHOOP's token.
    const sleepPages = whoop.callsTo('/developer/v2/activity/sleep').filter((c) => c.query.has('limit'));
    expect(sleepPages.some((c) => c.query.get('nextToken'))).toBe(true);
    for (const page of sleepPages) expect(page.query.get('limit')).toBe('25');

    const rows = (await v1.get('/v1/data?limit=100')).body.data as Record<string, unknown>[];
    const pick = ({ indicator, loinc_code, parsed_unit, value, time, end_time, comment }: Record<string, unknown>) => ({
      indicator,
      loinc_code,
      parsed_unit,
      value,
      time,
      end_time,
      comment,
    });
    const weight = rows.filter((r) => r.indicator === 'Body weight').map(pick);
    expect(weight).toEqual([expect.objectContaining({ loinc_code: '29463-7', value: '72.35', end_time: null })]);
    const weighedAt = Date.parse(String(weight[0]!.time));
    expect(weighedAt).toBeGreaterThanOrEqual(before - 1000);
    expect(weighedAt).toBeLessThanOrEqual(Date.now());

    const byKey = (a: Record<string, unknown>, b: Record<string, unknown>) =>
      `${a.indicator}${a.time}`.localeCompare(`${b.indicator}${b.time}`);
    const got = rows
      .filter((r) => r.indicator !== 'Body weight')
      .map(pick)
      .sort(byKey);
    const night1 = [at(-2, 22.5), at(-1, 6.5)] as const;
    const night2 = [at(-4, 23), at(-3, 6)] as const;
    const run = [at(-1, 17), at(-1, 17.75)] as const;
    expect(got).toEqual(
      [
        row('Sleep duration', '93832-4', 'h', '7', ...night1),
        row('Respiratory rate', '9279-1', '/min', '16.1', ...night1),
        row('Sleep duration', '93832-4', 'h', '6', ...night2),
        row('Respiratory rate', '9279-1', '/min', '15.5', ...night2),
        row('Resting heart rate', '40443-4', '/min', '52', night1[1], null),
        row('Heart rate variability RMSSD', null, 'ms', '61.2', night1[1], null),
        row('Oxygen saturation', '59408-5', '%', '95.7', night1[1], null),
        row('Skin temperature', null, 'Cel', '33.7', night1[1], null),
        row('Resting heart rate', '40443-4', '/min', '55', night2[1], null),
        row('Heart rate variability RMSSD', null, 'ms', '48.5', night2[1], null),
        row('Exercise activity', '73985-4', null, 'Running', ...run),
        row('Heart rate', '8867-4', '/min', '150', ...run),
        row('Active energy burned', '41981-2', 'kcal', '375.1', ...run),
        row('Workout distance', null, 'm', '5000.4', ...run),
      ].sort(byKey),
    );
    // Each scored recovery's sleep was read for its end; the unscorable one cost nothing.
    expect(whoop.callsTo(`/developer/v2/activity/sleep/${SLEEP_1}`).length).toBeGreaterThanOrEqual(1);
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
      // Six steps: two sleep pages, two recovery pages, the workouts, the body measurement.
      expect(accepted.length).toBeGreaterThanOrEqual(6);
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

function refreshCalls() {
  return whoop
    .callsTo('/oauth/oauth2/token')
    .filter((c) => new URLSearchParams(c.body).get('grant_type') === 'refresh_token');
}

function utcDay(offset: number): [number, number, number] {
  const t = new Date(Date.now() + offset * 86_400_000);
  return [t.getUTCFullYear(), t.getUTCMonth(), t.getUTCDate()];
}

function at(offset: number, hours: number): string {
  return new Date(Date.UTC(...utcDay(offset)) + hours * 3_600_000).toISOString();
}

function row(indicator: string, loinc: unknown, unit: string | null, value: string, time: string, end: string | null) {
  return { indicator, loinc_code: loinc, parsed_unit: unit, value, time, end_time: end, comment: 'whoop' };
}
