import { type DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DynamoAuthorizationCodes } from '../../../shared/adapters/dynamo/dynamo-authorization-codes';
import { type NewAuthorizationCode, s256Challenge } from '../../../shared/ports/authorization-codes';
import { hashToken } from '../../../shared/ports/grant-store';
import type { DynamoServer } from '../../support/dynamo-servers';
import { identityTable, servers, T0, TABLE } from './identity-table';

const VERIFIER = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
const CLIENT = 'hdsc_0123456789abcdefghijkl';
const REDIRECT = 'https://app.example.org/callback';

describe('PKCE S256', () => {
  it('matches RFC 7636 appendix B', () => {
    expect(s256Challenge(VERIFIER)).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
  });
});

describe.each(servers)('DynamoAuthorizationCodes on %s', (_name, start) => {
  let server: DynamoServer;
  let doc: DynamoDBDocumentClient;
  let codes: DynamoAuthorizationCodes;
  const issued = (over: Partial<NewAuthorizationCode> = {}): NewAuthorizationCode => ({
    clientId: CLIENT,
    redirectUri: REDIRECT,
    codeChallenge: s256Challenge(VERIFIER),
    userId: 100_000_000_000_007,
    accountId: 'acct_1',
    scope: 'mcp:read',
    ...over,
  });
  const redemption = (code: string) => ({ code, clientId: CLIENT, redirectUri: REDIRECT, codeVerifier: VERIFIER });

  beforeAll(async () => {
    ({ server, doc } = await identityTable(start));
    codes = new DynamoAuthorizationCodes(doc, TABLE);
  }, 90_000);
  afterAll(() => server?.stop());

  it('stores only the code’s hash and redeems it once; the replay names the grant to revoke', async () => {
    const { code, grantId } = await codes.issue(issued(), T0);
    expect(code).toMatch(/^[0-9A-Za-z]{43}$/);
    expect(grantId).toMatch(/^fam_/);
    const item = await doc.send(
      new GetCommand({ TableName: TABLE, Key: { pk: `AUTHZ#${hashToken(code)}`, sk: '#AUTHZ' } }),
    );
    expect(JSON.stringify(item.Item)).not.toContain(code);
    expect(item.Item?.expiresAt).toBe(T0 / 1000 + 24 * 3600);

    const first = await codes.redeem(redemption(code), T0 + 1000);
    expect(first).toEqual({
      ok: true,
      item: expect.objectContaining({ grantId, userId: 100_000_000_000_007, scope: 'mcp:read', usedAt: T0 / 1000 + 1 }),
    });
    expect(await codes.redeem(redemption(code), T0 + 2000)).toEqual({ ok: false, replayedGrantId: grantId });
    // A replay is a replay even when the rest no longer matches.
    expect(await codes.redeem({ ...redemption(code), clientId: 'hdsc_other' }, T0 + 3000)).toEqual({
      ok: false,
      replayedGrantId: grantId,
    });
  });

  it('of concurrent redemptions exactly one wins; the others are replays', async () => {
    const { code, grantId } = await codes.issue(issued(), T0);
    const outcomes = await Promise.all(Array.from({ length: 8 }, () => codes.redeem(redemption(code), T0 + 1000)));
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    expect(outcomes.filter((o) => !o.ok)).toEqual(Array(7).fill({ ok: false, replayedGrantId: grantId }));
  });

  it('a wrong verifier, client or redirect URI is refused without burning the code', async () => {
    const { code } = await codes.issue(issued(), T0);
    const wrong = [
      { ...redemption(code), codeVerifier: `${VERIFIER.slice(0, -1)}Y` },
      { code, clientId: CLIENT, redirectUri: REDIRECT },
      { ...redemption(code), clientId: 'hdsc_0123456789abcdefghijkm' },
      { ...redemption(code), redirectUri: `${REDIRECT}/` },
    ];
    for (const attempt of wrong) expect(await codes.redeem(attempt, T0 + 1000)).toEqual({ ok: false });
    expect((await codes.redeem(redemption(code), T0 + 2000)).ok).toBe(true);
  });

  it('a code without a challenge needs no verifier', async () => {
    const { code } = await codes.issue(issued({ codeChallenge: undefined }), T0);
    expect((await codes.redeem({ code, clientId: CLIENT, redirectUri: REDIRECT }, T0 + 1000)).ok).toBe(true);
  });

  it('refuses an expired code and an unknown one, with no replay', async () => {
    const { code } = await codes.issue(issued(), T0);
    expect(await codes.redeem(redemption(code), T0 + 10 * 60_000)).toEqual({ ok: false });
    expect(await codes.redeem(redemption('nope'), T0)).toEqual({ ok: false });
    expect(await codes.redeem(redemption('z'.repeat(5000)), T0)).toEqual({ ok: false });
  });
});
