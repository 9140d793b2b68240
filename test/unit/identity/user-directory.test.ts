import {
  DeleteCommand,
  type DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
} from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DynamoUserDirectory } from '../../../shared/adapters/dynamo/dynamo-user-directory';
import { PENDING_USER_SECONDS, type PendingAccounts } from '../../../shared/ports/user-directory';
import type { DynamoServer } from '../../support/dynamo-servers';
import { identityTable, servers, T0, TABLE } from './identity-table';

/** The accounts table's part, in memory: which accounts exist, whose, and whether they still expire. */
class FakeAccounts implements PendingAccounts {
  readonly accounts = new Map<string, { ownerUserId: number; pendingUntil?: number }>();
  failNextActivation = false;
  private n = 0;
  private readonly allMinted: Promise<void>;
  private release = () => {};

  /** With `together`, no mint returns before that many have begun: every caller has read the claim as absent. */
  constructor(private readonly together = 1) {
    this.allMinted = new Promise((resolve) => {
      this.release = resolve;
    });
  }

  async mint(userId: number, pendingUntilEpochSeconds: number): Promise<string> {
    const accountId = `acct_${++this.n}`;
    this.accounts.set(accountId, { ownerUserId: userId, pendingUntil: pendingUntilEpochSeconds });
    if (this.n >= this.together) this.release();
    await this.allMinted;
    return accountId;
  }

  async activate(accountId: string): Promise<void> {
    if (this.failNextActivation) {
      this.failNextActivation = false;
      throw new Error('accounts table unavailable');
    }
    const account = this.accounts.get(accountId);
    if (!account) throw new Error(`no account ${accountId}`);
    delete account.pendingUntil;
  }

  lasting(): string[] {
    return [...this.accounts].filter(([, a]) => a.pendingUntil === undefined).map(([id]) => id);
  }
}

describe.each(servers)('DynamoUserDirectory on %s', (_name, start) => {
  let server: DynamoServer;
  let doc: DynamoDBDocumentClient;
  let users: DynamoUserDirectory;
  let n = 0;
  const address = () => {
    n++;
    return { emailKey: `key-${n}`, email: `user${n}@example.org` };
  };
  const item = async (pk: string, sk: string) =>
    (await doc.send(new GetCommand({ TableName: TABLE, Key: { pk, sk } }))).Item;

  beforeAll(async () => {
    ({ server, doc } = await identityTable(start));
    users = new DynamoUserDirectory(doc, TABLE);
  }, 90_000);
  afterAll(() => server?.stop());

  it('makes an active user with a lasting account on the first sign-in, and finds it on the next', async () => {
    const accounts = new FakeAccounts();
    const { emailKey, email } = address();
    const first = await users.signIn(emailKey, email, T0, accounts);
    expect(first.created).toBe(true);
    expect(Number.isSafeInteger(first.userId) && first.userId >= 1e14).toBe(true);
    expect(accounts.accounts.get(first.accountId)).toEqual({ ownerUserId: first.userId });

    const stored = await item(`UID#${first.userId}`, '#USER');
    expect(stored).toMatchObject({ state: 'active', email, emailKey, accountId: first.accountId });
    expect(stored).not.toHaveProperty('expiresAt');
    expect(await item(`EMAIL#${emailKey}`, '#EMAIL')).toMatchObject({ userId: first.userId });
    expect(await users.getUser(first.userId, T0)).toMatchObject({ userId: first.userId, name: '', state: 'active' });

    expect(await users.signIn(emailKey, email, T0 + 1000, accounts)).toEqual({ ...first, created: false });
    expect(accounts.accounts.size).toBe(1);
  });

  it('of concurrent first sign-ins for one address makes one user; the losers’ pending items expire', async () => {
    for (const parallel of [2, 8]) {
      const accounts = new FakeAccounts(parallel);
      const { emailKey, email } = address();
      const results = await Promise.all(
        Array.from({ length: parallel }, () => users.signIn(emailKey, email, T0, accounts)),
      );
      // Every caller read no claim and minted its own pending user (the gate makes sure): the race is at the claim.
      expect(accounts.accounts.size).toBe(parallel);
      const winner = results.find((r) => r.created)!;
      expect(results.filter((r) => r.created)).toHaveLength(1);
      expect(results.every((r) => r.userId === winner.userId && r.accountId === winner.accountId)).toBe(true);
      expect(accounts.lasting()).toEqual([winner.accountId]);
      for (const [accountId, account] of accounts.accounts) {
        if (accountId === winner.accountId) continue;
        const loser = await item(`UID#${account.ownerUserId}`, '#USER');
        if (loser) expect(loser).toMatchObject({ state: 'pending', expiresAt: T0 / 1000 + PENDING_USER_SECONDS });
        expect(account.pendingUntil).toBe(T0 / 1000 + PENDING_USER_SECONDS);
      }
    }
  });

  it('finishes a user left pending by a crash after the claim', async () => {
    const accounts = new FakeAccounts();
    const { emailKey, email } = address();
    accounts.failNextActivation = true;
    await expect(users.signIn(emailKey, email, T0, accounts)).rejects.toThrow('unavailable');
    const claim = await item(`EMAIL#${emailKey}`, '#EMAIL');
    expect(await item(`UID#${claim?.userId}`, '#USER')).toMatchObject({ state: 'pending' });

    const again = await users.signIn(emailKey, email, T0 + 60_000, accounts);
    expect(again).toMatchObject({ userId: claim?.userId, created: false });
    expect(accounts.lasting()).toEqual([again.accountId]);
    expect(await item(`UID#${again.userId}`, '#USER')).toMatchObject({ state: 'active' });
  });

  it('takes over a claim whose pending user is about to expire, or has vanished', async () => {
    const accounts = new FakeAccounts();
    const { emailKey, email } = address();
    accounts.failNextActivation = true;
    await users.signIn(emailKey, email, T0, accounts).catch(() => undefined);
    const abandoned = Number((await item(`EMAIL#${emailKey}`, '#EMAIL'))?.userId);
    expect(await users.getUser(abandoned, T0 + PENDING_USER_SECONDS * 1000)).toBeNull();

    const late = await users.signIn(emailKey, email, T0 + 58 * 60_000, accounts);
    expect(late.created).toBe(true);
    expect(late.userId).not.toBe(abandoned);

    await doc.send(new DeleteCommand({ TableName: TABLE, Key: { pk: `UID#${late.userId}`, sk: '#USER' } }));
    const after = await users.signIn(emailKey, email, T0 + 60 * 60_000, accounts);
    expect(after.created).toBe(true);
    expect(after.userId).not.toBe(late.userId);
  });

  it('after deletion the address signs in as a new user at once; the old user’s removal leaves the new claim', async () => {
    const accounts = new FakeAccounts();
    const { emailKey, email } = address();
    const old = await users.signIn(emailKey, email, T0, accounts);
    await doc.send(new PutCommand({ TableName: TABLE, Item: { pk: `UID#${old.userId}`, sk: 'CONSENT#hdsc_x' } }));
    expect(await users.markDeleted(old.userId, T0 + 1000)).toBe(true);
    expect(await users.getUser(old.userId, T0 + 1000)).toMatchObject({ deletedAt: T0 / 1000 + 1 });
    expect(await users.updateName(old.userId, 'Zoe')).toBe(false);

    const fresh = await users.signIn(emailKey, email, T0 + 2000, accounts);
    expect(fresh.created).toBe(true);
    expect(fresh.userId).not.toBe(old.userId);
    expect(fresh.accountId).not.toBe(old.accountId);

    await users.deleteUser(old.userId);
    await users.deleteUser(old.userId);
    const left = await doc.send(
      new QueryCommand({
        TableName: TABLE,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': `UID#${old.userId}` },
      }),
    );
    expect(left.Items).toEqual([]);
    expect(await users.signIn(emailKey, email, T0 + 3000, accounts)).toEqual({ ...fresh, created: false });

    await users.deleteUser(fresh.userId);
    expect(await item(`EMAIL#${emailKey}`, '#EMAIL')).toBeUndefined();
    expect(await users.markDeleted(fresh.userId, T0)).toBe(false);
  });

  it('renames a live user', async () => {
    const { emailKey, email } = address();
    const { userId } = await users.signIn(emailKey, email, T0, new FakeAccounts());
    expect(await users.updateName(userId, 'Zoé Doe')).toBe(true);
    expect(await users.getUser(userId, T0)).toMatchObject({ name: 'Zoé Doe' });
    expect(await users.updateName(123_456_789_012_345, 'Nobody')).toBe(false);
  });
});
