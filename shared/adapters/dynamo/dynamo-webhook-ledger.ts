import { type DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { WebhookLedger } from '../../ports/webhook-ledger';

/** `PULSEEVT#<slug>#<digest>` items in the accounts table; TTL collects them, reads filter on the expiry. */
export class DynamoWebhookLedger implements WebhookLedger {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  async seen(provider: string, keyDigest: string, nowSeconds: number): Promise<boolean> {
    const out = await this.doc.send(
      new GetCommand({ TableName: this.table, Key: key(provider, keyDigest), ConsistentRead: true }),
    );
    return out.Item !== undefined && Number(out.Item.expiresAt) > nowSeconds;
  }

  async remember(provider: string, keyDigest: string, ttlSeconds: number, nowSeconds: number): Promise<void> {
    await this.doc.send(
      new PutCommand({
        TableName: this.table,
        Item: { ...key(provider, keyDigest), expiresAt: nowSeconds + ttlSeconds },
      }),
    );
  }
}

function key(provider: string, keyDigest: string) {
  return { pk: `PULSEEVT#${provider}#${keyDigest}`, sk: '#EVENT' };
}
