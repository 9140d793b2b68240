import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  DeleteCommand,
  type DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import {
  AUTHORIZATION_REQUEST_SECONDS,
  type AuthorizationRequest,
  type AuthorizationRequests,
  type NewAuthorizationRequest,
} from '../../ports/authorization-requests';
import { randomBase62 } from '../../ports/grant-store';
import { applied } from './conditional';

type Item = Record<string, unknown>;

/** The id comes back from a cookie: anything else is refused before it becomes a table key. */
const AREQ_ID = /^areq_[0-9A-Za-z]{22}$/;

/**
 * Authorizations in progress in the identity table (`AREQ#<areq_id>` / `#AREQ`, design 3.5). Each step is one
 * conditional write that also checks `validUntil`, since TTL deletes late.
 */
export class DynamoAuthorizationRequests implements AuthorizationRequests {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  async create(request: NewAuthorizationRequest, nowMs: number): Promise<AuthorizationRequest> {
    const validUntil = Math.floor(nowMs / 1000) + AUTHORIZATION_REQUEST_SECONDS;
    for (;;) {
      const stored = { ...withoutUndefined(request), areqId: `areq_${randomBase62(22)}`, validUntil };
      const written = await applied(
        this.doc.send(
          new PutCommand({
            TableName: this.table,
            Item: { ...areqKey(stored.areqId), ...stored, expiresAt: validUntil },
            ConditionExpression: 'attribute_not_exists(pk)',
          }),
        ),
      );
      if (written) return stored;
    }
  }

  async get(areqId: string, nowMs: number): Promise<AuthorizationRequest | null> {
    if (!AREQ_ID.test(areqId)) return null;
    const out = await this.doc.send(
      new GetCommand({ TableName: this.table, Key: areqKey(areqId), ConsistentRead: true }),
    );
    return out.Item && Number(out.Item.validUntil) > Math.floor(nowMs / 1000) ? toRequest(out.Item) : null;
  }

  rememberEmail(areqId: string, emailKey: string, nowMs: number): Promise<boolean> {
    return this.setOnce(areqId, 'emailKey', emailKey, nowMs);
  }

  attachUser(areqId: string, userId: number, nowMs: number): Promise<boolean> {
    return this.setOnce(areqId, 'userId', userId, nowMs);
  }

  async consume(areqId: string, nowMs: number): Promise<AuthorizationRequest | null> {
    if (!AREQ_ID.test(areqId)) return null;
    try {
      const out = await this.doc.send(
        new DeleteCommand({
          TableName: this.table,
          Key: areqKey(areqId),
          ConditionExpression: 'attribute_exists(pk) AND attribute_exists(userId) AND validUntil > :now',
          ExpressionAttributeValues: { ':now': Math.floor(nowMs / 1000) },
          ReturnValues: 'ALL_OLD',
        }),
      );
      return out.Attributes ? toRequest(out.Attributes) : null;
    } catch (err) {
      if (err instanceof ConditionalCheckFailedException) return null;
      throw err;
    }
  }

  /** Sets an attribute while the request is live and no user is attached yet (attaching one closes it). */
  private async setOnce(areqId: string, attribute: 'emailKey' | 'userId', value: unknown, nowMs: number) {
    if (!AREQ_ID.test(areqId)) return false;
    return applied(
      this.doc.send(
        new UpdateCommand({
          TableName: this.table,
          Key: areqKey(areqId),
          UpdateExpression: 'SET #attribute = :value',
          ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(userId) AND validUntil > :now',
          ExpressionAttributeNames: { '#attribute': attribute },
          ExpressionAttributeValues: { ':value': value, ':now': Math.floor(nowMs / 1000) },
        }),
      ),
    );
  }
}

function areqKey(areqId: string) {
  return { pk: `AREQ#${areqId}`, sk: '#AREQ' };
}

function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

function toRequest(item: Item): AuthorizationRequest {
  const optional = (name: string) => (item[name] !== undefined ? { [name]: String(item[name]) } : {});
  return {
    areqId: String(item.areqId),
    clientId: String(item.clientId),
    redirectUri: String(item.redirectUri),
    ...optional('state'),
    scope: String(item.scope),
    ...optional('codeChallenge'),
    ...optional('prompt'),
    browserHash: String(item.browserHash),
    csrfHash: String(item.csrfHash),
    ...optional('emailKey'),
    ...(item.userId !== undefined ? { userId: Number(item.userId) } : {}),
    validUntil: Number(item.validUntil),
  };
}
