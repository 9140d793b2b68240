import { randomBytes } from 'node:crypto';
import {
  DeleteCommand,
  type DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import {
  PENDING_USER_SECONDS,
  type PendingAccounts,
  type SignIn,
  type User,
  type UserDirectory,
} from '../../ports/user-directory';
import { deleteAll, queryAll } from './batch';
import { applied } from './conditional';

type Item = Record<string, unknown>;

/**
 * A pending user this close to its expiry is treated as gone rather than finished: its account may expire (TTL runs
 * late, but not never) between the account's activation and the user's.
 */
const FINISH_MARGIN_SECONDS = 5 * 60;
/** Rounds of read-claim-retry before giving up; each lost round means another writer settled the claim meanwhile. */
const MAX_ROUNDS = 5;
const MIN_USER_ID = 10n ** 14n;
const USER_ID_SPAN = 2n ** 53n;

/**
 * Users (`UID#<id>` / `#USER`, design 3.1) and email claims (`EMAIL#<emailKey>` / `#EMAIL`, 3.2) in the identity
 * table. The claim is the only uniqueness point, a single conditional Put, so no transaction is needed.
 */
export class DynamoUserDirectory implements UserDirectory {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  async signIn(emailKey: string, email: string, nowMs: number, accounts: PendingAccounts): Promise<SignIn> {
    const now = seconds(nowMs);
    let mine: Item | undefined;
    for (let round = 0; round < MAX_ROUNDS; round++) {
      // Reading first spares a returning user a pending user and account minted only to lose the claim.
      const holderId = await this.claimHolder(emailKey);
      let stale: number | undefined;
      if (holderId !== undefined) {
        const holder = await this.readUser(holderId);
        if (holder && isFinishable(holder, now) && (await this.finish(holder, accounts, now))) {
          return signedIn(holder, holder.userId === mine?.userId);
        }
        stale = holderId;
      }
      mine ??= await this.mintPending(emailKey, email, now, accounts);
      if ((await this.claim(emailKey, Number(mine.userId), stale, now)) && (await this.finish(mine, accounts, now))) {
        return signedIn(mine, true);
      }
      // Lost the claim: the next round reads the winner and continues as it; our pending items expire unseen.
    }
    throw new Error('sign-in did not settle: the email claim kept changing');
  }

  async getUser(userId: number, nowMs: number): Promise<User | null> {
    const item = await this.readUser(userId);
    if (!item) return null;
    if (item.state !== 'active' && Number(item.expiresAt ?? 0) <= seconds(nowMs)) return null;
    return toUser(item);
  }

  updateName(userId: number, name: string): Promise<boolean> {
    return applied(
      this.doc.send(
        new UpdateCommand({
          TableName: this.table,
          Key: userKey(userId),
          UpdateExpression: 'SET #name = :name',
          ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(deletedAt)',
          ExpressionAttributeNames: { '#name': 'name' },
          ExpressionAttributeValues: { ':name': name },
        }),
      ),
    );
  }

  markDeleted(userId: number, nowMs: number): Promise<boolean> {
    return applied(
      this.doc.send(
        new UpdateCommand({
          TableName: this.table,
          Key: userKey(userId),
          UpdateExpression: 'SET deletedAt = if_not_exists(deletedAt, :now)',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':now': seconds(nowMs) },
        }),
      ),
    );
  }

  async deleteUser(userId: number): Promise<void> {
    const user = await this.readUser(userId);
    if (user) {
      // Only while it still names this user: a new user may have taken the address over already.
      await applied(
        this.doc.send(
          new DeleteCommand({
            TableName: this.table,
            Key: claimKey(String(user.emailKey)),
            ConditionExpression: 'userId = :me',
            ExpressionAttributeValues: { ':me': userId },
          }),
        ),
      );
    }
    // The user item goes last (it names the claim), so a re-run after a crash still finds the claim.
    const { items } = await queryAll(this.doc, {
      TableName: this.table,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': userKey(userId).pk },
      ProjectionExpression: 'pk, sk',
    });
    const keys = items.map(({ pk, sk }) => ({ pk, sk })).filter((key) => key.sk !== '#USER');
    await deleteAll(this.doc, this.table, keys);
    await this.doc.send(new DeleteCommand({ TableName: this.table, Key: userKey(userId) }));
  }

  /** A pending user under a fresh random id, and its pending account: steps (1) and (2) of the first sign-in. */
  private async mintPending(emailKey: string, email: string, now: number, accounts: PendingAccounts): Promise<Item> {
    const expiresAt = now + PENDING_USER_SECONDS;
    for (;;) {
      const userId = randomUserId();
      // The account is made first because the user item names it; if the id collides, that account just expires.
      const accountId = await accounts.mint(userId, expiresAt);
      const item = {
        ...userKey(userId),
        userId,
        email,
        emailKey,
        accountId,
        state: 'pending',
        createdAt: now,
        expiresAt,
      };
      const stored = await applied(
        this.doc.send(
          new PutCommand({ TableName: this.table, Item: item, ConditionExpression: 'attribute_not_exists(pk)' }),
        ),
      );
      if (stored) return item;
    }
  }

  /** Step (3): the address becomes this user's unless a live user holds it. */
  private claim(emailKey: string, userId: number, stale: number | undefined, now: number): Promise<boolean> {
    return applied(
      this.doc.send(
        new PutCommand({
          TableName: this.table,
          Item: { ...claimKey(emailKey), userId, claimedAt: now },
          ...(stale === undefined
            ? { ConditionExpression: 'attribute_not_exists(pk)' }
            : {
                ConditionExpression: 'attribute_not_exists(pk) OR userId = :stale',
                ExpressionAttributeValues: { ':stale': stale },
              }),
        }),
      ),
    );
  }

  /**
   * Step (4), for this call's user or one a crash left pending: the account is made lasting before the user is
   * activated, so no active user ever has an expiring account. False when the user went away meanwhile.
   */
  private async finish(user: Item, accounts: PendingAccounts, now: number): Promise<boolean> {
    if (user.state === 'active') return true;
    await accounts.activate(String(user.accountId));
    return applied(
      this.doc.send(
        new UpdateCommand({
          TableName: this.table,
          Key: userKey(Number(user.userId)),
          UpdateExpression: 'SET #state = :active REMOVE expiresAt',
          ConditionExpression: 'attribute_not_exists(deletedAt) AND (#state = :active OR expiresAt > :soon)',
          ExpressionAttributeNames: { '#state': 'state' },
          ExpressionAttributeValues: { ':active': 'active', ':soon': now + FINISH_MARGIN_SECONDS },
        }),
      ),
    );
  }

  private async claimHolder(emailKey: string): Promise<number | undefined> {
    const out = await this.doc.send(
      new GetCommand({ TableName: this.table, Key: claimKey(emailKey), ConsistentRead: true }),
    );
    return out.Item ? Number(out.Item.userId) : undefined;
  }

  private async readUser(userId: number): Promise<Item | null> {
    const out = await this.doc.send(
      new GetCommand({ TableName: this.table, Key: userKey(userId), ConsistentRead: true }),
    );
    return out.Item ?? null;
  }
}

/** A user the claim may stay with: not deleted, and active or pending with time left to finish. */
function isFinishable(user: Item, now: number): boolean {
  if (user.deletedAt !== undefined) return false;
  return user.state === 'active' || Number(user.expiresAt ?? 0) > now + FINISH_MARGIN_SECONDS;
}

function signedIn(user: Item, created: boolean): SignIn {
  return { userId: Number(user.userId), accountId: String(user.accountId), created };
}

/** Uniform in [10^14, 2^53): 53 random bits, redrawn when below the floor (about 1 draw in 90). */
function randomUserId(): number {
  for (;;) {
    const draw = randomBytes(8).readBigUInt64BE() % USER_ID_SPAN;
    if (draw >= MIN_USER_ID) return Number(draw);
  }
}

function userKey(userId: number) {
  return { pk: `UID#${userId}`, sk: '#USER' };
}

function claimKey(emailKey: string) {
  return { pk: `EMAIL#${emailKey}`, sk: '#EMAIL' };
}

function seconds(nowMs: number): number {
  return Math.floor(nowMs / 1000);
}

function toUser(item: Item): User {
  return {
    userId: Number(item.userId),
    email: String(item.email),
    emailKey: String(item.emailKey),
    name: typeof item.name === 'string' ? item.name : '',
    accountId: String(item.accountId),
    state: item.state === 'active' ? 'active' : 'pending',
    createdAt: Number(item.createdAt),
    ...(item.deletedAt !== undefined ? { deletedAt: Number(item.deletedAt) } : {}),
  };
}
