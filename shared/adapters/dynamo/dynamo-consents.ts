import { type DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Consent, Consents } from '../../ports/consents';

/**
 * Consents in the identity table (`UID#<user>` / `CONSENT#<client_id>`, design 3.8). Scopes are a string set named
 * `scopes` (the design says `scope`) so the union is one `ADD`: two concurrent consents cannot drop each other's
 * scopes, which a read-then-Put could. The item lives in the user's partition and goes when the user is deleted.
 */
export class DynamoConsents implements Consents {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  async grant(userId: number, clientId: string, scopes: readonly string[], nowMs: number): Promise<string[]> {
    // A string set cannot be empty, so an empty grant only refreshes the time.
    const adding = scopes.length > 0;
    const out = await this.doc.send(
      new UpdateCommand({
        TableName: this.table,
        Key: consentKey(userId, clientId),
        UpdateExpression: adding ? 'SET grantedAt = :now ADD scopes :scopes' : 'SET grantedAt = :now',
        ExpressionAttributeValues: {
          ':now': Math.floor(nowMs / 1000),
          ...(adding ? { ':scopes': new Set(scopes) } : {}),
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return scopeList(out.Attributes?.scopes);
  }

  async get(userId: number, clientId: string): Promise<Consent | null> {
    const out = await this.doc.send(
      new GetCommand({ TableName: this.table, Key: consentKey(userId, clientId), ConsistentRead: true }),
    );
    if (!out.Item) return null;
    return { clientId, scopes: scopeList(out.Item.scopes), grantedAt: Number(out.Item.grantedAt) };
  }
}

function consentKey(userId: number, clientId: string) {
  return { pk: `UID#${userId}`, sk: `CONSENT#${clientId}` };
}

function scopeList(value: unknown): string[] {
  return value instanceof Set ? [...value].map(String).sort() : [];
}
