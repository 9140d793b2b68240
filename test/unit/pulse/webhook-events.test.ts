import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  fitbitEvents,
  garminCallbackAllowed,
  garminEvents,
  ouraEvents,
  WebhookBodyError,
  whoopEvents,
  withingsEvents,
} from '../../../shared/domain/pulse/signatures';
import { fixtureBytes } from './fixtures';

const json = (value: unknown) => Buffer.from(JSON.stringify(value));
const WEEK = 604_800;

describe('Oura events', () => {
  it('update → fetch the document; key user|data_type|object_id|event_type|event_time, 7 days', () => {
    expect(ouraEvents(fixtureBytes('oura', 'webhook-sleep-update.json'))).toEqual([
      {
        providerUserId: 'oura-user-7f3e2d1c',
        idempotencyKey:
          'oura-user-7f3e2d1c|sleep|4d1e6a8e-5a9c-4b7f-8e37-91b2c0f4a6d3|update|2026-11-19T07:20:00+00:00',
        ledgerTtlSeconds: WEEK,
        job: {
          kind: 'fetch',
          step: { provider: 'oura', kind: 'document', collection: 'sleep', id: '4d1e6a8e-5a9c-4b7f-8e37-91b2c0f4a6d3' },
        },
      },
    ]);
  });

  it('delete → exactly the keys the document can have written', () => {
    const [event] = ouraEvents(fixtureBytes('oura', 'webhook-workout-delete.json'));
    expect(event?.job).toEqual({
      kind: 'delete',
      keys: ['activity', 'energy', 'distance'].map((m) => `oura|workout|6d5c4b3a-2f1e-4d0c-9b8a-7f6e5d4c3b2a|${m}`),
    });
  });

  it('announces nothing for unmapped data types; refuses a body without its fields', () => {
    const base = { event_type: 'create', object_id: 'x', event_time: 't', user_id: 'u' };
    expect(ouraEvents(json({ ...base, data_type: 'tag' }))).toEqual([]);
    expect(() => ouraEvents(json({ ...base, data_type: 'sleep', user_id: undefined }))).toThrow(WebhookBodyError);
    expect(() => ouraEvents(Buffer.from('not json'))).toThrow(/oura webhook body: not JSON/);
  });
});

describe('WHOOP events', () => {
  it('sleep.updated → fetch the sleep; key trace_id|type|id, 7 days; numeric user_id as text', () => {
    expect(whoopEvents(fixtureBytes('whoop', 'webhook-sleep-updated.json'))).toEqual([
      {
        providerUserId: '10129',
        idempotencyKey: 'd3709ee7-104e-4f70-a928-2932964b017b|sleep.updated|ecfc6a15-4661-442f-a9a4-f160dd7afae8',
        ledgerTtlSeconds: WEEK,
        job: {
          kind: 'fetch',
          step: { provider: 'whoop', kind: 'object', resource: 'sleep', id: 'ecfc6a15-4661-442f-a9a4-f160dd7afae8' },
        },
      },
    ]);
  });

  it('recovery.deleted → the cycle`s recovery keys; unknown types announce nothing', () => {
    const [event] = whoopEvents(json({ user_id: 1, id: 93845, type: 'recovery.deleted', trace_id: 't' }));
    expect(event?.job).toEqual({
      kind: 'delete',
      keys: ['rhr', 'hrv_rmssd', 'spo2', 'skin_temp'].map((m) => `whoop|recovery|93845|${m}`),
    });
    expect(whoopEvents(json({ user_id: 1, id: 2, type: 'cycle.updated', trace_id: 't' }))).toEqual([]);
  });
});

describe('Fitbit events', () => {
  it('a collection notification → that date`s resources; key includes the body digest; 10 minutes', () => {
    const raw = fixtureBytes('fitbit', 'webhook-sleep.json');
    const digest = createHash('sha256').update(raw).digest('hex');
    expect(fitbitEvents(raw)).toEqual([
      {
        providerUserId: '228TQ4',
        idempotencyKey: `228TQ4|sleep|2026-11-19|${digest}`,
        ledgerTtlSeconds: 600,
        job: {
          kind: 'fetch',
          step: { provider: 'fitbit', resources: ['sleep', 'hrv', 'spo2'], start: '2026-11-19', end: '2026-11-19' },
        },
      },
    ]);
  });

  it('userRevokedAccess → deauthorized; foods → nothing; a bad date or a non-array body → error', () => {
    const events = fitbitEvents(
      json([
        { collectionType: 'userRevokedAccess', ownerId: 'A1', ownerType: 'user', subscriptionId: 's' },
        { collectionType: 'foods', date: '2026-11-19', ownerId: 'A1', ownerType: 'user', subscriptionId: 's' },
        { collectionType: 'activities', date: '2026-11-19', ownerId: 'A1', ownerType: 'user', subscriptionId: 's' },
      ]),
    );
    expect(events.map((e) => e.job.kind)).toEqual(['deauthorized', 'fetch']);
    expect(events[1]?.job).toMatchObject({ step: { resources: ['activities_summary', 'heart', 'activity_list'] } });
    expect(() => fitbitEvents(json([{ collectionType: 'body', date: '19.11.2026', ownerId: 'A1' }]))).toThrow(
      WebhookBodyError,
    );
    expect(() => fitbitEvents(json({ collectionType: 'body' }))).toThrow(/not an array/);
  });
});

describe('Withings events', () => {
  it('appli 1 → getmeas over the window; key userid|appli|startdate|enddate; 10 minutes', () => {
    expect(withingsEvents(fixtureBytes('withings', 'notify-weight.form'))).toEqual([
      {
        providerUserId: '36281742',
        idempotencyKey: '36281742|1|1795500000|1795503600',
        ledgerTtlSeconds: 600,
        job: {
          kind: 'fetch',
          step: { provider: 'withings', services: ['getmeas'], startdate: 1795500000, enddate: 1795503600 },
        },
      },
    ]);
  });

  it('appli 16 → activity then workouts; unlink → deauthorized; unknown appli → nothing; bad window → error', () => {
    const [activity] = withingsEvents(Buffer.from('userid=7&appli=16&startdate=10&enddate=20'));
    expect(activity?.job).toMatchObject({ step: { services: ['getactivity', 'getworkouts'] } });
    expect(withingsEvents(Buffer.from('userid=7&appli=44&action=unlink'))[0]?.job).toEqual({ kind: 'deauthorized' });
    expect(withingsEvents(Buffer.from('userid=7&appli=50&startdate=10&enddate=20'))).toEqual([]);
    expect(() => withingsEvents(Buffer.from('userid=7&appli=1&startdate=20&enddate=10'))).toThrow(WebhookBodyError);
    expect(() => withingsEvents(Buffer.from('appli=1&startdate=10&enddate=20'))).toThrow(/userid is missing/);
  });
});

describe('Garmin events', () => {
  const api = 'https://apis.garmin.com';

  it('each ping item whose callbackURL is the configured API → a fetch of that URL, keyed by it; others dropped', () => {
    const events = garminEvents(fixtureBytes('garmin', 'ping.json'), api);
    expect(events.map((e) => [e.providerUserId, e.job])).toEqual([
      [
        '4aacafe8-2e2f-4c5d-8d14-1b8d34b4a1f0',
        {
          kind: 'fetch',
          step: {
            provider: 'garmin',
            kind: 'callback',
            summary: 'dailies',
            url: 'https://apis.garmin.com/wellness-api/rest/dailies?uploadStartTimeInSeconds=1795500000&uploadEndTimeInSeconds=1795503600&token=garmin-fixture-pull-token-1',
          },
        },
      ],
      [
        '4aacafe8-2e2f-4c5d-8d14-1b8d34b4a1f0',
        {
          kind: 'fetch',
          step: {
            provider: 'garmin',
            kind: 'callback',
            summary: 'sleeps',
            url: 'https://apis.garmin.com/wellness-api/rest/sleeps?uploadStartTimeInSeconds=1795500000&uploadEndTimeInSeconds=1795503600&token=garmin-fixture-pull-token-2',
          },
        },
      ],
    ]);
    for (const e of events) {
      expect(e.idempotencyKey).toBe((e.job as { step: { url: string } }).step.url);
      expect(e.ledgerTtlSeconds).toBe(WEEK);
    }
  });

  it('a Push item (data, no callbackURL) is dropped; a deregistration → deauthorized', () => {
    expect(garminEvents(json({ dailies: [{ userId: 'u', summaryId: 's', steps: 100 }] }), api)).toEqual([]);
    expect(garminEvents(fixtureBytes('garmin', 'deregistration.json'), api)).toEqual([
      {
        providerUserId: '4aacafe8-2e2f-4c5d-8d14-1b8d34b4a1f0',
        idempotencyKey: 'deregistration|4aacafe8-2e2f-4c5d-8d14-1b8d34b4a1f0',
        ledgerTtlSeconds: WEEK,
        job: { kind: 'deauthorized' },
      },
    ]);
  });

  it('garminCallbackAllowed: same origin, path under /wellness-api/rest/, no credentials', () => {
    const ok = 'https://apis.garmin.com/wellness-api/rest/dailies?x=1';
    expect(garminCallbackAllowed(ok, api)).toBe(true);
    expect(garminCallbackAllowed(ok, 'https://apis.garmin.com/')).toBe(true);
    expect(garminCallbackAllowed('http://apis.garmin.com/wellness-api/rest/dailies', api)).toBe(false);
    expect(garminCallbackAllowed('https://apis.garmin.com:8443/wellness-api/rest/dailies', api)).toBe(false);
    expect(garminCallbackAllowed('https://apis.garmin.com.evil.example/wellness-api/rest/dailies', api)).toBe(false);
    expect(garminCallbackAllowed('https://u:p@apis.garmin.com/wellness-api/rest/dailies', api)).toBe(false);
    expect(garminCallbackAllowed('https://apis.garmin.com/wellness-api/rest/../../oauth-service/x', api)).toBe(false);
    expect(garminCallbackAllowed('https://apis.garmin.com/other/dailies', api)).toBe(false);
    expect(garminCallbackAllowed('not a url', api)).toBe(false);
    expect(garminCallbackAllowed('http://127.0.0.1:4010/wellness-api/rest/sleeps', 'http://127.0.0.1:4010')).toBe(true);
  });
});
