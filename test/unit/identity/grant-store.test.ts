import { DeleteCommand, type DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DynamoGrantStore } from '../../../shared/adapters/dynamo/dynamo-grant-store';
import {
  ACCESS_SECONDS,
  type NewGrant,
  newGrantId,
  newRefreshToken,
  parseRefreshToken,
  REFRESH_SECONDS,
} from '../../../shared/ports/grant-store';
import type { DynamoServer } from '../../support/dynamo-servers';
import { DAY_MS, identityTable, servers, T0, TABLE } from './identity-table';

describe('refresh-token format', () => {
  it('parses only `hdsr_<grant id>.<43 base62>`', () => {
    const grantId = newGrantId();
    expect(grantId).toMatch(/^fam_[0-9A-Za-z]{22}$/);
    const token = newRefreshToken(grantId);
    expect(parseRefreshToken(token)).toEqual({ grantId });
    for (const bad of [
      '',
      'hdsr_',
      `${token}x`,
      token.slice(0, -1),
      token.replace('hdsr_', 'hdsx_'),
      `hdsr_fam_short.${'a'.repeat(43)}`,
      `${token.slice(0, -1)}-`,
      `${token}\n`,
      'x'.repeat(5000),
      42,
      null,
    ]) {
      expect(parseRefreshToken(bad), String(bad)).toBeNull();
    }
  });
});

describe.each(servers)('DynamoGrantStore on %s', (_name, start) => {
  let server: DynamoServer;
  let doc: DynamoDBDocumentClient;
  let grants: DynamoGrantStore;
  let n = 0;
  const login = (over: Partial<NewGrant> = {}): NewGrant => ({
    userId: 100_000_000_000_000 + ++n,
    accountId: `acct_${n}`,
    clientId: 'hds-console',
    scope: 'console mcp:read mcp:write',
    kind: 'login',
    withRefresh: true,
    ...over,
  });
  const stored = async (grantId: string) =>
    (await doc.send(new GetCommand({ TableName: TABLE, Key: { pk: `GRANT#${grantId}`, sk: '#GRANT' } }))).Item;

  beforeAll(async () => {
    ({ server, doc } = await identityTable(start));
    grants = new DynamoGrantStore(doc, TABLE);
  }, 90_000);
  afterAll(() => server?.stop());

  it('creates a grant with a refresh token it stores only hashed, live for 30 days of access', async () => {
    const created = await grants.create(login({ retentionCapSeconds: 86_400 }), T0);
    expect(created?.refreshToken && parseRefreshToken(created.refreshToken)).toEqual({ grantId: created?.grantId });
    const item = await stored(created!.grantId);
    expect(JSON.stringify(item)).not.toContain(created!.refreshToken!.slice(-43));
    expect(item?.currentHash).toMatch(/^[0-9a-f]{64}$/);
    expect(item?.expiresAt).toBe(T0 / 1000 + REFRESH_SECONDS + 86_400);

    const grant = await grants.get(created!.grantId, T0 + 1000);
    expect(grant).toMatchObject({ kind: 'login', generation: 0, retentionCapSeconds: 86_400 });
    expect(grant?.accessUntil).toBe(T0 / 1000 + ACCESS_SECONDS);
    expect(await grants.get(created!.grantId, T0 + ACCESS_SECONDS * 1000)).toBeNull();
    expect(await grants.get(newGrantId(), T0)).toBeNull();
    expect(await grants.get('x'.repeat(3000), T0)).toBeNull();
  });

  it('rotates: the new token works, the old one is reuse and revokes the family, after which the newest is refused', async () => {
    const { grantId, refreshToken: first } = (await grants.create(login(), T0))!;
    const second = await grants.rotate(first!, T0 + DAY_MS);
    expect(second).toMatchObject({ ok: true, grant: { grantId, generation: 1 } });
    if (!second.ok) throw new Error('unreachable');
    expect(second.grant.refreshUntil).toBe((T0 + DAY_MS) / 1000 + REFRESH_SECONDS);
    const third = await grants.rotate(second.refreshToken, T0 + 2 * DAY_MS);
    expect(third.ok).toBe(true);
    if (!third.ok) throw new Error('unreachable');

    expect(await grants.rotate(first!, T0 + 3 * DAY_MS)).toEqual({ ok: false, reason: 'reuse' });
    expect(await stored(grantId)).toMatchObject({ revokedWhy: 'reuse' });
    expect(await grants.get(grantId, T0 + 3 * DAY_MS)).toBeNull();
    expect(await grants.rotate(third.refreshToken, T0 + 3 * DAY_MS)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('of concurrent refreshes with one token exactly one wins, and the losers revoke the family', async () => {
    for (const parallel of [2, 8]) {
      const { grantId, refreshToken } = (await grants.create(login(), T0))!;
      const outcomes = await Promise.all(
        Array.from({ length: parallel }, () => grants.rotate(refreshToken!, T0 + 1000)),
      );
      const winners = outcomes.filter((o) => o.ok);
      expect(winners).toHaveLength(1);
      expect(outcomes.filter((o) => !o.ok)).toEqual(Array(parallel - 1).fill({ ok: false, reason: 'reuse' }));
      expect(await grants.get(grantId, T0 + 2000)).toBeNull();
      const won = winners[0]!;
      if (!won.ok) throw new Error('unreachable');
      expect(await grants.rotate(won.refreshToken, T0 + 2000)).toEqual({ ok: false, reason: 'invalid' });
    }
  });

  it('refuses a guessed token for a real grant id without revoking anything', async () => {
    const { grantId, refreshToken } = (await grants.create(login(), T0))!;
    for (let i = 0; i < 3; i++) {
      expect(await grants.rotate(newRefreshToken(grantId), T0 + 1000)).toEqual({ ok: false, reason: 'invalid' });
    }
    expect(await grants.get(grantId, T0 + 1000)).not.toBeNull();
    expect((await grants.rotate(refreshToken!, T0 + 2000)).ok).toBe(true);
  });

  it('answers expired for a refresh token past 60 days, and invalid for malformed or unknown ones', async () => {
    const { grantId, refreshToken } = (await grants.create(login(), T0))!;
    expect(await grants.rotate(refreshToken!, T0 + REFRESH_SECONDS * 1000)).toEqual({ ok: false, reason: 'expired' });
    expect(await stored(grantId)).not.toHaveProperty('revokedAt');
    for (const bad of ['', 'hdsr_', `hdsr_${grantId}.short`, 'y'.repeat(5000), newRefreshToken(newGrantId())]) {
      expect(await grants.rotate(bad, T0), bad.slice(0, 40)).toEqual({ ok: false, reason: 'invalid' });
    }
  });

  it('keeps at most 10 spent hashes', async () => {
    const created = (await grants.create(login(), T0))!;
    let refreshToken = created.refreshToken;
    for (let i = 1; i <= 12; i++) {
      const next = await grants.rotate(refreshToken!, T0 + i * 1000);
      if (!next.ok) throw new Error(`rotation ${i}: ${next.reason}`);
      refreshToken = next.refreshToken;
    }
    const item = await stored(created.grantId);
    expect(item?.spentHashes).toHaveLength(10);
    expect(item?.generation).toBe(12);
  });

  it('a pre-allocated id revoked before its grant is created (a replayed code) cannot be created', async () => {
    const grantId = newGrantId();
    await grants.revoke(grantId, 'replay', T0);
    expect(await grants.create(login({ grantId, kind: 'code', clientId: 'hdsc_x' }), T0)).toBeNull();
    expect(await grants.get(grantId, T0)).toBeNull();
    expect((await stored(grantId))?.expiresAt).toBe(T0 / 1000 + 86_400);

    const fresh = newGrantId();
    expect(await grants.create(login({ grantId: fresh, kind: 'code' }), T0)).toMatchObject({ grantId: fresh });
  });

  it('a grant without a refresh token renews its access when the client asks again', async () => {
    const created = await grants.create(login({ kind: 'credentials', withRefresh: false }), T0);
    expect(created).toEqual({ grantId: created?.grantId });
    expect(await grants.renewAccess(created!.grantId, T0 + 20 * DAY_MS)).toBe(true);
    expect(await grants.get(created!.grantId, T0 + 40 * DAY_MS)).toMatchObject({
      accessUntil: (T0 + 20 * DAY_MS) / 1000 + ACCESS_SECONDS,
    });
    const withRefresh = await grants.create(login(), T0);
    expect(await grants.renewAccess(withRefresh!.grantId, T0)).toBe(false);
    await grants.revoke(created!.grantId, 'unbound', T0 + 41 * DAY_MS);
    expect(await grants.renewAccess(created!.grantId, T0 + 41 * DAY_MS)).toBe(false);
  });

  it('lists and revokes a user’s grants and a client’s grants, then drops their pointers', async () => {
    const userId = 200_000_000_000_001;
    const a = await grants.create(login({ userId, clientId: 'hdsc_a' }), T0);
    const b = await grants.create(login({ userId, clientId: 'hdsc_b', kind: 'code' }), T0);
    const other = await grants.create(login({ clientId: 'hdsc_b' }), T0);
    const vanished = await grants.create(login({ userId, clientId: 'hdsc_b' }), T0);
    await doc.send(new DeleteCommand({ TableName: TABLE, Key: { pk: `GRANT#${vanished!.grantId}`, sk: '#GRANT' } }));

    expect((await grants.listForUser(userId, T0)).map((g) => g.grantId).sort()).toEqual(
      [a!.grantId, b!.grantId].sort(),
    );
    expect(await grants.revokeAllForClient('hdsc_b', 'client revoked', T0 + 1000)).toBe(2);
    expect(await grants.get(b!.grantId, T0 + 1000)).toBeNull();
    expect(await grants.get(other!.grantId, T0 + 1000)).toBeNull();
    expect(await grants.get(a!.grantId, T0 + 1000)).not.toBeNull();

    expect(await grants.revokeAllForUser(userId, 'user deleted', T0 + 2000)).toBe(1);
    expect(await grants.listForUser(userId, T0 + 2000)).toEqual([]);
    expect(await stored(a!.grantId)).toMatchObject({ revokedWhy: 'user deleted', revokedAt: (T0 + 2000) / 1000 });
    expect(await stored(b!.grantId)).toMatchObject({ revokedWhy: 'client revoked' });
    const pointers = await doc.send(
      new QueryCommand({
        TableName: TABLE,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': `UID#${userId}` },
      }),
    );
    expect(pointers.Items).toEqual([]);
    expect(await grants.revokeAllForUser(userId, 'again', T0 + 3000)).toBe(0);
  });
});
