import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  type DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { subjectPrefix } from '../../domain/files';
import { isLive } from '../../domain/retention';
import { log } from '../../log';
import type { BlobStore } from '../../ports/blob-store';
import {
  type ConsolidationCounts,
  type ConversationStore,
  type DeletedResponse,
  EXPIRING_BODY_TAG,
  type PendingCall,
  type StoredItem,
  type StoredResponse,
} from '../../ports/conversation-store';
import type { ModelMessage } from '../../ports/model-provider';
import { SubjectErasedError, type Tally } from '../../ports/record-store';
import { batchWriteAll, countLive, deleteAll } from './batch';
import { applied } from './conditional';
import {
  CONVERSATION_PREFIX,
  expiryShard,
  LIVE_FILTER,
  RESPONSE_PREFIX,
  SESSION_RESPONSE_PREFIX,
  SUBJECT_SK,
} from './records-layout';

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

/**
 * A compressed body larger than this goes to the bucket: DynamoDB items hold at most 400 KB, and the
 * rest of the item (pending calls, keys, attribute names) needs room too.
 */
export const INLINE_BODY_MAX_BYTES = 300 * 1024;
/** Pointers read per page while looking for a live response among them. */
const POINTER_PAGE = 10;

type Item = Record<string, unknown>;

/** What the compressed body holds: the parts of a response that can be large. */
interface Body {
  response: Record<string, unknown>;
  transcript: ModelMessage[];
  /** Absent from bodies stored before input items were kept. */
  inputItems?: StoredItem[];
}

/**
 * Stored Agent API responses in their Subject's partition of the records table, so a Subject erase
 * (which purges the whole partition and the Subject's part of the bucket) removes them with the rest.
 *
 * Per response: its item `RESP#<id>` (the response and transcript gzip-compressed, inline or, when
 * large, in the bucket under the Subject's prefix), a pointer `CONV#<digest>#<id>` under its
 * conversation (so "is any response of this conversation left?" reads a few small items, never the
 * Subject's whole history) and, when session-bound, a pointer `SESSRESP#<digest>#<seq>#<id>` ordered by
 * a per-Subject sequence (so the newest of a session is the first live one read backwards). Ids are
 * digested into keys: session and conversation ids may hold any character, `#` included.
 *
 * No item carries a time key or a session key, so row reads and `DELETE /v1/sessions` never reach them;
 * an expiring response and its pointers carry the expiry index attributes, so the sweeper deletes them
 * (the bucket object first). Reads filter on expiry themselves, and on the Subject's tombstone, so an
 * erased Subject's responses are gone at once.
 */
export class DynamoConversationStore implements ConversationStore {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly table: string,
    private readonly blobs: BlobStore,
  ) {}

  async put(r: StoredResponse): Promise<void> {
    const seq = await this.nextSeq(r.subjectId);
    const packed = await gzipAsync(
      Buffer.from(
        JSON.stringify({ response: r.response, transcript: r.transcript, inputItems: r.inputItems } satisfies Body),
      ),
    );
    // The sequence makes the object key unique to this write, so a put never replaces another's body.
    const blobKey = packed.length > INLINE_BODY_MAX_BYTES ? conversationObjectKey(r.subjectId, r.id, seq) : null;
    if (blobKey) {
      const tags = r.expiresAt != null ? { [EXPIRING_BODY_TAG.key]: EXPIRING_BODY_TAG.value } : undefined;
      await this.blobs.put(blobKey, packed, 'application/gzip', tags);
    }
    const expiry = r.expiresAt != null ? { expiresAt: r.expiresAt, expiryShard: expiryShard(r.id) } : {};
    const pointers: Item[] = [
      { pk: r.subjectId, sk: conversationPointer(r.conversationId, r.id), responseId: r.id, ...expiry },
    ];
    if (r.sessionId)
      pointers.push({ pk: r.subjectId, sk: sessionPointer(r.sessionId, seq, r.id), responseId: r.id, ...expiry });
    try {
      await this.doc.send(
        new PutCommand({
          TableName: this.table,
          Item: {
            pk: r.subjectId,
            sk: RESPONSE_PREFIX + r.id,
            kind: 'response',
            responseId: r.id,
            conversationId: r.conversationId,
            // Deliberately no `sessionKey`: `DELETE /v1/sessions` must not reach stored responses.
            ...(r.sessionId ? { sessionId: r.sessionId } : {}),
            createdAt: r.createdAt,
            mode: r.mode,
            pendingCalls: r.pendingCalls,
            resumed: r.resumed,
            turnStart: r.turnStart,
            ...(r.consolidated ? { consolidated: true } : {}),
            seq,
            ...(blobKey ? { blobKey } : { body: packed }),
            ...expiry,
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
    } catch (err) {
      if (blobKey) await this.blobs.delete([blobKey]).catch(() => undefined);
      throw err;
    }
    try {
      await batchWriteAll(
        this.doc,
        this.table,
        pointers.map((Item) => ({ PutRequest: { Item } })),
      );
    } catch (err) {
      // All or nothing, as the caller never learnt the id: remove what landed, then rethrow.
      await deleteAll(this.doc, this.table, [responseKey(r.subjectId, r.id), ...pointers.map(keyOf)])
        .then(() => (blobKey ? this.blobs.delete([blobKey]) : undefined))
        .catch(() => undefined);
      throw err;
    }
  }

  async get(subjectId: string, responseId: string, nowMs: number): Promise<StoredResponse | null> {
    const [subjectLive, out] = await Promise.all([
      this.subjectLive(subjectId),
      this.doc.send(
        new GetCommand({ TableName: this.table, Key: responseKey(subjectId, responseId), ConsistentRead: true }),
      ),
    ]);
    if (!subjectLive || !out.Item || !live(out.Item, nowMs)) return null;
    return this.fromItem(out.Item);
  }

  markResumed(subjectId: string, responseId: string): Promise<boolean> {
    return applied(
      this.doc.send(
        new UpdateCommand({
          TableName: this.table,
          Key: responseKey(subjectId, responseId),
          UpdateExpression: 'SET resumed = :yes',
          ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(deletedAt) AND resumed = :no',
          ExpressionAttributeValues: { ':yes': true, ':no': false },
        }),
      ),
    );
  }

  async delete(subjectId: string, responseId: string, nowMs: number): Promise<DeletedResponse | null> {
    const now = Math.floor(nowMs / 1000);
    let old: Item | undefined;
    try {
      // The body goes at once; the entry expires into the sweeper, which removes any bucket object again.
      const out = await this.doc.send(
        new UpdateCommand({
          TableName: this.table,
          Key: responseKey(subjectId, responseId),
          UpdateExpression: 'SET deletedAt = :now, expiresAt = :now, expiryShard = :shard REMOVE body, pendingCalls',
          ConditionExpression: `attribute_exists(pk) AND attribute_not_exists(deletedAt) AND (${LIVE_FILTER})`,
          ExpressionAttributeValues: { ':now': now, ':shard': expiryShard(responseId) },
          ReturnValues: 'ALL_OLD',
        }),
      );
      old = out.Attributes;
    } catch (err) {
      if (err instanceof ConditionalCheckFailedException) return null;
      throw err;
    }
    if (!old) return null;
    const conversationId = String(old.conversationId);
    const pointers = [conversationPointer(conversationId, responseId)];
    if (typeof old.sessionId === 'string') pointers.push(sessionPointer(old.sessionId, Number(old.seq), responseId));
    await deleteAll(
      this.doc,
      this.table,
      pointers.map((sk) => ({ pk: subjectId, sk })),
    );
    if (typeof old.blobKey === 'string') {
      await this.blobs.delete([old.blobKey]).catch((err: Error) => {
        // The sweeper deletes it with the entry within minutes.
        log('warn', 'stored response object not deleted', { subjectId, error: err.name });
      });
    }
    // This response's pointer went first, so of two concurrent deletes the later one sees none left.
    return { conversationId, lastOfConversation: !(await this.anyLive(subjectId, conversationId, nowMs)) };
  }

  async latestOfSession(subjectId: string, sessionId: string, nowMs: number): Promise<StoredResponse | null> {
    if (!(await this.subjectLive(subjectId))) return null;
    let start: Item | undefined;
    do {
      const out = await this.doc.send(
        new QueryCommand({
          TableName: this.table,
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
          ExpressionAttributeValues: { ':pk': subjectId, ':p': sessionPointerPrefix(sessionId) },
          ScanIndexForward: false,
          ConsistentRead: true,
          Limit: POINTER_PAGE,
          ExclusiveStartKey: start,
        }),
      );
      for (const pointer of out.Items ?? []) {
        const item = await this.liveItem(subjectId, String(pointer.responseId), nowMs);
        // A pointer left behind by an interrupted delete leads to a deleted entry: read on.
        if (item && item.sessionId === sessionId) {
          const found = await this.fromItem(item);
          if (found) return found;
        }
      }
      start = out.LastEvaluatedKey;
    } while (start);
    return null;
  }

  async count(subjectId: string, nowMs: number): Promise<number> {
    // One small pointer per live response: counting them never reads the bodies.
    return (await this.tally(subjectId, nowMs)).count;
  }

  tally(subjectId: string, nowMs: number, deadlineMs?: number): Promise<Tally> {
    return countLive(this.doc, this.table, subjectId, CONVERSATION_PREFIX, nowMs, deadlineMs);
  }

  hasLive(subjectId: string, conversationId: string, nowMs: number): Promise<boolean> {
    return this.anyLive(subjectId, conversationId, nowMs);
  }

  async reserveConsolidationIds(
    subjectId: string,
    responseId: string,
    range: { first: number; count: number },
  ): Promise<{ first: number; count: number } | null> {
    const reserved = await applied(
      this.doc.send(
        new UpdateCommand({
          TableName: this.table,
          Key: responseKey(subjectId, responseId),
          UpdateExpression: 'SET consolidationFirstId = :first, consolidationIdCount = :count',
          // A deleted response takes no reservation; expiry was checked by the read that started the job.
          ConditionExpression:
            'attribute_exists(pk) AND attribute_not_exists(deletedAt) AND attribute_not_exists(consolidationFirstId)',
          ExpressionAttributeValues: { ':first': range.first, ':count': range.count },
        }),
      ),
    );
    if (reserved) return range;
    // Reserved by an earlier delivery (kept), or the response is gone.
    const out = await this.doc.send(
      new GetCommand({
        TableName: this.table,
        Key: responseKey(subjectId, responseId),
        ConsistentRead: true,
        ProjectionExpression: 'deletedAt, consolidationFirstId, consolidationIdCount',
      }),
    );
    const item = out.Item;
    if (!item || item.deletedAt !== undefined || item.consolidationFirstId === undefined) return null;
    return { first: Number(item.consolidationFirstId), count: Number(item.consolidationIdCount) };
  }

  markConsolidated(subjectId: string, responseId: string, counts: ConsolidationCounts): Promise<boolean> {
    return applied(
      this.doc.send(
        new UpdateCommand({
          TableName: this.table,
          Key: responseKey(subjectId, responseId),
          UpdateExpression: 'SET consolidated = :yes, consolidation = :counts',
          ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(deletedAt)',
          ExpressionAttributeValues: { ':yes': true, ':counts': counts },
        }),
      ),
    );
  }

  /** The next value of the Subject's response sequence; refuses an erased (tombstoned or purged) Subject. */
  private async nextSeq(subjectId: string): Promise<number> {
    try {
      const out = await this.doc.send(
        new UpdateCommand({
          TableName: this.table,
          Key: { pk: subjectId, sk: SUBJECT_SK },
          UpdateExpression: 'ADD responseSeq :one',
          ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(erasedAt)',
          ExpressionAttributeValues: { ':one': 1 },
          ReturnValues: 'UPDATED_NEW',
        }),
      );
      return Number(out.Attributes?.responseSeq);
    } catch (err) {
      if (err instanceof ConditionalCheckFailedException) throw new SubjectErasedError(subjectId);
      throw err;
    }
  }

  private async subjectLive(subjectId: string): Promise<boolean> {
    const out = await this.doc.send(
      new GetCommand({
        TableName: this.table,
        Key: { pk: subjectId, sk: SUBJECT_SK },
        ConsistentRead: true,
        ProjectionExpression: 'pk, erasedAt',
      }),
    );
    return out.Item !== undefined && out.Item.erasedAt === undefined;
  }

  private async liveItem(subjectId: string, responseId: string, nowMs: number): Promise<Item | null> {
    const out = await this.doc.send(
      new GetCommand({ TableName: this.table, Key: responseKey(subjectId, responseId), ConsistentRead: true }),
    );
    return out.Item && live(out.Item, nowMs) ? out.Item : null;
  }

  /** Whether the conversation still has a live response: its pointers, each checked against its entry. */
  private async anyLive(subjectId: string, conversationId: string, nowMs: number): Promise<boolean> {
    let start: Item | undefined;
    do {
      const out = await this.doc.send(
        new QueryCommand({
          TableName: this.table,
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
          FilterExpression: LIVE_FILTER,
          ExpressionAttributeValues: {
            ':pk': subjectId,
            ':p': conversationPointerPrefix(conversationId),
            ':now': Math.floor(nowMs / 1000),
          },
          ProjectionExpression: 'responseId',
          ConsistentRead: true,
          Limit: POINTER_PAGE,
          ExclusiveStartKey: start,
        }),
      );
      for (const pointer of out.Items ?? []) {
        const out = await this.doc.send(
          new GetCommand({
            TableName: this.table,
            Key: responseKey(subjectId, String(pointer.responseId)),
            ConsistentRead: true,
            ProjectionExpression: 'deletedAt, expiresAt',
          }),
        );
        if (out.Item && live(out.Item, nowMs)) return true;
      }
      start = out.LastEvaluatedKey;
    } while (start);
    return false;
  }

  /** The stored response an entry holds; null when its bucket object is gone (deleted meanwhile). */
  private async fromItem(item: Item): Promise<StoredResponse | null> {
    const packed = typeof item.blobKey === 'string' ? await this.readObject(item.blobKey) : (item.body as Uint8Array);
    if (!packed) return null;
    const body = JSON.parse((await gunzipAsync(packed)).toString('utf8')) as Body;
    return {
      id: String(item.responseId),
      subjectId: String(item.pk),
      conversationId: String(item.conversationId),
      sessionId: (item.sessionId as string | undefined) ?? null,
      createdAt: Number(item.createdAt),
      expiresAt: (item.expiresAt as number | undefined) ?? null,
      mode: item.mode as StoredResponse['mode'],
      response: body.response,
      inputItems: body.inputItems ?? [],
      transcript: body.transcript,
      pendingCalls: (item.pendingCalls as PendingCall[] | undefined) ?? [],
      resumed: item.resumed === true,
      turnStart: Number(item.turnStart ?? 0),
      consolidated: item.consolidated === true,
      ...(isConsolidationCounts(item.consolidation) ? { consolidation: item.consolidation } : {}),
    };
  }

  private async readObject(key: string): Promise<Buffer | null> {
    const stream = await this.blobs.get(key);
    if (!stream) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }
}

/** Where a large stored response's body lives: under its Subject, so an erase purges it by prefix. */
export function conversationObjectKey(subjectId: string, responseId: string, seq: number): string {
  return `${subjectPrefix(subjectId)}conversations/${responseId}.${seq}.json.gz`;
}

function live(item: Item, nowMs: number): boolean {
  return item.deletedAt === undefined && isLive(item.expiresAt as number | undefined, nowMs);
}

function responseKey(subjectId: string, responseId: string): Item {
  return { pk: subjectId, sk: RESPONSE_PREFIX + responseId };
}

function keyOf(item: Item): Item {
  return { pk: item.pk, sk: item.sk };
}

/** A fixed-length key segment for an id that may hold any character (and up to 256 of them). */
function digest(id: string): string {
  return createHash('sha256').update(id).digest('base64url').slice(0, 32);
}

function conversationPointerPrefix(conversationId: string): string {
  return `${CONVERSATION_PREFIX}${digest(conversationId)}#`;
}

function conversationPointer(conversationId: string, responseId: string): string {
  return conversationPointerPrefix(conversationId) + responseId;
}

function sessionPointerPrefix(sessionId: string): string {
  return `${SESSION_RESPONSE_PREFIX}${digest(sessionId)}#`;
}

function sessionPointer(sessionId: string, seq: number, responseId: string): string {
  return `${sessionPointerPrefix(sessionId)}${String(seq).padStart(12, '0')}#${responseId}`;
}

function isConsolidationCounts(value: unknown): value is ConsolidationCounts {
  const v = value as Partial<ConsolidationCounts> | undefined;
  return typeof v?.records === 'number' && typeof v.memories === 'number' && typeof v.atMs === 'number';
}
