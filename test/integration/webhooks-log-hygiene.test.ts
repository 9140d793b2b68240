import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { client, type Harness, startHarness } from '../support/harness';
import { captureLogLines, stopCapturingLogLines } from '../support/log-capture';
import { eventually } from '../support/polling';
import { postFile } from '../support/uploads';
import { WebhookReceiver } from '../support/webhook-receiver';

/**
 * Outbound webhooks at debug level: a signing secret (created, rotated, used through failing and succeeding
 * attempts and a redelivery) never appears in a log line, and neither do the event bodies; a file that fails on
 * every delivery is announced as `file.failed`.
 */
let lines: string[] = [];
let h: Harness;
const receiver = new WebhookReceiver();

beforeAll(async () => {
  lines = captureLogLines();
  await receiver.start();
  h = await startHarness({
    queueRetryDelayMs: 10,
    env: { HDS_EGRESS_ALLOW_HOSTS: `127.0.0.1:${receiver.port}`, HDS_WEBHOOK_RETRY_SCHEDULE: '1' },
  });
}, 60_000);
afterAll(async () => {
  await h?.stop();
  await receiver.stop();
  stopCapturingLogLines();
});

it('never logs a webhook secret or an event body; a file failing on every delivery is announced', async () => {
  const { key } = await h.newAccount('hooks-logs');
  const api = client(h.url, key);
  const created = await api.post('/v1/webhook_endpoints', { url: receiver.url('/logs') });
  expect(created.status).toBe(201);
  const rotated = await api.post(`/v1/webhook_endpoints/${created.body.id}/rotate_secret`, {});
  expect(rotated.status).toBe(200);
  receiver.answer = (_path, earlier) => (earlier === 0 ? 500 : 200);
  // A PDF that is not one: accepted by its signature, then fails on every delivery and is marked failed.
  const name = 'jane-doe-report';
  expect(
    await postFile(h.url, key, {
      name: `${name}.pdf`,
      data: Buffer.from('%PDF-1.7\n garbage that no reader can parse'),
      type: 'application/pdf',
    }),
  ).toBe(200);
  for (let i = 0; i < 6; i++) await h.runtime.drainQueues();
  const failed = await eventually(
    () => receiver.at('/logs').find((r) => r.answered === 200 && r.body.includes('file.failed')),
    { timeoutMs: 15_000, what: 'file.failed delivered after one retry' },
  );
  expect(new Webhook(rotated.body.secret).verify(failed.body, failed.headers)).toMatchObject({
    type: 'file.failed',
    data: { user: 'default' },
  });
  const log = await api.get(`/v1/webhook_endpoints/${created.body.id}/deliveries`);
  const delivery = log.body.data[0];
  await eventually(async () => {
    const again = await api.post(`/v1/webhook_endpoints/${created.body.id}/deliveries/${delivery.id}/redeliver`, {});
    return again.status === 202;
  });
  await eventually(() => receiver.at('/logs').length >= 3);
  await h.runtime.drainQueues();

  const text = lines.join('\n');
  expect(text.length).toBeGreaterThan(0);
  for (const secret of [created.body.secret, rotated.body.secret]) {
    expect(text).not.toContain(secret);
    expect(text).not.toContain(secret.slice('whsec_'.length));
    expect(text).not.toContain(secret.slice('whsec_'.length, 'whsec_'.length + 16));
  }
  expect(text).not.toContain(failed.headers['webhook-signature']!.split(' ')[0]!.slice(3));
  expect(text).not.toContain('"type":"file.failed"');
});
