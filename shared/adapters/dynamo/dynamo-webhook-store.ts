import {
  DeleteCommand,
  type DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
} from '@aws-sdk/lib-dynamodb';
import type { WebhookDelivery, WebhookEndpoint, WebhookStore } from '../../ports/webhook-store';
import { applied } from './conditional';
import { SUBJECT_SK } from './records-layout';

/**
 * Items of the accounts table: `WHEP#<account>` / `<endpoint id>` for endpoints (one query lists an account's, which
 * is all an emitter reads), `WHDL#<account>#<endpoint id>` / `<delivery id>` for the delivery log (delivery ids start
 * with the event's time, so the key order is the time order), collected by TTL after 30 days. A Subject's owner is
 * read from its item in the records table.
 */
export class DynamoWebhookStore implements WebhookStore {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly table: string,
    private readonly recordsTable: string,
  ) {}

  async putEndpoint(endpoint: WebhookEndpoint): Promise<void> {
    await this.doc.send(
      new PutCommand({
        TableName: this.table,
        Item: { ...endpointKey(endpoint.accountId, endpoint.endpointId), ...endpoint },
      }),
    );
  }

  async getEndpoint(accountId: string, endpointId: string): Promise<WebhookEndpoint | null> {
    const out = await this.doc.send(
      new GetCommand({ TableName: this.table, Key: endpointKey(accountId, endpointId), ConsistentRead: true }),
    );
    return out.Item ? endpointOf(out.Item) : null;
  }

  async listEndpoints(accountId: string): Promise<WebhookEndpoint[]> {
    const items: Record<string, unknown>[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const out = await this.doc.send(
        new QueryCommand({
          TableName: this.table,
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': `WHEP#${accountId}` },
          ConsistentRead: true,
          ExclusiveStartKey: start,
        }),
      );
      items.push(...(out.Items ?? []));
      start = out.LastEvaluatedKey;
    } while (start);
    return items.map(endpointOf);
  }

  async deleteEndpoint(accountId: string, endpointId: string): Promise<boolean> {
    const out = await this.doc.send(
      new DeleteCommand({ TableName: this.table, Key: endpointKey(accountId, endpointId), ReturnValues: 'ALL_OLD' }),
    );
    return out.Attributes !== undefined;
  }

  async createDelivery(delivery: WebhookDelivery): Promise<WebhookDelivery> {
    const created = await applied(
      this.doc.send(
        new PutCommand({
          TableName: this.table,
          Item: { ...deliveryKey(delivery.accountId, delivery.endpointId, delivery.deliveryId), ...delivery },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      ),
    );
    if (created) return delivery;
    return (await this.getDelivery(delivery.accountId, delivery.endpointId, delivery.deliveryId)) ?? delivery;
  }

  async getDelivery(accountId: string, endpointId: string, deliveryId: string): Promise<WebhookDelivery | null> {
    const out = await this.doc.send(
      new GetCommand({
        TableName: this.table,
        Key: deliveryKey(accountId, endpointId, deliveryId),
        ConsistentRead: true,
      }),
    );
    return out.Item ? deliveryOf(out.Item) : null;
  }

  async updateDelivery(delivery: WebhookDelivery): Promise<void> {
    await this.doc.send(
      new PutCommand({
        TableName: this.table,
        Item: { ...deliveryKey(delivery.accountId, delivery.endpointId, delivery.deliveryId), ...delivery },
      }),
    );
  }

  async listDeliveries(accountId: string, endpointId: string, limit: number): Promise<WebhookDelivery[]> {
    const out = await this.doc.send(
      new QueryCommand({
        TableName: this.table,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': `WHDL#${accountId}#${endpointId}` },
        ScanIndexForward: false,
        Limit: limit,
        ConsistentRead: true,
      }),
    );
    return (out.Items ?? []).map(deliveryOf);
  }

  async ownerOfSubject(subjectId: string): Promise<{ accountId: string; subjectKey: string } | null> {
    const out = await this.doc.send(
      new GetCommand({
        TableName: this.recordsTable,
        Key: { pk: subjectId, sk: SUBJECT_SK },
        ProjectionExpression: 'accountId, #user',
        ExpressionAttributeNames: { '#user': 'user' },
      }),
    );
    const accountId = out.Item?.accountId;
    return typeof accountId === 'string' ? { accountId, subjectKey: String(out.Item?.user ?? '') } : null;
  }
}

function endpointKey(accountId: string, endpointId: string) {
  return { pk: `WHEP#${accountId}`, sk: endpointId };
}

function deliveryKey(accountId: string, endpointId: string, deliveryId: string) {
  return { pk: `WHDL#${accountId}#${endpointId}`, sk: deliveryId };
}

function endpointOf(item: Record<string, unknown>): WebhookEndpoint {
  const { pk: _pk, sk: _sk, ...rest } = item;
  return rest as unknown as WebhookEndpoint;
}

function deliveryOf(item: Record<string, unknown>): WebhookDelivery {
  const { pk: _pk, sk: _sk, ...rest } = item;
  return rest as unknown as WebhookDelivery;
}
