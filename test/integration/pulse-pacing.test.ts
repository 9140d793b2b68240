import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Harness } from '../support/harness';
import { eventually } from '../support/polling';
import {
  LINK_PATH as LINK,
  linkThroughConsent,
  signedInUser,
  startWithProviders,
  stopWithProviders,
} from '../support/pulse-flow';
import { OURA_USER_ID, OuraServer, ouraEnv, ouraSampleDocuments } from '../support/pulse-servers';

/**
 * Pacing toward Oura and the per-user provider budget (design wearables §1, §8, §15) over real HTTP: with
 * `HDS_PULSE_PACE_OURA=60:3` the backfill makes 3 data requests and waits for the next window instead of a 4th; a
 * user's 61st request to one provider in a minute, and a provider user's deliveries past 60, are 429.
 */
let h: Harness;
let oura: OuraServer;
let n = 0;
const dataCalls = () => oura.calls.filter((c) => /^\/v2\/usercollection\/(?!personal_info)/.test(c.path)).length;

beforeAll(async () => {
  oura = new OuraServer();
  oura.documents = ouraSampleDocuments(new Date());
  h = await startWithProviders([oura], () => ({
    env: {
      ...ouraEnv(oura),
      HDS_PULSE_PACE_OURA: '60:3',
      HDS_RATE_LIMITS: 'login-code=1000,verify-code=1000,api-v1=100000,receive-pulse-webhook=70',
    },
  }));
}, 60_000);
afterAll(() => stopWithProviders(h, [oura]));

async function linkedUser() {
  const { api } = await signedInUser(h, `pace${++n}-${Date.now()}@example.org`);
  await linkThroughConsent(h, api, 'oura');
  return api;
}

describe('pacing toward Oura', () => {
  it('makes 3 data requests in the window, then delays the next step to the next window', async () => {
    const api = await linkedUser();
    await eventually(() => dataCalls() >= 3, { timeoutMs: 10_000, what: 'three data requests' });
    const waiting = await eventually(
      async () => {
        const pending = await h.runtime.queue!.pending('pulse-jobs');
        return pending.find((m) => (m.visibleAt ?? 0) > Date.now() + 20_000);
      },
      { timeoutMs: 10_000, what: 'a step delayed to the next window' },
    );
    expect(JSON.parse(waiting.body)).toMatchObject({ type: 'backfill', provider: 'oura' });
    // The sliding window frees the slot when the 10-s bucket holding the three requests leaves it: at most the 60-s
    // window plus that bucket, plus under 5 s of jitter.
    expect(waiting.visibleAt! - Date.now()).toBeLessThanOrEqual(75_000);
    await h.runtime.drainQueues();
    expect(dataCalls()).toBe(3);
    const [link] = (await api.get('/api/v1/pulse/user/providers')).body.data.providers;
    expect(link.backfill.status).toBe('running');
  });
});

describe('the per-user budget of one provider (60 a minute)', () => {
  it('answers a provider user’s deliveries past the budget 429 with Retry-After', async () => {
    await linkedUser(); // one request of the budget
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) {
      const delivery = oura.signedDelivery({
        event_type: 'create',
        data_type: 'sleep',
        object_id: `sl-budget-${i}`,
        event_time: new Date().toISOString(),
        user_id: OURA_USER_ID,
      });
      const res = await fetch(`${h.url}/api/v1/pulse/hds/webhook?provider=oura`, { method: 'POST', ...delivery });
      statuses.push(res.status);
      if (res.status === 429) {
        expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
        expect(await res.json()).toMatchObject({ success: false, code: -1 });
      }
    }
    expect(statuses.slice(0, 59).every((s) => s === 200)).toBe(true);
    expect(statuses[59]).toBe(429);
  });

  it('answers a user’s 61st link request in a minute 429 in the envelope', async () => {
    const { api } = await signedInUser(h, `budget-${Date.now()}@example.org`);
    for (let i = 0; i < 60; i++) expect((await api.post(LINK, { provider: 'oura' })).status).toBe(200);
    const over = await api.post(LINK, { provider: 'oura' });
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({ success: false, code: -1 });
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('counts every delivery from one address first, signed or not (receive-pulse-webhook=70 here)', async () => {
    // The 60 deliveries above came from this address too: ten more are admitted (and refused as unsigned), then 429.
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await fetch(`${h.url}/api/v1/pulse/hds/webhook?provider=oura`, { method: 'POST', body: '{}' });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
  });
});
