import { CreateTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { type DynamoServer, hasJava, startDynalite, startDynamoDbLocal } from '../../support/dynamo-servers';

/** Every identity store is proven on both emulators: dynalite (the local runtime's) and AWS's DynamoDB Local. */
export const servers: [string, () => Promise<DynamoServer>][] = [['dynalite', startDynalite]];
if (hasJava()) servers.push(['DynamoDB Local', startDynamoDbLocal]);

export const TABLE = 'identity-test';
/** A fixed clock: every test passes its own `nowMs`, nothing sleeps. */
export const T0 = Date.UTC(2030, 0, 1);
export const DAY_MS = 24 * 3600 * 1000;

/** A server with an empty identity table (pk, sk; as design §3), and a document client on it. */
export async function identityTable(start: () => Promise<DynamoServer>) {
  const server = await start();
  const client = new DynamoDBClient({
    endpoint: server.endpoint,
    region: 'eu-west-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  await client.send(
    new CreateTableCommand({
      TableName: TABLE,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [
        { AttributeName: 'pk', AttributeType: 'S' },
        { AttributeName: 'sk', AttributeType: 'S' },
      ],
      KeySchema: [
        { AttributeName: 'pk', KeyType: 'HASH' },
        { AttributeName: 'sk', KeyType: 'RANGE' },
      ],
    }),
  );
  return { server, doc: DynamoDBDocumentClient.from(client) };
}
