import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, type Harness, startHarness } from '../support/harness';
import { OuraServer, ouraEnv } from '../support/pulse-servers';
import { signIn } from '../support/sign-in';

/**
 * Linking a wearable provider through `/api/v1/pulse` (design wearables §6, §15) over real HTTP, against the local
 * Oura server: the lists, the consent round trip, the sealed tokens at rest, the backfill into `GET /v1/data`.
 */
let h: Harness;
let oura: OuraServer;
let jwt: string;
let n = 0;
const email = () => `pulse${++n}-${Date.now()}@example.org`;

beforeAll(async () => {
  oura = new OuraServer();
  await oura.start();
  h = await startHarness({ env: { ...ouraEnv(oura), HDS_RATE_LIMITS: 'login-code=1000,verify-code=1000' } });
  jwt = (await signIn(h, email())).access_token;
}, 60_000);
afterAll(async () => {
  await h?.stop();
  await oura?.stop();
});

describe('the provider lists', () => {
  it('lists the five providers, Oura supported and not linked, the unconfigured ones unavailable, Apple uploaded', async () => {
    const res = await client(h.url, jwt).get('/api/v1/pulse/providers');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, code: 0, msg: 'ok' });
    const bySlug = Object.fromEntries(res.body.data.providers.map((p: { slug: string }) => [p.slug, p]));
    expect(Object.keys(bySlug)).toEqual(['oura', 'whoop', 'withings', 'fitbit', 'garmin', 'apple']);
    expect(bySlug.oura).toMatchObject({
      name: 'Oura',
      platform: 'hds',
      supported: true,
      auth_type: 'oauth2',
      status: 'not_linked',
    });
    expect(bySlug.oura.capabilities).toContain('sleep');
    expect(bySlug.garmin).toMatchObject({ supported: false, status: 'unavailable', auth_type: 'oauth1' });
    expect(bySlug.apple).toMatchObject({ platform: 'apple', supported: true, auth_type: 'file_upload' });
  });

  it('lists no links for a user who made none', async () => {
    const res = await client(h.url, jwt).get('/api/v1/pulse/user/providers');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ providers: [] });
  });

  it('refuses both lists without a token, in the envelope', async () => {
    for (const path of ['/api/v1/pulse/providers', '/api/v1/pulse/user/providers']) {
      const res = await client(h.url).get(path);
      expect(res.status, path).toBe(401);
      expect(res.body, path).toMatchObject({ success: false, code: -1 });
    }
  });
});
