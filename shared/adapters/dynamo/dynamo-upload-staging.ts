import {
  DeleteCommand,
  type DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import type { HeldReply, StagedBatch, UploadStaging } from '../../ports/upload-staging';
import { deleteAll, queryAll } from './batch';
import { applied } from './conditional';
import { expiryShard } from './records-layout';

/** A batch outlives the longest WebSocket connection (2 h) a little; TTL then collects it. */
const BATCH_TTL_SECONDS = 3 * 3600;

type Item = Record<string, unknown>;

/** Streamed-upload state in the accounts table: one partition per batch, one item per chunk received. */
export class DynamoUploadStaging implements UploadStaging {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  async start(owner: string, connectionId: string, messageId: string, files: StagedBatch['files']): Promise<boolean> {
    // The owner's pointer first: a batch cut short after this is still found by an erase of its owner.
    await this.doc.send(
      new PutCommand({
        TableName: this.table,
        Item: { ...pointerKey(owner, connectionId, messageId), connectionId, messageId, ...expiry(owner) },
      }),
    );
    return this.conditional(
      new PutCommand({
        TableName: this.table,
        Item: { pk: pkOf(connectionId, messageId), sk: '#BATCH', owner, files, ...expiry(connectionId) },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  }

  async batchesOf(owner: string, connectionId?: string): Promise<{ connectionId: string; messageId: string }[]> {
    const { items } = await queryAll<Item>(this.doc, {
      TableName: this.table,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :b)',
      ExpressionAttributeValues: {
        ':pk': ownerPk(owner),
        ':b': connectionId === undefined ? 'BATCH#' : `BATCH#${connectionId}#`,
      },
      ConsistentRead: true,
    });
    return items.map((i) => ({ connectionId: String(i.connectionId), messageId: String(i.messageId) }));
  }

  async load(connectionId: string, messageId: string): Promise<StagedBatch | null> {
    const { items } = await queryAll<Item>(this.doc, {
      TableName: this.table,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': pkOf(connectionId, messageId) },
      ConsistentRead: true,
    });
    const batch = items.find((i) => i.sk === '#BATCH');
    if (!batch) return null;
    const staged: StagedBatch = {
      owner: String(batch.owner),
      connectionId,
      messageId,
      files: batch.files as StagedBatch['files'],
      chunks: new Map(),
      failed: new Map(),
    };
    for (const item of items) {
      const sk = String(item.sk);
      if (sk.startsWith('C#')) {
        const fileIndex = Number(item.fileIndex);
        const entry = staged.chunks.get(fileIndex) ?? { totalChunks: Number(item.totalChunks), sizes: new Map() };
        if (Number(item.totalChunks) !== entry.totalChunks)
          staged.failed.set(fileIndex, 'totalChunks differs between chunks');
        entry.sizes.set(Number(item.chunkIndex), Number(item.bytes));
        staged.chunks.set(fileIndex, entry);
      } else if (sk.startsWith('X#')) {
        staged.failed.set(Number(item.fileIndex), String(item.reason));
      }
    }
    return staged;
  }

  async header(
    connectionId: string,
    messageId: string,
  ): Promise<{ files: StagedBatch['files']; ended: boolean } | null> {
    const out = await this.doc.send(
      new GetCommand({
        TableName: this.table,
        Key: { pk: pkOf(connectionId, messageId), sk: '#BATCH' },
        ConsistentRead: true,
      }),
    );
    if (!out.Item) return null;
    return { files: out.Item.files as StagedBatch['files'], ended: out.Item.endedAt !== undefined };
  }

  async failure(connectionId: string, messageId: string, fileIndex: number): Promise<string | null> {
    const out = await this.doc.send(
      new GetCommand({
        TableName: this.table,
        Key: { pk: pkOf(connectionId, messageId), sk: `X#${fileIndex}` },
        ConsistentRead: true,
      }),
    );
    return out.Item ? String(out.Item.reason) : null;
  }

  claimChunk(
    connectionId: string,
    messageId: string,
    fileIndex: number,
    chunkIndex: number,
    totalChunks: number,
    bytes: number,
  ): Promise<boolean> {
    return this.conditional(
      new PutCommand({
        TableName: this.table,
        Item: {
          pk: pkOf(connectionId, messageId),
          sk: `C#${fileIndex}#${String(chunkIndex).padStart(6, '0')}`,
          fileIndex,
          chunkIndex,
          totalChunks,
          bytes,
          ...expiry(connectionId),
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  }

  async releaseChunk(connectionId: string, messageId: string, fileIndex: number, chunkIndex: number): Promise<void> {
    await this.doc.send(
      new DeleteCommand({
        TableName: this.table,
        Key: { pk: pkOf(connectionId, messageId), sk: `C#${fileIndex}#${String(chunkIndex).padStart(6, '0')}` },
      }),
    );
  }

  async failFile(connectionId: string, messageId: string, fileIndex: number, reason: string): Promise<void> {
    await this.doc.send(
      new PutCommand({
        TableName: this.table,
        Item: { pk: pkOf(connectionId, messageId), sk: `X#${fileIndex}`, fileIndex, reason, ...expiry(connectionId) },
      }),
    );
  }

  end(connectionId: string, messageId: string): Promise<boolean> {
    return this.conditional(
      new UpdateCommand({
        TableName: this.table,
        Key: { pk: pkOf(connectionId, messageId), sk: '#BATCH' },
        UpdateExpression: 'SET endedAt = :now',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(endedAt)',
        ExpressionAttributeValues: { ':now': Math.floor(Date.now() / 1000) },
      }),
    );
  }

  async clear(owner: string, connectionId: string, messageId: string): Promise<void> {
    const { items } = await queryAll<Item>(this.doc, {
      TableName: this.table,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': pkOf(connectionId, messageId) },
      ProjectionExpression: 'pk, sk',
    });
    await deleteAll(
      this.doc,
      this.table,
      items.map((i) => ({ pk: i.pk, sk: i.sk })),
    );
    await this.doc.send(new DeleteCommand({ TableName: this.table, Key: pointerKey(owner, connectionId, messageId) }));
  }

  async holdReply(owner: string, reply: HeldReply): Promise<void> {
    // Pointers first: a reply cut short is still found from its files, and its entry by its owner.
    for (const fileKey of reply.fileKeys) {
      await this.doc.send(
        new PutCommand({
          TableName: this.table,
          Item: {
            ...replyPointerKey(reply.subjectId, fileKey),
            owner,
            connectionId: reply.connectionId,
            messageId: reply.messageId,
            ...expiry(fileKey),
          },
        }),
      );
    }
    await this.doc.send(
      new PutCommand({
        TableName: this.table,
        Item: { ...replyKey(owner, reply.connectionId, reply.messageId), ...reply, ...expiry(reply.connectionId) },
      }),
    );
  }

  async heldReplyFor(subjectId: string, fileKey: string): Promise<(HeldReply & { owner: string }) | null> {
    const pointer = await this.doc.send(
      new GetCommand({ TableName: this.table, Key: replyPointerKey(subjectId, fileKey), ConsistentRead: true }),
    );
    if (!pointer.Item) return null;
    const owner = String(pointer.Item.owner);
    const out = await this.doc.send(
      new GetCommand({
        TableName: this.table,
        Key: replyKey(owner, String(pointer.Item.connectionId), String(pointer.Item.messageId)),
        ConsistentRead: true,
      }),
    );
    return out.Item ? { ...toReply(out.Item), owner } : null;
  }

  async heldRepliesOf(owner: string): Promise<HeldReply[]> {
    const { items } = await queryAll<Item>(this.doc, {
      TableName: this.table,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :r)',
      ExpressionAttributeValues: { ':pk': ownerPk(owner), ':r': 'REPLY#' },
      ConsistentRead: true,
    });
    return items.map(toReply);
  }

  async releaseReply(owner: string, reply: HeldReply): Promise<void> {
    await deleteAll(this.doc, this.table, [
      replyKey(owner, reply.connectionId, reply.messageId),
      ...reply.fileKeys.map((k) => replyPointerKey(reply.subjectId, k)),
    ]);
  }

  private conditional(command: PutCommand | UpdateCommand): Promise<boolean> {
    return applied(this.doc.send(command as PutCommand));
  }
}

function pkOf(connectionId: string, messageId: string): string {
  return `UPLOAD#${connectionId}#${messageId}`;
}

/** Staged entries expire into the accounts table's expiry index, so the sweeper removes what TTL would only later. */
function expiry(shardOf: string): { expiresAt: number; expiryShard: string } {
  return { expiresAt: Math.floor(Date.now() / 1000) + BATCH_TTL_SECONDS, expiryShard: expiryShard(shardOf) };
}

function ownerPk(owner: string): string {
  return `OWNER#${owner}`;
}

function replyKey(owner: string, connectionId: string, messageId: string) {
  return { pk: ownerPk(owner), sk: `REPLY#${connectionId}#${messageId}` };
}

function replyPointerKey(subjectId: string, fileKey: string) {
  return { pk: `REPLYFOR#${subjectId}#${fileKey}`, sk: '#REPLY' };
}

function toReply(item: Item): HeldReply {
  return {
    connectionId: String(item.connectionId),
    messageId: String(item.messageId),
    subjectId: String(item.subjectId),
    fileKeys: item.fileKeys as string[],
    failed: item.failed as HeldReply['failed'],
  };
}

function pointerKey(owner: string, connectionId: string, messageId: string) {
  return { pk: ownerPk(owner), sk: `BATCH#${connectionId}#${messageId}` };
}
