import { randomUUID } from 'node:crypto';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  DeleteCommand,
  type DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import type { RecordStore } from '../../ports/record-store';
import type { Subject, SubjectDirectory } from '../../ports/subject-directory';
import { queryAll } from './batch';
import { applied } from './conditional';

/**
 * The (account, Subject key) → Subject mapping, kept in the accounts table. A Subject's own item (its id
 * counter) lives in the records table; the mapping is written second, conditionally, so concurrent
 * first uses agree on one Subject and the loser discards its own.
 */
export class DynamoSubjectDirectory implements SubjectDirectory {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly table: string,
    private readonly records: RecordStore,
  ) {}

  async find(accountId: string, subjectKey: string): Promise<Subject | null> {
    const out = await this.doc.send(new GetCommand({ TableName: this.table, Key: mappingKey(accountId, subjectKey) }));
    return out.Item ? toSubject(out.Item, accountId, subjectKey) : null;
  }

  async listKeys(accountId: string): Promise<string[]> {
    const { items } = await queryAll(this.doc, {
      TableName: this.table,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :user)',
      ExpressionAttributeValues: { ':pk': `ACCOUNT#${accountId}`, ':user': 'USER#' },
      ProjectionExpression: 'sk',
    });
    return items.map((item) => String(item.sk).slice('USER#'.length));
  }

  async listPage(
    accountId: string,
    page: { limit: number; after?: string },
  ): Promise<{ subjects: Subject[]; next?: string }> {
    const pk = `ACCOUNT#${accountId}`;
    const { items } = await queryAll(
      this.doc,
      {
        TableName: this.table,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :user)',
        // A Subject being erased is unreadable from the moment its erase began; it is not listed either.
        FilterExpression: 'attribute_not_exists(erasingAt)',
        ExpressionAttributeValues: { ':pk': pk, ':user': 'USER#' },
        ProjectionExpression: 'sk, subjectId, createdAt',
        // The key of the page's last Subject: the next page starts after it, at the same cost at any depth.
        ...(page.after !== undefined ? { ExclusiveStartKey: mappingKey(accountId, page.after) } : {}),
        Limit: page.limit + 1,
      },
      (got) => got.length > page.limit,
    );
    const subjects = items
      .slice(0, page.limit)
      .map((item) => toSubject(item, accountId, String(item.sk).slice('USER#'.length)));
    return {
      subjects,
      ...(items.length > page.limit ? { next: subjects[subjects.length - 1]!.key } : {}),
    };
  }

  async findOrCreate(accountId: string, subjectKey: string): Promise<Subject> {
    const existing = await this.find(accountId, subjectKey);
    if (existing?.erasing) {
      // An erase stopped between marking and unmapping: finish it (the tombstone brings the sweeper's purge).
      await this.records.tombstoneSubject(existing.subjectId, Date.now());
      await this.unmap(accountId, subjectKey, existing.subjectId);
    } else if (existing) return existing;
    const subject: Subject = {
      subjectId: `sbj_${randomUUID().replaceAll('-', '')}`,
      accountId,
      key: subjectKey,
      createdAt: new Date().toISOString(),
    };
    await this.records.createSubject(subject.subjectId, accountId, subjectKey, subject.createdAt);
    try {
      await this.doc.send(
        new PutCommand({
          TableName: this.table,
          Item: { ...mappingKey(accountId, subjectKey), subjectId: subject.subjectId, createdAt: subject.createdAt },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
      return subject;
    } catch (err) {
      if (!(err instanceof ConditionalCheckFailedException)) throw err;
      await this.records.discardSubject(subject.subjectId);
      const winner = await this.find(accountId, subjectKey);
      if (!winner) throw err;
      return winner;
    }
  }

  markErasing(accountId: string, subjectKey: string, subjectId: string): Promise<boolean> {
    return applied(
      this.doc.send(
        new UpdateCommand({
          TableName: this.table,
          Key: mappingKey(accountId, subjectKey),
          UpdateExpression: 'SET erasingAt = if_not_exists(erasingAt, :now)',
          ConditionExpression: 'subjectId = :s',
          ExpressionAttributeValues: { ':s': subjectId, ':now': new Date().toISOString() },
        }),
      ),
    );
  }

  unmap(accountId: string, subjectKey: string, subjectId: string): Promise<boolean> {
    return applied(
      this.doc.send(
        new DeleteCommand({
          TableName: this.table,
          Key: mappingKey(accountId, subjectKey),
          ConditionExpression: 'subjectId = :s',
          ExpressionAttributeValues: { ':s': subjectId },
        }),
      ),
    );
  }
}

function mappingKey(accountId: string, subjectKey: string) {
  // sk `USER#<key>`: the Subject key (legacy spelling).
  return { pk: `ACCOUNT#${accountId}`, sk: `USER#${subjectKey}` };
}

function toSubject(item: Record<string, unknown>, accountId: string, subjectKey: string): Subject {
  return {
    subjectId: String(item.subjectId),
    accountId,
    key: subjectKey,
    createdAt: String(item.createdAt),
    ...(item.erasingAt !== undefined ? { erasing: true } : {}),
  };
}
