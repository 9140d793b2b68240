import {
  DeleteCommand,
  type DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import type { ExportJob } from '../../domain/exports';
import { isLive } from '../../domain/retention';
import type { ExportStore } from '../../ports/export-store';
import { SubjectErasedError } from '../../ports/record-store';
import { queryAll } from './batch';
import { applied } from './conditional';
import { EXPORT_PREFIX, expiryShard, SUBJECT_SK } from './records-layout';

type Item = Record<string, unknown>;

/**
 * Export jobs in the Subject's own partition (`EXPORT#<id>`): a Subject purge deletes them with the partition. They
 * carry no time or session key, so row reads never see them; they carry the expiry index attributes, so the retention
 * sweeper deletes them once expired, and every read here filters on the expiry itself.
 */
export class DynamoExportStore implements ExportStore {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  async put(job: ExportJob): Promise<void> {
    // As row writes do, refuse a tombstoned Subject, so an erase in progress gains no new items.
    const subject = await this.doc.send(
      new GetCommand({
        TableName: this.table,
        Key: { pk: job.subjectId, sk: SUBJECT_SK },
        ConsistentRead: true,
        ProjectionExpression: 'pk, erasedAt',
      }),
    );
    if (!subject.Item || subject.Item.erasedAt !== undefined) throw new SubjectErasedError(job.subjectId);
    await this.doc.send(
      new PutCommand({
        TableName: this.table,
        Item: toItem(job),
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  }

  async get(subjectId: string, exportId: string, nowMs: number): Promise<ExportJob | null> {
    const out = await this.doc.send(
      new GetCommand({
        TableName: this.table,
        Key: { pk: subjectId, sk: EXPORT_PREFIX + exportId },
        ConsistentRead: true,
      }),
    );
    if (!out.Item || !isLive(out.Item.expiresAt as number, nowMs)) return null;
    return fromItem(out.Item);
  }

  async list(subjectId: string, nowMs: number): Promise<ExportJob[]> {
    const { items } = await queryAll<Item>(this.doc, {
      TableName: this.table,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
      ExpressionAttributeValues: { ':pk': subjectId, ':p': EXPORT_PREFIX },
      ScanIndexForward: false,
      ConsistentRead: true,
    });
    return items.filter((i) => isLive(i.expiresAt as number, nowMs)).map(fromItem);
  }

  update(subjectId: string, exportId: string, changes: Parameters<ExportStore['update']>[2]): Promise<boolean> {
    // `blobKey` names the file for the retention sweeper, which deletes it before the expired item (as for responses).
    const entries = Object.entries({
      ...changes,
      ...(changes.objectKey ? { blobKey: changes.objectKey } : {}),
    }).filter(([, v]) => v !== undefined);
    if (entries.length === 0) return Promise.resolve(true);
    const names: Record<string, string> = {};
    const values: Record<string, unknown> = {};
    const sets = entries.map(([k, v], i) => {
      names[`#a${i}`] = k;
      values[`:v${i}`] = v;
      return `#a${i} = :v${i}`;
    });
    return applied(
      this.doc.send(
        new UpdateCommand({
          TableName: this.table,
          Key: { pk: subjectId, sk: EXPORT_PREFIX + exportId },
          UpdateExpression: `SET ${sets.join(', ')}`,
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: values,
        }),
      ),
    );
  }

  remove(subjectId: string, exportId: string): Promise<boolean> {
    return applied(
      this.doc.send(
        new DeleteCommand({
          TableName: this.table,
          Key: { pk: subjectId, sk: EXPORT_PREFIX + exportId },
          ConditionExpression: 'attribute_exists(pk)',
        }),
      ),
    );
  }
}

function toItem(job: ExportJob): Item {
  const { subjectId, id, ...rest } = job;
  return {
    pk: subjectId,
    sk: EXPORT_PREFIX + id,
    kind: 'export',
    exportId: id,
    ...rest,
    // The retention sweeper reads the expiry index by shard.
    expiryShard: expiryShard(id),
  };
}

function fromItem(item: Item): ExportJob {
  return {
    id: String(item.exportId),
    subjectId: String(item.pk),
    accountId: String(item.accountId),
    subjectKey: String(item.subjectKey),
    format: item.format as ExportJob['format'],
    since: (item.since as string | null | undefined) ?? null,
    until: (item.until as string | null | undefined) ?? null,
    status: item.status as ExportJob['status'],
    createdAt: Number(item.createdAt),
    startedAt: (item.startedAt as number | null | undefined) ?? null,
    completedAt: (item.completedAt as number | null | undefined) ?? null,
    count: (item.count as number | null | undefined) ?? null,
    bytes: (item.bytes as number | null | undefined) ?? null,
    objectKey: (item.objectKey as string | null | undefined) ?? null,
    error: (item.error as ExportJob['error'] | undefined) ?? null,
    expiresAt: Number(item.expiresAt),
  };
}
