import { type DynamoDBDocumentClient, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ModelTier } from '../../domain/models';
import type { UsageDay, UsageEntry, UsageLedger } from '../../ports/usage-ledger';

const USAGE_PREFIX = 'USAGE#';

/**
 * Usage counters in the accounts table, one item per account × UTC day × tier, in the account's partition
 * (so the console reads a window with one query). Each request adds to them atomically.
 */
export class DynamoUsageLedger implements UsageLedger {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  async record(entry: UsageEntry, nowMs: number): Promise<void> {
    const day = new Date(nowMs).toISOString().slice(0, 10);
    await this.doc.send(
      new UpdateCommand({
        TableName: this.table,
        Key: { pk: `ACCOUNT#${entry.accountId}`, sk: `${USAGE_PREFIX}${day}#${entry.tier}` },
        UpdateExpression:
          'ADD requests :one, inputTokens :in, systemTokens :sys, outputTokens :out, reasoningTokens :reason, #engine :one SET #day = :day, tier = :tier',
        ExpressionAttributeNames: { '#engine': `${entry.engine}Requests`, '#day': 'day' },
        ExpressionAttributeValues: {
          ':one': 1,
          ':in': entry.inputTokens,
          ':sys': entry.systemTokens,
          ':out': entry.outputTokens,
          ':reason': entry.reasoningTokens,
          ':day': day,
          ':tier': entry.tier,
        },
      }),
    );
  }

  async days(accountId: string, fromDay: string, toDay: string): Promise<UsageDay[]> {
    const out = await this.doc.send(
      new QueryCommand({
        TableName: this.table,
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
        ExpressionAttributeValues: {
          ':pk': `ACCOUNT#${accountId}`,
          ':from': `${USAGE_PREFIX}${fromDay}`,
          ':to': `${USAGE_PREFIX}${toDay}#~`,
        },
      }),
    );
    return (out.Items ?? []).map((item) => ({
      day: String(item.day),
      tier: item.tier as ModelTier,
      requests: Number(item.requests ?? 0),
      inputTokens: Number(item.inputTokens ?? 0),
      systemTokens: Number(item.systemTokens ?? 0),
      outputTokens: Number(item.outputTokens ?? 0),
      reasoningTokens: Number(item.reasoningTokens ?? 0),
    }));
  }
}
