import {
  BatchGetCommand,
  BatchWriteCommand,
  type DynamoDBDocumentClient,
  QueryCommand,
  type QueryCommandInput,
} from '@aws-sdk/lib-dynamodb';
import type { Tally } from '../../ports/record-store';
import { LIVE_FILTER } from './records-layout';

type Key = Record<string, unknown>;
type WriteRequest = { PutRequest: { Item: Record<string, unknown> } } | { DeleteRequest: { Key: Key } };

const BATCH_SIZE = 25;
const PARALLEL_BATCHES = 4;
const MAX_ATTEMPTS = 6;

/**
 * Writes every request with BatchWriteItem, 25 at a time and several batches in flight, retrying
 * unprocessed items with backoff. On a failure no further batch starts, and the error is thrown only
 * once every batch in flight has settled, so a caller's clean-up never races a late write.
 */
export async function batchWriteAll(
  doc: DynamoDBDocumentClient,
  table: string,
  requests: WriteRequest[],
): Promise<void> {
  const chunks: WriteRequest[][] = [];
  for (let i = 0; i < requests.length; i += BATCH_SIZE) chunks.push(requests.slice(i, i + BATCH_SIZE));
  let next = 0;
  let failure: unknown;
  const worker = async () => {
    while (next < chunks.length && failure === undefined) {
      const chunk = chunks[next++]!;
      try {
        await writeChunk(doc, table, chunk);
      } catch (err) {
        failure ??= err;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_BATCHES, chunks.length) }, worker));
  if (failure !== undefined) throw failure;
}

async function writeChunk(doc: DynamoDBDocumentClient, table: string, chunk: WriteRequest[]): Promise<void> {
  let pending = chunk;
  for (let attempt = 1; pending.length > 0; attempt++) {
    const out = await doc.send(new BatchWriteCommand({ RequestItems: { [table]: pending } }));
    pending = (out.UnprocessedItems?.[table] ?? []) as WriteRequest[];
    if (pending.length === 0) return;
    if (attempt >= MAX_ATTEMPTS) throw new Error(`BatchWriteItem left ${pending.length} items unprocessed`);
    await sleep(Math.min(1000, 25 * 2 ** attempt));
  }
}

export function deleteAll(doc: DynamoDBDocumentClient, table: string, keys: Key[]): Promise<void> {
  return batchWriteAll(
    doc,
    table,
    keys.map((Key) => ({ DeleteRequest: { Key } })),
  );
}

/** Runs a query to the end (or until `stop` says enough), page by page, from the input's `ExclusiveStartKey` if any. */
export async function queryAll<T = Record<string, unknown>>(
  doc: DynamoDBDocumentClient,
  input: QueryCommandInput,
  stop?: (items: T[]) => boolean,
): Promise<{ items: T[]; exhausted: boolean }> {
  const items: T[] = [];
  let start: Record<string, unknown> | undefined = input.ExclusiveStartKey;
  do {
    const out = await doc.send(new QueryCommand({ ...input, ExclusiveStartKey: start }));
    items.push(...((out.Items ?? []) as T[]));
    start = out.LastEvaluatedKey;
    if (stop?.(items)) return { items, exhausted: start === undefined };
  } while (start);
  return { items, exhausted: true };
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

const GET_BATCH_SIZE = 100;

/**
 * Fetches items by key, 100 per BatchGetItem, retrying unprocessed keys; returns them in the keys' order.
 * `attributes` limits what is read (the keys `pk` and `sk` are always included).
 */
export async function batchGetAll(
  doc: DynamoDBDocumentClient,
  table: string,
  keys: { pk: unknown; sk?: unknown }[],
  attributes?: readonly string[],
): Promise<Record<string, unknown>[]> {
  const found = new Map<string, Record<string, unknown>>();
  const chunks: (typeof keys)[] = [];
  for (let i = 0; i < keys.length; i += GET_BATCH_SIZE) chunks.push(keys.slice(i, i + GET_BATCH_SIZE));
  const projection = attributes ? projectionOf(['pk', 'sk', ...attributes]) : {};
  await Promise.all(
    chunks.map(async (chunk) => {
      let pending: Record<string, unknown>[] = chunk;
      for (let attempt = 1; pending.length > 0; attempt++) {
        const out = await doc.send(
          new BatchGetCommand({ RequestItems: { [table]: { Keys: pending, ...projection } } }),
        );
        for (const item of out.Responses?.[table] ?? []) found.set(`${item.pk}\u0000${item.sk}`, item);
        pending = (out.UnprocessedKeys?.[table]?.Keys ?? []) as Record<string, unknown>[];
        if (pending.length > 0 && attempt >= MAX_ATTEMPTS) throw new Error('BatchGetItem left keys unprocessed');
        if (pending.length > 0) await sleep(Math.min(1000, 25 * 2 ** attempt));
      }
    }),
  );
  return keys.flatMap((k) => {
    const item = found.get(`${k.pk}\u0000${k.sk}`);
    return item ? [item] : [];
  });
}

/** A projection naming every attribute through a placeholder, as many names (`value`, `time`) are reserved words. */
function projectionOf(attributes: readonly string[]) {
  const unique = [...new Set(attributes)];
  return {
    ProjectionExpression: unique.map((_, i) => `#a${i}`).join(', '),
    ExpressionAttributeNames: Object.fromEntries(unique.map((a, i) => [`#a${i}`, a])),
  };
}

/** Live items of one Subject whose sort key begins with `prefix`, counted from keys only (no item bodies read). */
export async function countLive(
  doc: DynamoDBDocumentClient,
  table: string,
  subjectId: string,
  prefix: string,
  nowMs: number,
  deadlineMs = Number.POSITIVE_INFINITY,
): Promise<Tally> {
  const { items, exhausted } = await queryAll(
    doc,
    {
      TableName: table,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      FilterExpression: LIVE_FILTER,
      ExpressionAttributeValues: { ':pk': subjectId, ':prefix': prefix, ':now': Math.floor(nowMs / 1000) },
      ProjectionExpression: 'pk',
      // Small pages, so a deadline is looked at often enough to be kept.
      Limit: 1000,
    },
    () => Date.now() >= deadlineMs,
  );
  return { count: items.length, complete: exhausted };
}
