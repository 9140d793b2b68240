import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  DeleteCommand,
  type DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import {
  FAILED_FILE_RECHECK_SECONDS,
  type FileStatus,
  OCR_DEADLINE_SECONDS,
  PROCESSING_DEADLINE_SECONDS,
  type StoredFile,
} from '../../domain/files';
import { isLive } from '../../domain/retention';
import type { FileCatalog, ProcessedOutcome } from '../../ports/file-catalog';
import type { Tally } from '../../ports/record-store';
import { queryAll } from './batch';
import { applied } from './conditional';
import { expiryShard, FILE_PREFIX, WATCH_PREFIX } from './records-layout';

/** A deleted file's entry expires into the sweeper after this long, should its purge job be lost. */
const DELETED_FILE_SWEEP_SECONDS = 3600;

type Item = Record<string, unknown>;

/**
 * The catalogue of a Subject's files, in the Subject's partition of the records table: an erase purges
 * them with everything else, and session and expiry indexes cover them as they cover rows.
 *
 * A file being processed has a watch beside it (`P#<file key>`), an item of the expiry index due when the processing
 * should have ended: the sweeper meets it only if it is still there then. It is written before the file and deleted
 * after the outcome, so a processing file always has one; a watch whose file finished or is gone is simply dropped.
 */
export class DynamoFileCatalog implements FileCatalog {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  async put(file: StoredFile): Promise<void> {
    if (file.status === 'processing') {
      await this.watch(file.subjectId, file.fileKey, file.createdAt + PROCESSING_DEADLINE_SECONDS);
    }
    await this.doc.send(
      new PutCommand({
        TableName: this.table,
        Item: {
          pk: file.subjectId,
          sk: FILE_PREFIX + file.fileKey,
          kind: 'file',
          fileKey: file.fileKey,
          filename: file.filename,
          contentType: file.contentType,
          bytes: file.bytes,
          status: file.status,
          createdAt: file.createdAt,
          retention: file.retention,
          abstract: file.abstract,
          recordCount: file.recordCount,
          ...(file.failureReason ? { failureReason: file.failureReason } : {}),
          ...(file.sessionId ? { sessionId: file.sessionId } : {}),
          ...(file.retention === 'session' && file.sessionId
            ? { sessionKey: `${file.subjectId}#${file.sessionId}` }
            : {}),
          ...(file.expiresAt != null ? { expiresAt: file.expiresAt, expiryShard: expiryShard(file.fileKey) } : {}),
          ...(file.textChars != null ? { textChars: file.textChars } : {}),
          ...(file.digest ? { digest: file.digest } : {}),
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  }

  async get(subjectId: string, fileKey: string, nowMs: number): Promise<StoredFile | null> {
    const out = await this.doc.send(
      new GetCommand({
        TableName: this.table,
        Key: { pk: subjectId, sk: FILE_PREFIX + fileKey },
        ConsistentRead: true,
      }),
    );
    return out.Item && live(out.Item, nowMs) ? fromItem(out.Item) : null;
  }

  async list(subjectId: string, nowMs: number): Promise<StoredFile[]> {
    const { items } = await queryAll<Item>(this.doc, {
      TableName: this.table,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :f)',
      ExpressionAttributeValues: { ':pk': subjectId, ':f': FILE_PREFIX },
    });
    return items
      .filter((i) => live(i, nowMs))
      .map(fromItem)
      .sort((a, b) => b.createdAt - a.createdAt || b.fileKey.localeCompare(a.fileKey));
  }

  async count(subjectId: string, nowMs: number): Promise<number> {
    return (await this.list(subjectId, nowMs)).length;
  }

  /** A Subject's files are few (each is a document someone uploaded): they are counted whole. */
  async tally(subjectId: string, nowMs: number): Promise<Tally> {
    return { count: await this.count(subjectId, nowMs), complete: true };
  }

  async markDeleted(subjectId: string, fileKey: string, nowMs: number): Promise<boolean> {
    const now = Math.floor(nowMs / 1000);
    return applied(
      this.doc.send(
        new UpdateCommand({
          TableName: this.table,
          Key: { pk: subjectId, sk: FILE_PREFIX + fileKey },
          UpdateExpression: 'SET deletedAt = :now, expiresAt = :sweep, expiryShard = :shard REMOVE sessionKey',
          ConditionExpression:
            'attribute_exists(pk) AND attribute_not_exists(deletedAt) AND (attribute_not_exists(expiresAt) OR expiresAt > :now)',
          ExpressionAttributeValues: {
            ':now': now,
            ':sweep': now + DELETED_FILE_SWEEP_SECONDS,
            ':shard': expiryShard(fileKey),
          },
        }),
      ),
    );
  }

  async deleteSessionFiles(subjectId: string, sessionId: string, nowMs: number): Promise<StoredFile[]> {
    const { items } = await queryAll<Item>(this.doc, {
      TableName: this.table,
      IndexName: 'bySession',
      KeyConditionExpression: 'sessionKey = :s AND begins_with(sk, :f)',
      ExpressionAttributeValues: { ':s': `${subjectId}#${sessionId}`, ':f': FILE_PREFIX },
    });
    const deleted: StoredFile[] = [];
    for (const item of items) {
      const file = await this.get(subjectId, String(item.sk).slice(FILE_PREFIX.length), nowMs);
      if (file && (await this.markDeleted(subjectId, file.fileKey, nowMs))) deleted.push(file);
    }
    return deleted;
  }

  async finish(subjectId: string, fileKey: string, outcome: ProcessedOutcome): Promise<boolean> {
    const recorded = await applied(
      this.doc.send(
        new UpdateCommand({
          TableName: this.table,
          Key: { pk: subjectId, sk: FILE_PREFIX + fileKey },
          UpdateExpression:
            'SET #status = :processed, textChars = :textChars, abstract = :abstract, recordCount = :recordCount REMOVE failureReason',
          ConditionExpression: 'attribute_exists(pk) AND #status = :processing',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':processed': 'processed',
            ':processing': 'processing',
            ':textChars': outcome.textChars,
            ':abstract': outcome.abstract,
            ':recordCount': outcome.recordCount,
          },
        }),
      ),
    );
    if (recorded) await this.unwatch(subjectId, fileKey);
    return recorded;
  }

  async fail(
    subjectId: string,
    fileKey: string,
    reason: string,
    nowMs: number,
  ): Promise<{ file: StoredFile; newlyFailed: boolean } | null> {
    let before: Item | undefined;
    try {
      const out = await this.doc.send(
        new UpdateCommand({
          TableName: this.table,
          Key: { pk: subjectId, sk: FILE_PREFIX + fileKey },
          UpdateExpression: 'SET #status = :failed, failureReason = if_not_exists(failureReason, :reason)',
          ConditionExpression: 'attribute_exists(pk) AND #status IN (:processing, :failed)',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':failed': 'failed', ':processing': 'processing', ':reason': reason },
          ReturnValues: 'ALL_OLD',
        }),
      );
      before = out.Attributes;
    } catch (err) {
      // Processed, or deleted and purged: there is nothing to fail.
      if (err instanceof ConditionalCheckFailedException) return null;
      throw err;
    }
    if (!before) return null;
    const file = fromItem(before);
    const newlyFailed = file.status === 'processing';
    if (newlyFailed) await this.watch(subjectId, fileKey, Math.floor(nowMs / 1000) + FAILED_FILE_RECHECK_SECONDS);
    return { file: { ...file, status: 'failed', failureReason: file.failureReason ?? reason }, newlyFailed };
  }

  async reserveRecordIds(
    subjectId: string,
    fileKey: string,
    range: { first: number; count: number },
  ): Promise<{ first: number; count: number }> {
    try {
      await this.doc.send(
        new UpdateCommand({
          TableName: this.table,
          Key: { pk: subjectId, sk: FILE_PREFIX + fileKey },
          UpdateExpression: 'SET recordFirstId = :first, recordIdCount = :count',
          ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(recordFirstId)',
          ExpressionAttributeValues: { ':first': range.first, ':count': range.count },
        }),
      );
      return range;
    } catch (err) {
      if (!(err instanceof ConditionalCheckFailedException)) throw err;
      const out = await this.doc.send(
        new GetCommand({
          TableName: this.table,
          Key: { pk: subjectId, sk: FILE_PREFIX + fileKey },
          ConsistentRead: true,
        }),
      );
      if (!out.Item?.recordFirstId) throw err;
      return { first: Number(out.Item.recordFirstId), count: Number(out.Item.recordIdCount) };
    }
  }

  async recordOcrJob(subjectId: string, fileKey: string, jobId: string, nowMs: number): Promise<boolean> {
    const recorded = await this.setWhileProcessing(subjectId, fileKey, 'ocrJobId', jobId);
    if (recorded) await this.watch(subjectId, fileKey, Math.floor(nowMs / 1000) + OCR_DEADLINE_SECONDS);
    return recorded;
  }

  noteRetry(subjectId: string, fileKey: string, note: string): Promise<boolean> {
    return this.setWhileProcessing(subjectId, fileKey, 'processingNote', note);
  }

  /** Sets one attribute of a live file that is still `processing`; false when it is not (any more). */
  private setWhileProcessing(subjectId: string, fileKey: string, attribute: string, value: string): Promise<boolean> {
    return applied(
      this.doc.send(
        new UpdateCommand({
          TableName: this.table,
          Key: { pk: subjectId, sk: FILE_PREFIX + fileKey },
          UpdateExpression: 'SET #attribute = :value',
          ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(deletedAt) AND #status = :processing',
          ExpressionAttributeNames: { '#status': 'status', '#attribute': attribute },
          ExpressionAttributeValues: { ':value': value, ':processing': 'processing' },
        }),
      ),
    );
  }

  async remove(subjectId: string, fileKey: string): Promise<void> {
    await this.doc.send(
      new DeleteCommand({ TableName: this.table, Key: { pk: subjectId, sk: FILE_PREFIX + fileKey } }),
    );
    await this.unwatch(subjectId, fileKey);
  }

  /** Writes (or moves) a file's watch, due at `dueAt` (epoch seconds). */
  private async watch(subjectId: string, fileKey: string, dueAt: number): Promise<void> {
    await this.doc.send(
      new PutCommand({
        TableName: this.table,
        Item: {
          pk: subjectId,
          sk: WATCH_PREFIX + fileKey,
          kind: 'file-watch',
          expiresAt: dueAt,
          expiryShard: expiryShard(fileKey),
        },
      }),
    );
  }

  private async unwatch(subjectId: string, fileKey: string): Promise<void> {
    await this.doc.send(
      new DeleteCommand({ TableName: this.table, Key: { pk: subjectId, sk: WATCH_PREFIX + fileKey } }),
    );
  }
}

function live(item: Item, nowMs: number): boolean {
  return item.deletedAt === undefined && isLive(item.expiresAt as number | undefined, nowMs);
}

function fromItem(item: Item): StoredFile {
  return {
    subjectId: String(item.pk),
    fileKey: String(item.fileKey),
    filename: String(item.filename),
    contentType: String(item.contentType),
    bytes: Number(item.bytes),
    status: item.status as FileStatus,
    failureReason: (item.failureReason as string | undefined) ?? null,
    createdAt: Number(item.createdAt),
    retention: item.retention as StoredFile['retention'],
    sessionId: (item.sessionId as string | undefined) ?? null,
    expiresAt: (item.expiresAt as number | undefined) ?? null,
    textChars: (item.textChars as number | undefined) ?? null,
    abstract: String(item.abstract ?? ''),
    recordCount: Number(item.recordCount ?? 0),
    recordIds: item.recordFirstId ? { first: Number(item.recordFirstId), count: Number(item.recordIdCount) } : null,
    ocrJobId: (item.ocrJobId as string | undefined) ?? null,
    processingNote: (item.processingNote as string | undefined) ?? null,
    digest: (item.digest as string | undefined) ?? null,
  };
}
