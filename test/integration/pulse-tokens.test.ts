import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Harness } from '../support/harness';
import { eventually } from '../support/polling';
import {
  backfillDone,
  LOOSE_RATE_LIMITS,
  linkThroughConsent,
  signedInUser,
  startWithProviders,
  stopWithProviders,
} from '../support/pulse-flow';
import { OURA_USER_ID, OuraServer, ouraEnv, ouraSampleDocuments } from '../support/pulse-servers';

/**
 * Oura's tokens over their life (design wearables §5, §7.4, §15): refreshed before they expire, Oura's single-use
 * refresh tokens rotated and stored (a reuse would fail at the local server), a 401 refreshing once and retrying, and
 * a refused grant shown as `status: error` in both lists.
 */
let h: Harness;
let oura: OuraServer;
let n = 0;

beforeAll(async () => {
  oura = new OuraServer();
  oura.documents = ouraSampleDocuments(new Date());
  h = await startWithProviders([oura], () => ({ env: { ...ouraEnv(oura), HDS_RATE_LIMITS: LOOSE_RATE_LIMITS } }));
}, 60_000);
afterAll(() => stopWithProviders(h, [oura]));

async function link() {
  const { api } = await signedInUser(h, `tokens${++n}-${Date.now()}@example.org`);
  await linkThroughConsent(h, api, 'oura');
  const linkOf = async () => (await api.get('/api/v1/pulse/user/providers')).body.data.providers[0];
  await backfillDone(api, 'oura', { what: 'backfill' });
  return { api, linkOf };
}

const refreshCalls = () =>
  oura
    .callsTo('/oauth/token')
    .map((c) => new URLSearchParams(c.body))
    .filter((f) => f.get('grant_type') === 'refresh_token');

const deliver = (objectId: string) =>
  fetch(`${h.url}/api/v1/pulse/hds/webhook?provider=oura`, {
    method: 'POST',
    ...oura.signedDelivery({
      event_type: 'update',
      data_type: 'daily_activity',
      object_id: objectId,
      event_time: new Date().toISOString(),
      user_id: OURA_USER_ID,
    }),
  });

describe('refresh', () => {
  it('refreshes a token about to expire before each fetch, storing each rotated refresh token', async () => {
    oura.expiresIn = 60; // inside the 5-minute margin: every step refreshes first
    try {
      const before = refreshCalls().length;
      const { linkOf } = await link();
      const calls = refreshCalls().slice(before);
      // One refresh per backfill step (9: four collections, five heart-rate weeks, plus paging).
      expect(calls.length).toBeGreaterThanOrEqual(9);
      const presented = calls.map((f) => f.get('refresh_token'));
      // Each refresh presented the token the previous one returned: none was used twice (Oura would refuse it).
      expect(new Set(presented).size).toBe(presented.length);
      expect(await linkOf()).toMatchObject({ status: 'linked', backfill: { status: 'done' } });
    } finally {
      oura.expiresIn = 86_400;
    }
  });

  it('refreshes once on a 401 and retries the fetch', async () => {
    await link();
    oura.expireAccessTokens();
    const before = refreshCalls().length;
    expect((await deliver('da-2')).status).toBe(200);
    await eventually(() => oura.callsTo('/v2/usercollection/daily_activity/da-2').length >= 2, { what: 'the retry' });
    await h.runtime.drainQueues();
    const fetches = oura.callsTo('/v2/usercollection/daily_activity/da-2');
    expect(fetches.length).toBe(2);
    expect(refreshCalls().length - before).toBe(1);
  });

  it('marks the link error in both lists when Oura refuses the grant', async () => {
    const { api, linkOf } = await link();
    oura.expireAccessTokens();
    oura.forgetRefreshTokens();
    expect((await deliver('da-3')).status).toBe(200);
    await eventually(async () => (await linkOf())?.status === 'error', { what: 'status error' });
    const catalog = (await api.get('/api/v1/pulse/providers')).body.data.providers;
    expect(catalog.find((p: { slug: string }) => p.slug === 'oura').status).toBe('error');
  });
});
