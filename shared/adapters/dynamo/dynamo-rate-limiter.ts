import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { type DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { RateDecision, RateLimiter } from '../../ports/rate-limiter';
import { batchGetAll } from './batch';

const DEFAULT_WINDOW_SECONDS = 60;
/**
 * Closed buckets counted besides the current one: a window is counted in buckets of a sixth of it (10 s of a minute),
 * the finer, the closer the count follows the window.
 */
const CLOSED_BUCKETS = 6;

/**
 * A sliding window (one minute unless asked otherwise): one atomic counter per account × route × bucket of a sixth of
 * the window (10 s of a minute). A request is let through only when the current bucket and the six before it, which
 * together cover every window-long span ending now, stay within the limit, so no 60 seconds ever see more than the limit, across minute boundaries too (a fixed window would let
 * twice the limit through around each boundary). The conditional ADD refuses the request that would pass the limit,
 * so concurrent requests never overshoot. Closed buckets no longer change: their sum is read once per process and
 * bucket, so a request costs one write. Counters expire by TTL once out of every window.
 */
export class DynamoRateLimiter implements RateLimiter {
  private readonly closedSums = new Map<string, { bucket: number; counts: number[] }>();

  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  async hit(
    accountId: string,
    routeId: string,
    limit: number,
    nowMs: number,
    cost = 1,
    windowSeconds = DEFAULT_WINDOW_SECONDS,
  ): Promise<RateDecision> {
    if (!Number.isInteger(windowSeconds) || windowSeconds < 1) {
      throw new RangeError(`windowSeconds must be a whole number of seconds, at least 1, got ${windowSeconds}`);
    }
    // A window not divisible by six gets slightly longer buckets: the count then spans a little more, never less.
    const bucketSeconds = Math.ceil(windowSeconds / CLOSED_BUCKETS);
    const now = nowMs / 1000;
    const bucket = Math.floor(now / bucketSeconds) * bucketSeconds;
    // The minute's counters keep their original names; other lengths count apart from it.
    const counter =
      windowSeconds === DEFAULT_WINDOW_SECONDS
        ? `${accountId}#${routeId}`
        : `${accountId}#${routeId}#w${windowSeconds}`;
    const closed = await this.closedCounts(counter, bucket, bucketSeconds);
    const room = limit - closed.reduce((a, b) => a + b, 0) - cost;
    try {
      if (cost > limit || room < 0) throw new ConditionalCheckFailedException({ message: 'over', $metadata: {} });
      const out = await this.doc.send(
        new UpdateCommand({
          TableName: this.table,
          Key: { pk: `${counter}#${bucket}` },
          UpdateExpression: 'ADD hits :cost SET expiresAt = :exp',
          ConditionExpression: 'attribute_not_exists(hits) OR hits <= :room',
          ExpressionAttributeValues: { ':cost': cost, ':room': room, ':exp': bucket + 2 * windowSeconds },
          ReturnValues: 'UPDATED_NEW',
        }),
      );
      const hits = Number(out.Attributes?.hits ?? cost);
      return {
        allowed: true,
        limit,
        remaining: Math.max(0, room + cost - hits),
        resetAt: freedAt(closed, hits, bucket, bucketSeconds, limit, 1),
      };
    } catch (err) {
      if (!(err instanceof ConditionalCheckFailedException)) throw err;
      const current = await this.currentCount(counter, bucket);
      return {
        allowed: false,
        limit,
        remaining: 0,
        resetAt: freedAt(closed, current, bucket, bucketSeconds, limit, cost),
      };
    }
  }

  /** Hits of the six buckets before `bucket`, oldest first (read once per process while `bucket` is current). */
  private async closedCounts(counter: string, bucket: number, bucketSeconds: number): Promise<number[]> {
    const cached = this.closedSums.get(counter);
    if (cached?.bucket === bucket) return cached.counts;
    const starts = Array.from({ length: CLOSED_BUCKETS }, (_, i) => bucket - (CLOSED_BUCKETS - i) * bucketSeconds);
    const found = await batchGetAll(
      this.doc,
      this.table,
      starts.map((s) => ({ pk: `${counter}#${s}` })),
    );
    const hits = new Map(found.map((i) => [String(i.pk), Number(i.hits ?? 0)]));
    const counts = starts.map((s) => hits.get(`${counter}#${s}`) ?? 0);
    if (this.closedSums.size > 10_000) this.closedSums.clear();
    this.closedSums.set(counter, { bucket, counts });
    return counts;
  }

  private async currentCount(counter: string, bucket: number): Promise<number> {
    const out = await this.doc.send(
      new GetCommand({ TableName: this.table, Key: { pk: `${counter}#${bucket}` }, ConsistentRead: true }),
    );
    return Number(out.Item?.hits ?? 0);
  }
}

/**
 * The first bucket boundary (epoch seconds) from which `cost` more hits fit, if nothing else is counted meanwhile:
 * each boundary drops the oldest bucket from the window.
 */
function freedAt(
  closed: number[],
  current: number,
  bucket: number,
  bucketSeconds: number,
  limit: number,
  cost: number,
): number {
  const window = [...closed, current];
  for (let step = 1; step <= window.length; step++) {
    const kept = window.slice(step).reduce((a, b) => a + b, 0);
    if (kept + cost <= limit) return bucket + step * bucketSeconds;
  }
  return bucket + (window.length + 1) * bucketSeconds;
}
