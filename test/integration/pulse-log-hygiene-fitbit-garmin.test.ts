import { afterAll, beforeAll, expect, it } from 'vitest';
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
  FITBIT_CLIENT_SECRET,
  FITBIT_USER_ID,
  FITBIT_VERIFY_CODE,
  FitbitServer,
  fitbitEnv,
  fitbitSampleData,
} from '../support/pulse-server-fitbit';
import {
  GARMIN_CONSUMER_SECRET,
  GARMIN_WEBHOOK_TOKEN,
  GarminServer,
  garminEnv,
  garminSampleDocuments,
} from '../support/pulse-server-garmin';

/**
 * Fitbit's and Garmin's tokens, secrets, PKCE verifiers, request tokens, pull tokens and the Garmin endpoint token
 * never reach a log line (design wearables §2, §5), through links, backfills, pings, notifications and unlinks.
 */
let lines: string[] = [];
let h: Harness;
let fitbit: FitbitServer;
let garmin: GarminServer;

beforeAll(async () => {
  lines = captureLogLines();
  fitbit = new FitbitServer();
  fitbit.data = fitbitSampleData(new Date());
  garmin = new GarminServer();
  garmin.documents = garminSampleDocuments(new Date()).documents;
  h = await startWithProviders([fitbit, garmin], () => ({
    env: { ...fitbitEnv(fitbit), ...garminEnv(garmin), HDS_PULSE_PACE_GARMIN: '60:1000' },
    queueRetryDelayMs: 10,
  }));
  garmin.webhookUrl = `${h.url}/api/v1/pulse/hds/webhook?provider=garmin&t=${GARMIN_WEBHOOK_TOKEN}`;
}, 60_000);
afterAll(async () => {
  await stopWithProviders(h, [fitbit, garmin]);
  stopCapturingLogLines();
});

async function link(api: ReturnType<typeof client>, provider: string): Promise<string> {
  const { callback } = await linkThroughConsent(h, api, provider);
  await backfillDone(api, provider, { timeoutMs: 30_000 });
  return callback;
}

it('logs no Fitbit or Garmin token, secret, verifier, code or endpoint token', async () => {
  const { api } = await signedInUser(h, `hygiene-fg-${Date.now()}@example.org`);
  const fitbitCallback = await link(api, 'fitbit');
  const garminCallback = await link(api, 'garmin');
  await garmin.settled();
  await h.runtime.drainQueues();

  const hook = `${h.url}/api/v1/pulse/hds/webhook?provider=fitbit`;
  const notification = [
    { collectionType: 'body', date: new Date().toISOString().slice(0, 10), ownerId: FITBIT_USER_ID, ownerType: 'user' },
  ];
  expect((await fetch(hook, { method: 'POST', ...fitbit.signedDelivery(notification) })).status).toBe(204);
  const forged = fitbit.signedDelivery(notification, { secret: 'wrong' });
  expect((await fetch(hook, { method: 'POST', ...forged })).status).toBe(401);
  expect((await fetch(`${hook}&verify=${FITBIT_VERIFY_CODE}`)).status).toBe(204);
  expect(await garmin.ping({ dailies: [] }, `${h.url}/api/v1/pulse/hds/webhook?provider=garmin&t=wrong-token`)).toBe(
    401,
  );
  for (const provider of ['fitbit', 'garmin']) {
    expect((await api.post('/api/v1/pulse/user/providers/unlink', { provider })).status).toBe(200);
  }
  await eventually(() => fitbit.revoked.length > 0 && garmin.deregistered.length > 0, { what: 'the revokes' });
  await h.runtime.drainQueues();

  const pullTokens = garmin.calls
    .map((c) => c.query.get('token'))
    .filter((t): t is string => typeof t === 'string' && t.length > 0);
  const secrets = [
    ...fitbit.issued,
    ...garmin.issued,
    ...pullTokens,
    FITBIT_CLIENT_SECRET,
    FITBIT_VERIFY_CODE,
    GARMIN_CONSUMER_SECRET,
    GARMIN_WEBHOOK_TOKEN,
    forged.headers['x-fitbit-signature'],
    new URL(fitbitCallback).searchParams.get('code')!,
    new URL(fitbitCallback).searchParams.get('state')!,
    new URLSearchParams(fitbit.callsTo('/oauth2/token')[0]!.body).get('code_verifier')!,
    new URL(garminCallback).searchParams.get('oauth_token')!,
    new URL(garminCallback).searchParams.get('oauth_verifier')!,
  ];
  expect(fitbit.issued.length).toBeGreaterThanOrEqual(2);
  expect(garmin.issued.length).toBeGreaterThanOrEqual(2);
  expect(pullTokens.length).toBeGreaterThan(0);
  for (const secret of secrets) expect(secret.length).toBeGreaterThan(5);
  expect(lines.length).toBeGreaterThan(0);
  expect(lines.filter((l) => secrets.some((s) => l.includes(s)))).toEqual([]);
  // The provider calls were logged, by path template and status only.
  for (const path of ['/oauth2/token', '/oauth-service/oauth/access_token', '/wellness-api/rest/dailies']) {
    expect(
      lines.some((l) => l.includes('"message":"provider request"') && l.includes(path)),
      path,
    ).toBe(true);
  }
}, 90_000);
