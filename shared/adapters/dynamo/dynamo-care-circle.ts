import { DeleteCommand, type DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { CareCircle, CareCircleMember } from '../../ports/care-circle';
import { SubjectErasedError } from '../../ports/record-store';
import { queryAll } from './batch';
import { applied } from './conditional';
import { FAMILY_PREFIX, SUBJECT_SK } from './records-layout';

type Item = Record<string, unknown>;

/**
 * Care-circle members in the Subject's own partition of the records table, so a Subject erase (which
 * purges the whole partition) removes them with everything else. The items carry no time key, session
 * key or expiry, so no index of the table sees them: reads of rows, files and the sweeper are unaffected.
 */
export class DynamoCareCircle implements CareCircle {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  async add(member: CareCircleMember): Promise<void> {
    // As row writes do, refuse a tombstoned Subject, so an erase in progress does not gain new items.
    const subject = await this.doc.send(
      new GetCommand({
        TableName: this.table,
        Key: { pk: member.subjectId, sk: SUBJECT_SK },
        ConsistentRead: true,
        ProjectionExpression: 'pk, erasedAt',
      }),
    );
    if (!subject.Item || subject.Item.erasedAt !== undefined) throw new SubjectErasedError(member.subjectId);
    await this.doc.send(
      new PutCommand({
        TableName: this.table,
        Item: {
          pk: member.subjectId,
          sk: FAMILY_PREFIX + member.id,
          kind: 'family-member',
          memberId: member.id,
          name: member.name,
          relationship: member.relationship,
          // attribute `memberUser`: the member's Subject key (legacy spelling).
          memberUser: member.memberSubjectKey,
          notes: member.notes,
          createdAt: member.createdAt,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  }

  async list(subjectId: string): Promise<CareCircleMember[]> {
    const { items } = await queryAll<Item>(this.doc, {
      TableName: this.table,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :m)',
      ExpressionAttributeValues: { ':pk': subjectId, ':m': FAMILY_PREFIX },
      ConsistentRead: true,
    });
    // Ids begin with their creation time, so key order is the order members were added.
    return items.map(fromItem).sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }

  remove(subjectId: string, memberId: string): Promise<boolean> {
    return applied(
      this.doc.send(
        new DeleteCommand({
          TableName: this.table,
          Key: { pk: subjectId, sk: FAMILY_PREFIX + memberId },
          ConditionExpression: 'attribute_exists(pk)',
        }),
      ),
    );
  }
}

function fromItem(item: Item): CareCircleMember {
  return {
    id: String(item.memberId),
    subjectId: String(item.pk),
    name: String(item.name),
    relationship: String(item.relationship),
    // attribute `memberUser`: the member's Subject key (legacy spelling).
    memberSubjectKey: (item.memberUser as string | null | undefined) ?? null,
    notes: String(item.notes ?? ''),
    createdAt: Number(item.createdAt),
  };
}
