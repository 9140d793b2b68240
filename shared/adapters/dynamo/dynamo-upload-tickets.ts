import { DeleteCommand, type DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { uploadOwner } from '../../domain/upload-owner';
import type { UploadTicket, UploadTickets } from '../../ports/upload-tickets';
import { queryAll } from './batch';
import { expiryShard } from './records-layout';

/** Presigned-upload tickets in the accounts table; TTL collects the ones never used. */
export class DynamoUploadTickets implements UploadTickets {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  async put(ticket: UploadTicket): Promise<void> {
    const owner = uploadOwner(ticket.accountId, ticket.subjectKey);
    // The table's TTL attribute (expiresAt) collects the ticket an hour after it stops being valid; the sweeper sooner.
    const expiry = { expiresAt: ticket.expiresAt + 3600, expiryShard: expiryShard(ticket.uploadId) };
    // The owner's pointer first: a ticket is always found by an erase of its owner.
    await this.doc.send(
      new PutCommand({
        TableName: this.table,
        Item: { ...pointerKey(owner, ticket.uploadId), uploadId: ticket.uploadId, ...expiry },
      }),
    );
    const { subjectKey, ...rest } = ticket;
    await this.doc.send(
      new PutCommand({
        TableName: this.table,
        // attribute `user`: the Subject key (legacy spelling).
        Item: { ...ticketKey(ticket.uploadId), ...rest, user: subjectKey, validUntil: ticket.expiresAt, ...expiry },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  }

  async get(uploadId: string): Promise<UploadTicket | null> {
    const out = await this.doc.send(
      new GetCommand({ TableName: this.table, Key: ticketKey(uploadId), ConsistentRead: true }),
    );
    if (!out.Item) return null;
    // attribute `user`: the Subject key (legacy spelling).
    const { pk: _pk, sk: _sk, validUntil, expiryShard: _shard, user, ...ticket } = out.Item;
    return {
      ...(ticket as Omit<UploadTicket, 'subjectKey'>),
      subjectKey: user as string,
      expiresAt: Number(validUntil),
    };
  }

  async delete(uploadId: string): Promise<void> {
    const ticket = await this.get(uploadId);
    await this.doc.send(new DeleteCommand({ TableName: this.table, Key: ticketKey(uploadId) }));
    if (ticket) {
      const owner = uploadOwner(ticket.accountId, ticket.subjectKey);
      await this.doc.send(new DeleteCommand({ TableName: this.table, Key: pointerKey(owner, uploadId) }));
    }
  }

  async deleteAllOf(owner: string): Promise<number> {
    const { items } = await queryAll<Record<string, unknown>>(this.doc, {
      TableName: this.table,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :t)',
      ExpressionAttributeValues: { ':pk': `OWNER#${owner}`, ':t': 'TICKET#' },
      ConsistentRead: true,
    });
    for (const item of items) {
      await this.doc.send(new DeleteCommand({ TableName: this.table, Key: ticketKey(String(item.uploadId)) }));
      await this.doc.send(new DeleteCommand({ TableName: this.table, Key: pointerKey(owner, String(item.uploadId)) }));
    }
    return items.length;
  }
}

function ticketKey(uploadId: string) {
  return { pk: `TICKET#${uploadId}`, sk: '#TICKET' };
}

function pointerKey(owner: string, uploadId: string) {
  return { pk: `OWNER#${owner}`, sk: `TICKET#${uploadId}` };
}
