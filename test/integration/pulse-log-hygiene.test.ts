import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Harness } from '../support/harness';
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
  OURA_CLIENT_SECRET,
  OURA_USER_ID,
  OURA_VERIFICATION_TOKEN,
  OuraServer,
  ouraEnv,
  ouraSampleDocuments,
} from '../support/pulse-servers';

/**
 * Provider tokens, client secrets, codes and link states never reach a log line (design wearables §2, §5), through a
 * link, its backfill, refreshes, signed and forged webhooks, the challenge, and an unlink with its revoke.
 */
let lines: string[] = [];
let h: Harness;
let oura: OuraServer;

beforeAll(async () => {
  lines = captureLogLines();
  oura = new OuraServer();
  oura.documents = ouraSampleDocuments(new Date());
  oura.expiresIn = 60; // every step refreshes: more tokens through more code paths
  h = await startWithProviders([oura], () => ({ env: ouraEnv(oura), queueRetryDelayMs: 10 }));
}, 60_000);
afterAll(async () => {
  await stopWithProviders(h, [oura]);
  stopCapturingLogLines();
});

it('logs no provider token, client secret, code, state or verification token', async () => {
  const { api } = await signedInUser(h, `hygiene-${Date.now()}@example.org`);
  const { linkWebUrl } = await linkThroughConsent(h, api, 'oura');
  const state = new URL(linkWebUrl).searchParams.get('state')!;
  await backfillDone(api, 'oura', { what: 'the backfill' });
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
