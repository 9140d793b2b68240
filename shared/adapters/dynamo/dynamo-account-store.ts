import { randomUUID } from 'node:crypto';
import {
  DeleteCommand,
  type DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import type { Account, AccountStore, ApiKeyRecord } from '../../ports/account-store';
import { deleteAll, queryAll } from './batch';
import { applied } from './conditional';

type Item = Record<string, unknown>;

/**
 * Accounts and their API keys. A key is stored twice: under the hash of its secret (the only way a
 * request finds it, one GetItem) and under its account (for listing and revoking by id).
 */
export class DynamoAccountStore implements AccountStore {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  async createAccount(name: string): Promise<Account> {
    const account = {
      accountId: `acct_${randomUUID().replaceAll('-', '')}`,
      name,
      createdAt: new Date().toISOString(),
    };
    await this.doc.send(
      new PutCommand({
        TableName: this.table,
        Item: { pk: accountPk(account.accountId), sk: '#ACCOUNT', ...account },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return account;
  }

  async getAccount(accountId: string): Promise<Account | null> {
    const out = await this.doc.send(
      new GetCommand({ TableName: this.table, Key: { pk: accountPk(accountId), sk: '#ACCOUNT' } }),
    );
    const item = out.Item;
    if (!item) return null;
    return {
      accountId,
      name: String(item.name),
      createdAt: String(item.createdAt),
      ...(typeof item.ownerUserId === 'number' ? { ownerUserId: item.ownerUserId } : {}),
      ...(item.evaluation === true ? { evaluation: true } : {}),
      ...(typeof item.deletingAt === 'string' ? { deletingAt: item.deletingAt } : {}),
    };
  }

  async createOwnedAccount(
    ownerUserId: number,
    opts: { evaluation: boolean; pendingUntilEpochSeconds: number },
  ): Promise<Account> {
    const account: Account = {
      accountId: `acct_${randomUUID().replaceAll('-', '')}`,
      name: 'personal',
      createdAt: new Date().toISOString(),
      ownerUserId,
      ...(opts.evaluation ? { evaluation: true } : {}),
    };
    await this.doc.send(
      new PutCommand({
        TableName: this.table,
        Item: {
          pk: accountPk(account.accountId),
          sk: '#ACCOUNT',
          ...account,
          expiresAt: opts.pendingUntilEpochSeconds,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    if (opts.evaluation) {
      // Before the account is usable, so the sweep that caps evaluation data can never miss one.
      await this.doc.send(
        new PutCommand({
          TableName: this.table,
          Item: { pk: EVALUATION_PK, sk: accountPk(account.accountId), accountId: account.accountId },
        }),
      );
    }
    return account;
  }

  async listEvaluationAccounts(): Promise<string[]> {
    const ids: string[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const out = await this.doc.send(
        new QueryCommand({
          TableName: this.table,
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': EVALUATION_PK },
          ExclusiveStartKey: start,
        }),
      );
      for (const item of out.Items ?? []) ids.push(String(item.accountId));
      start = out.LastEvaluatedKey;
    } while (start);
    return ids;
  }

  async forgetEvaluationAccount(accountId: string): Promise<void> {
    await this.doc.send(
      new DeleteCommand({ TableName: this.table, Key: { pk: EVALUATION_PK, sk: accountPk(accountId) } }),
    );
  }

  async activateAccount(accountId: string): Promise<void> {
    await this.doc.send(
      new UpdateCommand({
        TableName: this.table,
        Key: { pk: accountPk(accountId), sk: '#ACCOUNT' },
        UpdateExpression: 'REMOVE expiresAt',
        ConditionExpression: 'attribute_exists(pk)',
      }),
    );
  }

  async putApiKey(record: ApiKeyRecord, secretHash: string): Promise<void> {
    // Null fields are left out, so `if_not_exists(revokedAt)` sees an unrevoked key as such.
    const fields = Object.fromEntries(Object.entries(record).filter(([, v]) => v !== null));
    await this.doc.send(
      new PutCommand({
        TableName: this.table,
        Item: { pk: keyPk(secretHash), sk: '#KEY', ...fields },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    await this.doc.send(
      new PutCommand({
        TableName: this.table,
        Item: { pk: accountPk(record.accountId), sk: `KEY#${record.keyId}`, secretHash, ...fields },
      }),
    );
  }

  async findApiKeyByHash(secretHash: string): Promise<ApiKeyRecord | null> {
    const out = await this.doc.send(
      new GetCommand({ TableName: this.table, Key: { pk: keyPk(secretHash), sk: '#KEY' } }),
    );
    return out.Item ? toKey(out.Item) : null;
  }

  async getApiKey(accountId: string, keyId: string): Promise<ApiKeyRecord | null> {
    const out = await this.doc.send(
      new GetCommand({ TableName: this.table, Key: { pk: accountPk(accountId), sk: `KEY#${keyId}` } }),
    );
    return out.Item ? toKey(out.Item) : null;
  }

  async listApiKeys(accountId: string): Promise<ApiKeyRecord[]> {
    const out = await this.doc.send(
      new QueryCommand({
        TableName: this.table,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :k)',
        ExpressionAttributeValues: { ':pk': accountPk(accountId), ':k': 'KEY#' },
      }),
    );
    return (out.Items ?? []).map(toKey).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  }

  async revokeApiKey(accountId: string, keyId: string, at: string): Promise<boolean> {
    const ref = await this.doc.send(
      new GetCommand({ TableName: this.table, Key: { pk: accountPk(accountId), sk: `KEY#${keyId}` } }),
    );
    if (!ref.Item) return false;
    // The hash-keyed item is what authentication reads, so it is revoked first.
    for (const key of [
      { pk: keyPk(String(ref.Item.secretHash)), sk: '#KEY' },
      { pk: accountPk(accountId), sk: `KEY#${keyId}` },
    ]) {
      await this.doc.send(
        new UpdateCommand({
          TableName: this.table,
          Key: key,
          UpdateExpression: 'SET revokedAt = if_not_exists(revokedAt, :at)',
          ExpressionAttributeValues: { ':at': at },
        }),
      );
    }
    return true;
  }

  async markKeyUsed(key: { secretHash: string; accountId: string; keyId: string }, at: string): Promise<void> {
    for (const itemKey of [
      { pk: keyPk(key.secretHash), sk: '#KEY' },
      { pk: accountPk(key.accountId), sk: `KEY#${key.keyId}` },
    ]) {
      await applied(
        this.doc.send(
          new UpdateCommand({
            TableName: this.table,
            Key: itemKey,
            UpdateExpression: 'SET lastUsedAt = :at',
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeValues: { ':at': at },
          }),
        ),
      );
    }
  }

  markDeleting(accountId: string, at: string): Promise<boolean> {
    return applied(
      this.doc.send(
        new UpdateCommand({
          TableName: this.table,
          Key: { pk: accountPk(accountId), sk: '#ACCOUNT' },
          UpdateExpression: 'SET deletingAt = if_not_exists(deletingAt, :at)',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':at': at },
        }),
      ),
    );
  }

  async purgeAccount(accountId: string): Promise<void> {
    const { items } = await queryAll(this.doc, {
      TableName: this.table,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': accountPk(accountId) },
      ProjectionExpression: 'pk, sk, secretHash',
    });
    const own = items.filter((item) => !String(item.sk).startsWith('USER#') && item.sk !== '#ACCOUNT');
    // The items authentication reads go first, then the account's own, the account item last.
    const hashItems = own
      .filter((item) => String(item.sk).startsWith('KEY#') && typeof item.secretHash === 'string')
      .map((item) => ({ pk: keyPk(String(item.secretHash)), sk: '#KEY' }));
    await deleteAll(this.doc, this.table, hashItems);
    await deleteAll(
      this.doc,
      this.table,
      own.map(({ pk, sk }) => ({ pk, sk })),
    );
    await this.doc.send(
      new DeleteCommand({ TableName: this.table, Key: { pk: accountPk(accountId), sk: '#ACCOUNT' } }),
    );
  }
}

/** The partition listing evaluation accounts (few; one Query). */
const EVALUATION_PK = 'EVALUATION';

function accountPk(accountId: string): string {
  return `ACCOUNT#${accountId}`;
}

function keyPk(secretHash: string): string {
  return `KEY#${secretHash}`;
}

function toKey(item: Item): ApiKeyRecord {
  return {
    keyId: String(item.keyId),
    accountId: String(item.accountId),
    name: String(item.name ?? ''),
    prefix: String(item.prefix),
    region: String(item.region),
    createdAt: String(item.createdAt),
    revokedAt: (item.revokedAt as string | undefined) ?? null,
    lastUsedAt: (item.lastUsedAt as string | undefined) ?? null,
  };
}
