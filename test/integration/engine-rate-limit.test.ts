import { afterAll, beforeAll, expect, it, onTestFinished } from 'vitest';
import { setClock } from '../../shared/clock';
import { client, type Harness, startHarness } from '../support/harness';
import { signIn } from '../support/sign-in';

/**
 * The engine's per-user budget (spec Limits: 100 per minute per user, configurable): every signed-in `/api/v1` route
 * spends one `api-v1` counter of the token's user, here set to 5 per minute.
 */
let h: Harness;

beforeAll(async () => {
  h = await startHarness({ env: { HDS_RATE_LIMITS: 'api-v1=5,login-code=1000,verify-code=1000' } });
}, 60_000);
afterAll(() => h?.stop());

it('past 5 requests a minute across the routes, a user gets 429 in the envelope with Retry-After; another user does not', async () => {
  const stamp = Date.now();
  const adaSession = await signIn(h, `ada-${stamp}@example.org`);
  const ada = client(h.url, adaSession.access_token);
  const bob = client(h.url, (await signIn(h, `bob-${stamp}@example.org`)).access_token);

  // Mid-way through a minute that has not started yet, so all the requests fall in one window of the counter.
  const midMinute = (Math.floor(Date.now() / 60_000) + 1) * 60_000 + 30_000;
  const restore = setClock(() => midMinute);
  onTestFinished(restore);
  const spent = [
    await ada.get('/api/v1/data/health/data'),
    await ada.get('/api/v1/data/uploaded-files'),
    await ada.post('/api/v1/data/health/data', { records: [{ indicator: 'Weight', value: 70, unit: 'kg' }] }),
    await ada.get('/api/v1/data/health/data'),
    await ada.get('/api/v1/data/uploaded-files'),
  ];
  expect(spent.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
  expect(spent.map((r) => r.headers.get('x-ratelimit-remaining'))).toEqual(['4', '3', '2', '1', '0']);

  const refused = await ada.post('/api/v1/data/health/data', { records: [{ indicator: 'Weight', value: 71 }] });
  expect(refused.status).toBe(429);
  expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  expect(refused.body).toEqual({
    success: false,
    code: -1,
    msg: expect.stringMatching(/^Rate limit exceeded: 5 requests per minute for this user\. Retry after \d+s\.$/),
    data: null,
  });
  // The refused write stored nothing: Ada's data read through /v1 with a key of her account (another budget).
  const made = await client(h.url, adaSession.access_token).post('/api/console/keys', { name: 'check' });
  const v1Data = await client(h.url, made.body.secret).get('/v1/data');
  expect(v1Data.body.data.map((r: { value: string }) => r.value)).toEqual(['70']);
  // Bob has his own budget, untouched by Ada's.
  expect((await bob.get('/api/v1/data/health/data')).status).toBe(200);
  const bobFiles = await bob.get('/api/v1/data/uploaded-files');
  expect(bobFiles.status).toBe(200);
  expect(bobFiles.headers.get('x-ratelimit-remaining')).toBe('3');
});
