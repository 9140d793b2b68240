import { createHash } from 'node:crypto';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  DeleteCommand,
  type DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import type {
  IdempotencyClaim,
  IdempotencyRecord,
  IdempotencyStore,
  KeptResponse,
} from '../../ports/idempotency-store';

/**
 * Idempotency keys in the rate-limits table: short-lived, per-account items that every `/v1` function may already
 * write, with the table's `expiresAt` TTL. The partition key is `idem#<account>#<sha256 of the key>`, so neither the
 * raw key nor another account's items are ever addressed. DynamoDB deletes expired items late (up to days), so
 * every read checks `expiresAt` itself. One conditional put claims a key (the local emulator has no transactions).
 */
export class DynamoIdempotencyStore implements IdempotencyStore {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  async claim(claim: IdempotencyClaim): Promise<{ claimed: true } | { claimed: false; existing: IdempotencyRecord }> {
    // A holder that releases between the refused put and the read frees the key: try again, a few times at most.
    for (let attempt = 0; attempt < 3; attempt++) {
      if (await this.tryClaim(claim)) return { claimed: true };
      const out = await this.doc.send(
        new GetCommand({ TableName: this.table, Key: { pk: pkOf(claim.accountId, claim.key) }, ConsistentRead: true }),
      );
      const item = out.Item;
      if (item && Number(item.expiresAtMs) > claim.nowMs) return { claimed: false, existing: recordOf(item) };
    }
    return { claimed: false, existing: { fingerprint: claim.fingerprint, state: 'pending' } };
  }

  private async tryClaim(claim: IdempotencyClaim): Promise<boolean> {
    try {
      await this.doc.send(
        new PutCommand({
          TableName: this.table,
          Item: {
            pk: pkOf(claim.accountId, claim.key),
            fingerprint: claim.fingerprint,
            state: 'pending',
            token: claim.token,
            leaseUntilMs: claim.leaseUntilMs,
            expiresAtMs: claim.expiresAtMs,
            expiresAt: Math.ceil(claim.expiresAtMs / 1000),
          },
          ConditionExpression:
            'attribute_not_exists(pk) OR expiresAtMs <= :now OR (#state = :pending AND leaseUntilMs <= :now)',
          ExpressionAttributeNames: { '#state': 'state' },
          ExpressionAttributeValues: { ':now': claim.nowMs, ':pending': 'pending' },
        }),
      );
      return true;
    } catch (err) {
      if (err instanceof ConditionalCheckFailedException) return false;
      throw err;
    }
  }

  async complete(accountId: string, key: string, token: string, response: KeptResponse): Promise<void> {
    await this.doc.send(
      new UpdateCommand({
        TableName: this.table,
        Key: { pk: pkOf(accountId, key) },
        UpdateExpression: 'SET #state = :done, #response = :response REMOVE leaseUntilMs',
        ConditionExpression: '#token = :token',
        ExpressionAttributeNames: { '#state': 'state', '#response': 'response', '#token': 'token' },
        ExpressionAttributeValues: { ':done': 'done', ':response': response, ':token': token },
      }),
    );
  }

  async release(accountId: string, key: string, token: string): Promise<void> {
    try {
      await this.doc.send(
        new DeleteCommand({
          TableName: this.table,
          Key: { pk: pkOf(accountId, key) },
          ConditionExpression: '#token = :token',
          ExpressionAttributeNames: { '#token': 'token' },
          ExpressionAttributeValues: { ':token': token },
        }),
      );
    } catch (err) {
      if (!(err instanceof ConditionalCheckFailedException)) throw err;
    }
  }
}

function pkOf(accountId: string, key: string): string {
  return `idem#${accountId}#${createHash('sha256').update(key).digest('base64url')}`;
}

function recordOf(item: Record<string, unknown>): IdempotencyRecord {
  const response = item.response as KeptResponse | undefined;
  return {
    fingerprint: String(item.fingerprint ?? ''),
    state: item.state === 'done' ? 'done' : 'pending',
    ...(response ? { response } : {}),
  };
}
