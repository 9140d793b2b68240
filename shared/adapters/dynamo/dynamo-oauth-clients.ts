import { type DynamoDBDocumentClient, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { randomBase62 } from '../../ports/grant-store';
import type { ClientAuthMethod, NewOAuthClient, OAuthClient, OAuthClients } from '../../ports/oauth-clients';
import { queryAll } from './batch';
import { applied } from './conditional';

type Item = Record<string, unknown>;

/** Ids arrive from untrusted requests: anything else is refused before it becomes a table key. */
const CLIENT_ID = /^hdsc_[0-9A-Za-z]{22}$/;

/**
 * OAuth clients in the identity table (`CLIENT#<client_id>` / `#CLIENT`, design 3.4).
 *
 * The owner pointer is `OWNER#<account>` / `CLIENT#<client_id>` in the identity table, not the design's 3.8c item in
 * the accounts table: that keeps the client and its pointer in one store behind one port, and the account-deletion
 * worker has identity-table access anyway.
 */
export class DynamoOAuthClients implements OAuthClients {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  async create(client: NewOAuthClient, nowMs: number): Promise<OAuthClient> {
    const createdAt = Math.floor(nowMs / 1000);
    for (;;) {
      const stored: OAuthClient = { ...withoutUndefined(client), clientId: `hdsc_${randomBase62(22)}`, createdAt };
      // The pointer first, so no owned client exists that the owner's deletion cannot find.
      if (client.ownerAccountId !== undefined) {
        await this.doc.send(
          new PutCommand({
            TableName: this.table,
            Item: { pk: `OWNER#${client.ownerAccountId}`, sk: `CLIENT#${stored.clientId}` },
          }),
        );
      }
      const written = await applied(
        this.doc.send(
          new PutCommand({
            TableName: this.table,
            Item: { ...clientKey(stored.clientId), ...stored },
            ConditionExpression: 'attribute_not_exists(pk)',
          }),
        ),
      );
      if (written) return stored;
    }
  }

  async get(clientId: string): Promise<OAuthClient | null> {
    if (!CLIENT_ID.test(clientId)) return null;
    const out = await this.doc.send(
      new GetCommand({ TableName: this.table, Key: clientKey(clientId), ConsistentRead: true }),
    );
    return out.Item && out.Item.revokedAt === undefined ? toClient(out.Item) : null;
  }

  revoke(clientId: string, nowMs: number): Promise<boolean> {
    return applied(
      this.doc.send(
        new UpdateCommand({
          TableName: this.table,
          Key: clientKey(clientId),
          UpdateExpression: 'SET revokedAt = if_not_exists(revokedAt, :now)',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':now': Math.floor(nowMs / 1000) },
        }),
      ),
    );
  }

  async listOwnedBy(accountId: string): Promise<string[]> {
    const { items } = await queryAll(this.doc, {
      TableName: this.table,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :client)',
      ExpressionAttributeValues: { ':pk': `OWNER#${accountId}`, ':client': 'CLIENT#' },
      ProjectionExpression: 'sk',
    });
    return items.map((item) => String(item.sk).slice('CLIENT#'.length));
  }
}

function clientKey(clientId: string) {
  return { pk: `CLIENT#${clientId}`, sk: '#CLIENT' };
}

function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

function toClient(item: Item): OAuthClient {
  return {
    clientId: String(item.clientId),
    ...(item.secretHash !== undefined ? { secretHash: String(item.secretHash) } : {}),
    clientName: String(item.clientName),
    redirectUris: (item.redirectUris as unknown[]).map(String),
    grantTypes: (item.grantTypes as unknown[]).map(String),
    authMethod: String(item.authMethod) as ClientAuthMethod,
    scope: String(item.scope),
    ...(item.ownerAccountId !== undefined ? { ownerAccountId: String(item.ownerAccountId) } : {}),
    createdAt: Number(item.createdAt),
  };
}
