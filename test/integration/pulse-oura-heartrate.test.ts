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
import { OURA_USER_ID, OuraServer, ouraEnv, ouraSampleDocuments } from '../support/pulse-servers';

/**
 * Oura's heart rate after the backfill (design wearables §4.2): Oura sends no heart-rate webhooks, so a signed
 * `sleep` or `daily_activity` event also re-reads `heartrate` over the whole UTC days that document covers, and that
 * day's mean appears in `GET /v1/data`; a redelivery adds nothing.
 */
const DAY_MS = 86_400_000;
let h: Harness;
let oura: OuraServer;
let v1: ReturnType<typeof client>;
let hook: string;

beforeAll(async () => {
  oura = new OuraServer();
  oura.documents = ouraSampleDocuments(new Date());
  h = await startWithProviders([oura], () => ({ env: { ...ouraEnv(oura), HDS_RATE_LIMITS: LOOSE_RATE_LIMITS } }));
  hook = `${h.url}/api/v1/pulse/hds/webhook?provider=oura`;
  const { api } = await signedInUser(h, `oura-hr-${Date.now()}@example.org`);
  v1 = await apiKeyClient(h, api, 'oura heart rate');
  await linkThroughConsent(h, api, 'oura');
  await backfillDone(api, 'oura');
}, 60_000);
afterAll(() => stopWithProviders(h, [oura]));

/** UTC midnight `offset` days from today, as ISO 8601. */
const midnight = (offset: number) => new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS + offset * DAY_MS).toISOString();
const sample = (timestamp: number | string, bpm: number) => ({
  timestamp: new Date(timestamp).toISOString().replace('Z', '+00:00'),
  bpm,
  source: 'awake',
});
const post = (delivery: { body: string; headers: Record<string, string> }) =>
  fetch(hook, { method: 'POST', body: delivery.body, headers: delivery.headers });
const event = (dataType: string, objectId: string, eventType = 'create') =>
  oura.signedDelivery({
    event_type: eventType,
    data_type: dataType,
    object_id: objectId,
    event_time: new Date().toISOString(),
    user_id: OURA_USER_ID,
  });
/** The daily heart-rate rows (day episodes; a sleep's mean heart rate is its bedtime episode, not one of these). */
const dailyHeartRate = async () =>
  ((await v1.get('/v1/data?limit=500&indicator=Heart%20rate')).body.data as Record<string, string>[])
    .filter((r) => Date.parse(r.end_time!) - Date.parse(r.time!) === DAY_MS)
    .map((r) => ({ day: r.time, value: r.value }))
    .sort((a, b) => a.day!.localeCompare(b.day!));
const heartRateReads = () => oura.callsTo('/v2/usercollection/heartrate');

describe('a sleep event after the backfill', () => {
  it('brings today’s heart-rate mean, read over whole UTC days up to now; its redelivery adds nothing', async () => {
    expect(await dailyHeartRate()).toEqual([{ day: midnight(-1), value: '65' }]);
    // Today's samples, recorded after the backfill read today: between today's UTC midnight and now.
    const today = Date.parse(midnight(0));
    const span = Date.now() - today;
    oura.documents.heartrate!.push(sample(today + span * 0.25, 58), sample(today + span * 0.5, 63));
    const end = Date.now() - 1000;
    oura.documents.sleep!.push({
      id: 'sl-hr-1',
      day: midnight(0).slice(0, 10),
      type: 'long_sleep',
      bedtime_start: new Date(end - 6 * 3_600_000).toISOString(),
      bedtime_end: new Date(end).toISOString(),
      total_sleep_duration: 6 * 3600,
      average_heart_rate: 52,
    });
    const before = heartRateReads().length;
    const delivery = event('sleep', 'sl-hr-1');
    expect((await post(delivery)).status).toBe(200);

    await eventually(async () => (await dailyHeartRate()).some((r) => r.day === midnight(0)), {
      what: 'today’s heart-rate row',
    });
    const rows = await dailyHeartRate();
    expect(rows.find((r) => r.day === midnight(0))).toEqual({ day: midnight(0), value: '60.5' });
    // The window starts at the UTC midnight before the sleep began (whole days, never a partial mean) and ends now.
    const [read] = heartRateReads().slice(before);
    const sleptFrom = Math.floor((end - 6 * 3_600_000) / DAY_MS) * DAY_MS;
    expect(read!.query.get('start_datetime')).toBe(new Date(sleptFrom).toISOString());
    expect(Date.parse(read!.query.get('end_datetime')!)).toBeLessThanOrEqual(Date.now());
    expect(Date.parse(read!.query.get('end_datetime')!)).toBeGreaterThan(end);

    const reads = heartRateReads().length;
    expect((await post(delivery)).status).toBe(200);
    await h.runtime.drainQueues();
    expect(heartRateReads()).toHaveLength(reads);
    expect(await dailyHeartRate()).toEqual(rows);
  });
});

describe('a daily_activity event', () => {
  it('re-reads the heart rate of that activity’s day only, and rewrites it under the same key', async () => {
    const day = midnight(-2).slice(0, 10);
    const dayStart = Date.parse(midnight(-2));
    // Heart rate Oura now has for the activity's day, and for a day no event concerns.
    oura.documents.heartrate!.push(
      sample(dayStart + 9 * 3_600_000, 80),
      sample(dayStart + 21 * 3_600_000, 90),
      sample(Date.parse(midnight(-5)) + 12 * 3_600_000, 100),
    );
    const activity = oura.documents.daily_activity!.find((d) => d.day === day)!;
    const before = await dailyHeartRate();
    expect(before.some((r) => r.day === midnight(-2))).toBe(false);

    expect(await post(event('daily_activity', String(activity.id), 'update'))).toHaveProperty('status', 200);
    await eventually(async () => (await dailyHeartRate()).some((r) => r.day === midnight(-2)), {
      what: 'the activity day’s heart-rate row',
    });
    await h.runtime.drainQueues();
    const read = heartRateReads().at(-1)!;
    expect([read.query.get('start_datetime'), read.query.get('end_datetime')]).toEqual([midnight(-2), midnight(-1)]);
    expect(await dailyHeartRate()).toEqual(
      [...before, { day: midnight(-2), value: '85' }].sort((a, b) => a.day!.localeCompare(b.day!)),
    );

    // More samples of that day arrive; the next event for it rewrites the day's one row, it does not add another.
    oura.documents.heartrate!.push(sample(dayStart + 22 * 3_600_000, 100));
    expect(await post(event('daily_activity', String(activity.id), 'update'))).toHaveProperty('status', 200);
    await eventually(async () => (await dailyHeartRate()).find((r) => r.day === midnight(-2))?.value === '90', {
      what: 'the rewritten mean',
    });
    expect(await dailyHeartRate()).toHaveLength(before.length + 1);
  });
});
