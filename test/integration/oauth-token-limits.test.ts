import { afterAll, beforeAll, expect, it } from 'vitest';
import { client, type Harness, startHarness } from '../support/harness';
import { basic, register, tokenRequest } from '../support/oauth';
import { signIn } from '../support/sign-in';

let h: Harness;

beforeAll(async () => {
  h = await startHarness({
    env: { HDS_RATE_LIMITS: 'login-code=1000,verify-code=1000,create-token=3,failed-token-request=6' },
  });
});
afterAll(() => h?.stop());

it('counts token requests per authenticated client, and failed ones per address, so a stranger cannot spend a client’s quota', async () => {
  const session = await signIn(h, `limits-${Date.now()}@example.org`);
  const partner = await register(h, { grant_types: ['credentials'] });
  const bound = await client(h.url, session.access_token).post('/api/console/oauth/bindings', {
    client_id: partner.client_id,
    client_secret: partner.client_secret,
  });
  expect(bound.status).toBe(201);

  // A stranger names the client with wrong secrets: refused, and charged to the stranger's address only.
  for (let i = 0; i < 4; i++) {
    const guess = await tokenRequest(
      h,
      { grant_type: 'credentials' },
      basic(partner.client_id, `hdss_${'x'.repeat(40)}`),
    );
    expect(guess.status).toBe(401);
    expect(guess.body.error).toBe('invalid_client');
  }
  const statuses: number[] = [];
  for (let i = 0; i < 4; i++) {
    const res = await tokenRequest(h, { grant_type: 'credentials' }, basic(partner.client_id, partner.client_secret!));
    statuses.push(res.status);
    if (res.status === 429) {
      expect(res.body.error).toBe('temporarily_unavailable');
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  }
  expect(statuses).toEqual([200, 200, 200, 429]);

  // Past the failure budget, the guessing address is answered 429 instead of another 401.
  const answers: number[] = [];
  for (let i = 0; i < 3; i++) {
    answers.push(
      (await tokenRequest(h, { grant_type: 'refresh_token', refresh_token: 'hdsr_x', client_id: 'x' })).status,
    );
  }
  expect(answers).toEqual([400, 400, 429]);
});
