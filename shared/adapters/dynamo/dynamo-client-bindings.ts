import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, type DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { ClientBinding, ClientBindings } from '../../ports/client-bindings';
import { queryAll } from './batch';
import { applied } from './conditional';

type Item = Record<string, unknown>;

const CLIENT_ID = /^hdsc_[0-9A-Za-z]{22}$/;

/**
 * Bindings in the identity table: `CLIENT#<client_id>` / `#BINDING` holds the binding, and its Put with
 * `attribute_not_exists(sk)` is what makes it one user per client; `UID#<user>` / `BIND#<client_id>` points back so a
 * user's deletion finds its bindings (design 3.8, 3.8b). The pointer is written first, so no binding exists without
 * one; a pointer left by a lost bind is removed at once.
 */
export class DynamoClientBindings implements ClientBindings {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  async bind(binding: Omit<ClientBinding, 'boundAt'>, nowMs: number): Promise<boolean> {
    const boundAt = Math.floor(nowMs / 1000);
    await this.doc.send(new PutCommand({ TableName: this.table, Item: pointerKey(binding.userId, binding.clientId) }));
    const bound = await applied(
      this.doc.send(
        new PutCommand({
          TableName: this.table,
          Item: { ...bindingKey(binding.clientId), ...binding, boundAt },
          ConditionExpression: 'attribute_not_exists(sk)',
        }),
      ),
    );
    if (!bound && (await this.get(binding.clientId))?.userId !== binding.userId) {
      // The client is another user's: the pointer just written leads nowhere. (This user's own binding keeps its.)
      await this.doc.send(
        new DeleteCommand({ TableName: this.table, Key: pointerKey(binding.userId, binding.clientId) }),
      );
    }
    return bound;
  }

  async get(clientId: string): Promise<ClientBinding | null> {
    if (!CLIENT_ID.test(clientId)) return null;
    const out = await this.doc.send(
      new GetCommand({ TableName: this.table, Key: bindingKey(clientId), ConsistentRead: true }),
    );
    return out.Item ? toBinding(out.Item) : null;
  }

  async listForUser(userId: number): Promise<string[]> {
    const { items } = await queryAll(this.doc, {
      TableName: this.table,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :bind)',
      ExpressionAttributeValues: { ':pk': `UID#${userId}`, ':bind': 'BIND#' },
      ProjectionExpression: 'sk',
      ConsistentRead: true,
    });
    return items.map((item) => String(item.sk).slice('BIND#'.length));
  }

  async unbind(clientId: string, userId: number): Promise<ClientBinding | null> {
    if (!CLIENT_ID.test(clientId)) return null;
    let removed: ClientBinding | null = null;
    try {
      const out = await this.doc.send(
        new DeleteCommand({
          TableName: this.table,
          Key: bindingKey(clientId),
          ConditionExpression: 'userId = :user',
          ExpressionAttributeValues: { ':user': userId },
          ReturnValues: 'ALL_OLD',
        }),
      );
      removed = out.Attributes ? toBinding(out.Attributes) : null;
    } catch (err) {
      if (!(err instanceof ConditionalCheckFailedException)) throw err;
    }
    // Either the binding went, or it was never this user's: in both cases the user's pointer leads nowhere now.
    await this.doc.send(new DeleteCommand({ TableName: this.table, Key: pointerKey(userId, clientId) }));
    return removed;
  }
}

function bindingKey(clientId: string) {
  return { pk: `CLIENT#${clientId}`, sk: '#BINDING' };
}

function pointerKey(userId: number, clientId: string) {
  return { pk: `UID#${userId}`, sk: `BIND#${clientId}` };
}

function toBinding(item: Item): ClientBinding {
  return {
    clientId: String(item.clientId),
    userId: Number(item.userId),
    scope: String(item.scope),
    grantId: String(item.grantId),
    boundAt: Number(item.boundAt),
  };
}
