import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { DueEntries } from '../../ports/due-entries';
import { deleteAll, queryAll } from './batch';
import { EXPIRY_SHARDS, expiryShard } from './records-layout';

/**
 * The accounts table's due entries, read from its sparse expiry index. They name a Subject key and file names, so they
 * go within minutes of coming due rather than whenever DynamoDB TTL gets to them (up to two days; never locally).
 */
export class DynamoDueEntries implements DueEntries {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  async sweep(nowMs: number, maxItems: number): Promise<number> {
    let deleted = 0;
    for (let shard = 0; shard < EXPIRY_SHARDS && deleted < maxItems; shard++) {
      const { items } = await queryAll<Record<string, unknown>>(
        this.doc,
        {
          TableName: this.table,
          IndexName: 'byExpiry',
          KeyConditionExpression: 'expiryShard = :shard AND expiresAt <= :now',
          ExpressionAttributeValues: { ':shard': expiryShard(shard), ':now': Math.floor(nowMs / 1000) },
        },
        (got) => got.length >= maxItems - deleted,
      );
      const due = items.slice(0, maxItems - deleted).map((i) => ({ pk: i.pk, sk: i.sk }));
      await deleteAll(this.doc, this.table, due);
      deleted += due.length;
    }
    return deleted;
  }
}
