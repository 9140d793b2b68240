import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_EVENT_TYPES } from '../../shared/domain/webhooks/events';
import { client, type Harness, startHarness } from '../support/harness';
import { eventually } from '../support/polling';
import { signIn } from '../support/sign-in';
import { WebhookReceiver } from '../support/webhook-receiver';

/**
 * The console's webhook routes (issue 19: endpoints managed "from the console") over real HTTP with sessions from the
 * email sign-in: the same service as `/v1/webhook_endpoints`, the account taken from the session, the spec's error
 * envelope with `param` on malformed input, and another account's endpoint answered 404 on every route.
 */
let h: Harness;
let n = 0;
const receiver = new WebhookReceiver();
const BASE = '/api/console/webhook_endpoints';

beforeAll(async () => {
  await receiver.start();
  h = await startHarness({
    env: {
      HDS_RATE_LIMITS: 'login-code=1000,verify-code=1000',
      HDS_EGRESS_ALLOW_HOSTS: `127.0.0.1:${receiver.port}`,
      HDS_WEBHOOK_RETRY_SCHEDULE: '1,1,1',
      HDS_WEBHOOK_TIMEOUT_MS: '3000',
    },
  });
}, 60_000);
afterAll(async () => {
  await h?.stop();
  await receiver.stop();
});

/** A signed-in person's console client and an API key of the same account (made through the console). */
async function person() {
  const session = await signIn(h, `hooks${++n}-${Date.now()}@example.org`);
  const console_ = client(h.url, session.access_token);
  const key = await console_.post('/api/console/keys', { name: 'events' });
  expect(key.status).toBe(201);
  return { console_, v1: client(h.url, key.body.secret) };
}

describe('console webhook endpoints', () => {
  it('creates, lists with the event types, shows deliveries, redelivers, rotates and deletes', async () => {
    const { console_, v1 } = await person();
    const created = await console_.post(BASE, {
      url: receiver.url('/console-flow'),
      events: ['session.deleted'],
      description: 'ops',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ object: 'webhook_endpoint', events: ['session.deleted'], description: 'ops' });
    const { id, secret } = created.body as { id: string; secret: string };
    expect(secret).toMatch(/^whsec_/);

    const listed = await console_.get(BASE);
    expect(listed.status).toBe(200);
    expect(listed.body.event_types).toEqual([...WEBHOOK_EVENT_TYPES]);
    expect(listed.body.data).toEqual([
      {
        id,
        object: 'webhook_endpoint',
        url: receiver.url('/console-flow'),
        events: ['session.deleted'],
        description: 'ops',
        created_at: expect.any(Number),
        last_delivery_status: null,
      },
    ]);
    expect(JSON.stringify(listed.body)).not.toContain(secret.slice(6));
    // The /v1 routes see the same endpoint: one store, one service.
    expect((await v1.get(`/v1/webhook_endpoints/${id}`)).status).toBe(200);

    expect((await v1.delete('/v1/sessions/s-console?user=alice')).status).toBe(200);
    const [got] = await eventually(() => receiver.at('/console-flow').length === 1 && receiver.at('/console-flow'));
    expect(new Webhook(secret).verify(got!.body, got!.headers)).toMatchObject({ type: 'session.deleted' });
    const [delivery] = await eventually(async () => {
      const res = await console_.get(`${BASE}/${id}/deliveries`);
      return res.body.data?.[0]?.status === 'delivered' && res.body.data;
    });
    expect(delivery).toMatchObject({ id: got!.headers['webhook-id'], attempts: 1, last_status_code: 200 });
    expect((await console_.get(BASE)).body.data[0].last_delivery_status).toBe('delivered');

    const again = await console_.post(`${BASE}/${id}/deliveries/${delivery.id}/redeliver`, {});
    expect(again.status).toBe(202);
    expect(again.body).toMatchObject({ id: delivery.id, status: 'pending' });
    await eventually(() => receiver.at('/console-flow').length === 2);
    expect(receiver.at('/console-flow')[1]!.headers['webhook-id']).toBe(delivery.id);

    const rotated = await console_.post(`${BASE}/${id}/rotate_secret`, {});
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(secret);

    const deleted = await console_.delete(`${BASE}/${id}`);
    expect(deleted.body).toEqual({ id, object: 'webhook_endpoint', deleted: true });
    expect((await console_.get(BASE)).body.data).toEqual([]);
    expect((await console_.delete(`${BASE}/${id}`)).status).toBe(404);
  });

  it('refuses malformed input with the error envelope naming the param', async () => {
    const { console_ } = await person();
    const cases: [unknown, string][] = [
      [{}, 'url'],
      [{ url: 42 }, 'url'],
      [{ url: 'not a url' }, 'url'],
      [{ url: 'https://127.0.0.1/hook' }, 'url'],
      [{ url: 'http://example.com/hook' }, 'url'],
      [{ url: receiver.url('/x'), events: ['file.processed', 'health.values'] }, 'events[1]'],
      [{ url: receiver.url('/x'), events: [] }, 'events'],
      [{ url: receiver.url('/x'), description: 7 }, 'description'],
    ];
    for (const [body, param] of cases) {
      const res = await console_.post(BASE, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error, JSON.stringify(body)).toMatchObject({ type: 'invalid_request_error', param });
      expect(typeof res.body.error.message).toBe('string');
    }
    const unknown = 'we_0c4e2f8a9b1d4e6f8a0b2c4d';
    for (const [res, param] of [
      [await console_.get(`${BASE}/${unknown}/deliveries`), 'endpoint_id'],
      [await console_.post(`${BASE}/${unknown}/rotate_secret`, {}), 'endpoint_id'],
      [await console_.delete(`${BASE}/${unknown}`), 'endpoint_id'],
      [await console_.post(`${BASE}/${unknown}/deliveries/msg_x/redeliver`, {}), 'endpoint_id'],
    ] as const) {
      expect(res.status).toBe(404);
      expect(res.body.error.param).toBe(param);
    }
    const mine = (await console_.post(BASE, { url: receiver.url('/unknown-delivery') })).body.id;
    const noDelivery = await console_.post(`${BASE}/${mine}/deliveries/msg_x/redeliver`, {});
    expect(noDelivery.status).toBe(404);
    expect(noDelivery.body.error.param).toBe('delivery_id');
    const badLimit = await console_.get(`${BASE}/${mine}/deliveries?limit=0`);
    expect(badLimit.status).toBe(400);
    expect(badLimit.body.error.param).toBe('limit');
  });

  it('needs a console session: no token and an API key are refused', async () => {
    const { v1 } = await person();
    expect((await client(h.url).get(BASE)).status).toBe(401);
    expect((await v1.get(BASE)).status).toBe(401);
  });

  it("never shows, deletes, rotates or redelivers another account's endpoint (404)", async () => {
    const owner = await person();
    const other = await person();
    const { id } = (await owner.console_.post(BASE, { url: receiver.url('/tenancy') })).body;
    await owner.v1.delete('/v1/sessions/s-tenancy?user=alice');
    const delivery = await eventually(async () => {
      const res = await owner.console_.get(`${BASE}/${id}/deliveries`);
      return res.body.data?.[0]?.status === 'delivered' && res.body.data[0];
    });
    expect((await other.console_.get(BASE)).body.data).toEqual([]);
    for (const res of [
      await other.console_.get(`${BASE}/${id}/deliveries`),
      await other.console_.post(`${BASE}/${id}/rotate_secret`, {}),
      await other.console_.post(`${BASE}/${id}/deliveries/${delivery.id}/redeliver`, {}),
      await other.console_.delete(`${BASE}/${id}`),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.error).toMatchObject({ type: 'invalid_request_error', param: 'endpoint_id' });
    }
    // Still the owner's, untouched: one delivery, one request, listed.
    expect((await owner.console_.get(BASE)).body.data.map((e: { id: string }) => e.id)).toEqual([id]);
    expect(receiver.at('/tenancy')).toHaveLength(1);
  });
});
