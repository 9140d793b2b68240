import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createGuardedEgress } from '../../../shared/adapters/egress/guarded-egress';
import { readConfig } from '../../../shared/config/config';
import type { FetchStep } from '../../../shared/domain/pulse/fetch-steps';
import { ProviderError, ProviderHttp } from '../../../shared/services/pulse/provider-http';
import { withingsModule } from '../../../shared/services/pulse/providers/withings';
import type { ProviderContext, ProviderTokens } from '../../../shared/services/pulse/registry';
import {
  WITHINGS_CLIENT_ID,
  WITHINGS_CLIENT_SECRET,
  WithingsServer,
  withingsEnv,
  withingsFixtureData,
} from '../../support/pulse-server-withings';

/**
 * The Withings module against the local Withings server, without the runtime: its reading of HTTP-200 answers by
 * `status`, the refresh of a spent token, the steps it makes and refuses.
 */
let withings: WithingsServer;
let ctx: ProviderContext;
const REDIRECT = 'https://hds.example.org/api/v1/pulse/hds/withings/callback';
const window = { startdate: 1_700_000_000, enddate: 1_900_000_000 };

beforeAll(async () => {
  withings = new WithingsServer();
  await withings.start();
  const cfg = readConfig(withingsEnv(withings)).pulse.providers.withings;
  ctx = {
    http: new ProviderHttp(createGuardedEgress({ allowHosts: [] }), 'withings'),
    cfg: {
      ...cfg,
      clientId: WITHINGS_CLIENT_ID,
      clientSecret: WITHINGS_CLIENT_SECRET,
      issuer: 'https://hds.example.org',
    },
    nowMs: Date.now(),
  };
});
afterAll(() => withings?.stop());
beforeEach(() => {
  withings.data = withingsFixtureData(new Date());
  withings.ratePerMinute = 120;
});

async function link(): Promise<ProviderTokens> {
  const { url } = await withingsModule.beginLink(ctx, { state: 'state-of-the-test', redirectUri: REDIRECT });
  const query = new URL((await fetch(url, { redirect: 'manual' })).headers.get('location')!).searchParams;
  const account = await withingsModule.completeLink(ctx, query, { redirectUri: REDIRECT, stash: null });
  expect(account.providerUserId).toBe('36281742');
  return account.tokens;
}

describe('the Withings module', () => {
  it('reads status 601 as paced, status 401 as a refused token, on HTTP 200 answers', async () => {
    const tokens = await link();
    const step: FetchStep = { provider: 'withings', services: ['getmeas'], ...window };
    withings.ratePerMinute = 0;
    await expect(withingsModule.fetch(ctx, tokens, step)).rejects.toMatchObject({ kind: 'rate_limited', status: 601 });
    withings.ratePerMinute = 120;
    withings.expireAccessTokens();
    await expect(withingsModule.fetch(ctx, tokens, step)).rejects.toMatchObject({ kind: 'unauthorized', status: 401 });
  });

  it('rotates the refresh token; the spent one is invalid_grant (relink), not a retry', async () => {
    const tokens = await link();
    const fresh = await withingsModule.refresh!(ctx, tokens);
    expect(fresh.refreshToken).not.toBe(tokens.refreshToken);
    expect(fresh.expiresAt).toBeGreaterThan(Date.now() + 10_000_000);
    const err = await withingsModule.refresh!(ctx, tokens).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderError);
    expect((err as ProviderError).kind).toBe('invalid_grant');
  });

  it('refuses a code exchange Withings answers with a status (an unknown code)', async () => {
    const query = new URLSearchParams({ code: 'never-issued', state: 'x' });
    await expect(withingsModule.completeLink(ctx, query, { redirectUri: REDIRECT, stash: null })).rejects.toMatchObject(
      { kind: 'refused' },
    );
  });

  it('walks the services of a step one at a time, getmeas by offset first', async () => {
    const tokens = await link();
    const [first] = withingsModule.backfillSteps(new Date(window.startdate * 1000), new Date(window.enddate * 1000));
    const seen: string[] = [];
    let step: FetchStep | undefined = first;
    while (step) {
      if (step.provider !== 'withings') throw new Error('not a Withings step');
      seen.push(`${step.services[0]}${step.offset ? `@${step.offset}` : ''}`);
      step = (await withingsModule.fetch(ctx, tokens, step)).next;
    }
    expect(seen).toEqual(['getmeas', 'getmeas@2', 'getactivity', 'getworkouts', 'sleep_summary']);
  });

  it('refuses a step it never made', async () => {
    const tokens = await link();
    const foreign = [
      { provider: 'whoop', kind: 'range', resource: 'sleep', start: 'a', end: 'b' },
      { provider: 'withings', services: [], ...window },
      { provider: 'withings', services: ['getheart'], ...window },
      { provider: 'withings', services: ['getmeas'], startdate: 2, enddate: 1 },
    ] as unknown as FetchStep[];
    for (const step of foreign) {
      await expect(withingsModule.fetch(ctx, tokens, step)).rejects.toMatchObject({ kind: 'refused' });
    }
  });
});
