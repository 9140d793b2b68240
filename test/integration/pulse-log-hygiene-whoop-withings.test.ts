import { afterAll, beforeAll, expect, it } from 'vitest';
import { withingsLinkToken } from '../../shared/domain/pulse/signatures';
import type { client, Harness } from '../support/harness';
import { captureLogLines, stopCapturingLogLines } from '../support/log-capture';
import { eventually } from '../support/polling';
import {
  backfillDone,
  linkThroughConsent,
  signedInUser,
  startWithProviders,
  stopWithProviders,
} from '../support/pulse-flow';
import {
  WHOOP_CLIENT_SECRET,
  WHOOP_USER_ID,
  WhoopServer,
  whoopEnv,
  whoopFixtureRecords,
} from '../support/pulse-server-whoop';
import {
  WITHINGS_CLIENT_SECRET,
  WITHINGS_USER_ID,
  WithingsServer,
  withingsEnv,
  withingsFixtureData,
} from '../support/pulse-server-withings';

/**
 * WHOOP's and Withings' tokens, client secrets, codes, link states, Withings' per-link `t` and its key never reach a
 * log line (design wearables §2, §5), through links, backfills with refreshes, subscriptions, webhooks (signed and
 * forged) and unlinks with their revokes.
 */
let lines: string[] = [];
const WEBHOOK_KEY = 'withings-hygiene-webhook-key';
let h: Harness;
let whoop: WhoopServer;
let withings: WithingsServer;

beforeAll(async () => {
  lines = captureLogLines();
  whoop = new WhoopServer();
  whoop.records = whoopFixtureRecords(new Date());
  whoop.expiresIn = 60; // every step refreshes: more tokens through more code paths
  withings = new WithingsServer();
  withings.data = withingsFixtureData(new Date());
  withings.staleNextAccessToken = true; // a status-401 answer and the refresh it causes
  h = await startWithProviders([whoop, withings], () => ({
    env: { ...whoopEnv(whoop), ...withingsEnv(withings), HDS_PULSE_WITHINGS_WEBHOOK_TOKEN: WEBHOOK_KEY },
    queueRetryDelayMs: 10,
  }));
}, 60_000);
afterAll(async () => {
  await stopWithProviders(h, [whoop, withings]);
  stopCapturingLogLines();
});

/** Links `provider` for `api`'s user and waits for its backfill; answers the link state and the callback's code. */
async function link(api: ReturnType<typeof client>, provider: string): Promise<string[]> {
  const { linkWebUrl, callback } = await linkThroughConsent(h, api, provider);
  const state = new URL(linkWebUrl).searchParams.get('state')!;
  await backfillDone(api, provider);
  await h.runtime.drainQueues();
  return [state, new URL(callback).searchParams.get('code')!];
}

it('logs no WHOOP or Withings token, secret, code, state, link token or webhook key', async () => {
  const { api } = await signedInUser(h, `hygiene-ww-${Date.now()}@example.org`);
  const secrets = [...(await link(api, 'whoop')), ...(await link(api, 'withings'))];

  const whoopHook = `${h.url}/api/v1/pulse/hds/webhook?provider=whoop`;
  const signed = whoop.signedDelivery({
    user_id: WHOOP_USER_ID,
    id: 'ecfc6a15-4661-442f-a9a4-f160dd7afae8',
    type: 'sleep.updated',
    trace_id: 'hygiene',
  });
  expect((await fetch(whoopHook, { method: 'POST', ...signed })).status).toBe(200);
  const forged = whoop.signedDelivery(
    { user_id: WHOOP_USER_ID, id: 'x', type: 'sleep.updated', trace_id: 'f' },
    {
      secret: 'wrong',
    },
  );
  expect((await fetch(whoopHook, { method: 'POST', ...forged })).status).toBe(401);
  secrets.push(signed.headers['x-whoop-signature'], forged.headers['x-whoop-signature']);

  const now = Math.floor(Date.now() / 1000);
  const [delivered] = await withings.deliver('1', now - 3600, now);
  expect(delivered?.status).toBe(200);
  const mapping = await h.runtime.services.pulseLinks.findProviderUser('withings', WITHINGS_USER_ID);
  secrets.push(withingsLinkToken(WEBHOOK_KEY, mapping!.linkId), WEBHOOK_KEY);
  const wrongT = `${h.url}/api/v1/pulse/hds/webhook?provider=withings&t=${withingsLinkToken('x', mapping!.linkId)}`;
  const refused = await fetch(wrongT, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `userid=${WITHINGS_USER_ID}&appli=1&startdate=${now - 60}&enddate=${now}`,
  });
  expect(refused.status).toBe(401);

  for (const provider of ['whoop', 'withings']) {
    expect((await api.post('/api/v1/pulse/user/providers/unlink', { provider })).status).toBe(200);
  }
  await eventually(() => whoop.revoked.length > 0 && withings.revokedSubscriptions.length === 4, {
    what: 'the revokes',
  });
  await h.runtime.drainQueues();

  const forbidden = [...whoop.issued, ...withings.issued, WHOOP_CLIENT_SECRET, WITHINGS_CLIENT_SECRET, ...secrets];
  expect(whoop.issued.length).toBeGreaterThan(4);
  expect(withings.spentRefreshTokens.length).toBeGreaterThan(0);
  expect(lines.length).toBeGreaterThan(20);
  for (const secret of forbidden) {
    const hits = lines.filter((line) => line.includes(secret));
    expect(hits, `a log line holds ${secret.slice(0, 12)}…`).toEqual([]);
  }
}, 90_000);
