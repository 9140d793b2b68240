import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { client, type Harness, startHarness } from '../support/harness';
import { eventually } from '../support/polling';
import {
  OURA_CLIENT_SECRET,
  OURA_USER_ID,
  OURA_VERIFICATION_TOKEN,
  OuraServer,
  ouraEnv,
  ouraSampleDocuments,
} from '../support/pulse-servers';
import { signIn } from '../support/sign-in';

/**
 * Provider tokens, client secrets, codes and link states never reach a log line (design wearables §2, §5), through a
 * link, its backfill, refreshes, signed and forged webhooks, the challenge, and an unlink with its revoke.
 */
const lines: string[] = [];
let h: Harness;
let oura: OuraServer;

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
  oura = new OuraServer();
  oura.documents = ouraSampleDocuments(new Date());
  oura.expiresIn = 60; // every step refreshes: more tokens through more code paths
  await oura.start();
  h = await startHarness({ env: ouraEnv(oura), queueRetryDelayMs: 10 });
}, 60_000);
afterAll(async () => {
  await h?.stop();
  await oura?.stop();
  vi.restoreAllMocks();
  delete process.env.HDS_LOG_LEVEL;
});

it('logs no provider token, client secret, code, state or verification token', async () => {
  const user = await signIn(h, `hygiene-${Date.now()}@example.org`);
  const api = client(h.url, user.access_token);
  const started = await api.post('/api/v1/pulse/user/providers/link', { provider: 'oura' });
  const state = new URL(started.body.data.link_web_url).searchParams.get('state')!;
  const atOura = await fetch(started.body.data.link_web_url, { redirect: 'manual' });
  expect((await fetch(atOura.headers.get('location')!, { redirect: 'manual' })).status).toBe(200);
  await eventually(
    async () => (await api.get('/api/v1/pulse/user/providers')).body.data.providers[0]?.backfill.status === 'done',
    { timeoutMs: 20_000, what: 'the backfill' },
  );
  const hook = `${h.url}/api/v1/pulse/hds/webhook?provider=oura`;
  const event = { event_type: 'update', data_type: 'sleep', object_id: 'sl-1', event_time: 'x', user_id: OURA_USER_ID };
  expect((await fetch(hook, { method: 'POST', ...oura.signedDelivery(event) })).status).toBe(200);
  const forged = oura.signedDelivery(event, { secret: 'wrong' });
  expect((await fetch(hook, { method: 'POST', ...forged })).status).toBe(401);
  expect((await fetch(`${hook}&verification_token=${OURA_VERIFICATION_TOKEN}&challenge=c1`)).status).toBe(200);
  expect((await api.post('/api/v1/pulse/user/providers/unlink', { provider: 'oura' })).status).toBe(200);
  await eventually(() => oura.revoked.length > 0, { what: 'the revoke' });
  await h.runtime.drainQueues();

  const secrets = [
    ...oura.issued,
    ...oura.codesIssued,
    OURA_CLIENT_SECRET,
    OURA_VERIFICATION_TOKEN,
    state,
    forged.headers['x-oura-signature']!,
  ];
  expect(oura.issued.length).toBeGreaterThan(4);
  expect(lines.length).toBeGreaterThan(0);
  expect(lines.filter((l) => secrets.some((s) => l.includes(s)))).toEqual([]);
  // The provider calls were logged, by path template and status only.
  expect(lines.some((l) => l.includes('"message":"provider request"') && l.includes('/oauth/token'))).toBe(true);
}, 60_000);
