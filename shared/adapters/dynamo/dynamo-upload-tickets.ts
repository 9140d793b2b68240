import { DeleteCommand, type DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { UploadTicket, UploadTickets } from '../../ports/upload-tickets';

/** Presigned-upload tickets in the accounts table; TTL collects the ones never used. */
export class DynamoUploadTickets implements UploadTickets {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  async put(ticket: UploadTicket): Promise<void> {
    await this.doc.send(
      new PutCommand({
        TableName: this.table,
        // The table's TTL attribute (expiresAt) collects the ticket an hour after it stops being valid.
        Item: {
          pk: `TICKET#${ticket.uploadId}`,
          sk: '#TICKET',
          ...ticket,
          validUntil: ticket.expiresAt,
          expiresAt: ticket.expiresAt + 3600,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  }

  async get(uploadId: string): Promise<UploadTicket | null> {
    const out = await this.doc.send(
      new GetCommand({ TableName: this.table, Key: { pk: `TICKET#${uploadId}`, sk: '#TICKET' }, ConsistentRead: true }),
    );
    if (!out.Item) return null;
    const { pk: _pk, sk: _sk, validUntil, ...ticket } = out.Item;
    return { ...(ticket as UploadTicket), expiresAt: Number(validUntil) };
  }

  async delete(uploadId: string): Promise<void> {
    await this.doc.send(new DeleteCommand({ TableName: this.table, Key: { pk: `TICKET#${uploadId}`, sk: '#TICKET' } }));
  }
}
