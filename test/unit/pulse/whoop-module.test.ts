import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createGuardedEgress } from '../../../shared/adapters/egress/guarded-egress';
import { readConfig } from '../../../shared/config/config';
import type { FetchStep } from '../../../shared/domain/pulse/fetch-steps';
import { ProviderError, ProviderHttp } from '../../../shared/services/pulse/provider-http';
import { whoopModule } from '../../../shared/services/pulse/providers/whoop';
import type { ProviderContext, ProviderTokens } from '../../../shared/services/pulse/registry';
import {
  WHOOP_CLIENT_ID,
  WHOOP_CLIENT_SECRET,
  WhoopServer,
  whoopEnv,
  whoopFixtureRecords,
} from '../../support/pulse-server-whoop';

/**
 * The WHOOP module against the local WHOOP server, without the runtime: what the consumer cannot show from outside
 * (the wait a 429 carries, a revoke whose sealed token has lapsed, a job it never made).
 */
let whoop: WhoopServer;
let ctx: ProviderContext;
const REDIRECT = 'https://hds.example.org/api/v1/pulse/hds/whoop/callback';

beforeAll(async () => {
  whoop = new WhoopServer();
  await whoop.start();
  const cfg = readConfig(whoopEnv(whoop)).pulse.providers.whoop;
  ctx = {
    http: new ProviderHttp(createGuardedEgress({ allowHosts: [] }), 'whoop'),
    cfg: { ...cfg, clientId: WHOOP_CLIENT_ID, clientSecret: WHOOP_CLIENT_SECRET, issuer: 'https://hds.example.org' },
    nowMs: Date.now(),
  };
});
afterAll(() => whoop?.stop());
beforeEach(() => {
  whoop.records = whoopFixtureRecords(new Date());
  whoop.ratePerMinute = 100;
});

/** Consent and code exchange as the callback does them. */
async function link(): Promise<ProviderTokens> {
  const { url } = await whoopModule.beginLink(ctx, { state: 'state-of-the-test', redirectUri: REDIRECT });
  const consent = await fetch(url, { redirect: 'manual' });
  const query = new URL(consent.headers.get('location')!).searchParams;
  const account = await whoopModule.completeLink(ctx, query, { redirectUri: REDIRECT, stash: null });
  expect(account.providerUserId).toBe('10129');
  return account.tokens;
}

describe('the WHOOP module', () => {
  it('answers WHOOP’s 429 as rate_limited with the wait of X-RateLimit-Reset (no Retry-After is sent)', async () => {
    const tokens = await link();
    whoop.ratePerMinute = 0;
    const err = await whoopModule
      .fetch(ctx, tokens, {
        provider: 'whoop',
        kind: 'range',
        resource: 'body',
        start: '2026-01-01T00:00:00Z',
        end: '2026-02-01T00:00:00Z',
      })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderError);
    expect((err as ProviderError).kind).toBe('rate_limited');
    expect((err as ProviderError).retryAfterMs).toBeGreaterThan(0);
    expect((err as ProviderError).retryAfterMs).toBeLessThanOrEqual(60_000);
  });

  it('revokes with a lapsed access token by refreshing once, then DELETE /v2/user/access with the fresh one', async () => {
    const tokens = await link();
    whoop.expireAccessTokens();
    await whoopModule.revoke(ctx, tokens, {});
    const deletes = whoop.callsTo('/developer/v2/user/access').filter((c) => c.method === 'DELETE');
    expect(deletes.at(-1)?.headers.authorization).not.toBe(`Bearer ${tokens.accessToken}`);
    expect(whoop.revoked).toContain(String(deletes.at(-1)?.headers.authorization).slice('Bearer '.length));
    // A second revoke of the same grant finds it gone and is done, not an error.
    await expect(whoopModule.revoke(ctx, tokens, {})).resolves.toBeUndefined();
  });

  it('gets no refresh token, and cannot refresh, when the offline scope was not granted', async () => {
    const narrow = { ...ctx, cfg: { ...ctx.cfg, scopes: ['read:sleep', 'read:profile'] } };
    const { url } = await whoopModule.beginLink(narrow, { state: 'state-of-the-test', redirectUri: REDIRECT });
    const query = new URL((await fetch(url, { redirect: 'manual' })).headers.get('location')!).searchParams;
    const { tokens } = await whoopModule.completeLink(narrow, query, { redirectUri: REDIRECT, stash: null });
    expect(tokens.refreshToken).toBeUndefined();
    await expect(whoopModule.refresh!(narrow, tokens)).rejects.toMatchObject({ kind: 'invalid_grant' });
  });

  it('refuses a step it never made', async () => {
    const tokens = await link();
    const foreign = [
      { provider: 'oura', kind: 'document', collection: 'sleep', id: 'x' },
      { provider: 'whoop', kind: 'range', resource: 'cycle', start: 'a', end: 'b' },
      { provider: 'whoop', kind: 'object', resource: 'body', id: 'x' },
      { provider: 'whoop', kind: 'range', resource: 'sleep' },
    ] as unknown as FetchStep[];
    for (const step of foreign) {
      await expect(whoopModule.fetch(ctx, tokens, step)).rejects.toMatchObject({ kind: 'refused' });
    }
  });

  it('backfills each collection over the whole window, then the body measurement', () => {
    const from = new Date('2026-10-01T00:00:00.000Z');
    const to = new Date('2026-10-31T00:00:00.000Z');
    const steps = whoopModule.backfillSteps(from, to);
    for (const step of steps)
      expect(step).toMatchObject({ provider: 'whoop', kind: 'range', start: from.toISOString() });
    expect(steps.map((s) => (s.provider === 'whoop' ? s.resource : null))).toEqual([
      'sleep',
      'recovery',
      'workout',
      'body',
    ]);
  });
});
