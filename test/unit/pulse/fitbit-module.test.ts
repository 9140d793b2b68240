import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createGuardedEgress } from '../../../shared/adapters/egress/guarded-egress';
import { readConfig } from '../../../shared/config/config';
import { isCodeVerifier, verifierMatchesChallenge } from '../../../shared/domain/oauth/pkce';
import { ProviderHttp } from '../../../shared/services/pulse/provider-http';
import { fitbitModule } from '../../../shared/services/pulse/providers/fitbit';
import type { ProviderContext, ProviderTokens } from '../../../shared/services/pulse/registry';
import {
  FITBIT_CLIENT_ID,
  FITBIT_CLIENT_SECRET,
  FitbitServer,
  fitbitEnv,
  fitbitProfile,
} from '../../support/pulse-server-fitbit';

/**
 * The Fitbit module's reading of the user's UTC offset (design §19) against the local Fitbit server, without the
 * runtime: read once at link, kept with the tokens, read again only at a refresh once a day old, and never a reason
 * for a link or a refresh to fail.
 */
let fitbit: FitbitServer;
let ctx: ProviderContext;
const REDIRECT = 'https://hds.example.org/api/v1/pulse/hds/fitbit/callback';
const DAY_MS = 86_400_000;
const profileReads = () => fitbit.callsTo('/1/user/-/profile.json').length;

beforeAll(async () => {
  fitbit = new FitbitServer();
  await fitbit.start();
  const cfg = readConfig(fitbitEnv(fitbit)).pulse.providers.fitbit;
  ctx = {
    http: new ProviderHttp(createGuardedEgress({ allowHosts: [] }), 'fitbit'),
    cfg: { ...cfg, clientId: FITBIT_CLIENT_ID, clientSecret: FITBIT_CLIENT_SECRET, issuer: 'https://hds.example.org' },
    nowMs: Date.now(),
  };
});
afterAll(() => fitbit?.stop());
beforeEach(() => {
  fitbit.profile = fitbitProfile();
  fitbit.profileStatus = 200;
});

/** Consent and code exchange as the callback does them (PKCE verifier from the stash). */
async function link(): Promise<ProviderTokens> {
  const begun = await fitbitModule.beginLink(ctx, { state: 'state-of-the-test', redirectUri: REDIRECT });
  const consent = await fetch(begun.url, { redirect: 'manual' });
  const query = new URL(consent.headers.get('location')!).searchParams;
  const account = await fitbitModule.completeLink(ctx, query, { redirectUri: REDIRECT, stash: begun.stash ?? null });
  return account.tokens;
}

/** One sleep log at 23:10 local, and the instant the module wrote it at. */
async function sleepStart(tokens: ProviderTokens): Promise<string | undefined> {
  fitbit.data.sleep = [
    {
      logId: 1,
      dateOfSleep: '2026-11-20',
      startTime: '2026-11-19T23:10:00.000',
      endTime: '2026-11-20T06:40:00.000',
      minutesAsleep: 420,
    },
  ];
  const step = { provider: 'fitbit' as const, resources: ['sleep' as const], start: '2026-11-20', end: '2026-11-20' };
  const { readings } = await fitbitModule.fetch(ctx, tokens, step);
  return readings[0]?.reading.time;
}

describe('the Fitbit module and the user’s UTC offset', () => {
  it('reads the profile once at link, keeps its offset with the tokens, and reads local times at it', async () => {
    const before = profileReads();
    const tokens = await link();
    expect(profileReads()).toBe(before + 1);
    expect(tokens.utcOffset).toEqual({ seconds: -18_000, timeZone: 'America/Bogota', readAt: ctx.nowMs });
    expect(await sleepStart(tokens)).toBe('2026-11-20T04:10:00.000Z');
    // UTC would have been 23:10 the evening before: the offset is what moved it.
    expect(await sleepStart({ ...tokens, utcOffset: undefined })).toBe('2026-11-19T23:10:00.000Z');
  });

  it('keeps a profile under a day old through a refresh, and reads it again once a day old', async () => {
    const tokens = await link();
    const reads = profileReads();
    const fresh = await fitbitModule.refresh!(ctx, tokens);
    expect(profileReads()).toBe(reads);
    expect(fresh.utcOffset).toEqual(tokens.utcOffset);

    fitbit.profile = { user: { offsetFromUTCMillis: 3_600_000, timezone: 'Europe/Paris' } };
    const later = { ...ctx, nowMs: ctx.nowMs + DAY_MS };
    const renewed = await fitbitModule.refresh!(later, fresh);
    expect(profileReads()).toBe(reads + 1);
    expect(renewed.utcOffset).toEqual({ seconds: 3_600, timeZone: 'Europe/Paris', readAt: later.nowMs });
  });

  it('links without an offset (UTC) when Fitbit refuses the profile, and tries again at the next refresh', async () => {
    fitbit.profileStatus = 403;
    const tokens = await link();
    expect(tokens.accessToken).toMatch(/^fitbit-at-/);
    expect(tokens.utcOffset).toBeUndefined();
    expect(await sleepStart(tokens)).toBe('2026-11-19T23:10:00.000Z');

    fitbit.profileStatus = 200;
    const fresh = await fitbitModule.refresh!(ctx, tokens);
    expect(fresh.utcOffset?.seconds).toBe(-18_000);
  });

  it('keeps the last known offset when a day-old re-read fails, and UTC for a profile that is not JSON', async () => {
    const tokens = await link();
    fitbit.profileStatus = 503;
    const fresh = await fitbitModule.refresh!({ ...ctx, nowMs: ctx.nowMs + DAY_MS }, tokens);
    expect(fresh.utcOffset).toEqual(tokens.utcOffset);

    fitbit.profileStatus = 200;
    fitbit.profile = '{"user": {"offsetFromUTCMillis": ';
    expect((await link()).utcOffset).toBeUndefined();
    fitbit.profile = { user: { offsetFromUTCMillis: 'soon' } };
    expect((await link()).utcOffset).toEqual({ seconds: null, readAt: ctx.nowMs });
  });

  it('reads at UTC, without throwing, an offset in the sealed tokens that no clock has', async () => {
    const tokens = await link();
    const odd = { ...tokens, utcOffset: { seconds: 12_345_678, readAt: ctx.nowMs } };
    expect(await sleepStart(odd)).toBe('2026-11-19T23:10:00.000Z');
  });
});

describe('the Fitbit module and the user’s zone (DST)', () => {
  const LA = { user: { offsetFromUTCMillis: -28_800_000, timezone: 'America/Los_Angeles' } };
  /** A night across the spring change (23:30 PST to 07:15 PDT) through the local server, as the module writes it. */
  async function springNight(tokens: ProviderTokens): Promise<[string, string | null][]> {
    fitbit.data.sleep = [
      {
        logId: 2,
        dateOfSleep: '2026-03-08',
        startTime: '2026-03-07T23:30:00.000',
        endTime: '2026-03-08T07:15:00.000',
        minutesAsleep: 405,
      },
    ];
    const step = { provider: 'fitbit' as const, resources: ['sleep' as const], start: '2026-03-08', end: '2026-03-08' };
    const { readings } = await fitbitModule.fetch(ctx, tokens, step);
    return readings.map(({ reading }) => [reading.time, reading.endTime]);
  }

  it('seals the profile’s zone with the tokens and reads each local time at the offset then in force', async () => {
    fitbit.profile = LA;
    const tokens = await link();
    expect(tokens.utcOffset).toEqual({ seconds: -28_800, timeZone: 'America/Los_Angeles', readAt: ctx.nowMs });
    expect(await springNight(tokens)).toEqual([['2026-03-08T07:30:00.000Z', '2026-03-08T14:15:00.000Z']]);
  });

  it('falls back to the fixed offset for a zone Intl does not know, then to UTC', async () => {
    fitbit.profile = { user: { offsetFromUTCMillis: -28_800_000, timezone: 'Mars/Olympus_Mons' } };
    const tokens = await link();
    expect(tokens.utcOffset).toEqual({ seconds: -28_800, readAt: ctx.nowMs });
    expect(await springNight(tokens)).toEqual([['2026-03-08T07:30:00.000Z', '2026-03-08T15:15:00.000Z']]);
    // Sealed tokens are not schema-checked when opened: an unknown zone there falls back the same way.
    const sealedOdd = { ...tokens, utcOffset: { seconds: null, timeZone: 'Mars/Olympus_Mons', readAt: ctx.nowMs } };
    expect(await springNight(sealedOdd)).toEqual([['2026-03-07T23:30:00.000Z', '2026-03-08T07:15:00.000Z']]);
  });
});

describe('the Fitbit module’s PKCE', () => {
  it('asks an S256 challenge of the verifier it stashes, and a fresh verifier per link', async () => {
    const start = { state: 'state-of-the-test', redirectUri: REDIRECT };
    const [a, b] = [await fitbitModule.beginLink(ctx, start), await fitbitModule.beginLink(ctx, start)];
    const verifier = Buffer.from(a.stash!).toString('utf8');
    const url = new URL(a.url);
    expect(isCodeVerifier(verifier)).toBe(true);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(verifierMatchesChallenge(verifier, url.searchParams.get('code_challenge')!)).toBe(true);
    expect(Buffer.from(b.stash!).toString('utf8')).not.toBe(verifier);
  });
});
