import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { client, Harness } from '../support/harness';
import { eventually } from '../support/polling';
import {
  apiKeyClient,
  backfillDone,
  LOOSE_RATE_LIMITS,
  linkThroughConsent,
  signedInUser,
  startWithProviders,
  stopWithProviders,
} from '../support/pulse-flow';
import {
  OURA_USER_ID,
  OURA_VERIFICATION_TOKEN,
  OuraServer,
  ouraEnv,
  ouraSampleDocuments,
} from '../support/pulse-servers';

/**
 * Oura's webhooks through `/api/v1/pulse/hds/webhook` (design wearables §7, §15) over real HTTP: a signed delivery
 * becomes readings through the consumer; forged, stale and replayed deliveries cause nothing; the handshakes.
 */
let h: Harness;
let oura: OuraServer;
let v1: ReturnType<typeof client>;
let hook: string;

beforeAll(async () => {
  oura = new OuraServer();
  oura.documents = ouraSampleDocuments(new Date());
  h = await startWithProviders([oura], () => ({ env: { ...ouraEnv(oura), HDS_RATE_LIMITS: LOOSE_RATE_LIMITS } }));
  hook = `${h.url}/api/v1/pulse/hds/webhook?provider=oura`;
  const { api } = await signedInUser(h, `hooks-${Date.now()}@example.org`);
  v1 = await apiKeyClient(h, api, 'hooks');
  await linkThroughConsent(h, api, 'oura');
  await backfillDone(api, 'oura', { what: 'the backfill' });
}, 60_000);
afterAll(() => stopWithProviders(h, [oura]));

const sleepDoc = (id: string, hours: number) => {
  const end = new Date(Date.now() - 3_600_000);
  const start = new Date(end.getTime() - hours * 3_600_000);
  return {
    id,
    day: end.toISOString().slice(0, 10),
    type: 'long_sleep',
    bedtime_start: start.toISOString(),
    bedtime_end: end.toISOString(),
    total_sleep_duration: hours * 3600,
    average_heart_rate: 51,
    average_hrv: 62,
  };
};
const event = (objectId: string, extra: Record<string, unknown> = {}) => ({
  event_type: 'create',
  data_type: 'sleep',
  object_id: objectId,
  event_time: new Date().toISOString(),
  user_id: OURA_USER_ID,
  ...extra,
});
const post = (delivery: { body: string; headers: Record<string, string> }, url = hook) =>
  fetch(url, { method: 'POST', body: delivery.body, headers: delivery.headers });
const sleepRows = async () =>
  ((await v1.get('/v1/data?limit=200&indicator=Sleep%20duration')).body.data as { value: string }[]).map(
    (r) => r.value,
  );
const fetchesOf = (id: string) => oura.callsTo(`/v2/usercollection/sleep/${id}`).length;

describe('a signed delivery', () => {
  it('is answered 200 with no body, then fetched and written by the consumer; its replay changes nothing', async () => {
    oura.documents.sleep!.push(sleepDoc('sl-hook-1', 6.5));
    const delivery = oura.signedDelivery(event('sl-hook-1'));
    const res = await post(delivery);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('');
    await eventually(async () => (await sleepRows()).includes('6.5'), { what: 'the new sleep row' });
    expect(fetchesOf('sl-hook-1')).toBe(1);

    const before = await sleepRows();
    expect((await post(delivery)).status).toBe(200);
    await h.runtime.drainQueues();
    expect(fetchesOf('sl-hook-1')).toBe(1);
    expect(await sleepRows()).toEqual(before);
  });

  it('is answered before the fetch: a stalled Oura does not delay the 200', async () => {
    oura.documents.sleep!.push(sleepDoc('sl-hook-2', 5.25));
    oura.fail({ kind: 'stall', path: '/v2/usercollection/sleep/sl-hook-2', times: 1 });
    const started = Date.now();
    expect((await post(oura.signedDelivery(event('sl-hook-2')))).status).toBe(200);
    expect(Date.now() - started).toBeLessThan(2_000);
    await eventually(async () => (await sleepRows()).includes('5.25'), {
      timeoutMs: 20_000,
      what: 'the retried fetch',
    });
  }, 30_000);

  it('of an unknown Oura user is answered 200 and fetches nothing', async () => {
    const res = await post(oura.signedDelivery(event('sl-nobody', { user_id: 'someone-else' })));
    expect(res.status).toBe(200);
    await h.runtime.drainQueues();
    expect(fetchesOf('sl-nobody')).toBe(0);
  });

  it('of a delete removes exactly that object’s rows', async () => {
    oura.documents.sleep!.push(sleepDoc('sl-hook-3', 4.75));
    expect((await post(oura.signedDelivery(event('sl-hook-3')))).status).toBe(200);
    await eventually(async () => (await sleepRows()).includes('4.75'), { what: 'the row to delete' });
    const before = await sleepRows();
    expect((await post(oura.signedDelivery(event('sl-hook-3', { event_type: 'delete' })))).status).toBe(200);
    await eventually(async () => !(await sleepRows()).includes('4.75'), { what: 'the row deleted' });
    expect((await sleepRows()).sort()).toEqual(before.filter((v) => v !== '4.75').sort());
  });
});

describe('a delivery that does not verify is 401 and causes nothing', () => {
  const forged: [string, (d: { body: string; headers: Record<string, string> }) => void][] = [
    ['signed with another secret', () => undefined],
    [
      'a flipped body byte',
      (d) => {
        d.body = d.body.replace('sl-forged', 'sl-forgee');
      },
    ],
    [
      'a truncated signature',
      (d) => {
        d.headers['x-oura-signature'] = d.headers['x-oura-signature']!.slice(0, 40);
      },
    ],
    [
      'a signature that is not hex',
      (d) => {
        d.headers['x-oura-signature'] = 'z'.repeat(64);
      },
    ],
    ['no signature header', (d) => void delete d.headers['x-oura-signature']],
    ['no timestamp header', (d) => void delete d.headers['x-oura-timestamp']],
    [
      'a timestamp 301 s old',
      (d) => {
        d.headers['x-oura-timestamp'] = String(Math.floor(Date.now() / 1000) - 301);
      },
    ],
  ];
  it.each(forged)('%s', async (name, tamper) => {
    oura.documents.sleep!.push(sleepDoc('sl-forged', 3.5));
    const delivery = oura.signedDelivery(
      event('sl-forged'),
      name === 'signed with another secret' ? { secret: 'x' } : {},
    );
    tamper(delivery);
    const res = await post(delivery);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ success: false, code: -1, msg: 'signature does not verify', data: null });
    await h.runtime.drainQueues();
    expect(fetchesOf('sl-forged')).toBe(0);
    expect(await sleepRows()).not.toContain('3.5');
  });

  it('refuses timestamps beyond the 300 s tolerance, old or ahead, even when signed over them', async () => {
    // 305 s, not 301: the whole-second timestamp and the time the request takes eat up to ~2 s of an ahead skew,
    // so 301 s ahead could arrive 299.x s ahead and be rightly accepted.
    for (const skew of [-305, 305]) {
      const ts = Math.floor(Date.now() / 1000) + skew;
      const res = await post(oura.signedDelivery(event('sl-forged'), { timestamp: ts }));
      expect(res.status, String(skew)).toBe(401);
    }
    await h.runtime.drainQueues();
    expect(fetchesOf('sl-forged')).toBe(0);
  });

  it('refuses a signed body that is not Oura’s shape with a 400 naming it', async () => {
    const body = JSON.stringify({ event_type: 'create', data_type: 'sleep' });
    const delivery = oura.signedDelivery({});
    const signed = oura.signedDelivery(JSON.parse(body));
    const res = await post({ body: signed.body, headers: { ...delivery.headers, ...signed.headers } });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { msg: string }).msg).toMatch(/oura webhook body: object_id is missing/);
  });

  it('a later valid delivery of the same event is still taken (nothing was remembered)', async () => {
    expect((await post(oura.signedDelivery(event('sl-forged')))).status).toBe(200);
    await eventually(async () => (await sleepRows()).includes('3.5'), { what: 'the valid delivery' });
  });
});

describe('the webhook path', () => {
  it('echoes Oura’s challenge for the configured token only', async () => {
    const ok = await fetch(`${hook}&verification_token=${OURA_VERIFICATION_TOKEN}&challenge=ch-123`);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ challenge: 'ch-123' });
    const wrong = await fetch(`${hook}&verification_token=nope&challenge=ch-123`);
    expect(wrong.status).toBe(401);
    expect((await fetch(hook)).status).toBe(404);
  });

  it('answers HEAD 200 with no body', async () => {
    const res = await fetch(`${h.url}/api/v1/pulse/hds/webhook`, { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('');
  });

  it('answers 404 for no provider, an unknown or unconfigured one, and another platform', async () => {
    const body = oura.signedDelivery(event('sl-x'));
    for (const url of [
      `${h.url}/api/v1/pulse/hds/webhook`,
      `${h.url}/api/v1/pulse/hds/webhook?provider=polar`,
      `${h.url}/api/v1/pulse/hds/webhook?provider=garmin`,
      `${h.url}/api/v1/pulse/theta/webhook?provider=oura`,
    ]) {
      const res = await post(body, url);
      expect(res.status, url).toBe(404);
      expect(((await res.json()) as { success: boolean }).success, url).toBe(false);
    }
  });
});

describe('the daily subscription run (renew-pulse-subscriptions)', () => {
  it('subscribes every Oura data type and event once (Oura checks the challenge), then renews only what expires', async () => {
    const first = await h.runtime.runScheduled('renew-pulse-subscriptions');
    expect(first).toEqual({ oura: { created: 12, renewed: 0 } });
    expect(oura.subscriptions).toHaveLength(12);
    for (const s of oura.subscriptions) expect(s.callback_url).toBe(hook);
    expect(new Set(oura.subscriptions.map((s) => `${s.data_type}/${s.event_type}`)).size).toBe(12);

    oura.subscriptions[0]!.expiration_time = new Date(Date.now() + 86_400_000).toISOString();
    const second = await h.runtime.runScheduled('renew-pulse-subscriptions');
    expect(second).toEqual({ oura: { created: 0, renewed: 1 } });
    expect(oura.callsTo('/v2/webhook/subscription/renew/').map((c) => c.path)).toEqual([
      `/v2/webhook/subscription/renew/${oura.subscriptions[0]!.id}`,
    ]);
  });
});
