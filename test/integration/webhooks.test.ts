import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createGuardedEgress } from '../../shared/adapters/egress/guarded-egress';
import { LocalFileQueue } from '../../shared/adapters/queue/local-file-queue';
import { setClock } from '../../shared/clock';
import { attemptDelivery } from '../../shared/services/webhooks';
import { tableResolver } from '../support/egress-servers';
import { client, type Harness, startHarness } from '../support/harness';
import { eventually } from '../support/polling';
import { signIn } from '../support/sign-in';
import { WebhookReceiver } from '../support/webhook-receiver';

/**
 * Outbound webhooks (issue 19 item 1) over real HTTP: endpoints per account, Standard Webhooks signatures checked by
 * the `standardwebhooks` library in a real receiver, retries under one webhook-id, the delivery log, redelivery,
 * the SSRF guard on endpoint URLs and tenancy. The retry schedule is shortened to 1 s steps by configuration.
 */
let h: Harness;
const receiver = new WebhookReceiver();

beforeAll(async () => {
  await receiver.start();
  h = await startHarness({
    env: {
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

async function account() {
  const { key } = await h.newAccount('hooks');
  return client(h.url, key);
}

type Api = Awaited<ReturnType<typeof account>>;

async function endpoint(api: Api, path: string, extra: Record<string, unknown> = {}) {
  const res = await api.post('/v1/webhook_endpoints', { url: receiver.url(path), ...extra });
  expect(res.status).toBe(201);
  return res.body as { id: string; secret: string; url: string };
}

const deleteSession = (api: Api, session: string) => api.delete(`/v1/sessions/${session}?user=alice`);

describe('endpoints', () => {
  it('shows the whsec_ secret once: never in list or get answers', async () => {
    const api = await account();
    const created = await endpoint(api, '/once', { events: ['session.deleted'], description: 'ops' });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(created).toMatchObject({ object: 'webhook_endpoint', events: ['session.deleted'], description: 'ops' });
    const list = await api.get('/v1/webhook_endpoints');
    expect(list.status).toBe(200);
    expect(list.body.data.map((e: { id: string }) => e.id)).toEqual([created.id]);
    const one = await api.get(`/v1/webhook_endpoints/${created.id}`);
    expect(one.status).toBe(200);
    for (const text of [JSON.stringify(list.body), JSON.stringify(one.body)]) {
      expect(text).not.toContain(created.secret);
      expect(text).not.toContain(created.secret.slice(6));
      expect(text).not.toContain('"secret"');
    }
  });

  it('refuses malformed input with 400 naming the param', async () => {
    const api = await account();
    const cases: [unknown, string][] = [
      [{}, 'url'],
      [{ url: 42 }, 'url'],
      [{ url: 'not a url' }, 'url'],
      [{ url: receiver.url('/x'), events: ['file.processed', 'health.values'] }, 'events[1]'],
      [{ url: receiver.url('/x'), events: [] }, 'events'],
      [{ url: receiver.url('/x'), events: 'file.processed' }, 'events'],
      [{ url: receiver.url('/x'), description: 7 }, 'description'],
    ];
    for (const [body, param] of cases) {
      const res = await api.post('/v1/webhook_endpoints', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.param, JSON.stringify(body)).toBe(param);
    }
  });

  it('refuses private, loopback, link-local and plain-http URLs (SSRF guard)', async () => {
    const api = await account();
    for (const url of [
      'https://10.0.0.5/hook',
      'https://192.168.1.1/hook',
      'https://169.254.169.254/latest/meta-data',
      'https://127.0.0.1/hook',
      `https://127.0.0.1:${receiver.port + 1}/hook`,
      'https://[::1]/hook',
      'https://localhost/hook',
      'http://example.com/hook',
      'https://user:pw@example.com/hook',
      'ftp://example.com/hook',
    ]) {
      const res = await api.post('/v1/webhook_endpoints', { url });
      expect(res.status, url).toBe(400);
      expect(res.body.error.param, url).toBe('url');
    }
    expect((await api.get('/v1/webhook_endpoints')).body.data).toEqual([]);
  });

  it('caps an account at 16 endpoints (409 for the next)', async () => {
    const api = await account();
    for (let i = 0; i < 16; i++) await endpoint(api, `/cap-${i}`, { events: ['file.failed'] });
    const over = await api.post('/v1/webhook_endpoints', { url: receiver.url('/cap-16') });
    expect(over.status).toBe(409);
    expect((await api.get('/v1/webhook_endpoints')).body.data).toHaveLength(16);
  });

  it("answers 404 to another account's endpoint on every route", async () => {
    const owner = await account();
    const other = await account();
    const created = await endpoint(owner, '/tenancy');
    await deleteSession(owner, 'tenancy-1');
    const delivery = await eventually(async () => {
      const log = await owner.get(`/v1/webhook_endpoints/${created.id}/deliveries`);
      return log.body.data[0]?.status === 'delivered' && log.body.data[0];
    });
    const base = `/v1/webhook_endpoints/${created.id}`;
    expect((await other.get(base)).status).toBe(404);
    expect((await other.get(`${base}/deliveries`)).status).toBe(404);
    expect((await other.post(`${base}/rotate_secret`, {})).status).toBe(404);
    expect((await other.post(`${base}/deliveries/${delivery.id}/redeliver`, {})).status).toBe(404);
    expect((await other.delete(base)).status).toBe(404);
    expect((await other.get('/v1/webhook_endpoints')).body.data).toEqual([]);
    expect((await owner.get(base)).status).toBe(200);
    expect((await owner.delete(base)).status).toBe(200);
    expect((await owner.get(base)).status).toBe(404);
  });
});

describe('deliveries', () => {
  it('signs each event so the standardwebhooks library verifies it; one request per delivery id; ids only', async () => {
    const api = await account();
    const created = await endpoint(api, '/signed');
    const filtered = await endpoint(api, '/filtered', { events: ['file.processed'] });
    await deleteSession(api, 'sess-signed');
    const [got] = await eventually(() => receiver.at('/signed').length === 1 && receiver.at('/signed'), {
      what: 'the delivery',
    });
    const payload = new Webhook(created.secret).verify(got!.body, got!.headers) as Record<string, unknown>;
    expect(payload).toMatchObject({
      type: 'session.deleted',
      data: { user: 'alice', session_id: 'sess-signed', deleted: 0 },
    });
    expect(typeof payload.timestamp).toBe('string');
    expect(got!.headers['webhook-id']).toMatch(/^msg_/);
    expect(got!.headers['content-type']).toBe('application/json');
    // A tampered body or another secret does not verify.
    expect(() => new Webhook(created.secret).verify(`${got!.body} `, got!.headers)).toThrow();
    expect(() => new Webhook(filtered.secret).verify(got!.body, got!.headers)).toThrow();
    const log = await eventually(async () => {
      const res = await api.get(`/v1/webhook_endpoints/${created.id}/deliveries`);
      return res.body.data[0]?.status === 'delivered' && res.body.data;
    });
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      id: got!.headers['webhook-id'],
      object: 'webhook_delivery',
      event_type: 'session.deleted',
      status: 'delivered',
      attempts: 1,
      last_status_code: 200,
      last_error: null,
    });
    await h.runtime.drainQueues();
    expect(receiver.at('/signed')).toHaveLength(1);
    // The endpoint subscribed to file.processed only heard nothing.
    expect(receiver.at('/filtered')).toHaveLength(0);
    expect((await api.get(`/v1/webhook_endpoints/${filtered.id}/deliveries`)).body.data).toEqual([]);
  });

  it('retries after 500 under the same webhook-id until a 2xx', async () => {
    const api = await account();
    const created = await endpoint(api, '/flaky');
    receiver.answer = (path, earlier) => (path === '/flaky' && earlier < 2 ? 500 : 200);
    await deleteSession(api, 'sess-flaky');
    const got = await eventually(() => receiver.at('/flaky').length === 3 && receiver.at('/flaky'), {
      timeoutMs: 20_000,
      what: 'three attempts',
    });
    expect(got.map((r) => r.answered)).toEqual([500, 500, 200]);
    expect(new Set(got.map((r) => r.headers['webhook-id'])).size).toBe(1);
    for (const r of got) expect(new Webhook(created.secret).verify(r.body, r.headers)).toMatchObject({});
    const [entry] = await eventually(async () => {
      const res = await api.get(`/v1/webhook_endpoints/${created.id}/deliveries`);
      return res.body.data[0]?.status === 'delivered' && res.body.data;
    });
    expect(entry).toMatchObject({ attempts: 3, last_status_code: 200, id: got[0]!.headers['webhook-id'] });
  });

  it('marks a delivery failed after the last attempt; a manual redelivery sends it again under its id', async () => {
    const api = await account();
    const created = await endpoint(api, '/down');
    let up = false;
    receiver.answer = (path) => (path === '/down' && !up ? 503 : 200);
    await deleteSession(api, 'sess-down');
    const failed = await eventually(
      async () => {
        const res = await api.get(`/v1/webhook_endpoints/${created.id}/deliveries`);
        return res.body.data[0]?.status === 'failed' && res.body.data[0];
      },
      { timeoutMs: 20_000, what: 'the failed delivery' },
    );
    // The first attempt and the three retries of the test schedule.
    expect(failed).toMatchObject({ attempts: 4, last_status_code: 503, next_attempt_at: null });
    expect(failed.last_error).toContain('503');
    expect(receiver.at('/down')).toHaveLength(4);
    up = true;
    const again = await api.post(`/v1/webhook_endpoints/${created.id}/deliveries/${failed.id}/redeliver`, {});
    expect(again.status).toBe(202);
    expect(again.body).toMatchObject({ id: failed.id, status: 'pending' });
    const delivered = await eventually(async () => {
      const res = await api.get(`/v1/webhook_endpoints/${created.id}/deliveries`);
      return res.body.data[0]?.status === 'delivered' && res.body.data[0];
    });
    expect(delivered).toMatchObject({ attempts: 5, last_status_code: 200 });
    const all = receiver.at('/down');
    expect(all).toHaveLength(5);
    expect(new Set(all.map((r) => r.headers['webhook-id']))).toEqual(new Set([failed.id]));
    expect((await api.post(`/v1/webhook_endpoints/${created.id}/deliveries/msg_nope/redeliver`, {})).status).toBe(404);
  });

  it('resolves the host again at every attempt: a name that now points to a private address is refused', async () => {
    const { accountId } = await h.newAccount('rebind');
    const services = h.runtime.services;
    const endpointId = 'we_rebind';
    const host = 'hooks.rebind.example';
    // Stored as registration stores it (its name resolved publicly then); now the name answers with a private address.
    await services.webhooks.putEndpoint({
      accountId,
      endpointId,
      url: `https://${host}/events`,
      events: null,
      description: null,
      createdAt: Math.floor(Date.now() / 1000),
      secret: await services.vault.seal(Buffer.from('whsec_c2VjcmV0'), {
        purpose: 'webhook-secret',
        subjectId: accountId,
        provider: endpointId,
      }),
    });
    const now = Math.floor(Date.now() / 1000);
    const delivery = await services.webhooks.createDelivery({
      accountId,
      endpointId,
      deliveryId: 'msg_rebind',
      eventId: 'evt_rebind',
      eventType: 'session.deleted',
      body: '{}',
      status: 'pending',
      attempts: 0,
      lastStatusCode: null,
      lastError: null,
      createdAt: now,
      lastAttemptAt: null,
      nextAttemptAt: now,
      expiresAt: now + 3600,
    });
    const resolve = tableResolver({ [host]: ['10.20.30.40'] });
    const egress = createGuardedEgress({ allowHosts: [], resolve });
    await attemptDelivery(
      { ...services, egress },
      {
        type: 'webhook-attempt',
        accountId,
        endpointId,
        deliveryId: delivery.deliveryId,
        attempt: 1,
      },
    );
    expect(resolve.lookups).toEqual([host]);
    const after = await services.webhooks.getDelivery(accountId, endpointId, delivery.deliveryId);
    expect(after).toMatchObject({ attempts: 1, status: 'pending', lastStatusCode: null });
    expect(after!.lastError).toMatch(/^non_public_address: the URL resolves to a non-public address/);
  });

  it('signs with both secrets for a day after a rotation', async () => {
    const api = await account();
    const created = await endpoint(api, '/rotated');
    const rotated = await api.post(`/v1/webhook_endpoints/${created.id}/rotate_secret`, {});
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(created.secret);
    await deleteSession(api, 'sess-rotated');
    const [got] = await eventually(() => receiver.at('/rotated').length === 1 && receiver.at('/rotated'));
    expect(got!.headers['webhook-signature']!.split(' ')).toHaveLength(2);
    expect(new Webhook(rotated.body.secret).verify(got!.body, got!.headers)).toMatchObject({ type: 'session.deleted' });
    expect(new Webhook(created.secret).verify(got!.body, got!.headers)).toMatchObject({ type: 'session.deleted' });
  });

  it('emits subject.erased with ids and counts only, once however often its purge job runs', async () => {
    const sent = vi.spyOn(LocalFileQueue.prototype, 'send');
    const api = await account();
    const created = await endpoint(api, '/erased', { events: ['subject.erased'] });
    const write = await api.post('/v1/data', {
      user: 'Bob',
      retention: 'permanent',
      records: [{ indicator: 'Glucose', value: 97, unit: 'mg/dL', time: '2026-06-16T07:30:00Z' }],
    });
    expect(write.status).toBe(200);
    expect((await api.delete('/v1/subjects/bob')).status).toBe(200);
    const [got] = await eventually(() => receiver.at('/erased').length === 1 && receiver.at('/erased'));
    const payload = new Webhook(created.secret).verify(got!.body, got!.headers);
    expect(payload).toMatchObject({ type: 'subject.erased', data: { user: 'bob', records: 1 } });
    expect(Object.keys((payload as { data: object }).data).sort()).toEqual(
      ['conversations', 'counts_exact', 'files', 'records', 'user'].sort(),
    );
    // A value would be a JSON number (`:97`); digits inside the id and timestamp strings are not values.
    expect(got!.body).not.toMatch(/glucose|:\s*97\b|mg\/dL/i);
    // The purge job carries the event: a redelivered job sends it again under the same id, delivered once.
    const purge = sent.mock.calls.find(([queue, body]) => queue === 'purge' && body.erasure !== undefined);
    expect(purge).toBeDefined();
    sent.mockRestore();
    await h.runtime.services.queue.send('purge', purge![1]);
    await h.runtime.drainQueues();
    expect(receiver.at('/erased')).toHaveLength(1);
    expect((await api.get(`/v1/webhook_endpoints/${created.id}/deliveries`)).body.data).toHaveLength(1);
  });
});

describe('session events', () => {
  it('emits session.deleted from every session delete: /v1, the console and the engine route', async () => {
    const session = await signIn(h, `hooks-${Date.now()}@example.org`);
    const console_ = client(h.url, session.access_token);
    const v1 = client(h.url, (await console_.post('/api/console/keys', { name: 'hooks' })).body.secret);
    const created = await endpoint(v1, '/sessions', { events: ['session.deleted'] });
    const reading = { indicator: 'Glucose', value: 97, unit: 'mg/dL', time: '2026-05-01T08:00:00Z' };
    for (const session_id of ['by-v1', 'by-console']) {
      const res = await v1.post('/v1/data', { user: 'alice', retention: 'session', session_id, records: [reading] });
      expect(res.status).toBe(200);
    }
    expect((await deleteSession(v1, 'by-v1')).status).toBe(200);
    expect((await console_.delete('/api/console/sessions/by-console?user=alice')).status).toBe(200);
    const engine = await console_.post('/api/v1/chat/session', { action: 'delete', session_id: 'by-engine' });
    expect(engine.status).toBe(200);
    await h.runtime.drainQueues();
    const got = await eventually(() => receiver.at('/sessions').length === 3 && receiver.at('/sessions'), {
      timeoutMs: 10_000,
      what: 'three session.deleted events',
    });
    const events = got.map((g) => new Webhook(created.secret).verify(g.body, g.headers) as { data: object });
    expect(events.map((e) => e.data)).toEqual(
      expect.arrayContaining([
        { user: 'alice', session_id: 'by-v1', deleted: 2 },
        { user: 'alice', session_id: 'by-console', deleted: 2 },
        { user: 'default', session_id: 'by-engine', deleted: 0 },
      ]),
    );
  });
});

describe('file events', () => {
  it('emits file.processed from the extraction worker with the file id and counts, never a value', async () => {
    const { key } = await h.newAccount('files');
    const api = client(h.url, key);
    const created = await endpoint(api, '/files', { events: ['file.processed', 'file.failed'] });
    const form = new FormData();
    form.append('user', 'carol');
    form.append('retention', 'permanent');
    const csv =
      'indicator,value,unit,time\nGlucose,97,mg/dL,2026-06-16T07:30:00Z\nHeart rate,72,bpm,2026-06-16T07:30:00Z\n';
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'labs.csv');
    const res = await fetch(`${h.url}/v1/files`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}` },
      body: form,
    });
    expect(res.status).toBe(200);
    const file = (await res.json()) as { id: string };
    const [got] = await eventually(() => receiver.at('/files').length === 1 && receiver.at('/files'), {
      timeoutMs: 20_000,
      what: 'file.processed',
    });
    const payload = new Webhook(created.secret).verify(got!.body, got!.headers);
    expect(payload).toMatchObject({ type: 'file.processed', data: { user: 'carol', file_id: file.id } });
    expect((payload as { data: { records: number } }).data.records).toBeGreaterThanOrEqual(2);
    expect(got!.body).not.toMatch(/glucose|heart|"97"|mg\/dL|bpm/i);
    await h.runtime.drainQueues();
    expect(receiver.at('/files')).toHaveLength(1);
  });
});

describe('response events', () => {
  it('emits response.completed for a stored response, with its id only', async () => {
    const api = await account();
    const created = await endpoint(api, '/responses', { events: ['response.completed'] });
    const res = await api.post('/v1/responses', { user: 'dana', input: 'What was my last glucose reading?' });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('completed');
    const [got] = await eventually(() => receiver.at('/responses').length === 1 && receiver.at('/responses'), {
      timeoutMs: 10_000,
      what: 'response.completed',
    });
    const payload = new Webhook(created.secret).verify(got!.body, got!.headers);
    expect(payload).toMatchObject({ type: 'response.completed', data: { user: 'dana', response_id: res.body.id } });
    expect(got!.body).not.toMatch(/glucose/i);
  });

  it('emits extraction.completed with counts once per turn, also when a redelivered job finds the turn done', async () => {
    const { accountId, key } = await h.newAccount('extractions');
    const api = client(h.url, key);
    const journal = {
      user: 'ezra',
      input: 'Resting heart rate 58 this morning, started a vegetarian diet',
      store: true,
      session_id: 'journal-1',
      builtin_tools: 'none',
    };
    const first = await api.post('/v1/responses', journal);
    expect(first.status).toBe(200);
    await h.runtime.drainQueues();
    // Subscribed only now: the first turn's event went nowhere, as if its job died between its mark and its send.
    const created = await endpoint(api, '/extractions', { events: ['extraction.completed'] });
    const subjectId = (await h.runtime.services.subjects.find(accountId, 'ezra'))!.subjectId;
    const job = { type: 'consolidate', subjectId, responseId: first.body.id };
    await h.runtime.services.queue.send('consolidation', job);
    await h.runtime.drainQueues();
    const [got] = await eventually(() => receiver.at('/extractions').length === 1 && receiver.at('/extractions'), {
      timeoutMs: 10_000,
      what: 'extraction.completed',
    });
    const payload = new Webhook(created.secret).verify(got!.body, got!.headers);
    expect(payload).toMatchObject({
      type: 'extraction.completed',
      data: { user: 'ezra', response_id: first.body.id, records: 1, memories: 1 },
    });
    // A value 58 after a JSON key, not the minute of the event's own timestamp (10:58:24 matched the looser pattern).
    expect(got!.body).not.toMatch(/heart|vegetarian|":\s*58\b/i);
    // Redelivered again: the same event id, so the endpoint gets no second delivery.
    await h.runtime.services.queue.send('consolidation', job);
    await h.runtime.drainQueues();
    expect(receiver.at('/extractions')).toHaveLength(1);
    expect((await api.get(`/v1/webhook_endpoints/${created.id}/deliveries`)).body.data).toHaveLength(1);
  });
});

describe('retention events', () => {
  it('emits data.expired with counts only when the sweep removes expired rows', async () => {
    const api = await account();
    const created = await endpoint(api, '/expired', { events: ['data.expired'] });
    const write = await api.post('/v1/data', {
      user: 'erin',
      retention: '1h',
      records: [
        { indicator: 'Glucose', value: 97, unit: 'mg/dL', time: new Date().toISOString() },
        { indicator: 'Heart rate', value: 72, unit: 'bpm', time: new Date().toISOString() },
      ],
    });
    expect(write.status).toBe(200);
    const later = Date.now() + 2 * 3_600_000;
    const restore = setClock(() => later);
    try {
      await h.runtime.runScheduled('sweep-retention');
    } finally {
      restore();
    }
    // Each pass of the sweep (one per expiry shard) announces what it removes: the counts add up over the events.
    type Expired = { type: string; data: { user: string; records: number; files: number; responses: number } };
    const verified = (r: { body: string; headers: Record<string, string> }) => {
      // Signed while the service's clock stood two hours ahead: verified at that moment, by the library's own check.
      vi.useFakeTimers({ now: Number(r.headers['webhook-timestamp']) * 1000, toFake: ['Date'] });
      try {
        return new Webhook(created.secret).verify(r.body, r.headers) as Expired;
      } finally {
        vi.useRealTimers();
      }
    };
    const events = await eventually(
      () => {
        const got = receiver.at('/expired').map(verified);
        return got.reduce((n, e) => n + e.data.records, 0) === 2 && got;
      },
      { timeoutMs: 10_000, what: 'data.expired for both rows' },
    );
    for (const e of events) {
      expect(e).toMatchObject({ type: 'data.expired', data: { user: 'erin', files: 0, responses: 0 } });
    }
    for (const e of events) expect(Object.keys(e.data).sort()).toEqual(['files', 'records', 'responses', 'user']);
    // A value would be a JSON number (`:97`); digits inside the id and timestamp strings are not values.
    for (const r of receiver.at('/expired')) expect(r.body).not.toMatch(/glucose|heart|:\s*(?:97|72)\b/i);
  });
});
