import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withingsLinkToken } from '../../shared/domain/pulse/signatures';
import type { Harness } from '../support/harness';
import {
  backfillDone,
  LOOSE_RATE_LIMITS,
  linkThroughConsent,
  RETURN_URL,
  rawLinkItem,
  signedInUser,
  startWithProviders,
  stopWithProviders,
  UNLINK_PATH,
} from '../support/pulse-flow';
import { WITHINGS_USER_ID, WithingsServer, withingsEnv, withingsFixtureData } from '../support/pulse-server-withings';

/**
 * Withings' per-link subscriptions when `notify subscribe` fails part-way (design wearables §6.2 step 4, §6.3): what
 * Withings accepted before the failure is kept on the link, and unlink revokes every appli of the link whether kept or
 * not, so nothing is left subscribed for the user. Over HTTP against the local Withings server.
 */
let h: Harness;
let withings: WithingsServer;
let n = 0;
const WEBHOOK_KEY = 'withings-test-webhook-key';
/** Withings' "unknown action" status: a refusal, so the subscribe job is not tried again. */
const REFUSED = 2554;
/** Withings' timeout status: transient, so the subscribe job is tried again. */
const TRANSIENT = 522;

beforeAll(async () => {
  withings = new WithingsServer();
  withings.data = withingsFixtureData(new Date());
  h = await startWithProviders([withings], () => ({
    env: {
      ...withingsEnv(withings),
      HDS_RATE_LIMITS: LOOSE_RATE_LIMITS,
      HDS_PULSE_RETURN_URLS: RETURN_URL,
      HDS_PULSE_WITHINGS_WEBHOOK_TOKEN: WEBHOOK_KEY,
    },
  }));
}, 60_000);
afterAll(() => stopWithProviders(h, [withings]));

const callbackFor = (linkId: string) =>
  `${h.url}/api/v1/pulse/hds/webhook?provider=withings&t=${withingsLinkToken(WEBHOOK_KEY, linkId)}`;
const applisAt = (url: string) =>
  withings.subscriptions
    .filter((sub) => sub.callbackurl === url)
    .map((sub) => sub.appli)
    .sort();

/** Links the fixtures' Withings user to a new HDS user and lets every queued job (subscribe, backfill) run. */
async function linkedUser() {
  const { api } = await signedInUser(h, `withings-subs${++n}-${Date.now()}@example.org`);
  await linkThroughConsent(h, api, 'withings', RETURN_URL);
  await backfillDone(api, 'withings');
  await h.runtime.drainQueues();
  const mapping = await h.runtime.services.pulseLinks.findProviderUser('withings', WITHINGS_USER_ID);
  const item = await rawLinkItem(h, mapping!.subjectId, 'withings');
  return { api, linkId: mapping!.linkId, kept: item!.subscriptions as Record<string, string> };
}

async function unlinkAndSettle(api: Awaited<ReturnType<typeof signedInUser>>['api']): Promise<void> {
  expect((await api.post(UNLINK_PATH, { provider: 'withings' })).status).toBe(200);
  await h.runtime.drainQueues();
}

const ofUser = () => withings.subscriptions.filter((sub) => sub.userid === WITHINGS_USER_ID);

describe('Withings subscriptions failing part-way', () => {
  it('keeps the subscriptions made before a refusal, and unlink leaves the user none', async () => {
    withings.failSubscribe(3, REFUSED);
    const { api, linkId, kept } = await linkedUser();
    // Weight and vitals were accepted before activity was refused; the job is not retried (a refusal).
    expect(applisAt(callbackFor(linkId))).toEqual(['1', '4']);
    expect(kept).toEqual({ 1: linkId, 4: linkId });
    await unlinkAndSettle(api);
    expect(applisAt(callbackFor(linkId))).toEqual([]);
    expect(ofUser()).toEqual([]);
  });

  it('revokes an appli Withings accepted but the link never recorded (a crash between its answer and the update)', async () => {
    withings.failSubscribe(2, REFUSED);
    const { api, linkId, kept } = await linkedUser();
    expect(kept).toEqual({ 1: linkId });
    // What a crash right after Withings accepted the sleep subscription would leave: there, but not on the link.
    withings.subscriptions.push({ callbackurl: callbackFor(linkId), appli: '44', userid: WITHINGS_USER_ID });
    await unlinkAndSettle(api);
    expect(ofUser()).toEqual([]);
    expect(
      withings.revokedSubscriptions
        .filter((r) => r.callbackurl === callbackFor(linkId))
        .map((r) => r.appli)
        .sort(),
    ).toEqual(['1', '44']);
  });

  it('a transient failure is tried again to completion with no duplicate, and unlink removes all four', async () => {
    withings.failSubscribe(3, TRANSIENT);
    const { api, linkId, kept } = await linkedUser();
    expect(applisAt(callbackFor(linkId))).toEqual(['1', '16', '4', '44']);
    expect(kept).toEqual({ 1: linkId, 4: linkId, 16: linkId, 44: linkId });
    await unlinkAndSettle(api);
    expect(ofUser()).toEqual([]);
  });
});
