import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDocumentClient } from '../../shared/adapters/dynamo/client';
import { withingsLinkToken } from '../../shared/domain/pulse/signatures';
import { client, type Harness, startHarness } from '../support/harness';
import { eventually } from '../support/polling';
import { WITHINGS_USER_ID, WithingsServer, withingsEnv, withingsFixtureData } from '../support/pulse-server-withings';
import { signIn } from '../support/sign-in';

/**
 * Withings' per-link subscriptions when `notify subscribe` fails part-way (design wearables §6.2 step 4, §6.3): what
 * Withings accepted before the failure is kept on the link, and unlink revokes every appli of the link whether kept or
 * not, so nothing is left subscribed for the user. Over HTTP against the local Withings server.
 */
let h: Harness;
let withings: WithingsServer;
let n = 0;
const RETURN_URL = 'https://app.example.org/pulse/done';
const WEBHOOK_KEY = 'withings-test-webhook-key';
/** Withings' "unknown action" status: a refusal, so the subscribe job is not tried again. */
const REFUSED = 2554;
/** Withings' timeout status: transient, so the subscribe job is tried again. */
const TRANSIENT = 522;

beforeAll(async () => {
  withings = new WithingsServer();
  withings.data = withingsFixtureData(new Date());
  await withings.start();
  h = await startHarness({
    env: {
      ...withingsEnv(withings),
      HDS_RATE_LIMITS: 'login-code=1000,verify-code=1000,list-data=100000,api-v1=100000',
      HDS_PULSE_RETURN_URLS: RETURN_URL,
      HDS_PULSE_WITHINGS_WEBHOOK_TOKEN: WEBHOOK_KEY,
    },
  });
}, 60_000);
afterAll(async () => {
  await h?.stop();
  await withings?.stop();
});

const callbackFor = (linkId: string) =>
  `${h.url}/api/v1/pulse/hds/webhook?provider=withings&t=${withingsLinkToken(WEBHOOK_KEY, linkId)}`;
const applisAt = (url: string) =>
  withings.subscriptions
    .filter((sub) => sub.callbackurl === url)
    .map((sub) => sub.appli)
    .sort();

/** Links the fixtures' Withings user to a new HDS user and lets every queued job (subscribe, backfill) run. */
async function linkedUser() {
  const user = await signIn(h, `withings-subs${++n}-${Date.now()}@example.org`);
  const api = client(h.url, user.access_token);
  const started = await api.post('/api/v1/pulse/user/providers/link', { provider: 'withings', return_url: RETURN_URL });
  expect(started.status).toBe(200);
  const atWithings = await fetch(started.body.data.link_web_url, { redirect: 'manual' });
  const back = await fetch(atWithings.headers.get('location')!, { redirect: 'manual' });
  expect(back.headers.get('location')).toBe(`${RETURN_URL}?provider=withings&status=linked`);
  await eventually(
    async () => (await api.get('/api/v1/pulse/user/providers')).body.data.providers[0]?.backfill.status === 'done',
    { timeoutMs: 20_000, what: 'the Withings backfill to finish' },
  );
  await h.runtime.drainQueues();
  const mapping = await h.runtime.services.pulseLinks.findProviderUser('withings', WITHINGS_USER_ID);
  const { Item } = await createDocumentClient(h.runtime.services.config).send(
    new GetCommand({
      TableName: h.runtime.services.config.tables.records,
      Key: { pk: mapping!.subjectId, sk: 'LINK#withings' },
    }),
  );
  return { api, linkId: mapping!.linkId, kept: Item!.subscriptions as Record<string, string> };
}

async function unlinkAndSettle(api: ReturnType<typeof client>): Promise<void> {
  expect((await api.post('/api/v1/pulse/user/providers/unlink', { provider: 'withings' })).status).toBe(200);
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
