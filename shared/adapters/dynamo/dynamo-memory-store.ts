import { type DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { MemoryKind } from '../../domain/memory/types';
import type { Memory, MemorySource, MemoryStore } from '../../ports/memory-store';
import { SubjectErasedError } from '../../ports/record-store';
import { batchWriteAll, deleteAll, queryAll } from './batch';
import { MEMORY_PREFIX, SUBJECT_SK } from './records-layout';

type Item = Record<string, unknown>;

/**
 * Conversation memories in the Subject's own partition of the records table, so a Subject erase (which purges the
 * whole partition) removes them with everything else. Keys are `MEM#<created_at>#<response id>#<n>`: a read of the
 * newest is one backwards query, and the memories of one response share a prefix, so a redelivered job replaces
 * exactly its own. The items carry no time key, session key or expiry, so no index of the table sees them.
 *
 * Retracting a conversation reads the Subject's memory items (small, a few per stored turn) and deletes those of
 * the conversation; there is no per-conversation pointer, as a retraction is rare and memories are few.
 */
export class DynamoMemoryStore implements MemoryStore {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  async add(
    subjectId: string,
    source: MemorySource,
    memories: readonly { text: string; kind: MemoryKind | null }[],
  ): Promise<Memory[]> {
    // As row writes do, refuse a tombstoned Subject, so an erase in progress gains no new items.
    const subject = await this.doc.send(
      new GetCommand({
        TableName: this.table,
        Key: { pk: subjectId, sk: SUBJECT_SK },
        ConsistentRead: true,
        ProjectionExpression: 'pk, erasedAt',
      }),
    );
    if (!subject.Item || subject.Item.erasedAt !== undefined) throw new SubjectErasedError(subjectId);
    const prefix = responsePrefix(source);
    const { items: before } = await queryAll<Item>(this.doc, {
      TableName: this.table,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
      ExpressionAttributeValues: { ':pk': subjectId, ':p': prefix },
      ProjectionExpression: 'pk, sk',
      ConsistentRead: true,
    });
    const stored: Memory[] = memories.map((m, n) => ({
      id: `mem_${source.responseId.replace(/^resp_/, '')}_${n}`,
      subjectId,
      text: m.text,
      kind: m.kind,
      conversationId: source.conversationId,
      responseId: source.responseId,
      createdAt: source.createdAt,
    }));
    const keep = new Set(stored.map((_, n) => prefix + pad(n, 3)));
    // What an earlier delivery stored beyond this one's count goes; the rest is overwritten in place.
    const stale = before.filter((i) => !keep.has(String(i.sk))).map((i) => ({ pk: i.pk, sk: i.sk }));
    if (stale.length > 0) await deleteAll(this.doc, this.table, stale);
    await batchWriteAll(
      this.doc,
      this.table,
      stored.map((m, n) => ({
        PutRequest: {
          Item: {
            pk: subjectId,
            sk: prefix + pad(n, 3),
            kind: 'memory',
            memoryId: m.id,
            text: m.text,
            ...(m.kind ? { memoryKind: m.kind } : {}),
            conversationId: m.conversationId,
            responseId: m.responseId,
            createdAt: m.createdAt,
          },
        },
      })),
    );
    return stored;
  }

  async list(subjectId: string, limit: number): Promise<Memory[]> {
    if (limit <= 0) return [];
    const out = await this.doc.send(
      new QueryCommand({
        TableName: this.table,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
        ExpressionAttributeValues: { ':pk': subjectId, ':p': MEMORY_PREFIX },
        ScanIndexForward: false,
        // A retraction must show in the very next turn.
        ConsistentRead: true,
        Limit: limit,
      }),
    );
    // Newest response first; a response's own memories in the order they were stated.
    return (out.Items ?? []).map(fromItem).sort((a, b) => b.createdAt - a.createdAt || order(a) - order(b));
  }

  async retractConversation(subjectId: string, conversationId: string): Promise<number> {
    const { items } = await queryAll<Item>(this.doc, {
      TableName: this.table,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
      FilterExpression: 'conversationId = :c',
      ExpressionAttributeValues: { ':pk': subjectId, ':p': MEMORY_PREFIX, ':c': conversationId },
      ProjectionExpression: 'pk, sk',
      ConsistentRead: true,
    });
    await deleteAll(
      this.doc,
      this.table,
      items.map((i) => ({ pk: i.pk, sk: i.sk })),
    );
    return items.length;
  }
}

function responsePrefix(source: MemorySource): string {
  return `${MEMORY_PREFIX}${pad(source.createdAt, 12)}#${source.responseId}#`;
}

function pad(n: number, width: number): string {
  return String(n).padStart(width, '0');
}

function order(m: Memory): number {
  return Number(m.id.slice(m.id.lastIndexOf('_') + 1));
}

function fromItem(item: Item): Memory {
  return {
    id: String(item.memoryId),
    subjectId: String(item.pk),
    text: String(item.text),
    kind: (item.memoryKind as MemoryKind | undefined) ?? null,
    conversationId: String(item.conversationId),
    responseId: String(item.responseId),
    createdAt: Number(item.createdAt),
  };
}
