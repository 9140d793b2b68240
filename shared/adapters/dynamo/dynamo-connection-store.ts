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
    await this.doc.send(
      new PutCommand({
        TableName: this.table,
        Item: {
          pk: `CONN#${connection.connectionId}`,
          sk: '#CONN',
          ...connection,
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
    const { pk: _pk, sk: _sk, expiresAt: _e, expiryShard: _s, ...connection } = out.Item;
    return connection as SocketConnection;
  }

  async delete(connectionId: string): Promise<void> {
    await this.doc.send(new DeleteCommand({ TableName: this.table, Key: { pk: `CONN#${connectionId}`, sk: '#CONN' } }));
  }
}
