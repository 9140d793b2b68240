import { DeleteCommand, type DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { ConnectionStore, SocketConnection } from '../../ports/socket-gateway';
import { expiryShard } from './records-layout';

/** API Gateway closes a WebSocket after two hours at most; the record outlives that a little. */
const CONNECTION_TTL_SECONDS = 2 * 3600 + 600;

export class DynamoConnectionStore implements ConnectionStore {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  async put(connection: SocketConnection): Promise<void> {
    const { subjectKey, ...rest } = connection;
    await this.doc.send(
      new PutCommand({
        TableName: this.table,
        Item: {
          pk: `CONN#${connection.connectionId}`,
          sk: '#CONN',
          ...rest,
          // attribute `user`: the Subject key (legacy spelling).
          user: subjectKey,
          expiresAt: Math.floor(Date.now() / 1000) + CONNECTION_TTL_SECONDS,
          // In the expiry index: a record whose $disconnect never ran is removed by the sweeper.
          expiryShard: expiryShard(connection.connectionId),
        },
      }),
    );
  }

  async get(connectionId: string): Promise<SocketConnection | null> {
    const out = await this.doc.send(
      new GetCommand({ TableName: this.table, Key: { pk: `CONN#${connectionId}`, sk: '#CONN' }, ConsistentRead: true }),
    );
    if (!out.Item || Number(out.Item.expiresAt) * 1000 <= Date.now()) return null;
    // attribute `user`: the Subject key (legacy spelling).
    const { pk: _pk, sk: _sk, expiresAt: _e, expiryShard: _s, user, ...connection } = out.Item;
    return { ...connection, subjectKey: user as string } as SocketConnection;
  }

  async delete(connectionId: string): Promise<void> {
    await this.doc.send(new DeleteCommand({ TableName: this.table, Key: { pk: `CONN#${connectionId}`, sk: '#CONN' } }));
  }
}
