import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { type DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { RateDecision, RateLimiter } from '../../ports/rate-limiter';

const WINDOW_SECONDS = 60;

/**
 * Fixed one-minute windows, one atomic counter per account × route × window. The conditional ADD
 * refuses the request that would pass the limit, so concurrent requests never overshoot; counters
 * expire by TTL a minute after their window.
 */
export class DynamoRateLimiter implements RateLimiter {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  async hit(accountId: string, routeId: string, limit: number, nowMs: number, cost = 1): Promise<RateDecision> {
    const window = Math.floor(nowMs / 1000 / WINDOW_SECONDS) * WINDOW_SECONDS;
    const resetAt = window + WINDOW_SECONDS;
    try {
      const out = await this.doc.send(
        new UpdateCommand({
          TableName: this.table,
          Key: { pk: `${accountId}#${routeId}#${window}` },
          UpdateExpression: 'ADD hits :cost SET expiresAt = :exp',
          ConditionExpression: ':cost <= :limit AND (attribute_not_exists(hits) OR hits <= :room)',
          ExpressionAttributeValues: {
            ':cost': cost,
            ':limit': limit,
            ':room': limit - cost,
            ':exp': resetAt + WINDOW_SECONDS,
          },
          ReturnValues: 'UPDATED_NEW',
        }),
      );
      const hits = Number(out.Attributes?.hits ?? cost);
      return { allowed: true, limit, remaining: Math.max(0, limit - hits), resetAt };
    } catch (err) {
      if (err instanceof ConditionalCheckFailedException) return { allowed: false, limit, remaining: 0, resetAt };
      throw err;
    }
  }
}
