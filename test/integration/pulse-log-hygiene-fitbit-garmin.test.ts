import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { client, type Harness, startHarness } from '../support/harness';
import { eventually } from '../support/polling';
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
import { signIn } from '../support/sign-in';

/**
 * Fitbit's and Garmin's tokens, secrets, PKCE verifiers, request tokens, pull tokens and the Garmin endpoint token
 * never reach a log line (design wearables §2, §5), through links, backfills, pings, notifications and unlinks.
 */
const lines: string[] = [];
let h: Harness;
let fitbit: FitbitServer;
let garmin: GarminServer;

beforeAll(async () => {
  process.env.HDS_LOG_LEVEL = 'debug';
  for (const stream of ['log', 'error', 'warn', 'info', 'debug'] as const) {
    vi.spyOn(console, stream).mockImplementation((...args: unknown[]) => {
      lines.push(args.map(String).join(' '));
    });
  }
  for (const stream of [process.stdout, process.stderr]) {
    vi.spyOn(stream, 'write').mockImplementation((chunk: unknown) => {
      lines.push(String(chunk));
      return true;
    });
  }
  fitbit = new FitbitServer();
  fitbit.data = fitbitSampleData(new Date());
  garmin = new GarminServer();
  garmin.documents = garminSampleDocuments(new Date()).documents;
  await Promise.all([fitbit.start(), garmin.start()]);
  h = await startHarness({
    env: { ...fitbitEnv(fitbit), ...garminEnv(garmin), HDS_PULSE_PACE_GARMIN: '60:1000' },
    queueRetryDelayMs: 10,
  });
  garmin.webhookUrl = `${h.url}/api/v1/pulse/hds/webhook?provider=garmin&t=${GARMIN_WEBHOOK_TOKEN}`;
}, 60_000);
afterAll(async () => {
  await h?.stop();
  await fitbit?.stop();
  await garmin?.stop();
  vi.restoreAllMocks();
  delete process.env.HDS_LOG_LEVEL;
});

async function link(api: ReturnType<typeof client>, provider: string): Promise<string> {
  const started = await api.post('/api/v1/pulse/user/providers/link', { provider });
  const url = started.body.data.link_web_url as string;
  const atProvider = await fetch(url, { redirect: 'manual' });
  const callback = atProvider.headers.get('location')!;
  expect((await fetch(callback, { redirect: 'manual' })).status).toBe(200);
  await eventually(
    async () =>
      (await api.get('/api/v1/pulse/user/providers')).body.data.providers.find(
        (p: { slug: string }) => p.slug === provider,
      )?.backfill.status === 'done',
    { timeoutMs: 30_000, what: `the ${provider} backfill` },
  );
  return callback;
}

it('logs no Fitbit or Garmin token, secret, verifier, code or endpoint token', async () => {
  const user = await signIn(h, `hygiene-fg-${Date.now()}@example.org`);
  const api = client(h.url, user.access_token);
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
