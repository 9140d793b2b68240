import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_RETRY_SCHEDULE_SECONDS,
  deliveryIdOf,
  eventIdOf,
  newWebhookSecret,
  signedHeaders,
} from '../../../shared/domain/webhooks/events';

describe('Standard Webhooks signing', () => {
  it('signs so the standardwebhooks library verifies, with one or two secrets', () => {
    const current = newWebhookSecret();
    const previous = newWebhookSecret();
    const body = JSON.stringify({ type: 'file.processed', timestamp: new Date().toISOString(), data: { records: 3 } });
    const now = Math.floor(Date.now() / 1000);
    const headers = signedHeaders([current, previous], 'msg_1', now, body);
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=* v1,[A-Za-z0-9+/]+=*$/);
    for (const secret of [current, previous]) expect(new Webhook(secret).verify(body, headers)).toMatchObject({});
    expect(() => new Webhook(newWebhookSecret()).verify(body, headers)).toThrow();
    // The library's own signature for the same message is ours.
    const theirs = new Webhook(current).sign('msg_1', new Date(now * 1000), body);
    expect(signedHeaders([current], 'msg_1', now, body)['webhook-signature']).toBe(theirs);
  });
});

describe('ids and schedule', () => {
  it('derives one delivery id per event and endpoint, time-ordered by the event', () => {
    const early = eventIdOf(1_700_000_000_000);
    const late = eventIdOf(1_800_000_000_000);
    expect(deliveryIdOf(early, 'we_a')).toBe(deliveryIdOf(early, 'we_a'));
    expect(deliveryIdOf(early, 'we_a')).not.toBe(deliveryIdOf(early, 'we_b'));
    expect(deliveryIdOf(early, 'we_a') < deliveryIdOf(late, 'we_a')).toBe(true);
    expect(eventIdOf(5, 'file-x')).toBe(eventIdOf(5, 'file-x'));
    expect(eventIdOf(5)).not.toBe(eventIdOf(5));
  });

  it('retries over at least 24 hours by default', () => {
    const total = DEFAULT_RETRY_SCHEDULE_SECONDS.reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThanOrEqual(24 * 3600);
    expect(DEFAULT_RETRY_SCHEDULE_SECONDS).toHaveLength(7);
  });
});
